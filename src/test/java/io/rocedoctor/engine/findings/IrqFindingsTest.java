package io.rocedoctor.engine.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.engine.ActionProposal;
import io.rocedoctor.engine.Evidence;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.engine.Thresholds;
import io.rocedoctor.facts.InterruptLoad;
import io.rocedoctor.facts.IrqBalance;
import io.rocedoctor.facts.IrqBinding;
import io.rocedoctor.facts.Nic;
import io.rocedoctor.facts.NumaNode;
import io.rocedoctor.parse.CpuSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the interrupt findings say and propose, from the IRQ lines and loads their rules matched. */
class IrqFindingsTest {
    private static final Nic NIC = new Nic("0000:c1:00", "BCM57508", "bnxt_en", "230.0", 1, List.of("ens3f0np0"), 100);
    private static final NumaNode NODE1 = new NumaNode(1, CpuSet.of(8, 9, 10, 11));
    private static final Thresholds HALF = new Thresholds("throughput", Map.of("irq.offNodeCriticalShare", 0.5), false);

    private static IrqBinding line(int irq, int cpu, long count) {
        return new IrqBinding(
                irq,
                "bnxt_re-nq-" + irq + "@pci:0000:c1:00.0",
                NIC.id(),
                "0000:c1:00.0",
                true,
                CpuSet.of(cpu),
                count,
                false,
                CpuSet.of(cpu));
    }

    @Test
    void remoteLinesAreListedByIrqAndMovedToTheNodesCpus() {
        List<IrqBinding> remote = List.of(line(142, 2, 900), line(140, 1, 900));
        List<IrqBinding> all = List.of(remote.get(0), remote.get(1), line(141, 8, 100), line(143, 9, 100));
        Finding f = IrqFindings.crossNuma(NIC, NODE1, remote, all, HALF).build("IRQ_CROSS_NUMA");
        assertThat(f.severity()).isEqualTo("critical"); // 90% off node, above half
        assertThat(f.evidence())
                .extracting(Evidence::source)
                .endsWith("/proc/irq/140/smp_affinity_list", "/proc/irq/142/smp_affinity_list");
        assertThat(f.actions())
                .singleElement()
                .satisfies(a -> assertThat(a.parameters())
                        .containsEntry("irqs", "140,142")
                        .containsEntry("cpus", "8-11"));
    }

    @Test
    void anAffinityReadFromShowIrqAffinityIsCitedAsThatListing() {
        IrqBinding own = line(141, 1, 900);
        IrqBinding listed = new IrqBinding(
                140,
                own.name(),
                NIC.id(),
                own.pciAddress(),
                true,
                CpuSet.of(2),
                900,
                true,
                CpuSet.of(2),
                "show_irq_affinity.sh ens3f0np0");
        Finding f = IrqFindings.crossNuma(NIC, NODE1, List.of(listed, own), List.of(listed, own), HALF)
                .build("IRQ_CROSS_NUMA");
        assertThat(f.evidence())
                .extracting(Evidence::source)
                .endsWith("show_irq_affinity.sh ens3f0np0", "/proc/irq/141/smp_affinity_list");
    }

    @Test
    void nearMissBelowTheCriticalShareStaysHigh() {
        List<IrqBinding> remote = List.of(line(140, 1, 100));
        Finding f = IrqFindings.crossNuma(NIC, NODE1, remote, List.of(remote.get(0), line(141, 8, 900)), HALF)
                .build("IRQ_CROSS_NUMA");
        assertThat(f.severity()).isEqualTo("high");
    }

    @Test
    void irqbalanceBansThePinnedLinesAndTheCrossNumaFixOnly() {
        InterruptLoad pinned =
                new InterruptLoad(NIC.id(), "ens3f0np0", 2, 2000, 8, 0.5, List.of(141), CpuSet.of(8, 9), true, false);
        Finding crossNuma = Finding.of("IRQ_CROSS_NUMA", "0000:81:00")
                .action("irq-affinity-local-numa", "irqs", "90,91")
                .build();
        IrqBinding otherNic = new IrqBinding(
                77,
                "mlx5_comp0@pci:0000:81:00.0",
                "0000:81:00",
                "0000:81:00.0",
                true,
                CpuSet.of(0),
                10,
                false,
                CpuSet.of(0));
        Finding f = IrqFindings.irqbalanceActive(
                        new IrqBalance("active", true),
                        List.of(pinned),
                        List.of(crossNuma),
                        List.of(line(141, 8, 1000), line(143, 9, 1000), otherNic))
                .build("IRQBALANCE_ACTIVE");
        assertThat(f.actions())
                .containsExactly(new ActionProposal("irqbalance-ban-irqs", Map.of("irqs", "90,91,141,143")));
        assertThat(f.scope()).contains(NIC.id(), "0000:81:00");
    }

    @Test
    void busyPollingIsProposedForBothSysctlsAtTheKernelsSuggestedBudget() {
        Finding f = IrqFindings.busyPollOff().build("BUSY_POLL_OFF");
        assertThat(f.scope()).isEmpty();
        assertThat(f.evidence())
                .extracting(Evidence::value)
                .containsExactly("net.core.busy_poll = 0", "net.core.busy_read = 0");
        assertThat(f.actions())
                .containsExactly(
                        new ActionProposal(
                                "sysctl-busy-poll", Map.of("key", "net.core.busy_poll", "value", "50", "current", "0")),
                        new ActionProposal(
                                "sysctl-busy-poll",
                                Map.of("key", "net.core.busy_read", "value", "50", "current", "0")));
    }
}
