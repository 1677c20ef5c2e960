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

/** What the receive-ring findings say and propose, from the counters and ring sizes their rules matched. */
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
}
