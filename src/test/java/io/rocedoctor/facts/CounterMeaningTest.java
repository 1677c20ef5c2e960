package io.rocedoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Each driver's name for what the rules judge, as its ethtool -S or rdma statistic prints it. */
class CounterMeaningTest {

    @Test
    void hostReceiveBufferExhaustionOfConnectXBroadcomAndIntelPorts() {
        assertThat(CounterMeaning.ofEthtool("rx_out_of_buffer")).isEqualTo(CounterMeaning.RX_NO_HOST_BUFFER);
        assertThat(CounterMeaning.ofEthtool("rx_total_ring_discards")).isEqualTo(CounterMeaning.RX_NO_HOST_BUFFER);
        assertThat(CounterMeaning.ofEthtool("rx_dropped.nic")).isEqualTo(CounterMeaning.RX_NO_HOST_BUFFER);
        assertThat(CounterMeaning.ofEthtool("rx_discards_phy")).isEqualTo(CounterMeaning.RX_PORT_DISCARD);
        assertThat(CounterMeaning.ofEthtool("rx_stat_discard")).isEqualTo(CounterMeaning.RX_PORT_DISCARD);
    }

    @Test
    void corruptedFramesOfConnectXBroadcomAndIntelPorts() {
        assertThat(CounterMeaning.ofEthtool("rx_crc_errors_phy")).isEqualTo(CounterMeaning.RX_CRC_ERROR);
        assertThat(CounterMeaning.ofEthtool("rx_fcs_err_frames")).isEqualTo(CounterMeaning.RX_CRC_ERROR);
        assertThat(CounterMeaning.ofEthtool("rx_crc_errors.nic")).isEqualTo(CounterMeaning.RX_CRC_ERROR);
        assertThat(CounterMeaning.ofEthtool("rx_pcs_symbol_err")).isEqualTo(CounterMeaning.RX_SYMBOL_ERROR);
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

    /** A name means something in one source only: bnxt_re's rx_out_of_buffer is an RDMA queue's, not the port's. */
    @Test
    void aNameIsReadInItsOwnSourcesVocabulary() {
        assertThat(CounterMeaning.ofRdmaStatistic("rx_out_of_buffer")).isNull();
        assertThat(CounterMeaning.ofEthtool("to_retransmits")).isNull();
        assertThat(CounterMeaning.ofEthtool("rx_packets")).isNull();
    }
}
