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
public record PriorityPause(String device, String nic, int priority, String direction, String counter, long frames,
                           Double perSecond, Double pausedShare, boolean sinceBoot) {
}
