package io.rocedoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Each driver's name for what the rules judge, as its ethtool -S or rdma statistic prints it. */
class CounterMeaningTest {

    @Test
    void hostReceiveBufferExhaustionOfConnectXBroadcomAndIntelPorts() {
        assertThat(CounterMeaning.ofEthtool("mlx5_core", "rx_out_of_buffer"))
                .isEqualTo(CounterMeaning.RX_NO_HOST_BUFFER);
        assertThat(CounterMeaning.ofEthtool("bnxt_en", "rx_total_ring_discards"))
                .isEqualTo(CounterMeaning.RX_NO_HOST_BUFFER);
        assertThat(CounterMeaning.ofEthtool("ice", "rx_dropped.nic")).isEqualTo(CounterMeaning.RX_NO_HOST_BUFFER);
        assertThat(CounterMeaning.ofEthtool("mlx5_core", "rx_discards_phy")).isEqualTo(CounterMeaning.RX_PORT_DISCARD);
        assertThat(CounterMeaning.ofEthtool("bnxt_en", "rx_stat_discard")).isEqualTo(CounterMeaning.RX_PORT_DISCARD);
    }

    @Test
    void corruptedFramesOfConnectXBroadcomAndIntelPorts() {
        assertThat(CounterMeaning.ofEthtool("mlx5_core", "rx_crc_errors_phy")).isEqualTo(CounterMeaning.RX_CRC_ERROR);
        assertThat(CounterMeaning.ofEthtool("bnxt_en", "rx_fcs_err_frames")).isEqualTo(CounterMeaning.RX_CRC_ERROR);
        assertThat(CounterMeaning.ofEthtool("ice", "rx_crc_errors.nic")).isEqualTo(CounterMeaning.RX_CRC_ERROR);
        assertThat(CounterMeaning.ofEthtool("bnxt_en", "rx_pcs_symbol_err")).isEqualTo(CounterMeaning.RX_SYMBOL_ERROR);
    }

    @Test
    void dcqcnCountersOfMlx5BnxtReAndIrdma() {
        assertThat(CounterMeaning.ofRdmaStatistic("np_ecn_marked_roce_packets")).isEqualTo(CounterMeaning.ECN_MARKED);
        assertThat(CounterMeaning.ofRdmaStatistic("rx_ecn_marked_pkts")).isEqualTo(CounterMeaning.ECN_MARKED);
        assertThat(CounterMeaning.ofRdmaStatistic("RxECNMrkd")).isEqualTo(CounterMeaning.ECN_MARKED);
        assertThat(CounterMeaning.ofRdmaStatistic("tx_cnp_pkts")).isEqualTo(CounterMeaning.CNP_SENT);
        assertThat(CounterMeaning.ofRdmaStatistic("cnpSent")).isEqualTo(CounterMeaning.CNP_SENT);
        assertThat(CounterMeaning.ofRdmaStatistic("rx_cnp_pkts")).isEqualTo(CounterMeaning.CNP_HANDLED);
        assertThat(CounterMeaning.ofRdmaStatistic("cnpHandled")).isEqualTo(CounterMeaning.CNP_HANDLED);
        assertThat(CounterMeaning.ofRdmaStatistic("cnpIgnored")).isEqualTo(CounterMeaning.CNP_IGNORED);
    }

    /** What a multipath hash spreads: every byte on the wire, RoCE included, whatever the driver calls it. */
    @Test
    void wireBytesOfAPortAreThePortCountersOfEachDriver() {
        assertThat(CounterMeaning.ofEthtool("mlx5_core", "tx_bytes_phy")).isEqualTo(CounterMeaning.PORT_TX_BYTES);
        assertThat(CounterMeaning.ofEthtool("mlx5_core", "rx_bytes_phy")).isEqualTo(CounterMeaning.PORT_RX_BYTES);
        assertThat(CounterMeaning.ofEthtool("ice", "tx_bytes.nic")).isEqualTo(CounterMeaning.PORT_TX_BYTES);
        assertThat(CounterMeaning.ofEthtool("ice", "rx_bytes.nic")).isEqualTo(CounterMeaning.PORT_RX_BYTES);
        assertThat(CounterMeaning.ofEthtool("bnxt_en", "tx_bytes")).isEqualTo(CounterMeaning.PORT_TX_BYTES);
        assertThat(CounterMeaning.ofEthtool("bnxt_en", "rx_bytes")).isEqualTo(CounterMeaning.PORT_RX_BYTES);
    }

