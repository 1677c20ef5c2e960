package io.rocedoctor.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.facts.BusyPolling;
import io.rocedoctor.facts.InterruptLoad;
import io.rocedoctor.facts.IrqBalance;
import io.rocedoctor.facts.Nic;
import io.rocedoctor.parse.CpuSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class IrqRulesTest {

    @Test
    void healthyHostHasNoFinding() {
        assertThat(RuleHarness.ids(RuleHarness.diagnose(HostFacts.healthy().facts)))
                .isEmpty();
    }

    @Fires("IRQ_CROSS_NUMA")
    @Test
    void nicOnNodeOneWithInterruptsOnNodeZeroIsCrossNumaAndCritical() {
        HostFacts h = HostFacts.healthy().replace(Nic.class, HostFacts.nic(1));
        Diagnosis d = RuleHarness.diagnose(h.facts);
        Finding f = RuleHarness.only(d, "IRQ_CROSS_NUMA@" + HostFacts.NIC);
        assertThat(f.severity()).isEqualTo("critical"); // 100% of the interrupts land off-node
        assertThat(f.evidence()).anySatisfy(e -> assertThat(e.source()).isEqualTo("/proc/irq/140/smp_affinity_list"));
        assertThat(f.actions()).extracting(ActionProposal::action).containsExactly("irq-affinity-local-numa");
        assertThat(f.actions().get(0).parameters())
                .containsEntry("cpus", "32-63")
                .containsEntry("irqs", "140,141,142,143");
    }

    @Fires("IRQ_CROSS_NUMA")
    @Test
    void aMinorityOfInterruptsOffNodeIsHighNotCritical() {
        HostFacts h = HostFacts.healthy().pinIrqsTo(1, 2, 3, 40); // one of four lines on node 1
        Diagnosis d = RuleHarness.diagnose(h.facts);
        assertThat(RuleHarness.ids(d)).containsExactly("IRQ_CROSS_NUMA@" + HostFacts.NIC);
        assertThat(d.findings().get(0).severity()).isEqualTo("high");
    }

    @NearMiss("IRQ_CROSS_NUMA")
    @Test
    void nearMissEveryInterruptOnTheNicNodeDoesNotFire() {
        HostFacts h = HostFacts.healthy().pinIrqsTo(28, 29, 30, 31); // the last CPUs of node 0
        assertThat(RuleHarness.ids(RuleHarness.diagnose(h.facts))).isEmpty();
    }

    @Fires("NUMA_NODE_UNKNOWN")
    @NearMiss("IRQ_CROSS_NUMA")
    @Test
    void unknownNumaNodeIsNotJudgedAsCrossNuma() {
        HostFacts h = HostFacts.healthy().replace(Nic.class, HostFacts.nic(-1));
        assertThat(RuleHarness.ids(RuleHarness.diagnose(h.facts)))
                .containsExactly("NUMA_NODE_UNKNOWN@" + HostFacts.NIC);
    }

    private static InterruptLoad load(int lines, double busiestShare, boolean pinned) {
        return new InterruptLoad(
                HostFacts.NIC,
                "p0",
                lines,
                1_000_000,
                0,
                busiestShare,
                List.of(140, 141),
                CpuSet.of(HostFacts.range(0, 31)),
                pinned,
                false);
    }

    @Fires("IRQ_CONCENTRATED")
    @Test
    void sixtyPercentOfEightQueuesOnOneCpuIsConcentrated() {
        HostFacts h = HostFacts.healthy();
        h.facts.add(load(8, 0.6, false));
        Diagnosis d = RuleHarness.diagnose(h.facts);
        assertThat(RuleHarness.ids(d)).containsExactly("IRQ_CONCENTRATED@" + HostFacts.NIC);
        assertThat(d.findings().get(0).actions().get(0).parameters())
                .containsOnly(
                        java.util.Map.entry("nic", HostFacts.NIC),
                        java.util.Map.entry("device", "p0"),
                        java.util.Map.entry("irqs", "140,141"),
                        java.util.Map.entry("cpus", "0-31"));
    }

    @NearMiss("IRQ_CONCENTRATED")
    @Test
    void nearMissHalfTheInterruptsOnOneCpuIsNotMoreThanHalf() {
        HostFacts h = HostFacts.healthy();
        h.facts.add(load(8, 0.5, false));
        assertThat(RuleHarness.ids(RuleHarness.diagnose(h.facts))).isEmpty();
    }

    @NearMiss("IRQ_CONCENTRATED")
    @Test
    void nearMissTwoQueuesOnOneCpuAreNotJudged() {
        HostFacts h = HostFacts.healthy();
        h.facts.add(load(2, 0.9, false));
        assertThat(RuleHarness.ids(RuleHarness.diagnose(h.facts))).isEmpty();
    }

    @Fires("IRQBALANCE_ACTIVE")
    @Test
    void irqbalanceRunningOverHandPinnedInterruptsFires() {
        HostFacts h = HostFacts.healthy();
        h.facts.add(new IrqBalance("active", true));
        h.facts.add(load(8, 0.125, true));
        Diagnosis d = RuleHarness.diagnose(h.facts);
        assertThat(RuleHarness.ids(d)).containsExactly("IRQBALANCE_ACTIVE@irqbalance");
        // Banned, not stopped: the NIC's completion IRQs, so irqbalance goes on balancing the others.
        assertThat(d.findings().get(0).actions()).singleElement().satisfies(a -> {
            assertThat(a.action()).isEqualTo("irqbalance-ban-irqs");
            assertThat(a.parameters()).containsExactly(java.util.Map.entry("irqs", "140,141,142,143"));
        });
    }

    @Fires({"IRQBALANCE_ACTIVE", "IRQ_CROSS_NUMA"})
    @Test
    void irqbalanceRunningWhileInterruptsCrossNumaFiresBesideIt() {
        HostFacts h = HostFacts.healthy().replace(Nic.class, HostFacts.nic(1));
        h.facts.add(new IrqBalance("active", true));
        Diagnosis d = RuleHarness.diagnose(h.facts);
        assertThat(RuleHarness.ids(d))
                .containsExactly("IRQBALANCE_ACTIVE@irqbalance", "IRQ_CROSS_NUMA@" + HostFacts.NIC);
        // The IRQs the cross-NUMA fix moves: all four sit on node 0's CPUs while the NIC is on node 1.
        assertThat(d.findings().stream()
                        .filter(f -> f.id().equals("IRQBALANCE_ACTIVE"))
                        .findFirst()
                        .orElseThrow()
                        .actions())
                .singleElement()
                .satisfies(a ->
                        assertThat(a.parameters()).containsExactly(java.util.Map.entry("irqs", "140,141,142,143")));
    }

    @NearMiss("IRQBALANCE_ACTIVE")
    @Test
    void nearMissIrqbalanceRunningOverItsOwnPlacementIsNoFault() {
        HostFacts h = HostFacts.healthy();
        h.facts.add(new IrqBalance("active", true));
        h.facts.add(load(8, 0.125, false));
        assertThat(RuleHarness.ids(RuleHarness.diagnose(h.facts))).isEmpty();
    }

    @NearMiss("IRQBALANCE_ACTIVE")
    @Test
    void nearMissIrqbalanceStoppedOverHandPinnedInterrupts() {
        HostFacts h = HostFacts.healthy();
        h.facts.add(new IrqBalance("inactive", false));
        h.facts.add(load(8, 0.125, true));
        assertThat(RuleHarness.ids(RuleHarness.diagnose(h.facts))).isEmpty();
    }

    @Fires("BUSY_POLL_OFF")
    @Test
    void busyPollingOffUnderTheLatencyProfileIsNoted() {
        HostFacts h = HostFacts.healthy();
        h.facts.add(new BusyPolling(0L, 0L));
        Diagnosis d = RuleHarness.diagnose(h.facts, "latency");
        assertThat(RuleHarness.ids(d)).containsExactly("BUSY_POLL_OFF@net.core.busy_poll");
        assertThat(d.findings().get(0).actions())
                .extracting(a -> a.parameters().get("key"))
                .containsExactly("net.core.busy_poll", "net.core.busy_read");
    }

    @NearMiss("BUSY_POLL_OFF")
    @Test
    void nearMissBusyPollingOffUnderTheThroughputProfileIsRight() {
        HostFacts h = HostFacts.healthy();
        h.facts.add(new BusyPolling(0L, 0L));
        assertThat(RuleHarness.ids(RuleHarness.diagnose(h.facts))).isEmpty();
    }

    @NearMiss("BUSY_POLL_OFF")
    @Test
    void nearMissBusyReadSetUnderTheLatencyProfile() {
        HostFacts h = HostFacts.healthy();
        h.facts.add(new BusyPolling(0L, 50L));
        assertThat(RuleHarness.ids(RuleHarness.diagnose(h.facts, "latency"))).isEmpty();
    }
}
