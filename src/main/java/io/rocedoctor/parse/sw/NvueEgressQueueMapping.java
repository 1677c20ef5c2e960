package io.rocedoctor.parse.sw;

import java.util.Map;

/** {@code nv show qos egress-queue-mapping default-global}: switch priority -> traffic class. */
public record NvueEgressQueueMapping(Map<Integer, Integer> switchPriorityToTrafficClass) {
    public NvueEgressQueueMapping {
        switchPriorityToTrafficClass = Map.copyOf(switchPriorityToTrafficClass);
    }
}
