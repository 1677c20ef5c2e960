package io.rocedoctor.facts;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The host QoS of one port, as {@code mlnx_qos -i IF} shows it or as iproute2's {@code dcb} shows
 * the same DCBNL state: trust mode ({@code pcp} or {@code dscp}; null when the source cannot tell),
 * the priorities with PFC on, DSCP -> priority (trust dscp), priority -> traffic class and
 * priority -> receive buffer, and the receive buffer sizes in bytes (index = buffer). Parts the
 * source does not print are empty.
 *
 * @param source the capture(s) read, as evidence names them ({@code mlnx_qos -i eth4},
 *               {@code dcb pfc show dev eth4, dcb app show dev eth4})
 */
public record PortQos(
        String device,
        String trust,
        List<Integer> pfcPriorities,
        Map<Integer, Integer> dscpPriority,
        Map<Integer, Integer> priorityTrafficClass,
        Map<Integer, Integer> priorityBuffer,
        List<Long> bufferBytes,
        String source) {
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
