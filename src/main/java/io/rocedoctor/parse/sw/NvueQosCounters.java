package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.OrderedCopy;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code nv show interface IF counters qos} (and its {@code port-stats} view): ingress per
 * priority group, egress per traffic class, PFC per switch priority, and the port's QoS counters
 * keyed in lower-case hyphenated form ({@code ecn-marked-packets}, {@code pause-frames}).
 * Byte counts are in bytes; absent or {@code n/a} values null.
 */
public record NvueQosCounters(
        List<PriorityGroup> priorityGroups,
        List<TrafficClass> trafficClasses,
        List<Pfc> pfc,
        Map<String, PortCounter> portStats) {
    public NvueQosCounters {
        priorityGroups = List.copyOf(priorityGroups);
        trafficClasses = List.copyOf(trafficClasses);
        pfc = List.copyOf(pfc);
        portStats = OrderedCopy.map(portStats);
    }

    public record PriorityGroup(
            int priorityGroup, Long rxFrames, Long rxBufferDiscardBytes, Long rxSharedBufferDiscardBytes) {}

    public record TrafficClass(
            int trafficClass, Long txFrames, Long txBytes, Long txUcBufferDiscardBytes, Long wredDiscards) {}

    public record Pfc(
            int switchPriority, Long rxPauseFrames, Long rxPauseDuration, Long txPauseFrames, Long txPauseDuration) {}

    public record PortCounter(Long receive, Long transmit) {}

    public Optional<Pfc> pfc(int switchPriority) {
        return pfc.stream().filter(p -> p.switchPriority() == switchPriority).findFirst();
    }
}
