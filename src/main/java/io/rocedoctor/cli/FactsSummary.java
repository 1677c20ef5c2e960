package io.rocedoctor.cli;

import io.rocedoctor.facts.Bond;
import io.rocedoctor.facts.Host;
import io.rocedoctor.facts.InterruptLoad;
import io.rocedoctor.facts.IrqBinding;
import io.rocedoctor.facts.Nic;
import io.rocedoctor.facts.NumaNode;
import io.rocedoctor.facts.PcieLink;
import io.rocedoctor.facts.Port;
import io.rocedoctor.facts.PortQos;
import io.rocedoctor.facts.RdmaDevice;
import io.rocedoctor.parse.CpuSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * {@code facts} for a person: one block per NIC (model, driver, NUMA node, PCIe link, where its
 * completion interrupts run, each port with its RDMA device and QoS), then the bonds and what was
 * read. Numbers are rounded the way people say them (252 Gb/s, not 252.06153846153848); the
 * complete facts are {@code facts --full}.
 * <pre>
 * Host hpc-node-112: 64 CPUs, 2 NUMA nodes (node 0: CPUs 0-31, node 1: CPUs 32-63); 2 samples 10 s apart
 *
 * NIC 0000:3b:00: ConnectX-6 Dx (mlx5_core, firmware 22.36.1010), NUMA node 1
 *   PCIe: Gen4 x16 (capable of Gen4 x16), usable 252 Gb/s, max payload 256 B, max read request 512 B
 *   IRQs: 16 completion IRQs (140-155) on CPUs 0-3: node 0 (not the NIC's node 1)
 *   ens1f0np0: 100 Gb/s, MTU 9000; RDMA mlx5_0 port 1 (ACTIVE, MTU 4096); trust dscp, PFC on 3; ECN on 3
 * </pre>
 */
final class FactsSummary {
    private FactsSummary() {}

    static String of(FactsView view) {
        List<String> out = new ArrayList<>();
        out.add(host(view.host(), view.numaNodes()));
        for (FactsView.NicView nic : view.nics()) {
            out.add("");
            out.add(nicLine(nic.nic()));
            if (nic.pcie() != null) {
                out.add("  PCIe: " + pcie(nic.pcie()));
            }
            String irqs = irqs(
                    nic.irqs(), nic.interruptLoad(), view.numaNodes(), nic.nic().numaNode());
            if (!irqs.isEmpty()) {
                out.add("  IRQs: " + irqs);
            }
            for (FactsView.PortView port : nic.ports()) {
                out.add("  " + port(port));
            }
        }
        if (!view.rdmaWithoutPort().isEmpty()) {
            out.add("");
            out.add("RDMA devices without a netdev in the bundle:");
            view.rdmaWithoutPort().forEach(r -> out.add("  " + rdma(r.device())));
        }
        if (!view.bonds().isEmpty()) {
            out.add("");
            out.add("Bonds:");
            view.bonds().forEach(b -> out.add("  " + bond(b)));
        }
        FactsView.Ledger sources = view.sources();
        out.add("");
        out.add(String.format(
                Locale.ROOT,
                "Sources: %d read, %d not collected, %d unreadable.",
                sources.parsed().size(),
                sources.missing().size(),
                sources.failed().size()));
        sources.failed().forEach(f -> out.add("  unreadable: " + f.source() + " (" + f.where() + ")"));
        out.add("Every fact, every counter and every source: 'roce-doctor facts BUNDLE --full'.");
        return String.join("\n", out) + "\n";
    }

    private static String host(Host host, List<NumaNode> nodes) {
        StringBuilder s = new StringBuilder("Host ").append(host.name()).append(':');
        List<String> parts = new ArrayList<>();
        if (host.cpuCount() != null) {
            parts.add(host.cpuCount() + " CPUs");
        }
        if (host.numaNodeCount() > 0) {
            String node = host.numaNodeCount() == 1 ? " NUMA node" : " NUMA nodes";
            String cpus = nodes.stream()
                    .map(n -> "node " + n.id() + ": CPUs " + n.cpus())
                    .collect(Collectors.joining(", "));
            parts.add(host.numaNodeCount() + node + (cpus.isEmpty() ? "" : " (" + cpus + ")"));
        }
        s.append(parts.isEmpty() ? "" : " " + String.join(", ", parts));
        if (host.samples() > 1 && host.intervalSeconds() != null) {
            s.append("; ")
                    .append(host.samples())
                    .append(" samples ")
                    .append(rounded(host.intervalSeconds()))
                    .append(" s apart");
        } else {
            s.append("; one sample (no rates)");
        }
        return s.toString();
    }

    private static String nicLine(Nic nic) {
        List<String> about = new ArrayList<>();
        if (nic.driver() != null) {
            about.add(nic.driver());
        }
        if (nic.firmware() != null) {
            about.add("firmware " + nic.firmware());
        }
        String model = nic.model() == null ? "model unknown" : nic.model();
        return "NIC " + nic.id() + ": " + model + (about.isEmpty() ? "" : " (" + String.join(", ", about) + ")") + ", "
                + numaNode(nic.numaNode());
    }

    /** sysfs numa_node is -1 where the platform's firmware gives the device no node (no ACPI _PXM). */
    private static String numaNode(Integer node) {
        if (node == null) {
            return "NUMA node unknown";
        }
        return node < 0 ? "NUMA node unknown (the platform reports none)" : "NUMA node " + node;
    }

    static String pcie(PcieLink link) {
        StringBuilder s = new StringBuilder(String.format(
                Locale.ROOT,
                "Gen%d x%d (capable of Gen%d x%d)%s, usable %s Gb/s",
                link.generation(),
                link.width(),
                link.capGeneration(),
                link.capWidth(),
                downgraded(link),
                rounded(link.usableGbps())));
        if (link.limitingAddress() != null && !link.limitingAddress().equals(link.address())) {
            s.append(" (limited at ").append(link.limitingAddress()).append(')');
        }
        if (link.maxPayload() != null) {
            s.append(", max payload ").append(link.maxPayload()).append(" B");
        }
        if (link.maxReadReq() != null) {
            s.append(", max read request ").append(link.maxReadReq()).append(" B");
        }
        return s.toString();
    }

    /** Each link of the path that trained below its capability, NIC first: where a ceiling comes from. */
    private static String downgraded(PcieLink link) {
        StringBuilder s = new StringBuilder();
        for (PcieLink.Segment l : link.downgradedLinks()) {
            s.append(String.format(
                    Locale.ROOT,
                    ", link %s downgraded to %s GT/s x%d of %s GT/s x%d",
                    l.ends(),
                    rounded(l.gts()),
                    l.width(),
                    rounded(l.capGts()),
                    l.capWidth()));
        }
        if (s.length() == 0 && link.downgraded()) {
            s.append(", downgraded");
        }
        return s.toString();
    }

    /**
     * Where the completion interrupts are allowed to run, and on which NUMA nodes that is: the
     * placement the IRQ rules judge, in one line.
     */
    static String irqs(List<IrqBinding> irqs, InterruptLoad load, List<NumaNode> nodes, Integer nicNode) {
        List<IrqBinding> completion =
                irqs.stream().filter(IrqBinding::completion).toList();
        if (completion.isEmpty()) {
            return irqs.isEmpty() ? "" : irqs.size() + " IRQs, none of them a completion IRQ";
        }
        CpuSet cpus = completion.stream()
                .map(IrqBinding::affinity)
                .filter(java.util.Objects::nonNull)
                .reduce(CpuSet.EMPTY, CpuSet::union);
        TreeSet<Integer> onNodes = new TreeSet<>();
        for (NumaNode n : nodes) {
            if (n.cpus().intersects(cpus)) {
                onNodes.add(n.id());
            }
        }
        StringBuilder s = new StringBuilder()
                .append(completion.size())
                .append(" completion IRQs (")
                .append(listSyntax(completion.stream().map(IrqBinding::irq).toList()))
                .append(") on CPUs ")
                .append(cpus.empty() ? "unknown" : cpus.toString());
        if (!onNodes.isEmpty()) {
            s.append(": node").append(onNodes.size() > 1 ? "s " : " ");
            s.append(onNodes.stream().map(String::valueOf).collect(Collectors.joining(", ")));
            if (nicNode != null && nicNode >= 0 && !onNodes.contains(nicNode)) {
                s.append(" (not the NIC's node ").append(nicNode).append(')');
            }
        }
        if (load != null && load.total() > 0) {
            s.append(String.format(
                    Locale.ROOT,
                    "; busiest CPU %d with %s%% of %s",
                    load.busiestCpu(),
                    rounded(100 * load.busiestShare()),
                    load.sinceBoot() ? "the interrupts since boot" : "the interrupts between the samples"));
        }
        return s.toString();
    }

    private static String port(FactsView.PortView view) {
        Port p = view.port();
        List<String> link = new ArrayList<>();
        link.add(p.speedMbps() == null ? "speed unknown" : rounded(p.speedMbps() / 1000.0) + " Gb/s");
        if (p.mtu() != null) {
            link.add("MTU " + p.mtu());
        }
        if (p.bond() != null) {
            link.add("in " + p.bond());
        }
        List<String> parts = new ArrayList<>();
        parts.add(String.join(", ", link));
        parts.add(
                view.rdma().isEmpty()
                        ? "no RDMA device"
                        : view.rdma().stream()
                                .map(r -> "RDMA " + rdma(r.device()))
                                .collect(Collectors.joining(", ")));
        if (view.qos() != null) {
            parts.add(qos(view.qos()));
        }
        if (view.ecn() != null) {
            List<Integer> on = view.ecn().notificationPoint().entrySet().stream()
                    .filter(e -> Boolean.TRUE.equals(e.getValue()))
                    .map(java.util.Map.Entry::getKey)
                    .toList();
            parts.add(on.isEmpty() ? "ECN off" : "ECN on " + listSyntax(on));
        }
        return p.name() + ": " + String.join("; ", parts);
    }

    private static String rdma(RdmaDevice d) {
        List<String> state = new ArrayList<>();
        if (d.state() != null) {
            state.add(d.state());
        }
        if (d.linkLayer() != null && !"Ethernet".equalsIgnoreCase(d.linkLayer())) {
            state.add(d.linkLayer());
        }
        if (d.activeMtu() != null) {
            state.add("MTU " + d.activeMtu());
        }
        return d.name() + " port " + d.port() + (state.isEmpty() ? "" : " (" + String.join(", ", state) + ")");
    }

    private static String qos(PortQos q) {
        List<String> s = new ArrayList<>();
        if (q.trust() != null) {
            s.add("trust " + q.trust());
        }
        s.add(q.pfcPriorities().isEmpty() ? "PFC off" : "PFC on " + listSyntax(q.pfcPriorities()));
        return String.join(", ", s);
    }

    private static String bond(Bond b) {
        return b.name() + ": " + b.mode()
                + (b.xmitHashPolicy() == null ? "" : ", hash " + b.xmitHashPolicy())
                + ", members " + (b.members().isEmpty() ? "none" : String.join(", ", b.members()));
    }

    /** Numbers (IRQs, priorities) in the kernel's list syntax, as CPU lists are written: 0-7,12. */
    private static String listSyntax(List<Integer> numbers) {
        return CpuSet.of(numbers).toString();
    }

    /** A figure as people say it: whole from 100 up, one decimal from 10, two below (trailing zeros dropped). */
    static String rounded(double v) {
        double abs = Math.abs(v);
        String s = String.format(Locale.ROOT, abs >= 100 ? "%.0f" : abs >= 10 ? "%.1f" : "%.2f", v);
        return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
    }
}
