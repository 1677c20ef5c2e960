package io.rocedoctor.parse;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * RDMA transport counters per port, whether read from {@code rdma statistic show} or from the
 * {@code hw_counters} files: rx_write_requests, out_of_sequence, packet_seq_err,
 * local_ack_timeout_err, np_cnp_sent, rp_cnp_handled, ...
 */
public record RdmaStatistics(List<PortCounters> ports) {
    public RdmaStatistics {
        ports = List.copyOf(ports);
    }

    public Optional<PortCounters> port(String device, int port) {
        return ports.stream()
                .filter(p -> p.device().equals(device) && p.port() == port)
                .findFirst();
    }

    /** The counters of one port, name -> value, as printed. */
    public record PortCounters(String device, int port, Map<String, Long> counters) {
        public PortCounters {
            counters = OrderedCopy.map(counters);
        }

        public Optional<Long> counter(String name) {
            return Optional.ofNullable(counters.get(name));
        }
    }
}
