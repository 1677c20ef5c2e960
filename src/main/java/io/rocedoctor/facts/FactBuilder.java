package io.rocedoctor.facts;

import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.parse.BondStatus;
import io.rocedoctor.parse.CpuSet;
import io.rocedoctor.parse.EthtoolDriverInfo;
import io.rocedoctor.parse.EthtoolLinkSettings;
import io.rocedoctor.parse.InterruptCounts;
import io.rocedoctor.parse.IrqAffinities;
import io.rocedoctor.parse.NumaTopology;
import io.rocedoctor.parse.PciDevice;
import io.rocedoctor.parse.PciDevices;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a bundle's parsed sources into domain facts: which netdev sits on which PCI function,
 * physical NIC and NUMA node; which interrupts serve which NIC and where they run; how counters
 * moved between samples; which ports form a multipath group (the layers say how its traffic spreads).
 */
public final class FactBuilder {
    /**
     * The words that make an IRQ named after its PCI function a completion (data path) vector:
     * mlx4/mlx5 {@code comp}, bnxt_re {@code nq} (notification queue), irdma {@code CEQ} and
     * {@code AEQCEQ} (its first vector also carries CEQ 0), netdev queue vectors {@code TxRx}.
     * Control vectors ({@code mlx5_async}, {@code bnxt_re-creq}, {@code ice-...:misc}) have none.
     * A word counts in any ASCII case and not inside a run of letters ({@code mlx5_comp3}, not {@code compat}).
     */
    private static final String[] COMPLETION_WORDS = {"comp", "nq", "ceq", "aeqceq", "txrx", "rx", "tx"};

    /** The length of a PCI function as drivers print it in an IRQ's name or its MSI-X chip: {@code 0000:41:00.0}. */
    private static final int PCI_FUNCTION_LENGTH = 12;

    private static final Pattern NETDEV_IRQ = Pattern.compile("(.+?)-(?:TxRx|rx|tx|txrx|comp)?-?(\\d+)");

    /** What the skeleton every layer builds on reads and holds: ports, NICs, PCIe, NUMA, bonds, port counters, IRQs. */
    static final FactLayer SKELETON = new FactLayer(
            "skeleton",
            Set.of(
                    SourceKind.LSPCI,
                    SourceKind.BONDING,
                    SourceKind.ETHTOOL_DRIVER,
                    SourceKind.ETHTOOL_LINK,
                    SourceKind.NETDEV_MTU,
                    SourceKind.NETDEV_NUMA_NODE,
                    SourceKind.NUMACTL,
                    SourceKind.LSCPU,
                    SourceKind.ETHTOOL_STATS,
                    SourceKind.PROC_INTERRUPTS,
                    SourceKind.IRQ_AFFINITY,
                    SourceKind.SHOW_IRQ_AFFINITY,
                    SourceKind.LLDP_NEIGHBORS),
            Set.of(),
            Set.of(
                    Host.class,
                    NumaNode.class,
                    Port.class,
                    Nic.class,
                    PcieLink.class,
                    Bond.class,
                    MultipathGroup.class,
                    CounterRate.class,
                    IrqBinding.class));

    /** The layers built on the skeleton, in the order their declarations give ({@link LayerOrder}). */
    private static final List<LayerFacts> LAYERS = LayerOrder.of(
            SKELETON,
            List.of(
                    new BaselineFacts(),
                    new DcqcnFacts(),
                    new GpuTopologyFacts(),
                    new IrqFacts(),
                    new LinkPauseFacts(),
                    new PeerToPeerFacts(),
                    new PhysicalFacts(),
                    new QosFacts(),
                    new QueueFacts(),
                    new RdmaFacts(),
                    new SwitchFacts(),
                    new TrafficFacts(),
                    new TransportFacts(),
                    new TrafficClassFacts(),
                    new CnpSchedulingFacts(),
                    new VlanFacts(),
                    new AddressingFacts()));

