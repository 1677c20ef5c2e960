package io.rocedoctor.facts;

/**
 * PFC pause on one priority of one port, in one direction: {@code rx} the peer (the switch) paused
 * this port, {@code tx} this NIC paused its peer because it could not drain its own receive buffer.
 * {@code frames} is the pause frames counted between the samples (since boot with one sample:
 * {@code sinceBoot}); {@code perSecond} their rate (null when the interval is unknown or with one
 * sample); {@code pausedShare} the fraction of the interval the priority spent paused, from the
 * driver's pause duration counter in microseconds (mlx5 {@code rx_prio3_pause_duration}, bnxt_en {@code pfc_pri3_rx_duration_us}), null
 * when the driver has none or with one sample.
 */
public record PriorityPause(
        String device,
        String nic,
        int priority,
        String direction,
        String counter,
        long frames,
        Double perSecond,
        Double pausedShare,
        boolean sinceBoot) {
    /** Bit times one pause frame can hold its priority: the largest timer, 65535 quanta of 512 bit times (IEEE 802.1Qbb, 802.3 Annex 31B). */
    static final double MAX_PAUSE_BIT_TIMES = 65535.0 * 512;

    /**
     * The share of the interval the priority spent paused: the driver's duration counter where it
     * has one ({@link #pausedShare}), else at most what the frames could hold at the line rate of
     * {@code speedMbps}, each frame counted at the largest timer (capped at 1). Null with one
     * sample, or without a duration counter when the rate or the speed is unknown.
     */
    public Double shareOfTime(Integer speedMbps) {
        if (pausedShare != null) {
            return pausedShare;
        }
        if (perSecond == null || speedMbps == null || speedMbps <= 0) {
            return null;
        }
        return Math.min(1.0, perSecond * MAX_PAUSE_BIT_TIMES / (speedMbps * 1e6));
    }

    /** Whether {@link #shareOfTime} is measured (a duration counter) rather than bounded from the frame rate. */
    public boolean shareMeasured() {
        return pausedShare != null;
    }
}
