package io.rocedoctor.engine.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.engine.ActionProposal;
import io.rocedoctor.engine.Evidence;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.engine.Thresholds;
import io.rocedoctor.facts.CounterMeaning;
import io.rocedoctor.facts.CounterRate;
import io.rocedoctor.facts.Port;
import io.rocedoctor.facts.QueueConfig;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the queue findings say and propose, from the queue settings, counters and ring sizes their rules matched. */
class QueueFindingsTest {
    private static final Port PORT = new Port("ens801f0np0", "0000:51:00", "0000:51:00.0", 100000, 9000, 0, null);

    private static QueueConfig ring(long rx, long max) {
        return new QueueConfig(PORT.name(), PORT.nic(), 16, 8, 16, 64, rx, max, null, null, Map.of(), List.of());
    }

    private static CounterRate counter(String name, CounterMeaning meaning, long delta, boolean sinceBoot) {
        return new CounterRate(
                PORT.name(),
                name,
                meaning,
                1000,
                1000 + delta,
                delta,
                sinceBoot ? null : delta / 10.0,
                sinceBoot,
                false);
    }

    @Test
    void ringDropsNameTheDriversCounterAndProposeOneStepNotTheMaximum() {
        Finding f = QueueFindings.rxBufferExhausted(
                        PORT,
                        List.of(counter("rx_dropped.nic", CounterMeaning.RX_NO_HOST_BUFFER, 184300, false)),
                        List.of(ring(2048, 8160)))
                .build("RX_BUFFER_EXHAUSTED");
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.evidence())
                .extracting(Evidence::value)
                .containsExactly("rx_dropped.nic +184300 in the interval (18430/s)", "RX: 2048 of 8160");
        assertThat(f.actions())
                .containsExactly(new ActionProposal(
                        "rings-rx-size", Map.of("device", PORT.name(), "rx", "4096", "current", "2048")));
    }

    @Test
    void nearMissPortBufferDropsSinceBootAreOnlyPossibleAndLeaveTheRingsAlone() {
        Finding f = QueueFindings.rxBufferExhausted(
                        PORT,
                        List.of(counter("rx_discards_phy", CounterMeaning.RX_PORT_DISCARD, 50, true)),
                        List.of(ring(2048, 8160)))
                .build("RX_BUFFER_EXHAUSTED");
        assertThat(f.confidence()).isEqualTo("possible");
        assertThat(f.evidence())
                .singleElement()
                .satisfies(e -> assertThat(e.note()).contains("port's buffer", "one sample"));
        assertThat(f.actions()).extracting(ActionProposal::action).containsExactly("rx-port-buffer-investigate");
    }

    @Test
    void anInflatedRingShrinksToTheProfilesLatencyRingNeverGrows() {
        Thresholds latency = new Thresholds("latency", Map.of("rings.latencyRx", 1024.0), true);
        Finding f = QueueFindings.ringInflated(
                        ring(8160, 8160),
                        List.of(counter("rx_dropped.nic", CounterMeaning.RX_NO_HOST_BUFFER, 0, false)),
                        latency)
                .build("TRAP_RING_INFLATED");
        assertThat(f.actions())
                .containsExactly(new ActionProposal(
                        "rings-rx-size", Map.of("device", PORT.name(), "rx", "1024", "current", "8160")));
        Finding small =
                QueueFindings.ringInflated(ring(512, 512), List.of(), latency).build("TRAP_RING_INFLATED");
        assertThat(small.actions())
                .singleElement()
                .satisfies(a -> assertThat(a.parameters()).containsEntry("rx", "512"));
    }

    /** ens801f0np0's queues as ethtool -l/-x/-n show them; ring sizes not collected. */
    private static QueueConfig queues(
            int localCpus,
            int localCores,
            int rx,
            int maxRx,
            Integer rssUsed,
            Double weight,
            Map<String, String> hash,
            String... withoutL4) {
        return new QueueConfig(
                PORT.name(),
                PORT.nic(),
                localCpus,
                localCores,
                rx,
                maxRx,
                null,
                null,
                rssUsed,
                weight,
                hash,
                List.of(withoutL4));
    }

    @Test
    void aHashWithoutL4PortsQuotesEthtoolsFieldsAndRestoresThemOnRollback() {
        Finding f = QueueFindings.hashWithoutL4(
                        queues(16, 8, 8, 63, null, null, Map.of("udp4", "sd", "tcp4", "sdfn"), "udp4"))
                .build("RSS_HASH_NO_L4");
        assertThat(f.evidence()).singleElement().satisfies(e -> {
            assertThat(e.source()).isEqualTo("ethtool -n ens801f0np0 rx-flow-hash udp4");
            assertThat(e.value()).isEqualTo("sd");
        });
        assertThat(f.actions())
                .containsExactly(new ActionProposal(
                        "rss-hash-l4", Map.of("device", PORT.name(), "flow", "udp4", "current", "sd")));
    }

    @Test
    void nearMissEachFlowTypeWithoutL4IsItsOwnEvidenceAndAction() {
        Finding f = QueueFindings.hashWithoutL4(
                        queues(16, 8, 8, 63, null, null, Map.of("udp4", "sd", "tcp4", "s"), "udp4", "tcp4"))
                .build("RSS_HASH_NO_L4");
        assertThat(f.evidence()).extracting(Evidence::value).containsExactly("sd", "s");
        assertThat(f.actions()).extracting(a -> a.parameters().get("flow")).containsExactly("udp4", "tcp4");
    }

    @Test
    void tooFewQueuesProposeOnePerNicLocalCoreAndSayCoresAreFewerThanCpus() {
        Finding f = QueueFindings.tooFewQueues(queues(16, 8, 4, 63, null, null, Map.of()))
                .build("RSS_QUEUES_TOO_FEW");
        assertThat(f.evidence())
                .containsExactly(
                        new Evidence("ethtool -l ens801f0np0", "4", "receive channels in use"),
                        new Evidence("ethtool -l ens801f0np0", "63", "the driver's preset maximum"),
                        new Evidence(
                                "/sys/class/net/ens801f0np0/device/local_cpulist",
                                "16",
                                "CPUs local to the NIC (8 cores): up to 8 could each serve a queue"));
        assertThat(f.actions())
                .containsExactly(new ActionProposal(
                        "channels-combined", Map.of("device", PORT.name(), "combined", "8", "current", "4")));
    }

    @Test
    void nearMissWithoutSmtAndAMaximumBelowTheCoresTheMaximumIsProposed() {
        Finding f = QueueFindings.tooFewQueues(queues(12, 12, 4, 6, null, null, Map.of()))
                .build("RSS_QUEUES_TOO_FEW");
        assertThat(f.evidence().get(2).note()).isEqualTo("CPUs local to the NIC: up to 6 could each serve a queue");
        assertThat(f.actions().get(0).parameters()).containsEntry("combined", "6");
    }

    @Test
    void aSkewedIndirectionTableShowsTheQueuesUsedAndTheirWeights() {
        Finding f = QueueFindings.indirectionSkewed(queues(16, 8, 8, 63, 6, 2.5, Map.of()))
                .build("RSS_INDIRECTION_SKEWED");
        assertThat(f.evidence()).extracting(Evidence::value).containsExactly("6 of 8 queues", "2.5 times");
        assertThat(f.actions())
                .containsExactly(
                        new ActionProposal("rss-indirection-equal", Map.of("device", PORT.name(), "combined", "8")));
    }

    @Test
    void nearMissAnEvenTableOverTooFewQueuesShowsAWeightOfOne() {
        Finding f = QueueFindings.indirectionSkewed(queues(16, 8, 8, 63, 4, 1.0, Map.of()))
                .build("RSS_INDIRECTION_SKEWED");
        assertThat(f.evidence()).extracting(Evidence::value).containsExactly("4 of 8 queues", "1 time");
    }
}
