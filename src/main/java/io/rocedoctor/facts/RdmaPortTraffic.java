package io.rocedoctor.facts;

import java.util.List;

/**
 * The RDMA bytes one RoCE port moved (TX + RX, read by meaning: {@link PortBytes#rdma}) between
 * the first and last sample, or since boot with one sample; per second and as a fraction of the
 * port's line rate when the interval and speed are known. {@code group} is the multipath group
 * the port belongs to; {@code source} and {@code counters} say where the bytes were read
 * ({@code ethtool -S ens1f0np0}: {@code tx_vport_rdma_unicast_bytes}, ...).
 */
public record RdmaPortTraffic(
        String ibdev,
        int port,
        String netdev,
        String group,
        long bytes,
        Double bytesPerSecond,
        Double loadFraction,
        boolean sinceBoot,
        String source,
        List<String> counters) {
    public RdmaPortTraffic {
        counters = List.copyOf(counters);
    }

    public String id() {
        return ibdev + "/" + port;
    }
}
