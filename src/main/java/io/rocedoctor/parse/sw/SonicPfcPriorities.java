package io.rocedoctor.parse.sw;

import java.util.List;
import java.util.Map;

/**
 * {@code show pfc priority}: per port, the lossless (PFC-enabled) priorities; and
 * {@code show pfc asymmetric}: per port, whether asymmetric PFC is on (absent when not shown).
 */
public record SonicPfcPriorities(Map<String, List<Integer>> lossless, Map<String, Boolean> asymmetric) {
    public SonicPfcPriorities {
        lossless = Map.copyOf(lossless);
        asymmetric = Map.copyOf(asymmetric);
    }
}
