package io.rocedoctor.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.facts.EcnState;
import io.rocedoctor.facts.LosslessBuffer;
import io.rocedoctor.facts.PortQos;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class HostQosRulesTest {

    @Test
    void rocePriorityWithoutPfcAndWithoutEcnIsLossyRoce() {
        Diagnosis d = QosHost.healthy().replace(PortQos.class, QosHost.qos("pcp", List.of(4)))
                .without(LosslessBuffer.class).replace(EcnState.class, QosHost.ecn(3, false, false)).diagnose();
        assertThat(RuleHarness.ids(d)).containsExactly("ECN_DISABLED_ON_ROCE_PRIO@p0", "PFC_NOT_ON_ROCE_PRIO@p0");
        Finding f = d.findings().stream().filter(x -> x.id().equals("PFC_NOT_ON_ROCE_PRIO")).findFirst().orElseThrow();
        assertThat(f.severity()).isEqualTo("critical");
        assertThat(f.actions()).containsExactly(
                new ActionProposal("host-pfc-priority", Map.of("device", "p0", "priorities", "3,4", "current", "4")),
                new ActionProposal("host-trust-dscp", Map.of("device", "p0", "current", "pcp")));
    }

    @Test
    void nearMissLossyRocePriorityWithEcnOnIsResilientRoceNotAFinding() {
        assertThat(QosHost.healthy().replace(PortQos.class, QosHost.qos("dscp", List.of(4))).without(LosslessBuffer.class)
                .ids()).isEmpty();
    }

    @Test
    void threeLosslessPrioritiesAreTooMany() {
        Diagnosis d = QosHost.healthy().replace(PortQos.class, QosHost.qos("dscp", List.of(3, 4, 5))).diagnose();
        assertThat(RuleHarness.ids(d)).containsExactly("PFC_TOO_MANY_PRIOS@p0");
        assertThat(d.findings().get(0).actions())
                .containsExactly(new ActionProposal("host-pfc-priority", Map.of("device", "p0", "priorities", "3", "current", "3,4,5")));
    }

    @Test
    void nearMissTwoLosslessPrioritiesAreAllowed() {
        assertThat(QosHost.healthy().replace(PortQos.class, QosHost.qos("dscp", List.of(3, 4))).ids()).isEmpty();
    }

    @Test
    void pausedSixPercentOfTheTimeIsAStorm() {
        Diagnosis d = QosHost.healthy().with(QosHost.pause(3, "rx", 9000, 0.06)).diagnose();
        Finding f = RuleHarness.only(d, "PAUSE_STORM@p0");
        assertThat(f.severity()).isEqualTo("critical");
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.evidence()).anySatisfy(e -> assertThat(e.note()).contains("6.0% of the interval"));
        assertThat(f.actions()).containsExactly(new ActionProposal("pause-source-investigate", Map.of("device", "p0", "priority", "3")));
    }

    @Test
    void nearMissPausedFourPercentOfTheTimeIsNoStorm() {
        assertThat(QosHost.healthy().with(QosHost.pause(3, "rx", 9000, 0.04)).ids()).isEmpty();
    }

    @Test
    void withoutDurationCountersTheFrameRateStandsIn() {
        assertThat(QosHost.healthy().with(QosHost.pause(3, "rx", 10010, null)).ids()).containsExactly("PAUSE_STORM@p0");
        assertThat(QosHost.healthy().with(QosHost.pause(3, "rx", 9990, null)).ids()).isEmpty();
    }

    @Test
    void theNicsStormDetectorAloneIsAStormAndSinceBootOnlyLikely() {
        Diagnosis d = QosHost.healthy().with(QosHost.storms(2, 0, true)).diagnose();
        assertThat(RuleHarness.ids(d)).containsExactly("PAUSE_STORM@p0");
        assertThat(d.findings().get(0).confidence()).isEqualTo("likely");
        assertThat(QosHost.healthy().with(QosHost.storms(0, 0, false)).ids()).isEmpty();
    }

    @Test
    void pauseSentByTheNicIsHostOriginated() {
        Diagnosis d = QosHost.healthy().with(QosHost.pause(3, "tx", 500, 0.01)).diagnose();
        Finding f = RuleHarness.only(d, "HOST_ORIGINATED_PAUSE@p0");
        assertThat(f.severity()).isEqualTo("high");
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.actions()).containsExactly(new ActionProposal("pause-source-investigate", Map.of("device", "p0", "priority", "3")));
    }

    @Test
    void nearMissUnderOnePauseFramePerSecondIsNotHostOriginated() {
        assertThat(QosHost.healthy().with(QosHost.pause(3, "tx", 9, null)).ids()).isEmpty();
    }

    @Test
    void oneSampleHostPauseSinceBootIsOnlyLikely() {
        Diagnosis d = QosHost.healthy().with(QosHost.pauseSinceBoot(3, "tx", 120000)).diagnose();
        assertThat(RuleHarness.ids(d)).containsExactly("HOST_ORIGINATED_PAUSE@p0");
        assertThat(d.findings().get(0).confidence()).isEqualTo("likely");
    }

    @Test
    void losslessPriorityInAnEmptyBufferIsMisconfigured() {
        Diagnosis d = QosHost.healthy().replace(LosslessBuffer.class, new LosslessBuffer("p0", HostFacts.NIC, 3, 2, 0L, List.of()))
                .diagnose();
        assertThat(RuleHarness.ids(d)).containsExactly("LOSSLESS_BUFFER_MISCONFIGURED@p0");
        assertThat(d.findings().get(0).actions())
                .containsExactly(new ActionProposal("host-buffer-map", Map.of("device", "p0", "priority", "3")));
    }

    @Test
    void losslessPrioritySharingItsBufferWithLossyOnesIsMisconfigured() {
        assertThat(QosHost.healthy().replace(LosslessBuffer.class, new LosslessBuffer("p0", HostFacts.NIC, 3, 0, 130944L, List.of(0, 1)))
                .ids()).containsExactly("LOSSLESS_BUFFER_MISCONFIGURED@p0");
    }

    @Test
    void nearMissLosslessPriorityAloneInASizedBufferIsFine() {
        assertThat(QosHost.healthy().replace(LosslessBuffer.class, new LosslessBuffer("p0", HostFacts.NIC, 3, 1, 1L, List.of()))
                .ids()).isEmpty();
    }
}
