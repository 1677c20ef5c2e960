package io.rocedoctor.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.facts.Baseline;
import io.rocedoctor.facts.Host;
import io.rocedoctor.facts.RdmaDevice;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BaselineRulesTest {

    @Fires("BASELINE_BW_LOW")
    @Test
    void fortyGigabitsOnAHundredGigabitPortIsLow() {
        Diagnosis d = QosHost.healthy()
                .replace(Baseline.class, QosHost.bandwidth(40.0, 252.0))
                .diagnose();
        Finding f = RuleHarness.only(d, "BASELINE_BW_LOW@mlx5_0:ib_write_bw");
        assertThat(f.severity()).isEqualTo("high");
        assertThat(f.evidence().get(0).note()).startsWith("40.0% of the 100.0 Gb/s expected");
    }

    @NearMiss("BASELINE_BW_LOW")
    @Test
    void nearMissNinetyOnePercentOfTheExpectedIsNotLow() {
        assertThat(QosHost.healthy()
                        .replace(Baseline.class, QosHost.bandwidth(91.0, 252.0))
                        .ids())
                .isEmpty();
    }

    @Fires("BASELINE_BW_LOW")
    @Test
    void theExpectedCeilingIsThePcieLinkWhenItIsNarrowerThanThePort() {
        // Gen3 x8: 63.0 usable x 0.85 = 53.6 Gb/s expected, 90% of it is 48.2.
        assertThat(QosHost.healthy()
                        .replace(Baseline.class, QosHost.bandwidth(49.0, 63.016))
                        .ids())
                .isEmpty();
        assertThat(QosHost.healthy()
                        .replace(Baseline.class, QosHost.bandwidth(47.0, 63.016))
                        .ids())
                .containsExactly("BASELINE_BW_LOW@mlx5_0:ib_write_bw");
    }

    @Fires("BASELINE_LATENCY_JITTER")
    @Test
    void tailAtMoreThanThreeTimesTheTypicalLatencyIsJitter() {
        Diagnosis d = QosHost.healthy()
                .replace(Baseline.class, QosHost.latency(2.0, 6.2))
                .diagnose();
        assertThat(RuleHarness.ids(d)).containsExactly("BASELINE_LATENCY_JITTER@mlx5_0:ib_write_lat");
        assertThat(d.findings().get(0).severity()).isEqualTo("medium");
    }

    @NearMiss("BASELINE_LATENCY_JITTER")
    @Test
    void nearMissTailAtTwoPointNineTimesTheTypicalIsNotJitter() {
        // The maximum is 3 x p99 = 8.7x typical: one outlier is not jitter.
        assertThat(QosHost.healthy()
                        .replace(Baseline.class, QosHost.latency(2.0, 5.8))
                        .ids())
                .isEmpty();
    }

    @Fires("BASELINE_LATENCY_JITTER")
    @Test
    void theLatencyProfileJudgesTheTailTighterAndHigher() {
        java.util.List<Object> facts = QosHost.healthy()
                .replace(Baseline.class, QosHost.latency(2.0, 5.0))
                .facts();
        assertThat(RuleHarness.ids(RuleHarness.diagnose(facts))).isEmpty(); // 2.5x: under throughput's 3x
        Diagnosis latency = RuleHarness.diagnose(facts, "latency");
        assertThat(RuleHarness.ids(latency)).containsExactly("BASELINE_LATENCY_JITTER@mlx5_0:ib_write_lat");
        assertThat(latency.findings().get(0).severity()).isEqualTo("high");
    }

    @Fires("BASELINE_MISSING")
    @Test
    void roceHostWithoutPerftestIsMissingItsBaselineOnceWithOneProposalPerDevice() {
        QosHost h = QosHost.healthy()
                .without(Baseline.class)
                .with(new RdmaDevice(
                        "mlx5_1", 1, "p1", HostFacts.NIC, HostFacts.NIC + ".1", "ACTIVE", "Ethernet", 4096, 4096));
        Diagnosis d = h.diagnose();
        Finding f = RuleHarness.only(d, "BASELINE_MISSING@test-host");
        assertThat(f.severity()).isEqualTo("info");
        assertThat(f.scope()).isEmpty();
        assertThat(f.actions())
                .containsExactly(
                        new ActionProposal("baseline-perftest", Map.of("ibdev", "mlx5_0", "device", "p0")),
                        new ActionProposal("baseline-perftest", Map.of("ibdev", "mlx5_1", "device", "p1")));
    }

    @NearMiss("BASELINE_MISSING")
    @Test
    void nearMissHostWithoutRdmaDeviceHasNothingToBaseline() {
        assertThat(QosHost.healthy()
                        .without(Baseline.class)
                        .without(RdmaDevice.class)
                        .ids())
                .isEmpty();
        assertThat(HostFacts.healthy().facts).hasAtLeastOneElementOfType(Host.class);
    }
}
