package io.rocedoctor.parse.sw;

import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The unicast egress drops of EOS {@code show interfaces counters queue detail | json}: per
 * interface, per traffic class, the dropped packets summed over the drop precedences.
 */
public record EosQueueDrops(Map<String, Map<Integer, Long>> unicast) {
    public EosQueueDrops {
        Map<String, Map<Integer, Long>> copy = new TreeMap<>();
        unicast.forEach((port, byClass) -> copy.put(port, Collections.unmodifiableMap(new TreeMap<>(byClass))));
        unicast = Collections.unmodifiableMap(copy);
    }

    /** The dropped packets of one traffic class of one interface, when the capture lists it. */
    public Optional<Long> dropped(String port, int trafficClass) {
        return Optional.ofNullable(unicast.getOrDefault(port, Map.of()).get(trafficClass));
    }
}
