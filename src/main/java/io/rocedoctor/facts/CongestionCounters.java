package io.rocedoctor.facts;

/**
 * The DCQCN counters of one RDMA device port ({@code rdma statistic show}) between the samples, or
 * since boot with one sample ({@code sinceBoot}): ECN-marked RoCE packets received and CNPs sent
 * for them (notification point), CNPs handled and ignored (reaction point). Rates per second are
 * null when the interval is unknown or with one sample; the counts always hold the delta (or the
 * absolute value since boot). A counter the device does not expose is null.
 */
public record CongestionCounters(String ibdev, int port, String netdev, String nic, Long ecnMarked, Long cnpSent,
                                 Long cnpHandled, Long cnpIgnored, Double intervalSeconds, boolean sinceBoot) {

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
