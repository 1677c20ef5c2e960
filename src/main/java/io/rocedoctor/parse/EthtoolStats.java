package io.rocedoctor.parse;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** The counters of {@code ethtool -S IF}, in the driver's order. Per-ring counters printed as
 * {@code [3]: rx_packets} (bnxt_en) are keyed {@code rx_packets[3]}. */
public record EthtoolStats(Map<String, Long> counters) {

    public EthtoolStats {
        counters = Collections.unmodifiableMap(new LinkedHashMap<>(counters));
    }

    public Optional<Long> counter(String name) {
        return Optional.ofNullable(counters.get(name));
    }
}
