package io.rocedoctor.facts;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The host QoS of one port as {@code mlnx_qos -i IF} shows it: trust mode ({@code pcp} or
 * {@code dscp}), the priorities with PFC on, DSCP -> priority (trust dscp), priority -> traffic
 * class and priority -> receive buffer, and the receive buffer sizes in bytes (index = buffer).
 */
public record PortQos(String device, String trust, List<Integer> pfcPriorities, Map<Integer, Integer> dscpPriority,
                      Map<Integer, Integer> priorityTrafficClass, Map<Integer, Integer> priorityBuffer,
                      List<Long> bufferBytes) {
    public PortQos {
        pfcPriorities = List.copyOf(pfcPriorities);
        dscpPriority = java.util.Collections.unmodifiableMap(new TreeMap<>(dscpPriority));
        priorityTrafficClass = java.util.Collections.unmodifiableMap(new TreeMap<>(priorityTrafficClass));
        priorityBuffer = java.util.Collections.unmodifiableMap(new TreeMap<>(priorityBuffer));
        bufferBytes = List.copyOf(bufferBytes);
    }

    public boolean pfcOn(int priority) {
        return pfcPriorities.contains(priority);
    }

    /** The PFC vector as mlnx_qos and the planner spell it: enabled priorities, comma separated. */
    public String pfcVector() {
        return String.join(",", pfcPriorities.stream().map(String::valueOf).toList());
    }
}
