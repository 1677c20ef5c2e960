package io.rocedoctor.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.bundle.BundleReader;
import io.rocedoctor.facts.CounterMeaning;
import io.rocedoctor.facts.CounterRate;
import io.rocedoctor.facts.FactBuilder;
import io.rocedoctor.facts.Facts;
import io.rocedoctor.facts.Port;
import io.rocedoctor.facts.PortQos;
import io.rocedoctor.facts.PriorityPause;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What a host's summary gives the fleet rules: each rate the sum of the per-second rates of what it
 * takes, each setting the distinct values its facts give.
 */
class HostSummaryTest {
    private static CounterRate counter(String name, CounterMeaning meaning, Double perSecond) {
        return new CounterRate("ens1f0np0", name, meaning, 0, 100, 100, perSecond, false, false);
    }

    private static Map<String, Double> rates(List<Object> facts) throws Exception {
        return summary(facts).rates();
    }

    private static HostSummary summary(List<Object> facts) throws Exception {
        try (Bundle b = new BundleReader().read(Path.of("fixtures/bundles/healthy"))) {
            Facts read = new FactBuilder().build(b);
            return HostSummary.of(Facts.of(read.host(), facts, read.ledger()));
        }
    }

    private static PortQos qos(String device, String trust, List<Integer> pfc) {
        return new PortQos(device, trust, pfc, Map.of(), Map.of(), Map.of(), List.of(), "mlnx_qos");
    }

    @Test
    void aSettingIsEachDistinctValueOfItsFactsInOrder() throws Exception {
        Map<String, String> settings = summary(List.of(
                        qos("ens1f1np1", "pcp", List.of(3)),
                        qos("ens1f0np0", "dscp", List.of(3)),
                        new Port("ens1f0np0", "0000:3b:00", "0000:3b:00.0", 100000, 9000, 0, null),
                        new Port("ens1f1np1", "0000:3b:00", "0000:3b:00.1", 100000, 4200, 0, null)))
                .settings();
        assertThat(settings)
                .containsExactlyEntriesOf(
                        new java.util.TreeMap<>(Map.of("trust", "dscp | pcp", "pfc", "3", "mtu", "4200 | 9000")));
    }

    @Test
    void nearMissAFactThatDoesNotSayGivesNoValue() throws Exception {
        Map<String, String> settings = summary(List.of(
                        qos("ens1f0np0", null, List.of()),
                        new Port("ens1f0np0", "0000:3b:00", "0000:3b:00.0", 100000, null, 0, null)))
                .settings();
        assertThat(settings).containsExactlyEntriesOf(Map.of("pfc", "none"));
    }

    @Test
    void pauseDiscardsAndRetransmissionsSumTheirCountersByMeaning() throws Exception {
        Map<String, Double> rates = rates(List.of(
                counter("rx_discards_phy", CounterMeaning.RX_PORT_DISCARD, 3.0),
                new PriorityPause("ens1f0np0", "0000:3b:00", 3, "rx", "rx_prio3_pause", 15, 1.5, null, false),
                counter("rx_pause_ctrl_phy", CounterMeaning.LINK_PAUSE, 2.0),
                counter("tx_discards_phy", CounterMeaning.TX_PORT_DISCARD, 4.0),
                counter("rx_out_of_buffer", CounterMeaning.RX_NO_HOST_BUFFER, 0.5),
                counter("packet_seq_err", CounterMeaning.RETRANSMISSION, 0.25)));
        assertThat(rates)
                .containsExactlyEntriesOf(
                        new java.util.TreeMap<>(Map.of("pause", 3.5, "discards", 7.5, "retransmissions", 0.25)));
    }

    @Test
    void nearMissACounterWithoutAMeaningOrARateIsNotSummed() throws Exception {
        Map<String, Double> rates = rates(List.of(
                counter("rx_vport_unicast_bytes", null, 100.0),
                counter("rx_discards_phy", CounterMeaning.RX_PORT_DISCARD, 3.0),
                counter("packet_seq_err", CounterMeaning.RETRANSMISSION, null)));
        assertThat(rates).containsExactlyEntriesOf(Map.of("discards", 3.0));
    }
}
