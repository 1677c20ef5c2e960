package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.OrderedCopy;
import java.util.List;
import java.util.Map;

/**
 * {@code show pfc priority}: per port, the lossless (PFC-enabled) priorities; and
 * {@code show pfc asymmetric}: per port, whether asymmetric PFC is on (absent when not shown).
 */
public record SonicPfcPriorities(Map<String, List<Integer>> lossless, Map<String, Boolean> asymmetric) {
    public SonicPfcPriorities {
        lossless = OrderedCopy.map(lossless);
        asymmetric = OrderedCopy.map(asymmetric);
    }
}