    /** The skeleton's declaration, then each layer's in the order they are built. */
    public static List<FactLayer> layers() {
        List<FactLayer> out = new ArrayList<>(List.of(SKELETON));
        LAYERS.forEach(l -> out.add(l.declaration()));
        return List.copyOf(out);
    }

    public Facts build(Bundle bundle) {
        SourceLedger ledger = new SourceLedger(bundle);
        ledger.readingFor(SKELETON.name());
        FactList facts = new FactList();
        // Counted once: each count walks every source's samples (~300 on a typical host).
        int samples = bundle.sampleCount();
        int lastSample = samples - 1;
        Double interval = lastSample > 0 ? bundle.secondsBetween(0, lastSample).orElse(null) : null;

        NumaTopology topology = numa(bundle, ledger);
        if (topology != null) {
            topology.nodes().forEach((id, cpus) -> facts.add(new NumaNode(id, cpus)));
        }
        PciDevices pci = bundle.sources(SourceKind.LSPCI).stream()
                .findFirst()
                .flatMap(s -> ledger.parse(s, PciDevices.class))
                .orElse(null);

        Map<String, BondStatus> bonds = new TreeMap<>();
        for (Source s : bundle.sources(SourceKind.BONDING)) {
            ledger.parse(s, BondStatus.class).ifPresent(b -> bonds.put(s.arg(), b));
        }
        Map<String, String> bondOf = new HashMap<>();
        bonds.forEach((name, b) -> b.members().forEach(m -> bondOf.put(m.name(), name)));

        // Ports: every netdev whose driver info names a PCI function.
        Map<String, Port> ports = new TreeMap<>();
        Map<String, EthtoolDriverInfo> drivers = new HashMap<>();
        for (Source s : bundle.sources(SourceKind.ETHTOOL_DRIVER)) {
            String iface = s.arg();
            Optional<EthtoolDriverInfo> info = ledger.parse(s, EthtoolDriverInfo.class);
            if (info.isEmpty()
                    || info.get().busInfo() == null
                    || !info.get().busInfo().matches("[0-9a-fA-F]{4}:.*")) {
                continue;
            }
            drivers.put(iface, info.get());
            String address = info.get().busInfo().toLowerCase(Locale.ROOT);
            Integer speed = ledger.parse(Source.of(SourceKind.ETHTOOL_LINK, iface), EthtoolLinkSettings.class)
                    .map(EthtoolLinkSettings::speedMbps)
                    .orElse(null);
            Integer mtu = ledger.parse(Source.of(SourceKind.NETDEV_MTU, iface), Long.class)
                    .map(Long::intValue)
                    .orElse(null);
            Integer node = ledger.parse(Source.of(SourceKind.NETDEV_NUMA_NODE, iface), Long.class)
                    .map(Long::intValue)
                    .orElse(null);
            if (node == null && pci != null) {
                node = pci.at(address).map(PciDevice::numaNode).orElse(null);
            }
            ports.put(iface, new Port(iface, slot(address), address, speed, mtu, node, bondOf.get(iface)));
        }
        facts.addAll(ports.values());

        // Physical NICs: ports grouped by PCI slot.
        Map<String, List<Port>> bySlot = new TreeMap<>();
        ports.values()
                .forEach(p ->
                        bySlot.computeIfAbsent(p.nic(), k -> new ArrayList<>()).add(p));
        for (Map.Entry<String, List<Port>> e : bySlot.entrySet()) {
            List<Port> members = e.getValue();
            Port first = members.get(0);
            EthtoolDriverInfo info = drivers.get(first.name());
            String model = pci == null
                    ? null
                    : pci.at(first.pciAddress()).map(PciDevice::name).orElse(null);
            Integer node = members.stream()
                    .map(Port::numaNode)
                    .filter(java.util.Objects::nonNull)
                    .findFirst()
                    .orElse(null);
            double activeGbps = activeGbps(members, pci);
            facts.add(new Nic(
                    e.getKey(),
                    model,
                    info.driver(),
                    info.firmware(),
                    node,
                    members.stream().map(Port::name).toList(),
                    activeGbps));
            if (pci != null) {
                pcieLink(e.getKey(), members, pci).ifPresent(facts::add);
            }
        }

        bonds.forEach((name, b) -> {
            facts.add(new Bond(
                    name,
                    b.mode(),
                    b.xmitHashPolicy(),
                    b.members().stream().map(BondStatus.Member::name).toList()));
            if (b.members().size() > 1) {
                String policy = b.xmitHashPolicy();
                Boolean l4 = b.mode().equals("active-backup")
                        ? null
                        : policy == null ? null : policy.contains("3+4") || policy.equals("encap3+4");
                facts.add(new MultipathGroup(
                        name,
                        "bond",
                        b.members().stream().map(BondStatus.Member::name).toList(),
                        policy == null ? "bond mode " + b.mode() : "bond xmit_hash_policy " + policy,
                        l4));
            }
        });

        // Counters of each port across samples.
        List<Nic> nics = facts.of(Nic.class);
        HostContext withoutCounters = new HostContext(
                bundle,
                ledger,
                lastSample,
                interval,
                ports,
                nics,
                pci,
                topology,
                Link.of(bundle, ledger),
                Map.of(),
                Map.of(),
                new HashMap<>());
        Map<String, Map<String, CounterRate>> portCounters = new TreeMap<>();
        Map<String, List<CounterRate>> portMeanings = new HashMap<>();
        for (Source s : bundle.sources(SourceKind.ETHTOOL_STATS)) {
            String driver = drivers.containsKey(s.arg()) ? drivers.get(s.arg()).driver() : null;
            Map<String, CounterRate> rates = withoutCounters.ethtoolRates(s, driver);
            portCounters.put(s.arg(), rates);
            // The dozen that carry a meaning are kept apart as the ~300 are added: one pass over them.
            List<CounterRate> meant = new ArrayList<>();
            for (CounterRate c : rates.values()) {
                facts.add(c);
                if (c.meaning() != null) {
                    meant.add(c);
                }
            }
            portMeanings.put(s.arg(), List.copyOf(meant));
        }
        HostContext context = withoutCounters.withPortCounters(portCounters, portMeanings);

        facts.addAll(irqBindings(bundle, ledger, ports, lastSample));
        for (LayerFacts layer : LAYERS) {
            ledger.readingFor(layer.declaration().name());
            layer.addTo(context, new BuiltFacts(facts, layer.declaration()));
        }
        ledger.readingFor(null);

        expectations(bundle, ledger, ports.keySet(), drivers);
        Host host = new Host(
                bundle.host(),
                topology == null ? null : topology.cpuCount(),
                topology == null ? 0 : topology.nodes().size(),
                samples,
                interval);
        return new Facts(host, facts, ledger);
    }

