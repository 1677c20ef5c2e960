package io.rocedoctor.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.facts.CnpScheduling;
import io.rocedoctor.facts.EcnState;
import io.rocedoctor.facts.LinkPause;
import io.rocedoctor.facts.LosslessBuffer;
import io.rocedoctor.facts.PortQos;
import io.rocedoctor.facts.RoceVlanPriority;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HostQosRulesTest {

    @Fires({"ECN_DISABLED_ON_ROCE_PRIO", "PFC_NOT_ON_ROCE_PRIO"})
    @Test
    void rocePriorityWithoutPfcAndWithoutEcnIsLossyRoce() {
        Diagnosis d = QosHost.healthy()
                .replace(PortQos.class, QosHost.qos("pcp", List.of(4)))
                .without(LosslessBuffer.class)
                .replace(EcnState.class, QosHost.ecn(3, false, false))
                .diagnose();
        assertThat(RuleHarness.ids(d)).containsExactly("ECN_DISABLED_ON_ROCE_PRIO@p0", "PFC_NOT_ON_ROCE_PRIO@p0");
        Finding f = d.findings().stream()
                .filter(x -> x.id().equals("PFC_NOT_ON_ROCE_PRIO"))
                .findFirst()
                .orElseThrow();
        assertThat(f.severity()).isEqualTo("critical");
        assertThat(f.actions())
                .containsExactly(
                        new ActionProposal(
                                "host-pfc-priority", Map.of("device", "p0", "priorities", "3,4", "current", "4")),
                        new ActionProposal("host-trust-dscp", Map.of("device", "p0", "current", "pcp")));
    }

    @NearMiss({"ECN_DISABLED_ON_ROCE_PRIO", "PFC_NOT_ON_ROCE_PRIO"})
    @Test
    void nearMissLossyRocePriorityWithEcnOnIsResilientRoceNotAFinding() {
        assertThat(QosHost.healthy()
                        .replace(PortQos.class, QosHost.qos("dscp", List.of(4)))
                        .without(LosslessBuffer.class)
                        .ids())
                .isEmpty();
    }

    @Fires("PFC_TOO_MANY_PRIOS")
    @Test
    void threeLosslessPrioritiesAreTooMany() {
        Diagnosis d = QosHost.healthy()
                .replace(PortQos.class, QosHost.qos("dscp", List.of(3, 4, 5)))
                .diagnose();
        assertThat(RuleHarness.ids(d)).containsExactly("PFC_TOO_MANY_PRIOS@p0");
        assertThat(d.findings().get(0).actions())
                .containsExactly(new ActionProposal(
                        "host-pfc-priority", Map.of("device", "p0", "priorities", "3", "current", "3,4,5")));
    }

    @NearMiss("PFC_TOO_MANY_PRIOS")
    @Test
    void nearMissTwoLosslessPrioritiesAreAllowed() {
        assertThat(QosHost.healthy()
                        .replace(PortQos.class, QosHost.qos("dscp", List.of(3, 4)))
                        .ids())
                .isEmpty();
    }

    @Fires("PAUSE_STORM")
    @Test
    void pausedMostOfTheIntervalIsAStorm() {
        Diagnosis d = QosHost.healthy().with(QosHost.pause(3, "rx", 9000, 0.62)).diagnose();
        Finding f = RuleHarness.only(d, "PAUSE_STORM@p0");
        assertThat(f.severity()).isEqualTo("critical");
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.evidence()).anySatisfy(e -> assertThat(e.note()).contains("62.0% of the interval"));
        assertThat(f.actions())
                .containsExactly(
                        new ActionProposal("pause-source-investigate", Map.of("device", "p0", "priority", "3")));
    }

    @NearMiss("PAUSE_STORM")
    @Test
    void nearMissAnIncastReceiverPausedASixthOfTheTimeIsNoStorm() {
        assertThat(QosHost.healthy().with(QosHost.pause(3, "rx", 9000, 0.17)).ids())
                .isEmpty();
    }

    @Fires("PAUSE_STORM")
    @Test
    void withoutDurationCountersTheFramesBoundTheTimePausedAtLineRate() {
        // One frame holds 100G at most 65535 x 512 bit times = 335.5 us: 1500 frames/s hold at most 50.3%.
        Diagnosis d =
                QosHost.healthy().with(QosHost.pause(3, "rx", 15000, null)).diagnose();
        Finding f = RuleHarness.only(d, "PAUSE_STORM@p0");
        assertThat(f.confidence()).isEqualTo("likely");
        assertThat(f.evidence())
                .anySatisfy(e -> assertThat(e.note())
                        .contains("at most 50.3% of the interval (1500 pause frames per second at 100 Gb/s"));
        // 1400 frames/s: at most 47.0%.
        assertThat(QosHost.healthy().with(QosHost.pause(3, "rx", 14000, null)).ids())
                .isEmpty();
    }

    @Fires("PAUSE_STORM")
    @Test
    void theNicsStormDetectorAloneIsAStormAndSinceBootOnlyLikely() {
        Diagnosis d = QosHost.healthy().with(QosHost.storms(2, 0, true)).diagnose();
        assertThat(RuleHarness.ids(d)).containsExactly("PAUSE_STORM@p0");
        assertThat(d.findings().get(0).confidence()).isEqualTo("likely");
        assertThat(QosHost.healthy().with(QosHost.storms(0, 0, false)).ids()).isEmpty();
    }

    @Fires("HOST_ORIGINATED_PAUSE")
    @Test
    void theNicHoldingItsPeerOffTwoPercentOfTheTimeIsHostOriginated() {
        Diagnosis d = QosHost.healthy().with(QosHost.pause(3, "tx", 500, 0.02)).diagnose();
        Finding f = RuleHarness.only(d, "HOST_ORIGINATED_PAUSE@p0");
        assertThat(f.severity()).isEqualTo("high");
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.evidence())
                .anySatisfy(e -> assertThat(e.note()).contains("the peer held off 2.0% of the interval"));
        assertThat(f.actions())
                .containsExactly(
                        new ActionProposal("pause-source-investigate", Map.of("device", "p0", "priority", "3")));
    }

    @NearMiss("HOST_ORIGINATED_PAUSE")
    @Test
    void nearMissAFewPauseFramesASecondAreNotHostOriginated() {
        // 10 frames/s without a duration counter hold 100G at most 0.34% of the time; measured 0.5% is under 1% too.
        assertThat(QosHost.healthy().with(QosHost.pause(3, "tx", 100, null)).ids())
                .isEmpty();
        assertThat(QosHost.healthy().with(QosHost.pause(3, "tx", 5000, 0.005)).ids())
                .isEmpty();
    }

    @Fires("HOST_ORIGINATED_PAUSE")
    @Test
    void withoutADurationCounterHostPauseIsBoundedByItsFramesAndLikely() {
        Diagnosis d = QosHost.healthy().with(QosHost.pause(3, "tx", 400, null)).diagnose(); // 40/s: at most 1.3%
        assertThat(RuleHarness.ids(d)).containsExactly("HOST_ORIGINATED_PAUSE@p0");
        assertThat(d.findings().get(0).confidence()).isEqualTo("likely");
    }

    @Test
    void oneSampleHostPauseSinceBootIsNotEvaluated() {
        Diagnosis d =
                QosHost.healthy().with(QosHost.pauseSinceBoot(3, "tx", 120000)).diagnose();
        assertThat(RuleHarness.ids(d)).isEmpty();
        assertThat(d.notEvaluated()).anySatisfy(n -> {
            assertThat(n.rule()).isEqualTo("HOST_ORIGINATED_PAUSE");
            assertThat(n.reason()).contains("one sample on p0");
        });
    }

    @Fires("GLOBAL_PAUSE_WITH_PFC")
    @Test
    void linkPauseOnAPortThatRunsPfcIsGlobalPauseWithPfc() {
        Diagnosis d = QosHost.healthy()
                .with(new LinkPause("p0", HostFacts.NIC, true, true, null, null, "ethtool -a p0"))
                .diagnose();
        Finding f = RuleHarness.only(d, "GLOBAL_PAUSE_WITH_PFC@p0");
        assertThat(f.severity()).isEqualTo("high");
        assertThat(f.actions()).containsExactly(new ActionProposal("host-link-pause-off", Map.of("device", "p0")));
    }

    @NearMiss("GLOBAL_PAUSE_WITH_PFC")
    @Test
    void nearMissLinkPauseOffOrAPortWithoutPfc() {
        assertThat(QosHost.healthy()
                        .with(new LinkPause("p0", HostFacts.NIC, false, false, null, null, "ethtool -a p0"))
                        .ids())
                .isEmpty();
        assertThat(QosHost.healthy()
                        .replace(PortQos.class, QosHost.qos("dscp", List.of()))
                        .with(new LinkPause("p0", HostFacts.NIC, true, true, null, null, "ethtool -a p0"))
                        .ids())
                .doesNotContain("GLOBAL_PAUSE_WITH_PFC@p0");
    }

    private static CnpScheduling cnps(int priority, String tsa, Integer bw, boolean largestShare) {
        return new CnpScheduling(
                "p0",
                HostFacts.NIC,
                8 * priority,
                null,
                "/sys/class/net/p0/ecn/roce_np/cnp_dscp",
                priority,
                "CNP DSCP " + 8 * priority + " -> priority " + priority + " (trust dscp)",
                3,
                "ToS 106 -> DSCP 26 -> priority 3 (trust dscp)",
                priority,
                tsa,
                bw,
                largestShare,
                List.of(6, 7),
                "dscp",
                "mlnx_qos -i p0");
    }

    @Fires("CNP_MARKING_UNSAFE")
    @Test
    void cnpsOnTheDataPriorityAreUnsafeAndMoveToAPriorityServedFirst() {
        Diagnosis d = QosHost.healthy().with(cnps(3, "ets", 50, true)).diagnose();
        Finding f = RuleHarness.only(d, "CNP_MARKING_UNSAFE@p0");
        assertThat(f.severity()).isEqualTo("medium");
        assertThat(f.actions())
                .containsExactly(
                        new ActionProposal("host-cnp-marking", Map.of("device", "p0", "dscp", "48", "priority", "6")));
    }

    @Fires("CNP_MARKING_UNSAFE")
    @Test
    void cnpsBehindALargerEtsShareAreUnsafe() {
        assertThat(QosHost.healthy().with(cnps(1, "ets", 10, false)).ids()).containsExactly("CNP_MARKING_UNSAFE@p0");
    }

    @NearMiss("CNP_MARKING_UNSAFE")
    @Test
    void nearMissCnpsOnAStrictOrVendorClassOrTheLargestShareAreSafe() {
        assertThat(QosHost.healthy().with(cnps(6, "strict", null, false)).ids()).isEmpty();
        assertThat(QosHost.healthy().with(cnps(6, "vendor", null, false)).ids()).isEmpty();
        assertThat(QosHost.healthy().with(cnps(6, "ets", 60, true)).ids()).isEmpty();
        // Classes not known: only the same-priority case is judged.
        assertThat(QosHost.healthy().with(cnps(1, null, null, false)).ids()).isEmpty();
    }

    private static RoceVlanPriority vlan(Map<Integer, Integer> egressMap) {
        int socketPriority = RoceVlanPriority.socketPriority(106);
        return new RoceVlanPriority(
                "p0.100",
                "p0",
                "mlx5_0",
                1,
                HostFacts.NIC,
                "100",
                106,
                socketPriority,
                egressMap.getOrDefault(socketPriority, 0),
                egressMap,
                "ip -d link show");
    }

    @Fires("ROCE_VLAN_PRIORITY_MISMATCH")
    @Test
    void roceOverAVlanWhoseEgressMapMissesItsSocketPriorityUnderTrustPcpFires() {
        Diagnosis d = QosHost.healthy()
                .replace(PortQos.class, QosHost.qos("pcp", List.of(3)))
                .with(vlan(Map.of(0, 3)))
                .diagnose();
        Finding f = RuleHarness.only(d, "ROCE_VLAN_PRIORITY_MISMATCH@p0.100");
        assertThat(f.evidence().get(1).value()).isEqualTo("p0.100 egress-qos-map { 0:3 }");
        assertThat(f.actions())
                .containsExactly(new ActionProposal(
                        "roce-vlan-egress-map", Map.of("vlan", "p0.100", "skprio", "2", "pcp", "3")));
    }

    @NearMiss("ROCE_VLAN_PRIORITY_MISMATCH")
    @Test
    void nearMissTheMapSendsItsSocketPriorityToThePfcPriorityOrTheNicTrustsDscp() {
        assertThat(QosHost.healthy()
                        .replace(PortQos.class, QosHost.qos("pcp", List.of(3)))
                        .with(vlan(Map.of(2, 3)))
                        .ids())
                .doesNotContain("ROCE_VLAN_PRIORITY_MISMATCH@p0.100");
        assertThat(QosHost.healthy().with(vlan(Map.of())).ids()).doesNotContain("ROCE_VLAN_PRIORITY_MISMATCH@p0.100");
    }

    @Test
    void theKernelsTosTableGivesRoceTosSocketPriorities() {
        // ToS 106 (DSCP 26 + ECT(0)) is "bulk" to rt_tos2priority; 0 is best effort; 0x10 (low delay) interactive.
        assertThat(RoceVlanPriority.socketPriority(106)).isEqualTo(2);
        assertThat(RoceVlanPriority.socketPriority(0)).isZero();
        assertThat(RoceVlanPriority.socketPriority(0x10)).isEqualTo(6);
        assertThat(RoceVlanPriority.socketPriority(0x18)).isEqualTo(4);
    }

    @Fires("LOSSLESS_BUFFER_MISCONFIGURED")
    @Test
    void losslessPriorityInAnEmptyBufferIsMisconfigured() {
        Diagnosis d = QosHost.healthy()
                .replace(LosslessBuffer.class, new LosslessBuffer("p0", HostFacts.NIC, 3, 2, 0L, List.of()))
                .diagnose();
        assertThat(RuleHarness.ids(d)).containsExactly("LOSSLESS_BUFFER_MISCONFIGURED@p0");
        assertThat(d.findings().get(0).actions())
                .containsExactly(new ActionProposal("host-buffer-map", Map.of("device", "p0", "priority", "3")));
    }

    @Fires("LOSSLESS_BUFFER_MISCONFIGURED")
    @Test
    void losslessPrioritySharingItsBufferWithLossyOnesIsMisconfigured() {
        assertThat(QosHost.healthy()
                        .replace(
                                LosslessBuffer.class,
                                new LosslessBuffer("p0", HostFacts.NIC, 3, 0, 130944L, List.of(0, 1)))
                        .ids())
                .containsExactly("LOSSLESS_BUFFER_MISCONFIGURED@p0");
    }

    @NearMiss("LOSSLESS_BUFFER_MISCONFIGURED")
    @Test
    void nearMissLosslessPriorityAloneInASizedBufferIsFine() {
        assertThat(QosHost.healthy()
                        .replace(LosslessBuffer.class, new LosslessBuffer("p0", HostFacts.NIC, 3, 1, 1L, List.of()))
                        .ids())
                .isEmpty();
    }
}
