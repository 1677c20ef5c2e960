package io.rocedoctor.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.facts.Nic;
import org.junit.jupiter.api.Test;

class IrqRulesTest {

    @Test
    void healthyHostHasNoFinding() {
        assertThat(RuleHarness.ids(RuleHarness.diagnose(HostFacts.healthy().facts))).isEmpty();
    }

    @Test
    void nicOnNodeOneWithInterruptsOnNodeZeroIsCrossNumaAndCritical() {
        HostFacts h = HostFacts.healthy().replace(Nic.class, HostFacts.nic(1));
        Diagnosis d = RuleHarness.diagnose(h.facts);
        assertThat(RuleHarness.ids(d)).containsExactly("IRQ_CROSS_NUMA@" + HostFacts.NIC);
        Finding f = d.findings().get(0);
        assertThat(f.severity()).isEqualTo("critical"); // 100% of the interrupts land off-node
        assertThat(f.evidence()).anySatisfy(e -> assertThat(e.source()).isEqualTo("/proc/irq/140/smp_affinity_list"));
        assertThat(f.actions()).extracting(ActionProposal::action).containsExactly("irq-affinity-local-numa");
        assertThat(f.actions().get(0).parameters()).containsEntry("cpus", "32-63").containsEntry("irqs", "140,141,142,143");
    }

    @Test
    void aMinorityOfInterruptsOffNodeIsHighNotCritical() {
        HostFacts h = HostFacts.healthy().pinIrqsTo(1, 2, 3, 40); // one of four lines on node 1
        Diagnosis d = RuleHarness.diagnose(h.facts);
        assertThat(RuleHarness.ids(d)).containsExactly("IRQ_CROSS_NUMA@" + HostFacts.NIC);
        assertThat(d.findings().get(0).severity()).isEqualTo("high");
    }

    @Test
    void nearMissEveryInterruptOnTheNicNodeDoesNotFire() {
        HostFacts h = HostFacts.healthy().pinIrqsTo(28, 29, 30, 31); // the last CPUs of node 0
        assertThat(RuleHarness.ids(RuleHarness.diagnose(h.facts))).isEmpty();
    }

    @Test
    void unknownNumaNodeIsNotJudgedAsCrossNuma() {
        HostFacts h = HostFacts.healthy().replace(Nic.class, HostFacts.nic(-1));
        assertThat(RuleHarness.ids(RuleHarness.diagnose(h.facts))).containsExactly("NUMA_NODE_UNKNOWN@" + HostFacts.NIC);
    }
}