    /** What a full capture of this host holds (docs/bundle-format.md), so the report can say what is absent. */
    private static void expectations(
            Bundle bundle, SourceLedger ledger, java.util.Set<String> ports, Map<String, EthtoolDriverInfo> drivers) {
        for (SourceKind kind : List.of(
                SourceKind.LSPCI,
                SourceKind.LSCPU,
                SourceKind.NUMACTL,
                SourceKind.PROC_INTERRUPTS,
                SourceKind.SYSCTL,
                SourceKind.IRQBALANCE,
                SourceKind.RDMA_LINK,
                SourceKind.RDMA_STATISTIC,
                SourceKind.IBV_DEVINFO,
                SourceKind.SHOW_GIDS,
                SourceKind.IBDEV2NETDEV,
                SourceKind.IP_LINK_DETAILS,
                SourceKind.IP_LINK_STATS)) {
            if (bundle.sources(kind).isEmpty()) {
                ledger.expect(Source.of(kind));
            }
        }
        for (String port : ports) {
            for (SourceKind kind : List.of(
                    SourceKind.ETHTOOL_STATS,
                    SourceKind.ETHTOOL_DRIVER,
                    SourceKind.ETHTOOL_LINK,
                    SourceKind.ETHTOOL_CHANNELS,
                    SourceKind.ETHTOOL_RINGS,
                    SourceKind.ETHTOOL_RSS,
                    SourceKind.ETHTOOL_MODULE,
                    SourceKind.NETDEV_NUMA_NODE)) {
                ledger.expect(Source.of(kind, port));
            }
            // The port's QoS: from mlnx_qos (MLNX OFED, ConnectX) or iproute2's dcb, whichever it has;
            // when it has neither, the one its driver's hosts carry.
            Source mlnxQos = Source.of(SourceKind.MLNX_QOS, port);
            Source dcbPfc = Source.of(SourceKind.DCB_PFC, port);
            if (bundle.capture(mlnxQos, 0).isEmpty()
                    && bundle.capture(dcbPfc, 0).isEmpty()) {
                String driver = drivers.containsKey(port) ? drivers.get(port).driver() : null;
                ledger.expect(driver == null || driver.startsWith("mlx") ? mlnxQos : dcbPfc);
            }
        }
    }

