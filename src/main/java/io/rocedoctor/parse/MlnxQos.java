package io.rocedoctor.parse;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The host QoS state {@code mlnx_qos -i IF} prints. Parts the tool version does not print, or
 * that the capture holds in a shape no version prints, are null or empty (the parser notes the
 * lines of the latter).
 *
 * @param dcbxMode "OS controlled", "Firmware controlled"
 * @param trust "pcp" or "dscp"; "none" when the driver answers no trust state (OFED 4.2's "both" too)
 * @param dscpPriority DSCP -> priority (printed when trust is dscp)
 * @param defaultPriority the priority of the "default priority:" section (mlnx-tools 2021-2024), null when none is set
 * @param receiveBufferBytes the size of each receive buffer, buffer 0 first
 * @param maxBufferBytes what buffers 0-7 may use together ({@code max_buffer_size=}, before May 2023 {@code total_size=})
 * @param cableLength "Cable len" in meters
 * @param pfcEnabled whether PFC is on, priority 0 first; empty when the "enabled" row was not read
 * @param priorityBuffer priority -> receive buffer (the "buffer" row of the PFC table)
 * @param trafficClasses the tc blocks, in printed order
 */
public record MlnxQos(
        String dcbxMode,
        String trust,
        Map<Integer, Integer> dscpPriority,
        Integer defaultPriority,
        List<Long> receiveBufferBytes,
        Long maxBufferBytes,
        Integer cableLength,
        List<Boolean> pfcEnabled,
        Map<Integer, Integer> priorityBuffer,
        List<TrafficClass> trafficClasses) {

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
     * @param rateLimit "unlimited" or the limit as printed ("25.0 Gbps")
     * @param tsa "ets", "strict", "vendor" or "unknown"
     * @param bandwidthPercent the ETS share, null when not printed (strict/vendor)
     */
    public record TrafficClass(
            int tc, String rateLimit, String tsa, Integer bandwidthPercent, List<Integer> priorities) {
        public TrafficClass {
            priorities = List.copyOf(priorities);
        }
    }
}
