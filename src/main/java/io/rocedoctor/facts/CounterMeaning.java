package io.rocedoctor.facts;

import java.util.Map;

/**
 * What a driver's counter measures, whatever the driver calls it: the rules judge meanings, so a
 * ConnectX, a Broadcom and an Intel port are held to the same logic. One table per kind of
 * source, as a name means different things in {@code ethtool -S} and {@code rdma statistic}
 * (bnxt_re's {@code rx_out_of_buffer} is an RDMA receive queue's, not the port's). A counter with
 * no meaning here is still reported as itself; it only escapes the rules that judge meanings.
 *
 * <p>The counters of one meaning on one subject are disjoint parts that add up (irdma's IPv4 and
 * IPv6 octets); a driver's second view of the same bytes (bnxt_re's {@code tx_roce_only_bytes}
 * beside {@code tx_bytes}) is left out of the tables so that nothing is counted twice.
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
    CNP_IGNORED,
    /** A packet the port discarded on transmit. */
    TX_PORT_DISCARD,
    /** A link-level (IEEE 802.3x, all priorities) pause frame, received or sent. */
    LINK_PAUSE,
    /** A byte the port put on the wire, RDMA included: what a multipath hash spreads. */
    PORT_TX_BYTES,
    /** A byte the port took off the wire, RDMA included. */
    PORT_RX_BYTES,
    /** A byte sent through the netdev's own queues; RoCE bypasses them. */
    NETDEV_TX_BYTES,
    /** A byte received through the netdev's own queues; RoCE bypasses them. */
    NETDEV_RX_BYTES,
    /** A RoCE byte sent: the RDMA engine's traffic only. */
    RDMA_TX_BYTES,
    /** A RoCE byte received: the RDMA engine's traffic only. */
    RDMA_RX_BYTES;

    /**
     * mlx5, bnxt_en (kernel 6.x names), ice (port counters carry {@code .nic}). {@code tx_bytes}
     * is the netdev's on mlx5 (the port's is {@code tx_bytes_phy}) and on ice (the VSI's; the
     * port's is {@code tx_bytes.nic}): see {@link #BNXT_EN} for the driver where it is the port's.
     */
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
            Map.entry("rx_pcs_symbol_err", RX_SYMBOL_ERROR),
            Map.entry("tx_discards_phy", TX_PORT_DISCARD),
            Map.entry("tx_stat_discard", TX_PORT_DISCARD),
            Map.entry("rx_pause_ctrl_phy", LINK_PAUSE),
            Map.entry("tx_pause_ctrl_phy", LINK_PAUSE),
            Map.entry("rx_pause_frames", LINK_PAUSE),
            Map.entry("tx_pause_frames", LINK_PAUSE),
            Map.entry("link_xoff_rx.nic", LINK_PAUSE),
            Map.entry("link_xoff_tx.nic", LINK_PAUSE),
            Map.entry("tx_bytes_phy", PORT_TX_BYTES),
            Map.entry("rx_bytes_phy", PORT_RX_BYTES),
            Map.entry("tx_bytes.nic", PORT_TX_BYTES),
            Map.entry("rx_bytes.nic", PORT_RX_BYTES),
            Map.entry("tx_bytes", NETDEV_TX_BYTES),
            Map.entry("rx_bytes", NETDEV_RX_BYTES),
            Map.entry("tx_vport_rdma_unicast_bytes", RDMA_TX_BYTES),
            Map.entry("tx_vport_rdma_multicast_bytes", RDMA_TX_BYTES),
            Map.entry("rx_vport_rdma_unicast_bytes", RDMA_RX_BYTES),
            Map.entry("rx_vport_rdma_multicast_bytes", RDMA_RX_BYTES));

    /**
     * bnxt_en's port statistics (firmware MAC counters, printed after the per-ring {@code [N]:}
     * blocks) count every frame of the port, RoCE included; its netdev bytes are only per ring.
     * A function without port statistics (a VF, a partition of a multi-function NIC) prints none.
     */
    private static final Map<String, CounterMeaning> BNXT_EN = Map.of(
            "tx_bytes", PORT_TX_BYTES,
            "rx_bytes", PORT_RX_BYTES);

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
            Map.entry("cnpIgnored", CNP_IGNORED),
            // RoCE bytes: mlx5's optional counters (kernel 6.15), bnxt_re's RoCE context, irdma's protocol engine.
            Map.entry("rdma_tx_bytes", RDMA_TX_BYTES),
            Map.entry("rdma_rx_bytes", RDMA_RX_BYTES),
            Map.entry("tx_bytes", RDMA_TX_BYTES),
            Map.entry("rx_bytes", RDMA_RX_BYTES),
            Map.entry("ip4OutOctets", RDMA_TX_BYTES),
            Map.entry("ip6OutOctets", RDMA_TX_BYTES),
            Map.entry("ip4InOctets", RDMA_RX_BYTES),
            Map.entry("ip6InOctets", RDMA_RX_BYTES));

    /** The meaning of an {@code ethtool -S} counter of a port whose driver ({@code ethtool -i}) is given, or null. */
    public static CounterMeaning ofEthtool(String driver, String counter) {
        CounterMeaning own = "bnxt_en".equals(driver) ? BNXT_EN.get(counter) : null;
        return own != null ? own : ETHTOOL.get(counter);
    }

    /** The meaning of an {@code rdma statistic show} counter, or null. */
    public static CounterMeaning ofRdmaStatistic(String counter) {
        return RDMA_STATISTIC.get(counter);
    }
}