    private static String slot(String address) {
        return address.substring(0, address.lastIndexOf('.'));
    }

    private static NumaTopology numa(Bundle bundle, SourceLedger ledger) {
        NumaTopology fromNumactl = bundle.sources(SourceKind.NUMACTL).stream()
                .findFirst()
                .flatMap(s -> ledger.parse(s, NumaTopology.class))
                .orElse(null);
        NumaTopology fromLscpu = bundle.sources(SourceKind.LSCPU).stream()
                .findFirst()
                .flatMap(s -> ledger.parse(s, NumaTopology.class))
                .orElse(null);
        if (fromNumactl != null) {
            return new NumaTopology(
                    fromNumactl.nodes(),
                    fromLscpu == null ? null : fromLscpu.cpuCount(),
                    fromLscpu == null ? null : fromLscpu.modelName(),
                    fromLscpu == null ? null : fromLscpu.threadsPerCore());
        }
        return fromLscpu;
    }

    /**
     * What the NIC's ports may ask of its PCIe link, in Gb/s: each physical function's speed once.
     * Netdevs that share a function (switchdev representors, which report their PF's bus-info) and
     * SR-IOV virtual functions (which report the uplink's speed) ride on a port already counted.
     */
    private static double activeGbps(List<Port> members, PciDevices pci) {
        Map<String, Integer> byFunction = new TreeMap<>();
        for (Port p : members) {
            if (p.speedMbps() != null && !virtualFunction(p, pci)) {
                byFunction.merge(p.pciAddress(), p.speedMbps(), Math::max);
            }
        }
        return byFunction.values().stream().mapToDouble(s -> s / 1000.0).sum();
    }

    /** lspci names every SR-IOV virtual function so (mlx5Gen, Adaptive, NetXtreme-E ... Virtual Function). */
    private static boolean virtualFunction(Port p, PciDevices pci) {
        return pci != null
                && pci.at(p.pciAddress())
                        .map(PciDevice::name)
                        .map(n -> n.toLowerCase(java.util.Locale.ROOT).contains("virtual function"))
                        .orElse(false);
    }

