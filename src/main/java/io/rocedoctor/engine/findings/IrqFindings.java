package io.rocedoctor.engine.findings;

import io.rocedoctor.engine.ActionProposal;
import io.rocedoctor.engine.Figures;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.engine.Severity;
import io.rocedoctor.engine.Thresholds;
import io.rocedoctor.facts.InterruptLoad;
import io.rocedoctor.facts.InterruptShare;
import io.rocedoctor.facts.IrqBalance;
import io.rocedoctor.facts.IrqBinding;
import io.rocedoctor.facts.Nic;
import io.rocedoctor.facts.NumaNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;

/** The findings of the interrupt rules (rules/irq.drl), from the IRQ lines and loads they matched. */
public final class IrqFindings {
    private IrqFindings() {}

    /**
     * IRQ_CROSS_NUMA: the NIC's node, the share of its completion interrupts served off it (critical
     * above {@code irq.offNodeCriticalShare}), each remote line ({@code remote}) by IRQ number, and
     * the move of those lines to the node's CPUs. {@code lines} are all its completion lines.
     */
    public static Finding.Builder crossNuma(
            Nic nic, NumaNode node, List<IrqBinding> remote, List<IrqBinding> lines, Thresholds thresholds) {
        double share = InterruptShare.offNode(lines, node.cpus());
        Finding.Builder f = Finding.about(nic.id())
                .scope(nic.ports())
                .confirmed()
                .severity(share > thresholds.num("irq.offNodeCriticalShare") ? Severity.CRITICAL : Severity.HIGH)
                .evidence(
                        "/sys/class/net/" + nic.ports().get(0) + "/device/numa_node",
                        nic.numaNode(),
                        "NIC on node " + nic.numaNode() + ", whose CPUs are " + node.cpus())
                .evidence(
                        "/proc/interrupts",
                        Figures.percent(share),
                        "share of the NIC's completion interrupts on CPUs outside node " + nic.numaNode());
        List<IrqBinding> byIrq = new ArrayList<>(remote);
        byIrq.sort(Comparator.comparingInt(IrqBinding::irq));
        for (IrqBinding b : byIrq) {
            f.evidence(
                    b.affinitySource(),
                    b.affinity(),
                    b.name() + ": CPU(s) " + b.affinity().minus(node.cpus()) + " outside node " + nic.numaNode());
        }
        String irqs = byIrq.stream().map(b -> String.valueOf(b.irq())).collect(Collectors.joining(","));
        return f.action(
                "irq-affinity-local-numa",
                "nic",
                nic.id(),
                "device",
                nic.ports().get(0),
                "irqs",
                irqs,
                "cpus",
                node.cpus().toString());
    }

    /** IRQ_CONCENTRATED: the busiest CPU's share and IRQs, and their spread over the NIC-local CPUs when those are known. */
    public static Finding.Builder concentrated(InterruptLoad l) {
        Finding.Builder f = Finding.about(l.nic())
                .scope(l.device())
                .evidence(
                        "/proc/interrupts",
                        Figures.percent(l.busiestShare()),
                        "share of the NIC's completion interrupts taken by CPU " + l.busiestCpu() + " (" + l.lines()
                                + " completion lines, " + l.total() + " interrupts"
                                + (l.sinceBoot() ? " since boot: one sample)" : " between samples)"))
                .evidence("/proc/interrupts", l.busiestIrqList(), "IRQs CPU " + l.busiestCpu() + " served");
        if (l.sinceBoot()) {
            f.possible();
        } else {
            f.confirmed();
        }
        if (l.localCpus() != null) {
            f.action(
                    "irq-affinity-spread",
                    "nic",
                    l.nic(),
                    "device",
                    l.device(),
                    "irqs",
                    l.busiestIrqList(),
                    "cpus",
                    l.localCpus().toString());
        }
        return f;
    }

    /**
     * IRQBALANCE_ACTIVE: irqbalance running over hand-pinned NICs ({@code pinned}) or the placement
     * fixes IRQ_CROSS_NUMA proposes ({@code crossNuma}). The IRQs to keep are banned, not the
     * daemon stopped: irqbalance leaves them alone and goes on balancing the host's others.
     * {@code completions} are the host's completion lines.
     */
    public static Finding.Builder irqbalanceActive(
            IrqBalance b, List<InterruptLoad> pinned, List<Finding> crossNuma, List<IrqBinding> completions) {
        Finding.Builder f = Finding.about("irqbalance")
                .confirmed()
                .evidence(
                        "systemctl is-active irqbalance",
                        b.state(),
                        "irqbalance rewrites smp_affinity of every IRQ it does not ban");
        TreeSet<Integer> irqs = new TreeSet<>();
        for (InterruptLoad l : pinned) {
            f.scope(l.nic())
                    .evidence(
                            "/proc/irq/*/smp_affinity_list",
                            l.lines() + " lines",
                            "NIC " + l.nic()
                                    + ": each completion IRQ pinned to a CPU of its own, as set by hand or script");
            completions.stream().filter(c -> l.nic().equals(c.nic())).forEach(c -> irqs.add(c.irq()));
        }
        for (Finding x : crossNuma) {
            f.scope(x.scope()).evidence("IRQ_CROSS_NUMA", x.subject(), "a placement fix irqbalance would undo");
            for (ActionProposal a : x.actions()) {
                String listed = a.parameters().get("irqs");
                if (listed != null) {
                    for (String irq : listed.split(",")) {
                        irqs.add(Integer.valueOf(irq));
                    }
                }
            }
        }
        if (!irqs.isEmpty()) {
            f.action(
                    "irqbalance-ban-irqs",
                    "irqs",
                    irqs.stream().map(String::valueOf).collect(Collectors.joining(",")));
        }
        return f;
    }

    /**
     * BUSY_POLL_OFF (its rule matches both sysctls at 0 under a latency-sensitive profile): both
     * sysctls as evidence and 50 µs of busy polling proposed for each, the kernel's suggested value
     * (Documentation/admin-guide/sysctl/net.rst).
     */
    public static Finding.Builder busyPollOff() {
        return Finding.about("net.core.busy_poll")
                .hostWide()
                .confirmed()
                .evidence(
                        "sysctl -a",
                        "net.core.busy_poll = 0",
                        "poll/select sleep on an empty queue instead of spinning")
                .evidence(
                        "sysctl -a",
                        "net.core.busy_read = 0",
                        "blocking reads sleep on an empty queue instead of spinning")
                .action("sysctl-busy-poll", "key", "net.core.busy_poll", "value", "50", "current", "0")
                .action("sysctl-busy-poll", "key", "net.core.busy_read", "value", "50", "current", "0");
    }
}
