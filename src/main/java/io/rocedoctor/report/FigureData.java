package io.rocedoctor.report;

import io.rocedoctor.facts.Facts;
import io.rocedoctor.facts.GroupTraffic;
import io.rocedoctor.facts.IrqBinding;
import io.rocedoctor.facts.Link;
import io.rocedoctor.facts.Nic;
import io.rocedoctor.facts.NumaNode;
import io.rocedoctor.facts.PcieLink;
import io.rocedoctor.facts.Port;
import io.rocedoctor.facts.PortQos;
import io.rocedoctor.facts.PriorityPause;
import io.rocedoctor.facts.RoceTraffic;
import io.rocedoctor.facts.SwitchPort;
import io.rocedoctor.parse.CpuSet;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The host's numbers that the report's pictures draw, in the report model so that every format
 * (and the JSON) carries the same figures: the NICs, each multi-path group's traffic split, the
 * interrupts each CPU took per NIC, the PFC pause counters per priority, each NIC's PCIe
 * ceiling against what its ports may ask, and each known link's host QoS against its switch port's. A list is empty when the bundle lacks its data.
 */
public record FigureData(
        List<NicSummary> nics,
        List<PathShares> pathShares,
        List<InterruptSpread> interrupts,
        List<PauseCounter> pause,
        List<PcieCeiling> pcie,
        List<LinkQos> links) {

    public FigureData {
        nics = List.copyOf(nics);
        pathShares = List.copyOf(pathShares);
        interrupts = List.copyOf(interrupts);
        pause = List.copyOf(pause);
        pcie = List.copyOf(pcie);
        links = List.copyOf(links);
    }

    /**
     * A host port and the switch port it faces (a known link) side by side: the priorities with PFC
     * on, the trust mode, and the priority each side gives the RoCE traffic's DSCP (the host's as it
     * derives it, the switch's from its DSCP map). Null or empty where the bundle does not say.
     */
    public record LinkQos(
            String hostPort,
            String switchName,
            String switchPort,
            List<Integer> hostPfc,
            List<Integer> switchPfc,
            String hostTrust,
            String switchTrust,
            Integer roceDscp,
            Integer hostPriority,
            Integer switchPriority) {
        public LinkQos {
            hostPfc = List.copyOf(hostPfc);
            switchPfc = List.copyOf(switchPfc);
        }
    }

    /** A physical NIC as the summary names it. */
    public record NicSummary(
            String id,
            String model,
            String driver,
            String firmware,
            Integer numaNode,
            List<String> ports,
            double activeGbps) {
        /** Model, driver and firmware for people, saying what the bundle did not report. */
        public String description() {
            return (model == null ? "model not reported" : model) + " ("
                    + (driver == null ? "driver not reported" : driver) + ", firmware "
                    + (firmware == null ? "not reported" : firmware) + ")";
        }
    }

    /** One direction of one multi-path group: each member's share of the group's bytes. */
    public record PathShares(String group, String direction, Map<String, Double> shares, boolean sinceBoot) {
        public PathShares {
            shares = Collections.unmodifiableMap(new TreeMap<>(shares)); // members in name order, whoever built it
        }
    }

    /** The interrupts of one NIC's lines per CPU, with the NIC's own NUMA node (null when unknown). */
    public record InterruptSpread(String nic, Integer nicNode, List<CpuInterrupts> cpus, boolean sinceBoot) {}

    /** The NUMA node of a CPU is null when the bundle has no NUMA topology for it. */
    public record CpuInterrupts(int cpu, Integer node, long interrupts) {}

    /** A per-priority PFC pause counter of a port; {@code perSecond} is null with one sample. */
    public record PauseCounter(
            String port, String direction, int priority, long frames, Double perSecond, boolean sinceBoot) {}

    /**
     * A NIC's PCIe link ("Gen3 x8"), its usable rate after encoding, the share of it the profile
     * budgets for data ({@code budgetGbps}, null when the profile has no factor) and the speeds of
     * the NIC's ports whose sum is the demand.
     */
    public record PcieCeiling(
            String nic,
            String link,
            double usableGbps,
            Double budgetGbps,
            double demandGbps,
            Map<String, Double> portGbps) {
        public PcieCeiling {
            portGbps = Collections.unmodifiableMap(new TreeMap<>(portGbps));
        }
    }

    static FigureData from(Facts facts, Double pcieOverheadFactor) {
        List<Nic> nics = facts.of(Nic.class).stream()
                .sorted(Comparator.comparing(Nic::id))
                .toList();
        return new FigureData(
                nics.stream()
                        .map(n -> new NicSummary(
                                n.id(), n.model(), n.driver(), n.firmware(), n.numaNode(), n.ports(), n.activeGbps()))
                        .toList(),
                facts.of(GroupTraffic.class).stream()
                        .sorted(Comparator.comparing(GroupTraffic::group)
                                .thenComparing(
                                        GroupTraffic::direction,
                                        Comparator.reverseOrder())) // tx before rx, as people say it
                        .map(g -> new PathShares(g.group(), g.direction(), g.shares(), g.sinceBoot()))
                        .toList(),
                interrupts(facts, nics),
                pause(facts),
                pcie(facts, nics, pcieOverheadFactor),
                links(facts));
    }

    /** Each known link whose switch port the bundle dumped, in host port order. */
    private static List<LinkQos> links(Facts facts) {
        List<LinkQos> out = new ArrayList<>();
        List<Link> links = facts.of(Link.class).stream()
                .sorted(Comparator.comparing(Link::hostPort))
                .toList();
        for (Link link : links) {
            Optional<SwitchPort> sw = facts.of(SwitchPort.class).stream()
                    .filter(p ->
                            p.switchName().equals(link.switchName()) && p.port().equals(link.switchPort()))
                    .findFirst();
            if (sw.isEmpty()) {
                continue;
            }
            Optional<PortQos> qos = facts.of(PortQos.class).stream()
                    .filter(q -> q.device().equals(link.hostPort()))
                    .findFirst();
            Optional<RoceTraffic> roce = facts.of(RoceTraffic.class).stream()
                    .filter(t -> link.hostPort().equals(t.netdev()))
                    .findFirst();
            Integer dscp = roce.map(RoceTraffic::dscp).orElse(null);
            out.add(new LinkQos(
                    link.hostPort(),
                    link.switchName(),
                    link.switchPort(),
                    qos.map(PortQos::pfcPriorities).orElse(List.of()),
                    sw.get().pfcPriorities(),
                    qos.map(PortQos::trust).orElse(null),
                    sw.get().trust(),
                    dscp,
                    roce.map(RoceTraffic::priority).orElse(null),
                    dscp == null ? null : sw.get().dscpPriority().get(dscp)));
        }
        return out;
    }

    private static List<InterruptSpread> interrupts(Facts facts, List<Nic> nics) {
        Map<Integer, Integer> nodeOf = new TreeMap<>();
        for (NumaNode node : facts.of(NumaNode.class)) {
            node.cpus().stream().forEach(cpu -> nodeOf.put(cpu, node.id()));
        }
        TreeSet<Integer> hostCpus = new TreeSet<>(nodeOf.keySet());
        Integer cpuCount = facts.host().cpuCount();
        for (int cpu = 0; cpuCount != null && cpu < cpuCount; cpu++) {
            hostCpus.add(cpu);
        }
        // Each NIC's lines in one pass over the host's, in their order.
        Map<String, List<IrqBinding>> byNic = new HashMap<>();
        for (IrqBinding line : facts.of(IrqBinding.class)) {
            if (line.nic() != null) {
                byNic.computeIfAbsent(line.nic(), k -> new ArrayList<>()).add(line);
            }
        }
        List<InterruptSpread> out = new ArrayList<>();
        for (Nic nic : nics) {
            List<IrqBinding> own = byNic.getOrDefault(nic.id(), List.of());
            if (own.isEmpty()) {
                continue;
            }
            Map<Integer, Long> perCpu = new TreeMap<>();
            hostCpus.forEach(cpu -> perCpu.put(cpu, 0L));
            for (IrqBinding line : own) {
                spread(line, perCpu);
            }
            List<CpuInterrupts> cpus = perCpu.entrySet().stream()
                    .map(e -> new CpuInterrupts(e.getKey(), nodeOf.get(e.getKey()), e.getValue()))
                    .toList();
            out.add(new InterruptSpread(
                    nic.id(),
                    nic.numaNode() == null || nic.numaNode() < 0 ? null : nic.numaNode(),
                    cpus,
                    own.stream().anyMatch(IrqBinding::sinceBoot)));
        }
        return out;
    }

    /**
     * Adds a line's interrupts to the CPUs that served it. The facts keep a line's total and the
     * set of CPUs that took any, not each CPU's part, so the total is split evenly between them
     * (most lines are served by one CPU, where this is exact).
     */
    private static void spread(IrqBinding line, Map<Integer, Long> perCpu) {
        CpuSet served = line.servedBy();
        if (served == null || served.empty() || line.count() == 0) {
            return;
        }
        int[] cpus = served.stream().toArray();
        long each = line.count() / cpus.length;
        long rest = line.count() % cpus.length;
        for (int i = 0; i < cpus.length; i++) {
            perCpu.merge(cpus[i], each + (i < rest ? 1 : 0), Long::sum);
        }
    }

    /** Per-priority pause as the QoS facts read it from each driver's names (mlx5, bnxt_en, ice). */
    private static List<PauseCounter> pause(Facts facts) {
        List<PauseCounter> out = new ArrayList<>();
        for (PriorityPause p : facts.of(PriorityPause.class)) {
            out.add(new PauseCounter(
                    p.device(), p.direction(), p.priority(), p.frames(), p.perSecond(), p.sinceBoot()));
        }
        out.sort(Comparator.comparing(PauseCounter::port)
                .thenComparing(PauseCounter::direction, Comparator.reverseOrder())
                .thenComparingInt(PauseCounter::priority));
        return out;
    }

    private static List<PcieCeiling> pcie(Facts facts, List<Nic> nics, Double overheadFactor) {
        Map<String, PcieLink> links = new LinkedHashMap<>();
        facts.of(PcieLink.class).forEach(l -> links.putIfAbsent(l.nic(), l));
        List<Port> ports = facts.of(Port.class);
        List<PcieCeiling> out = new ArrayList<>();
        for (Nic nic : nics) {
            PcieLink link = links.get(nic.id());
            if (link == null) {
                continue;
            }
            Map<String, Double> portGbps = new TreeMap<>();
            ports.stream()
                    .filter(p -> nic.id().equals(p.nic()) && p.speedMbps() != null)
                    .forEach(p -> portGbps.put(p.name(), p.speedMbps() / 1000.0));
            out.add(new PcieCeiling(
                    nic.id(),
                    "Gen" + link.generation() + " x" + link.width(),
                    link.usableGbps(),
                    overheadFactor == null ? null : overheadFactor * link.usableGbps(),
                    nic.activeGbps(),
                    portGbps));
        }
        return out;
    }
}
