package io.rocedoctor.facts;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

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
 * <p>
 * {@code counters} names the counter each meaning was read from, as the driver printed it (mlx5
 * {@code np_cnp_sent}, bnxt_re {@code tx_cnp_pkts} or {@code np_cnp_pkts}, irdma {@code cnpSent}), so
 * that evidence names what the capture holds.
 */
public record CongestionCounters(
        String ibdev,
        int port,
        String netdev,
        String nic,
        List<String> ports,
        Long ecnMarked,
        Long cnpSent,
        Long cnpHandled,
        Long cnpIgnored,
        Double intervalSeconds,
        boolean sinceBoot,
        Map<CounterMeaning, String> counters) {

    public CongestionCounters {
        ports = ports == null ? (netdev == null ? List.of() : List.of(netdev)) : List.copyOf(ports);
        Map<CounterMeaning, String> byMeaning = new EnumMap<>(CounterMeaning.class);
        byMeaning.putAll(counters);
        counters = Collections.unmodifiableMap(byMeaning);
    }

    /** A device over one netdev: its ports are that netdev. */
    public CongestionCounters(
            String ibdev,
            int port,
            String netdev,
            String nic,
            Long ecnMarked,
            Long cnpSent,
            Long cnpHandled,
            Long cnpIgnored,
            Double intervalSeconds,
            boolean sinceBoot,
            Map<CounterMeaning, String> counters) {
        this(
                ibdev,
                port,
                netdev,
                nic,
                null,
                ecnMarked,
                cnpSent,
                cnpHandled,
                cnpIgnored,
                intervalSeconds,
                sinceBoot,
                counters);
    }

    /** The name of the counter a meaning was read from ({@code rx_ecn_marked_pkts}), or null when the device has none. */
    public String counter(CounterMeaning meaning) {
        return counters.get(meaning);
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
