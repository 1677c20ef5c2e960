package io.rocedoctor.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.facts.CongestionCounters;
import io.rocedoctor.facts.EcnState;
import org.junit.jupiter.api.Test;

class CongestionRulesTest {

    @Test
    void healthyRoceHostHasNoFinding() {
        assertThat(QosHost.healthy().ids()).isEmpty();
    }

    @Fires("ECN_DISABLED_ON_ROCE_PRIO")
    @Test
    void notificationPointOffOnTheRocePriorityIsEcnDisabled() {
        Diagnosis d = QosHost.healthy()
                .replace(EcnState.class, QosHost.ecn(3, false, true))
                .diagnose();
        Finding f = RuleHarness.only(d, "ECN_DISABLED_ON_ROCE_PRIO@p0");
        assertThat(f.severity()).isEqualTo("high");
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.evidence()).anySatisfy(e -> {
            assertThat(e.source()).isEqualTo("/sys/class/net/p0/ecn/roce_np/enable/3");
            assertThat(e.value()).isEqualTo("0");
        });
        assertThat(f.actions())
                .containsExactly(new ActionProposal("ecn-enable", java.util.Map.of("device", "p0", "priority", "3")));
    }

    @NearMiss("ECN_DISABLED_ON_ROCE_PRIO")
    @Test
    void nearMissEcnOffOnlyOnAnotherPriorityIsNotEcnDisabled() {
        EcnState offOn5 = new EcnState("p0", java.util.Map.of(3, true, 5, false), java.util.Map.of(3, true, 5, false));
        assertThat(QosHost.healthy().replace(EcnState.class, offOn5).ids()).isEmpty();
    }

    @Fires("CNP_LOOP_BROKEN")
    @Test
    void marksWithoutCnpsBreakTheLoop() {
        Diagnosis d = QosHost.healthy()
                .replace(CongestionCounters.class, QosHost.cnps(5000, 0, 1500, 0))
                .diagnose();
        assertThat(RuleHarness.ids(d)).containsExactly("CNP_LOOP_BROKEN@p0");
        assertThat(d.findings().get(0).confidence()).isEqualTo("confirmed");
        // DCQCN is already enabled on the RoCE priority: enabling it again would change nothing.
        assertThat(d.findings().get(0).actions()).isEmpty();
        assertThat(d.findings().get(0).evidence())
                .anySatisfy(e -> assertThat(e.note()).contains("DCQCN is enabled on priority 3"));
    }

    @Fires("CNP_LOOP_BROKEN")
    @Test
    void marksWithoutCnpsOnAPriorityWithEcnOffProposeEnablingIt() {
        EcnState off = new EcnState("p0", java.util.Map.of(3, false), java.util.Map.of(3, true));
        Diagnosis d = QosHost.healthy()
                .replace(CongestionCounters.class, QosHost.cnps(5000, 0, 1500, 0))
                .replace(EcnState.class, off)
                .diagnose();
        Finding f = d.findings().stream()
                .filter(x -> x.id().equals("CNP_LOOP_BROKEN"))
                .findFirst()
                .orElseThrow();
        assertThat(f.actions()).extracting(ActionProposal::action).containsExactly("ecn-enable");
    }

    @NearMiss("CNP_LOOP_BROKEN")
    @Test
    void nearMissOneCnpSentKeepsTheLoopClosed() {
        assertThat(QosHost.healthy()
                        .replace(CongestionCounters.class, QosHost.cnps(5000, 1, 1500, 0))
                        .ids())
                .isEmpty();
    }

    @Fires("CNP_LOOP_BROKEN")
    @Test
    void cnpsIgnoredAndNoneHandledBreakTheLoopAtTheReactionPoint() {
        Diagnosis d = QosHost.healthy()
                .replace(CongestionCounters.class, QosHost.cnps(0, 0, 0, 800))
                .diagnose();
        assertThat(RuleHarness.ids(d)).containsExactly("CNP_LOOP_BROKEN@p0");
        assertThat(d.findings().get(0).evidence())
                .anySatisfy(e -> assertThat(e.value()).isEqualTo("rp_cnp_ignored +800"));
    }

    @Fires("CNP_LOOP_BROKEN")
    @Test
    void oneSampleMarksWithoutCnpsSinceBootAreOnlyLikely() {
        CongestionCounters sinceBoot = new CongestionCounters(
                "mlx5_0", 1, "p0", HostFacts.NIC, 90000L, 0L, 0L, 0L, null, true, QosHost.MLX5_DCQCN);
        Diagnosis d =
                QosHost.healthy().replace(CongestionCounters.class, sinceBoot).diagnose();
        assertThat(RuleHarness.ids(d)).containsExactly("CNP_LOOP_BROKEN@p0");
        assertThat(d.findings().get(0).confidence()).isEqualTo("likely");
        assertThat(d.findings().get(0).evidence())
                .anySatisfy(e -> assertThat(e.note()).contains("since boot"));
    }

    @Fires("PFC_DOMINATES_ECN")
    @Test
    void receivedPauseOnTheRocePriorityWithoutCnpsIsPfcDominatingEcn() {
        Diagnosis d = QosHost.healthy()
                .replace(CongestionCounters.class, QosHost.cnps(0, 0, 0, 0))
                .with(QosHost.pause(3, "rx", 4000, 0.03))
                .diagnose();
        assertThat(RuleHarness.ids(d)).containsExactly("PFC_DOMINATES_ECN@p0");
        assertThat(d.findings().get(0).confidence()).isEqualTo("likely"); // ECN config is on: symptom alone
    }

    @Fires({"ECN_DISABLED_ON_ROCE_PRIO", "PFC_DOMINATES_ECN"})
    @Test
    void pfcDominatingWithEcnOffIsConfirmedAndExplainedByIt() {
        Diagnosis d = QosHost.healthy()
                .replace(CongestionCounters.class, QosHost.cnps(0, 0, 0, 0))
                .replace(EcnState.class, QosHost.ecn(3, false, false))
                .with(QosHost.pause(3, "rx", 4000, 0.03))
                .diagnose();
        assertThat(RuleHarness.ids(d)).containsExactly("ECN_DISABLED_ON_ROCE_PRIO@p0", "PFC_DOMINATES_ECN@p0");
        assertThat(d.findings())
                .filteredOn(f -> f.id().equals("PFC_DOMINATES_ECN"))
                .singleElement()
                .satisfies(f -> assertThat(f.confidence()).isEqualTo("confirmed"));
        assertThat(d.explains())
                .extracting(e -> e.cause().id() + " -> " + e.symptom().id())
                .containsExactly("ECN_DISABLED_ON_ROCE_PRIO -> PFC_DOMINATES_ECN");
    }

    @NearMiss("PFC_DOMINATES_ECN")
    @Test
    void nearMissCnpsAboveTheNegligibleRateMeanEcnIsActing() {
        // 11 CNPs per second over 10 s: just above ecn.negligibleCnpPerSecond (10).
        assertThat(QosHost.healthy()
                        .replace(CongestionCounters.class, QosHost.cnps(110, 110, 0, 0))
                        .with(QosHost.pause(3, "rx", 4000, 0.03))
                        .ids())
                .isEmpty();
    }

    @NearMiss("PFC_DOMINATES_ECN")
    @Test
    void nearMissPausedBelowTheSignificantShareIsNotPfcDominating() {
        assertThat(QosHost.healthy()
                        .replace(CongestionCounters.class, QosHost.cnps(0, 0, 0, 0))
                        .with(QosHost.pause(3, "rx", 4000, 0.009))
                        .ids())
                .isEmpty();
    }

    @NearMiss("PFC_DOMINATES_ECN")
    @Test
    void pauseOnAnotherPriorityOrSentByTheHostIsNotPfcDominatingEcn() {
        QosHost h = QosHost.healthy()
                .replace(CongestionCounters.class, QosHost.cnps(0, 0, 0, 0))
                .with(QosHost.pause(0, "rx", 4000, 0.03));
        assertThat(h.ids()).isEmpty();
        assertThat(QosHost.healthy()
                        .replace(CongestionCounters.class, QosHost.cnps(0, 0, 0, 0))
                        .with(QosHost.pause(3, "tx", 4000, 0.03))
                        .ids())
                .containsExactly("HOST_ORIGINATED_PAUSE@p0");
    }

    /** A RoCE LAG device over bond0 of p0 and p1: one set of counters, pause and DCQCN per member port. */
    private static CongestionCounters lag(long marked, long sent, long handled, long ignored) {
        return new CongestionCounters(
                "mlx5_bond_0",
                1,
                "bond0",
                null,
                java.util.List.of("p0", "p1"),
                marked,
                sent,
                handled,
                ignored,
                10.0,
                false,
                QosHost.MLX5_DCQCN);
    }

    @Fires("PFC_DOMINATES_ECN")
    @Test
    void pfcDominatingOnARoceLagMemberJoinsTheLagDevicesCounters() {
        Diagnosis d = QosHost.healthy()
                .replace(CongestionCounters.class, lag(0, 0, 0, 0))
                .replace(EcnState.class, QosHost.ecn(3, false, false))
                .with(QosHost.pause(3, "rx", 4000, 0.03))
                .diagnose();
        assertThat(RuleHarness.ids(d)).containsExactly("ECN_DISABLED_ON_ROCE_PRIO@p0", "PFC_DOMINATES_ECN@p0");
        assertThat(d.explains())
                .extracting(e -> e.cause().id() + " -> " + e.symptom().id())
                .containsExactly("ECN_DISABLED_ON_ROCE_PRIO -> PFC_DOMINATES_ECN");
    }

    @Fires("CNP_LOOP_BROKEN")
    @Test
    void cnpLoopBrokenOnARoceLagIsOneFindingOnTheBondExplainedByItsMember() {
        Diagnosis d = QosHost.healthy()
                .replace(CongestionCounters.class, lag(5000, 0, 1500, 0))
                .replace(EcnState.class, QosHost.ecn(3, false, true))
                .diagnose();
        assertThat(RuleHarness.ids(d)).containsExactly("CNP_LOOP_BROKEN@bond0", "ECN_DISABLED_ON_ROCE_PRIO@p0");
        Finding f = d.findings().stream()
                .filter(x -> x.id().equals("CNP_LOOP_BROKEN"))
                .findFirst()
                .orElseThrow();
        assertThat(f.scope()).contains("mlx5_bond_0/1", "p0", "p1");
        assertThat(f.actions())
                .containsExactly(new ActionProposal("ecn-enable", java.util.Map.of("device", "p0", "priority", "3")));
        assertThat(d.explains())
                .extracting(e -> e.cause().id() + " -> " + e.symptom().id())
                .containsExactly("ECN_DISABLED_ON_ROCE_PRIO -> CNP_LOOP_BROKEN");
    }
}
