package io.rocedoctor.facts;

import java.util.List;

/**
 * The DCQCN counters of one RDMA device port ({@code rdma statistic show}) between the samples, or
 * since boot with one sample ({@code sinceBoot}): ECN-marked RoCE packets received and CNPs sent
 * for them (notification point), CNPs handled and ignored (reaction point). Rates per second are
 * null when the interval is unknown or with one sample; the counts always hold the delta (or the
 * absolute value since boot). A counter the device does not expose is null.
 * <p>
 * {@code ports} are the ports the device's traffic leaves by, on which pause, the RoCE priority and
 * DCQCN enablement are read: the netdev itself, or, for a RoCE LAG device ({@code mlx5_bond_0} over
 * {@code bond0}), the bond's members. The device stays one fact: its counters are counted once.
 */
public record CongestionCounters(String ibdev, int port, String netdev, String nic, List<String> ports, Long ecnMarked,
                                 Long cnpSent, Long cnpHandled, Long cnpIgnored, Double intervalSeconds, boolean sinceBoot) {

    public CongestionCounters {
        ports = ports == null ? (netdev == null ? List.of() : List.of(netdev)) : List.copyOf(ports);
    }

    /** A device over one netdev: its ports are that netdev. */
    public CongestionCounters(String ibdev, int port, String netdev, String nic, Long ecnMarked, Long cnpSent,
                              Long cnpHandled, Long cnpIgnored, Double intervalSeconds, boolean sinceBoot) {
        this(ibdev, port, netdev, nic, null, ecnMarked, cnpSent, cnpHandled, cnpIgnored, intervalSeconds, sinceBoot);
    }

    /** Whether the device's traffic leaves by this port. */
    public boolean over(String netdevName) {
        return ports.contains(netdevName);
    }

    /** CNPs seen by either point, per second; null with one sample or no interval. */
    public Double cnpPerSecond() {
        if (sinceBoot || intervalSeconds == null || intervalSeconds <= 0) {
            return null;
        }
        return (orZero(cnpSent) + orZero(cnpHandled)) / intervalSeconds;
    }

    /** CNPs seen by either point over the interval (or since boot). */
    public long cnps() {
        return orZero(cnpSent) + orZero(cnpHandled);
    }

    private static long orZero(Long v) {
        return v == null ? 0 : v;
    }

    /** {@code mlx5_0/1}. */
    public String id() {
        return ibdev + "/" + port;
    }
}
