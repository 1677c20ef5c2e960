package io.rocedoctor.parse;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The host QoS state {@code mlnx_qos -i IF} prints. Parts the tool version does not print are
 * null or empty.
 *
 * @param dcbxMode "OS controlled", "FW controlled"
 * @param trust "pcp" or "dscp"
 * @param dscpPriority DSCP -> priority (printed when trust is dscp)
 * @param receiveBufferBytes the size of each receive buffer, buffer 0 first
 * @param cableLength "Cable len" in meters
 * @param pfcEnabled whether PFC is on, priority 0 first
 * @param priorityBuffer priority -> receive buffer (the "buffer" row of the PFC table)
 * @param trafficClasses the tc blocks, in printed order
 */
public record MlnxQos(String dcbxMode, String trust, Map<Integer, Integer> dscpPriority,
        List<Long> receiveBufferBytes, Integer cableLength, List<Boolean> pfcEnabled,
        Map<Integer, Integer> priorityBuffer, List<TrafficClass> trafficClasses) {

    public MlnxQos {
        dscpPriority = OrderedCopy.map(dscpPriority);
        receiveBufferBytes = List.copyOf(receiveBufferBytes);
        pfcEnabled = List.copyOf(pfcEnabled);
        priorityBuffer = OrderedCopy.map(priorityBuffer);
        trafficClasses = List.copyOf(trafficClasses);
    }

    /** The priorities with PFC on, ascending. */
    public List<Integer> pfcPriorities() {
        return PriorityFlags.set(pfcEnabled);
    }

    /** Priority -> traffic class, from the tc blocks. */
    public Map<Integer, Integer> priorityTrafficClass() {
        Map<Integer, Integer> map = new TreeMap<>();
        for (TrafficClass tc : trafficClasses) {
            for (int p : tc.priorities()) {
                map.putIfAbsent(p, tc.tc());
            }
        }
        return OrderedCopy.map(map);
    }

    /**
     * One "tc: N ratelimit: R, tsa: T[, bw: B%]" block and the priorities listed under it.
     *
     * @param tsa "ets", "strict" or "vendor"
     * @param bandwidthPercent the ETS share, null when not printed (strict/vendor)
     */
    public record TrafficClass(int tc, String rateLimit, String tsa, Integer bandwidthPercent,
            List<Integer> priorities) {
        public TrafficClass {
            priorities = List.copyOf(priorities);
        }
    }
}