    /**
     * The NIC's link (a physical function's: a virtual function has none of its own), every link to
     * the root port, and the narrowest. Up from the NIC, the bridges alternate: the port above a
     * link (a switch downstream port, a root port), then, inside a PCIe switch, the switch's
     * upstream port, the lower end of the next link. So the links are the pairs (0, 1), (2, 3)...
     * of the chain; a downstream port's pair with its own upstream port is internal to the switch.
     */
    private static Optional<PcieLink> pcieLink(String nic, List<Port> ports, PciDevices pci) {
        Optional<Port> physical =
                ports.stream().filter(p -> !virtualFunction(p, pci)).findFirst();
        if (physical.isEmpty()) {
            return Optional.empty();
        }
        Optional<PciDevice> device = pci.at(physical.get().pciAddress());
        if (device.isEmpty() || device.get().linkSta() == null) {
            return Optional.empty();
        }
        PciDevice d = device.get();
        List<PciDevice> chain = new ArrayList<>(List.of(d));
        for (Optional<PciDevice> up = pci.upstreamBridge(d);
                up.isPresent() && chain.size() < 16;
                up = pci.upstreamBridge(up.get())) {
            chain.add(up.get());
        }
        PciDevice limiting = d;
        double usable = PcieLink.perLaneGbps(d.linkSta().gts()) * d.linkSta().width();
        for (PciDevice hop : chain.subList(1, chain.size())) {
            if (hop.linkSta() != null) {
                double u = PcieLink.perLaneGbps(hop.linkSta().gts())
                        * hop.linkSta().width();
                if (u < usable) {
                    usable = u;
                    limiting = hop;
                }
            }
        }
        List<PcieLink.Segment> path = new ArrayList<>();
        for (int i = 0; i < chain.size(); i += 2) {
            segment(chain.get(i), i + 1 < chain.size() ? chain.get(i + 1) : null)
                    .ifPresent(path::add);
        }
        PciDevice.PcieLinkState cap = d.linkCap() != null ? d.linkCap() : d.linkSta();
        return Optional.of(new PcieLink(
                nic,
                d.address(),
                cap.generation(),
                cap.width(),
                cap.gts(),
                d.linkSta().generation(),
                d.linkSta().width(),
                d.linkSta().gts(),
                path.stream().anyMatch(PcieLink.Segment::downgraded),
                limiting.address(),
                usable,
                d.maxPayload(),
                d.maxReadReq(),
                describe(cap),
                describe(d.linkSta()),
                path));
    }

    /**
     * The link between a lower and an upper end, judged against the lower of the two ends'
     * capabilities (a Gen5 NIC in a Gen4 slot runs at what the link can do); empty when neither
     * end prints a status or a capability.
     */
    private static Optional<PcieLink.Segment> segment(PciDevice lower, PciDevice upper) {
        PciDevice.PcieLinkState sta =
                lower.linkSta() != null ? lower.linkSta() : upper == null ? null : upper.linkSta();
        PciDevice.PcieLinkState lowerCap = lower.linkCap();
        PciDevice.PcieLinkState upperCap = upper == null ? null : upper.linkCap();
        if (sta == null || (lowerCap == null && upperCap == null)) {
            return Optional.empty();
        }
        PciDevice.PcieLinkState cap = lowerCap == null
                ? upperCap
                : upperCap == null
                        ? lowerCap
                        : new PciDevice.PcieLinkState(
                                Math.min(lowerCap.gts(), upperCap.gts()), Math.min(lowerCap.width(), upperCap.width()));
        return Optional.of(new PcieLink.Segment(
                lower.address(),
                upper == null ? null : upper.address(),
                cap.gts(),
                cap.width(),
                sta.gts(),
                sta.width(),
                describe(cap),
                describe(sta)));
    }

    private static String describe(PciDevice.PcieLinkState s) {
        String gts = s.gts() == Math.rint(s.gts()) ? String.valueOf((long) s.gts()) : String.valueOf(s.gts());
        return "Speed " + gts + "GT/s, Width x" + s.width();
    }

    /**
     * Each IRQ's affinity as {@code show_irq_affinity.sh} printed it (a sysinfo-snapshot), for IRQs
     * without smp_affinity_list, with the listing it was read from.
     */
    private static Map<Integer, Shown> shownAffinities(Bundle bundle, SourceLedger ledger) {
        Map<Integer, Shown> out = new HashMap<>();
        for (Source s : bundle.sources(SourceKind.SHOW_IRQ_AFFINITY)) {
            ledger.parse(s, IrqAffinities.class)
                    .ifPresent(a ->
                            a.byIrq().forEach((irq, cpus) -> out.putIfAbsent(irq, new Shown(cpus, s.display()))));
        }
        return out;
    }

    private record Shown(CpuSet cpus, String source) {}

