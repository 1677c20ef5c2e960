package io.rocedoctor.parse.sw;

import java.util.List;

/**
 * The PFC settings of {@code nv show interface IF qos pfc} or {@code nv show qos pfc default-global}:
 * the PFC-enabled switch priorities, cable length in meters, sizes in bytes; absent values null.
 */
public record NvuePfc(
        List<Integer> switchPriorities,
        Integer cableLengthMeters,
        Long portBufferBytes,
        Boolean rxEnabled,
        Boolean txEnabled,
        Long xoffThresholdBytes,
        Long xonThresholdBytes) {
    public NvuePfc {
        switchPriorities = List.copyOf(switchPriorities);
    }
}
