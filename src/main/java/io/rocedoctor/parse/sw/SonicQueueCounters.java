package io.rocedoctor.parse.sw;

import java.util.List;
import java.util.Optional;

/**
 * Per-queue counters of {@code show queue counters} (packets, bytes, drops) or
 * {@code show queue wredcounters} (WRED drops, ECN marks); a column the output lacks, or an
 * {@code N/A} cell, is null.
 */
public record SonicQueueCounters(List<Queue> queues) {
    public SonicQueueCounters {
        queues = List.copyOf(queues);
    }

    /**
     * One queue: {@code name} as printed ({@code UC3}, {@code MC10}, {@code ALL20}), {@code type}
     * its letters, {@code index} its number.
     */
    public record Queue(
            String port,
            String name,
            String type,
            int index,
            Long packets,
            Long bytes,
            Long dropPackets,
            Long dropBytes,
            Long wredDropPackets,
            Long wredDropBytes,
            Long ecnMarkedPackets,
            Long ecnMarkedBytes) {}

    public Optional<Queue> queue(String port, String name) {
        return queues.stream()
                .filter(q -> q.port().equals(port) && q.name().equals(name))
                .findFirst();
    }
}
