package io.rocedoctor.parse.sw;

import java.util.List;
import java.util.Optional;

/** {@code show pfcwd stats}: the PFC watchdog's state and counts per lossless queue. */
public record SonicPfcwdStats(List<QueueStats> queues) {
    public SonicPfcwdStats {
        queues = List.copyOf(queues);
    }

    /**
     * One queue ({@code Ethernet0:3} is port Ethernet0, queue 3). {@code status} is
     * {@code operational} or {@code stormed}; counts are null when the output says {@code N/A}.
     */
    public record QueueStats(
            String port,
            int queue,
            String status,
            Long stormsDetected,
            Long stormsRestored,
            Long txOk,
            Long txDrop,
            Long rxOk,
            Long rxDrop,
            Long txLastOk,
            Long txLastDrop,
            Long rxLastOk,
            Long rxLastDrop) {

        public boolean stormed() {
            return "stormed".equalsIgnoreCase(status);
        }
    }

    public Optional<QueueStats> queue(String port, int queue) {
        return queues.stream()
                .filter(q -> q.port().equals(port) && q.queue() == queue)
                .findFirst();
    }
}
