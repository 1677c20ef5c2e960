package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.OrderedCopy;
import java.util.Map;

/** {@code nv show qos egress-queue-mapping default-global}: switch priority -> traffic class. */
public record NvueEgressQueueMapping(Map<Integer, Integer> switchPriorityToTrafficClass) {
    public NvueEgressQueueMapping {
        switchPriorityToTrafficClass = OrderedCopy.map(switchPriorityToTrafficClass);
    }
}
