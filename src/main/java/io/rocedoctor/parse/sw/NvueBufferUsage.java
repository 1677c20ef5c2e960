package io.rocedoctor.parse.sw;

import java.util.List;

/**
 * NVUE buffer views: the pools of {@code nv show qos buffer}, and the per-index entries of its
 * multicast switch-priority table, of {@code nv show interface IF qos buffer ingress-priority-group}
 * and of {@code ... egress-traffic-class}. Sizes in bytes; {@code sharedMax} as printed
 * ({@code ALPHA_8}, {@code infinity}); absent values null.
 */
public record NvueBufferUsage(List<Pool> pools, List<Entry> entries) {
    public NvueBufferUsage {
        pools = List.copyOf(pools);
        entries = List.copyOf(entries);
    }

    public record Pool(
            Integer id,
            String type,
            String direction,
            String mode,
            Long sizeBytes,
            Long currentUsageBytes,
            Long maxUsageBytes) {}

    /**
     * One buffer: {@code kind} is the index's column ({@code priority-group}, {@code traffic-class},
     * {@code switch-priority}); {@code lossType} {@code Lossy}/{@code Lossless} and the XON/XOFF
     * thresholds and headroom only for priority groups.
     */
    public record Entry(
            String kind,
            int index,
            Integer poolId,
            String mode,
            Long reservedBytes,
            Long currentUsageBytes,
            Long maxUsageBytes,
            String sharedMax,
            String lossType,
            Long xonThresholdBytes,
            Long xoffThresholdBytes,
            Long headroomBytes) {}
}
