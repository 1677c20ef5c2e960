package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.OrderedCopy;
import java.util.Map;

/** {@code show pfc counters}: per port, priority -> PFC frames received ({@code rx}) and sent ({@code tx}); N/A left out. */
public record SonicPfcCounters(Map<String, Map<Integer, Long>> rx, Map<String, Map<Integer, Long>> tx) {
    public SonicPfcCounters {
        rx = OrderedCopy.map(rx);
        tx = OrderedCopy.map(tx);
    }
}
