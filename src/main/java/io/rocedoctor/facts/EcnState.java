package io.rocedoctor.facts;

import java.util.Map;
import java.util.TreeMap;

/**
 * DCQCN enablement of one port per priority ({@code /sys/class/net/IF/ecn/roce_np/enable/P} and
 * {@code roce_rp/enable/P}): the notification point (the receiver that turns ECN marks into CNPs)
 * and the reaction point (the sender that slows down on CNPs). A priority absent from a map was
 * not collected.
 */
public record EcnState(String device, Map<Integer, Boolean> notificationPoint, Map<Integer, Boolean> reactionPoint) {
    public EcnState {
        notificationPoint = java.util.Collections.unmodifiableMap(new TreeMap<>(notificationPoint));
        reactionPoint = java.util.Collections.unmodifiableMap(new TreeMap<>(reactionPoint));
    }

    /** True when both points are known to be on for the priority. */
    public boolean enabled(int priority) {
        return Boolean.TRUE.equals(notificationPoint.get(priority)) && Boolean.TRUE.equals(reactionPoint.get(priority));
    }

    /** True when either point is known to be off for the priority. */
    public boolean disabled(int priority) {
        return Boolean.FALSE.equals(notificationPoint.get(priority)) || Boolean.FALSE.equals(reactionPoint.get(priority));
    }
}
