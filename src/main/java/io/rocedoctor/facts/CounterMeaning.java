package io.rocedoctor.facts;

import java.util.Map;

/**
 * What a driver's counter measures, whatever the driver calls it: the rules judge meanings, so a
 * ConnectX, a Broadcom and an Intel port are held to the same logic. One table per kind of
 * source, as a name means different things in {@code ethtool -S} and {@code rdma statistic}
 * (bnxt_re's {@code rx_out_of_buffer} is an RDMA receive queue's, not the port's). A counter with
 * no meaning here is still reported as itself; it only escapes the rules that judge meanings.
 */
public enum CounterMeaning {
    /** A received packet dropped for want of a free receive descriptor on the host. */
    RX_NO_HOST_BUFFER,
    /** A received packet the port dropped for want of NIC buffer. */
    RX_PORT_DISCARD,
    /** A frame received with a bad FCS. */
    RX_CRC_ERROR,
    /** A PCS symbol error on the receive side. */
    RX_SYMBOL_ERROR,
    /** RoCE transport recovery from loss: a sequence error, a timeout, a duplicate request. */
    RETRANSMISSION,
    /** A RoCE packet received with ECN CE set (the notification point's input). */
    ECN_MARKED,
    /** A congestion notification packet sent by the notification point. */
    CNP_SENT,
    /** A congestion notification packet the reaction point acted on. */
    CNP_HANDLED,
    /** A congestion notification packet the reaction point ignored. */
    CNP_IGNORED;

    /** mlx5, bnxt_en (kernel 6.x names), ice (port counters carry {@code .nic}). */
    private static final Map<String, CounterMeaning> ETHTOOL = Map.ofEntries(
            Map.entry("rx_out_of_buffer", RX_NO_HOST_BUFFER),
            Map.entry("rx_total_ring_discards", RX_NO_HOST_BUFFER),
            Map.entry("rx_dropped.nic", RX_NO_HOST_BUFFER),
            Map.entry("rx_discards_phy", RX_PORT_DISCARD),
            Map.entry("rx_stat_discard", RX_PORT_DISCARD),
            Map.entry("rx_crc_errors_phy", RX_CRC_ERROR),
            Map.entry("rx_fcs_err_frames", RX_CRC_ERROR),
            Map.entry("rx_crc_errors.nic", RX_CRC_ERROR),
            Map.entry("rx_symbol_err_phy", RX_SYMBOL_ERROR),
            Map.entry("rx_pcs_symbol_err", RX_SYMBOL_ERROR));

    /**
     * mlx5; bnxt_re, both its own names and the mlx5-like ones of recent kernels; irdma (E810),
     * which counts no RoCE retransmission.
     */
    private static final Map<String, CounterMeaning> RDMA_STATISTIC = Map.ofEntries(
            Map.entry("out_of_sequence", RETRANSMISSION),
            Map.entry("packet_seq_err", RETRANSMISSION),
            Map.entry("local_ack_timeout_err", RETRANSMISSION),
            Map.entry("implied_nak_seq_err", RETRANSMISSION),
            Map.entry("duplicate_request", RETRANSMISSION),
            Map.entry("to_retransmits", RETRANSMISSION),
            Map.entry("seq_err_naks_rcvd", RETRANSMISSION),
            Map.entry("dup_req", RETRANSMISSION),
            Map.entry("np_ecn_marked_roce_packets", ECN_MARKED),
            Map.entry("rx_ecn_marked_pkts", ECN_MARKED),
            Map.entry("RxECNMrkd", ECN_MARKED),
            Map.entry("np_cnp_sent", CNP_SENT),
            Map.entry("np_cnp_pkts", CNP_SENT),
            Map.entry("tx_cnp_pkts", CNP_SENT),
            Map.entry("cnpSent", CNP_SENT),
            Map.entry("rp_cnp_handled", CNP_HANDLED),
            Map.entry("rx_cnp_pkts", CNP_HANDLED),
            Map.entry("cnpHandled", CNP_HANDLED),
            Map.entry("rp_cnp_ignored", CNP_IGNORED),
            Map.entry("cnpIgnored", CNP_IGNORED));

    /** The meaning of an {@code ethtool -S} counter, or null. */
    public static CounterMeaning ofEthtool(String counter) {
        return ETHTOOL.get(counter);
    }

    /** The meaning of an {@code rdma statistic show} counter, or null. */
    public static CounterMeaning ofRdmaStatistic(String counter) {
        return RDMA_STATISTIC.get(counter);
    }
}