    /**
     * Where the first PCI function a text names starts ({@code IR-PCI-MSIX-0000:41:00.0},
     * {@code mlx5_comp3@pci:0000:3b:00.0}: four, two and two hex digits, colons, a dot and a function
     * 0-7); -1 when none. Read by positions, as the expression
     * {@code [0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.[0-7]} finds it: it ran on every IRQ line.
     */
    static int pciFunctionAt(String text) {
        for (int i = 0; i + PCI_FUNCTION_LENGTH <= text.length(); i++) {
            char function = text.charAt(i + 11);
            if (text.charAt(i + 4) == ':'
                    && text.charAt(i + 7) == ':'
                    && text.charAt(i + 10) == '.'
                    && function >= '0'
                    && function <= '7'
                    && hexDigits(text, i, 4)
                    && hexDigits(text, i + 5, 2)
                    && hexDigits(text, i + 8, 2)) {
                return i;
            }
        }
        return -1;
    }

    /** The PCI function a text names, in lower case; null when none. */
    private static String pciFunction(String text) {
        int at = pciFunctionAt(text);
        return at < 0 ? null : text.substring(at, at + PCI_FUNCTION_LENGTH).toLowerCase(Locale.ROOT);
    }

    private static boolean hexDigits(String text, int from, int count) {
        for (int i = from; i < from + count; i++) {
            char c = text.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F')) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether an IRQ's name holds one of the {@link #COMPLETION_WORDS}, in any ASCII case, with no
     * ASCII letter just before or after it: what {@code (?i)(?<![a-z])(comp|nq|ceq|aeqceq|txrx|rx|tx)(?![a-z])}
     * finds, read by hand (that expression ran on every IRQ line of a NIC).
     */
    static boolean namesCompletionWord(String name) {
        for (int i = 0; i < name.length(); i++) {
            if (i > 0 && asciiLetter(name.charAt(i - 1))) {
                continue;
            }
            for (String word : COMPLETION_WORDS) {
                int end = i + word.length();
                if (end <= name.length()
                        && startsWithIgnoringAsciiCase(name, i, word)
                        && (end == name.length() || !asciiLetter(name.charAt(end)))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean asciiLetter(char c) {
        char lower = (char) (c | 0x20);
        return lower >= 'a' && lower <= 'z';
    }

    /** {@code lowerCaseWord} at {@code from}, each letter in either ASCII case (only A-Z fold to a-z). */
    private static boolean startsWithIgnoringAsciiCase(String text, int from, String lowerCaseWord) {
        for (int j = 0; j < lowerCaseWord.length(); j++) {
            char c = text.charAt(from + j);
            if (c != lowerCaseWord.charAt(j) && (char) (c | 0x20) != lowerCaseWord.charAt(j)) {
                return false;
            }
        }
        return true;
    }

    /** The netdev an IRQ is named after ({@code ens1f0-TxRx-3}, {@code ice-ens801f0-TxRx-0}), null when none. */
    private static String netdevOf(String irqName, Map<String, String> nicByName) {
        Matcher netdev = NETDEV_IRQ.matcher(irqName);
        String name = netdev.matches() ? netdev.group(1) : null;
        if (name != null && !nicByName.containsKey(name) && name.indexOf('-') > 0) {
            name = name.substring(name.indexOf('-') + 1); // ice-ens801f0-TxRx-0, i40e-eth2-TxRx-0
        }
        return name;
    }

    private static List<IrqBinding> irqBindings(
            Bundle bundle, SourceLedger ledger, Map<String, Port> ports, int lastSample) {
        Optional<Source> source =
                bundle.sources(SourceKind.PROC_INTERRUPTS).stream().findFirst();
        if (source.isEmpty()) {
            return List.of();
        }
        Optional<InterruptCounts> first = ledger.parse(source.get(), 0, InterruptCounts.class);
        if (first.isEmpty()) {
            return List.of();
        }
        Optional<InterruptCounts> last =
                lastSample > 0 ? ledger.parse(source.get(), lastSample, InterruptCounts.class) : Optional.empty();
        Map<Integer, InterruptCounts.Row> lastRows = new HashMap<>();
        last.ifPresent(l -> l.rows().forEach(r -> {
            if (r.irq() != null) {
                lastRows.put(r.irq(), r);
            }
        }));
        Map<String, String> nicByAddress = new HashMap<>();
        Map<String, String> nicByName = new HashMap<>();
        ports.values().forEach(p -> {
            nicByAddress.put(p.pciAddress(), p.nic());
            nicByName.put(p.name(), p.nic());
        });
        Map<Integer, Shown> shown = shownAffinities(bundle, ledger);
        int[] cpus = first.get().cpus().stream().mapToInt(Integer::intValue).toArray();
        int[] served = new int[cpus.length];
        List<IrqBinding> out = new ArrayList<>();
        for (InterruptCounts.Row row : first.get().rows()) {
            if (row.irq() == null) {
                continue;
            }
            String address;
            boolean completion;
            // Each form is tried only when the ones before it did not match: ~2,000 lines on a large host.
            String named = pciFunction(row.name());
            if (named != null) { // mlx5_comp3@pci:0000:3b:00.0, bnxt_re-nq-0@pci:0000:41:00.0, irdma-0000:17:00.0-CEQ-1
                address = named;
                completion = namesCompletionWord(row.name());
            } else {
                String netdevName = netdevOf(row.name(), nicByName);
                if (netdevName != null && nicByName.containsKey(netdevName)) {
                    address = ports.get(netdevName).pciAddress();
                    completion = true;
                } else {
                    String chip = pciFunction(row.description());
                    if (chip == null) {
                        continue;
                    }
                    // older bnxt_re's bare bnxt_qplib_nq: the MSI-X chip names the function
                    address = chip;
                    completion = namesCompletionWord(row.name());
                }
            }
            String nic = nicByAddress.get(address);
            if (nic == null) {
                continue;
            }
            CpuSet affinity = ledger.parse(Source.of(SourceKind.IRQ_AFFINITY, String.valueOf(row.irq())), CpuSet.class)
                    .orElse(null);
            String affinitySource = IrqBinding.ownFile(row.irq());
            Shown listed = shown.get(row.irq());
            if (affinity == null && listed != null) {
                affinity = listed.cpus();
                affinitySource = listed.source();
            }
            InterruptCounts.Row end = lastRows.get(row.irq());
            if (end != null && end.perCpu().length != row.perCpu().length) {
                end = null; // CPUs came or went between samples: only the first sample is comparable
            }
            LineLoad load = lineLoad(row.perCpu(), end == null ? null : end.perCpu(), cpus, served);
            out.add(new IrqBinding(
                    row.irq(),
                    row.name(),
                    nic,
                    address,
                    completion,
                    affinity,
                    load.count(),
                    end == null,
                    load.servedBy(),
                    affinitySource));
        }
        return out;
    }

    /** A line's interrupts between the samples, and the CPUs that took any. */
    private record LineLoad(long count, CpuSet servedBy) {}

    /**
     * The interrupts of a line with the first sample's counts {@code at} and the last's {@code later}
     * (null: since boot), a count that fell taken as none; {@code served} is scratch room for a CPU
     * per column. A method of its own, called per line, so that C1 compiles it within a large host's
     * first lines of a cold run: as the loop inside {@link #irqBindings}, run once, the interpreter
     * scanned a hundred thousand counts before that loop was compiled.
     */
    private static LineLoad lineLoad(long[] at, long[] later, int[] cpus, int[] served) {
        long count = 0;
        int servedBy = 0;
        for (int i = 0; i < cpus.length; i++) {
            long d = later == null ? at[i] : Math.max(0, later[i] - at[i]);
            count += d;
            if (d > 0) {
                served[servedBy++] = cpus[i];
            }
        }
        return new LineLoad(count, CpuSet.of(java.util.Arrays.copyOf(served, servedBy)));
    }
}