    /** tx_bytes is the port's on bnxt_en but the netdev's on mlx5 and ice, where RoCE bypasses it. */
    @Test
    void oneNameIsThePortsOrTheNetdevsBytesByDriver() {
        assertThat(CounterMeaning.ofEthtool("mlx5_core", "tx_bytes")).isEqualTo(CounterMeaning.NETDEV_TX_BYTES);
        assertThat(CounterMeaning.ofEthtool("ice", "rx_bytes")).isEqualTo(CounterMeaning.NETDEV_RX_BYTES);
        assertThat(CounterMeaning.ofEthtool(null, "tx_bytes")).isEqualTo(CounterMeaning.NETDEV_TX_BYTES);
        assertThat(CounterMeaning.ofEthtool("bnxt_en", "tx_ucast_bytes[0]")).isNull();
    }

    @Test
    void roceBytesOfMlx5BnxtReAndIrdma() {
        assertThat(CounterMeaning.ofEthtool("mlx5_core", "tx_vport_rdma_unicast_bytes"))
                .isEqualTo(CounterMeaning.RDMA_TX_BYTES);
        assertThat(CounterMeaning.ofEthtool("mlx5_core", "rx_vport_rdma_multicast_bytes"))
                .isEqualTo(CounterMeaning.RDMA_RX_BYTES);
        assertThat(CounterMeaning.ofRdmaStatistic("rdma_tx_bytes")).isEqualTo(CounterMeaning.RDMA_TX_BYTES);
        assertThat(CounterMeaning.ofRdmaStatistic("tx_bytes")).isEqualTo(CounterMeaning.RDMA_TX_BYTES);
        assertThat(CounterMeaning.ofRdmaStatistic("rx_bytes")).isEqualTo(CounterMeaning.RDMA_RX_BYTES);
        assertThat(CounterMeaning.ofRdmaStatistic("ip4OutOctets")).isEqualTo(CounterMeaning.RDMA_TX_BYTES);
        assertThat(CounterMeaning.ofRdmaStatistic("ip6InOctets")).isEqualTo(CounterMeaning.RDMA_RX_BYTES);
        // bnxt_re's second view of the same bytes: counted once, as tx_bytes.
        assertThat(CounterMeaning.ofRdmaStatistic("tx_roce_only_bytes")).isNull();
    }

    @Test
    void linkPauseAndTransmitDiscardsOfEachDriver() {
        assertThat(CounterMeaning.ofEthtool("mlx5_core", "rx_pause_ctrl_phy")).isEqualTo(CounterMeaning.LINK_PAUSE);
        assertThat(CounterMeaning.ofEthtool("bnxt_en", "tx_pause_frames")).isEqualTo(CounterMeaning.LINK_PAUSE);
        assertThat(CounterMeaning.ofEthtool("ice", "link_xoff_rx.nic")).isEqualTo(CounterMeaning.LINK_PAUSE);
        assertThat(CounterMeaning.ofEthtool("mlx5_core", "tx_discards_phy")).isEqualTo(CounterMeaning.TX_PORT_DISCARD);
        assertThat(CounterMeaning.ofEthtool("bnxt_en", "tx_stat_discard")).isEqualTo(CounterMeaning.TX_PORT_DISCARD);
    }

    /** A name means something in one source only: bnxt_re's rx_out_of_buffer is an RDMA queue's, not the port's. */
    @Test
    void aNameIsReadInItsOwnSourcesVocabulary() {
        assertThat(CounterMeaning.ofRdmaStatistic("rx_out_of_buffer")).isNull();
        assertThat(CounterMeaning.ofEthtool("mlx5_core", "to_retransmits")).isNull();
        assertThat(CounterMeaning.ofEthtool("mlx5_core", "rx_packets")).isNull();
    }
}
