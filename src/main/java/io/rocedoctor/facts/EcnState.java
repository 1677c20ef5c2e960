package io.rocedoctor.facts;

import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * DCQCN enablement of one port (a netdev) per priority: the notification point (the receiver that
 * turns ECN marks into CNPs) and the reaction point (the sender that slows down on CNPs). A
 * priority absent from a map was not collected.
 *
 * <p>mlx5 has a switch per point and priority ({@code /sys/class/net/IF/ecn/roce_np/enable/P},
 * {@code roce_rp/enable/P}); {@code deviceWideSource} is then null. Broadcom bnxt_re has one
 * congestion control switch per RDMA device port ({@code cc/ecn_enable} in its configfs), which
 * holds for the port's RoCE traffic whatever its priority and at both ends of the loop (the driver
 * sets up the CNP's class of service only while it is on); {@code deviceWideSource} is its path,
 * {@code rdmaDevice} and {@code rdmaPort} the device port it belongs to (null for mlx5).
 */
public record EcnState(
        String device,
        Map<Integer, Boolean> notificationPoint,
        Map<Integer, Boolean> reactionPoint,
        String deviceWideSource,
        String rdmaDevice,
        Integer rdmaPort) {
    public EcnState {
        notificationPoint = java.util.Collections.unmodifiableMap(new TreeMap<>(notificationPoint));
        reactionPoint = java.util.Collections.unmodifiableMap(new TreeMap<>(reactionPoint));
    }

    /** mlx5's per-priority sysfs switches. */
    public EcnState(String device, Map<Integer, Boolean> notificationPoint, Map<Integer, Boolean> reactionPoint) {
        this(device, notificationPoint, reactionPoint, null, null, null);
    }

    /**
     * One switch for both points and every priority of the netdev, read from {@code source}: the
     * congestion control of the RDMA device port the netdev carries (bnxt_re).
     */
    public static EcnState deviceWide(String device, boolean enabled, String source, String rdmaDevice, int rdmaPort) {
        Map<Integer, Boolean> all = IntStream.rangeClosed(0, 7).boxed().collect(Collectors.toMap(p -> p, p -> enabled));
        return new EcnState(device, all, all, source, rdmaDevice, rdmaPort);
    }

    /** True when both points are known to be on for the priority. */
    public boolean enabled(int priority) {
        return Boolean.TRUE.equals(notificationPoint.get(priority)) && Boolean.TRUE.equals(reactionPoint.get(priority));
    }

    /** True when either point is known to be off for the priority. */
    public boolean disabled(int priority) {
        return Boolean.FALSE.equals(notificationPoint.get(priority))
                || Boolean.FALSE.equals(reactionPoint.get(priority));
    }

    /** Where the notification point of the priority was read. */
    public String notificationPointSource(int priority) {
        return deviceWideSource != null
                ? deviceWideSource
                : "/sys/class/net/" + device + "/ecn/roce_np/enable/" + priority;
    }

    /** Where the reaction point of the priority was read. */
    public String reactionPointSource(int priority) {
        return deviceWideSource != null
                ? deviceWideSource
                : "/sys/class/net/" + device + "/ecn/roce_rp/enable/" + priority;
    }

    /** Where both points of the priority were read, as one reference for evidence. */
    public String source(int priority) {
        return deviceWideSource != null
                ? deviceWideSource
                : "/sys/class/net/" + device + "/ecn/roce_np|roce_rp/enable/" + priority;
    }
}
