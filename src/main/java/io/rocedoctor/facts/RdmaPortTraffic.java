package io.rocedoctor.facts;

/**
 * The RDMA bytes one RoCE port moved (TX + RX, from the vport RDMA counters of {@code ethtool -S})
 * between the first and last sample, or since boot with one sample; per second and as a fraction
 * of the port's line rate when the interval and speed are known. {@code group} is the multipath
 * group the port belongs to.
 */
public record RdmaPortTraffic(String ibdev, int port, String netdev, String group, long bytes, Double bytesPerSecond,
                             Double loadFraction, boolean sinceBoot) {
    public String id() {
        return ibdev + "/" + port;
    }
}
