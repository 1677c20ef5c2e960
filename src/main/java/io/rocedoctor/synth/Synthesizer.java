package io.rocedoctor.synth;

import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.synth.HostModel.NicModel;
import io.rocedoctor.synth.HostModel.PortModel;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * Writes realistic native bundles for a topology, deterministic for a seed, with chosen faults
 * injected, each bundle with the {@code expected.yaml} its faults call for (the schema of
 * fixtures/bundles), and, for several hosts, a {@code fleet-expected.yaml} for the fleet rules.
 * Faults go to hosts in a seeded order, one host each while there are hosts enough.
 */
public final class Synthesizer {
    private static final Instant FIRST_SAMPLE = Instant.parse("2026-11-20T10:15:00Z");

    /** What to write: how many hosts of which shape, the seed, the faults, and the host names' prefix. */
    public record Request(int hosts, HostShape shape, long seed, List<Fault> faults, String namePrefix) {
        public Request {
            faults = List.copyOf(faults);
            if (hosts < 1 || hosts > 100_000) {
                throw new IllegalArgumentException("--hosts must be 1..100000, not " + hosts);
            }
            for (Fault f : faults) {
                if (hosts < f.minHosts()) {
                    throw new IllegalArgumentException(
                            f.id() + " is seen across hosts: it needs --hosts " + f.minHosts() + " or more");
                }
                if (!f.fits().test(shape)) {
                    throw new IllegalArgumentException(
                            f.id() + " does not fit this topology (" + f.description() + ")");
                }
            }
        }
    }

    /** One written host: its name, folder and the faults it carries. */
    public record Written(String host, Path bundle, List<String> faults) {}

    public List<Written> write(Path out, Request request) throws IOException {
        return write(out, request, false);
    }

    /** {@code snapshot}: the hosts as a sysinfo-snapshot takes them, which runs no perftest. */
    private List<Written> write(Path out, Request request, boolean snapshot) throws IOException {
        Files.createDirectories(out);
        List<HostModel> hosts = new ArrayList<>();
        Map<HostModel, List<Fault>> faultsOf = new LinkedHashMap<>();
        int digits = Math.max(3, String.valueOf(request.hosts() - 1).length());
        for (int i = 0; i < request.hosts(); i++) {
            String name = request.namePrefix() + "-" + String.format("%0" + digits + "d", i);
            HostModel h = new HostModel(
                    name, i, request.shape(), Seeds.mix(request.seed(), name), FIRST_SAMPLE.plusSeconds(7L * i));
            h.perftest = !snapshot;
            if (request.shape().hasSwitch()) {
                h.leaf = new SwitchModel(
                        "leaf-" + String.format("%0" + digits + "d", i),
                        request.shape().switchPlatform(),
                        h.ports());
            }
            hosts.add(h);
            faultsOf.put(h, new ArrayList<>());
        }
        int[] order = shuffled(request.hosts(), request.seed());
        for (int k = 0; k < request.faults().size(); k++) {
            Fault f = request.faults().get(k);
            HostModel h = hosts.get(order[k % order.length]);
            f.inject().accept(h);
            faultsOf.get(h).add(f);
        }
        List<Written> written = new ArrayList<>();
        for (HostModel h : hosts) {
            Path dir = out.resolve(h.name());
            writeBundle(h, dir);
            writeExpected(dir.resolve("expected.yaml"), faultsOf.get(h), h);
            written.add(new Written(
                    h.name(), dir, faultsOf.get(h).stream().map(Fault::id).toList()));
        }
        if (hosts.size() > 1) {
            writeFleetExpected(out.resolve("fleet-expected.yaml"), faultsOf);
        }
        return written;
    }

    /**
     * The same hosts as {@link #write}, each as NVIDIA's sysinfo-snapshot would have taken it
     * ({@link SysinfoSnapshotWriter}): {@code HOST/sysinfo-snapshot-v...-HOST-DATE/}, its {@code .tgz}
     * beside it, and the host's expected.yaml. The native bundles are written to a scratch folder first.
     */
    public List<Written> writeSysinfoSnapshots(Path out, Request request) throws IOException {
        Path scratch = io.rocedoctor.bundle.ScratchFolder.create();
        try {
            List<Written> snapshots = new ArrayList<>();
            for (Written w : write(scratch, request, true)) {
                Path dir = Files.createDirectories(out.resolve(w.host()));
                Path folder = SysinfoSnapshotWriter.write(w.bundle(), dir, FIRST_SAMPLE);
                Files.copy(
                        w.bundle().resolve("expected.yaml"),
                        dir.resolve("expected.yaml"),
                        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                snapshots.add(new Written(w.host(), folder, w.faults()));
            }
            return snapshots;
        } finally {
            io.rocedoctor.bundle.ScratchFolder.delete(scratch);
        }
    }

    private static int[] shuffled(int n, long seed) {
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        return order;
    }

    /**
     * Every source of a full host capture (docs/bundle-format.md) this model can print, the perftest
     * runs unless a fault says none were made, and the leaf switch's dump with the links to it.
     */
    static void writeBundle(HostModel h, Path dir) throws IOException {
        CaptureTexts text = new CaptureTexts(h);
        EthtoolTexts ethtool = new EthtoolTexts(h);
        LinkTexts link = new LinkTexts(h);
        HostTexts hostText = new HostTexts(h);
        NativeBundleWriter w = new NativeBundleWriter(dir);
        w.write(Source.of(SourceKind.LSCPU), 0, text.lscpu());
        w.write(Source.of(SourceKind.NUMACTL), 0, text.numactl());
        PciTexts pci = new PciTexts(h);
        w.write(Source.of(SourceKind.LSPCI), 0, pci.lspci());
        w.write(Source.of(SourceKind.LSPCI_TREE), 0, pci.lspciTree());
        String topo = pci.nvidiaSmiTopo();
        if (topo != null) {
            w.write(Source.of(SourceKind.NVIDIA_SMI_TOPO), 0, topo);
        }
        w.write(Source.of(SourceKind.SYSCTL), 0, hostText.sysctl());
        // Each RoCE port's address as ip -o addr show prints it (ip/ipaddress.c print_addrinfo), each in a
        // subnet of its own unless a fault widens the prefix.
        StringBuilder addresses = new StringBuilder(
                "1: lo    inet 127.0.0.1/8 scope host lo\\       valid_lft forever preferred_lft forever\n");
        int index = 2;
        for (HostModel.PortModel p : h.ports()) {
            addresses
                    .append(index++)
                    .append(": ")
                    .append(p.netdev)
                    .append("    inet ")
                    .append(p.ipv4)
                    .append('/')
                    .append(h.addressPrefix)
                    .append(" scope global ")
                    .append(p.netdev)
                    .append("\\       valid_lft forever preferred_lft forever\n");
        }
        w.write(Source.of(SourceKind.IP_ADDR), 0, addresses.toString());
        for (int node = 0; node < h.shape.numaNodes(); node++) {
            w.write(Source.of(SourceKind.CPUFREQ_GOVERNOR, String.valueOf(h.cpusOf(node)[0])), 0, h.governor + "\n");
        }
        List<CaptureTexts.IrqLine> irqs = text.irqLines();
        for (int sample = 0; sample < 2; sample++) {
            w.write(Source.of(SourceKind.PROC_INTERRUPTS), sample, text.interrupts(irqs, sample));
        }
        for (CaptureTexts.IrqLine l : irqs) {
            w.write(Source.of(SourceKind.IRQ_AFFINITY, String.valueOf(l.irq())), 0, text.affinity(l));
        }
        w.write(Source.of(SourceKind.IP_LINK_DETAILS), 0, link.ipLinkDetails());
        for (int sample = 0; sample < 2; sample++) {
            // -s twice: iproute2 prints carrier transitions ("transns") only then.
            w.write("ip -s -s link", SourceKind.Origin.COMMAND, sample, link.ipLinkStats(sample));
        }
        for (PortModel p : h.ports()) {
            writePort(w, h, p, text, ethtool, link);
        }
        for (NicModel nic : h.nics) {
            if (h.bonded(nic)) {
                w.write(Source.of(SourceKind.BONDING, h.bondName(nic)), 0, text.bonding(nic));
            }
        }
        w.write(Source.of(SourceKind.RDMA_LINK), 0, text.rdmaLink());
        for (int sample = 0; sample < 2; sample++) {
            w.write(Source.of(SourceKind.RDMA_STATISTIC), sample, text.rdmaStatistic(sample));
        }
        w.write(Source.of(SourceKind.IBDEV2NETDEV), 0, text.ibdev2netdev());
        w.write(Source.of(SourceKind.SHOW_GIDS), 0, text.showGids());
        w.write(Source.of(SourceKind.IBV_DEVINFO), 0, text.ibvDevinfo());
        w.write(Source.of(SourceKind.IRQBALANCE), 0, text.irqbalance(), h.irqbalanceActive ? 0 : 3);
        if (h.perftest) {
            for (PortModel p : h.ports()) {
                w.write(
                        "ib_write_bw " + HostTexts.bandwidthArgs(p),
                        SourceKind.Origin.COMMAND,
                        0,
                        hostText.writeBandwidth(p));
            }
            PortModel first = h.port(0, 0);
            w.write(
                    "ib_write_lat " + HostTexts.latencyArgs(first),
                    SourceKind.Origin.COMMAND,
                    0,
                    hostText.writeLatency(first));
        }
        List<Instant> samples = List.of(h.start, h.start.plusSeconds(h.shape.intervalSeconds()));
        if (h.leaf != null) {
            writeSwitch(h, dir.resolve("switches").resolve(h.leaf.name), samples);
            h.leaf.ports.forEach(sp -> w.link(sp.hostPort.netdev, h.leaf.name, sp.name));
        }
        w.finish(h.name(), samples);
    }

    private static void writePort(
            NativeBundleWriter w, HostModel h, PortModel p, CaptureTexts text, EthtoolTexts ethtool, LinkTexts link)
            throws IOException {
        w.write(Source.of(SourceKind.ETHTOOL_DRIVER, p.netdev), 0, text.ethtoolDriver(p));
        w.write(Source.of(SourceKind.ETHTOOL_LINK, p.netdev), 0, text.ethtoolLink(p));
        for (int sample = 0; sample < 2; sample++) {
            w.write(Source.of(SourceKind.ETHTOOL_STATS, p.netdev), sample, text.ethtoolStats(p, sample));
        }
        w.write(Source.of(SourceKind.ETHTOOL_CHANNELS, p.netdev), 0, ethtool.channels(p));
        w.write(Source.of(SourceKind.ETHTOOL_RINGS, p.netdev), 0, ethtool.rings(p));
        w.write(Source.of(SourceKind.ETHTOOL_FEATURES, p.netdev), 0, ethtool.features(p));
        w.write(Source.of(SourceKind.ETHTOOL_PRIV_FLAGS, p.netdev), 0, ethtool.privateFlags(p));
        w.write(Source.of(SourceKind.ETHTOOL_RSS, p.netdev), 0, ethtool.rss(p));
        for (String proto : List.of("udp4", "tcp4", "udp6")) {
            w.write(Source.of(SourceKind.ETHTOOL_FLOW_HASH, p.netdev, proto), 0, EthtoolTexts.flowHash(p, proto));
        }
        w.write(Source.of(SourceKind.ETHTOOL_MODULE, p.netdev), 0, ethtool.module(p));
        w.write(Source.of(SourceKind.ETHTOOL_PAUSE, p.netdev), 0, EthtoolTexts.pause(p));
        w.write(Source.of(SourceKind.NETDEV_NUMA_NODE, p.netdev), 0, p.nic.reportedNode + "\n");
        w.write(Source.of(SourceKind.NETDEV_LOCAL_CPULIST, p.netdev), 0, localCpuList(h, p.nic));
        w.write(Source.of(SourceKind.NETDEV_MTU, p.netdev), 0, p.mtu + "\n");
        w.write(Source.of(SourceKind.MLNX_QOS, p.netdev), 0, text.mlnxQos(p));
        for (int prio = 0; prio < 8; prio++) {
            String pr = String.valueOf(prio);
            w.write(
                    Source.of(SourceKind.ECN_NOTIFICATION_POINT, p.netdev, pr),
                    0,
                    CaptureTexts.ecn(p.ecnNotificationPoint[prio]));
            w.write(
                    Source.of(SourceKind.ECN_REACTION_POINT, p.netdev, pr),
                    0,
                    CaptureTexts.ecn(p.ecnReactionPoint[prio]));
        }
        for (Map.Entry<String, Long> e : p.dcqcnReactionPoint.entrySet()) {
            w.write(Source.of(SourceKind.DCQCN_REACTION_POINT_PARAMETER, p.netdev, e.getKey()), 0, e.getValue() + "\n");
        }
        for (Map.Entry<String, Long> e : p.dcqcnNotificationPoint.entrySet()) {
            w.write(
                    Source.of(SourceKind.DCQCN_NOTIFICATION_POINT_PARAMETER, p.netdev, e.getKey()),
                    0,
                    e.getValue() + "\n");
        }
        w.write(Source.of(SourceKind.ECN_CNP_DSCP, p.netdev), 0, p.cnpDscp + "\n");
        w.write(Source.of(SourceKind.ECN_CNP_PRIORITY, p.netdev), 0, p.cnpPriority + "\n");
        w.write(Source.of(SourceKind.CMA_ROCE_MODE, p.rdmaDevice, "1"), 0, CaptureTexts.roceMode(p));
        w.write(Source.of(SourceKind.CMA_ROCE_TOS, p.rdmaDevice, "1"), 0, CaptureTexts.roceTos(p));
        w.write(Source.of(SourceKind.RDMA_TRAFFIC_CLASS, p.rdmaDevice, "1"), 0, CaptureTexts.trafficClass(p));
        w.write(Source.of(SourceKind.MLXLINK, p.pciAddress()), 0, link.mlxlink(p));
    }

    /** The CPUs sysfs lists as local to a NIC: its node's, or every CPU when the platform does not know the node. */
    private static String localCpuList(HostModel h, NicModel nic) {
        if (nic.reportedNode < 0) {
            return "0-" + (h.shape.cpus() - 1) + "\n";
        }
        int[] cpus = h.cpusOf(nic.reportedNode);
        return cpus[0] + "-" + cpus[cpus.length - 1] + "\n";
    }

    private static void writeSwitch(HostModel h, Path dir, List<Instant> samples) throws IOException {
        NativeBundleWriter w = new NativeBundleWriter(dir);
        switch (h.leaf.platform) {
            case "eos" -> {
                EosTexts eos = new EosTexts(h, h.leaf);
                w.write("show running-config", SourceKind.Origin.COMMAND, 0, eos.runningConfig());
                for (int sample = 0; sample < 2; sample++) {
                    w.write(
                            "show interfaces counters queue detail | json",
                            SourceKind.Origin.COMMAND,
                            sample,
                            eos.queueCounters(sample));
                }
                w.finishSwitch("arista-eos", h.leaf.name, samples);
            }
            case "nvue" -> {
                NvueTexts nvue = new NvueTexts(h.leaf);
                for (Map.Entry<String, String> c : nvue.commands().entrySet()) {
                    w.write(c.getKey(), SourceKind.Origin.COMMAND, 0, c.getValue());
                }
                w.finishSwitch("cumulus-nvue", h.leaf.name, samples);
            }
            default -> {
                SonicTexts sonic = new SonicTexts(h, h.leaf);
                w.write("/etc/sonic/config_db.json", SourceKind.Origin.FILE, 0, sonic.configDb());
                for (int sample = 0; sample < 2; sample++) {
                    w.write("show pfcwd stats", SourceKind.Origin.COMMAND, sample, sonic.pfcwdStats(sample));
                    w.write(
                            "show priority-group drop counters",
                            SourceKind.Origin.COMMAND,
                            sample,
                            sonic.pgDrops(sample));
                }
                w.finishSwitch("sonic", h.leaf.name, samples);
            }
        }
    }

    /** The host findings its faults call for; every other host fault's rule must stay silent. */
    private static void writeExpected(Path file, List<Fault> faults, HostModel h) throws IOException {
        Map<String, ExpectedFinding> present = new LinkedHashMap<>();
        for (Fault f : faults) {
            f.expected().apply(h).forEach(e -> present.putIfAbsent(e.id() + "@" + e.subject(), e));
        }
        if (h.leaf == null) {
            // A tuned host without its switch's dump is the trap itself, whether a fault or --switch none left it out.
            Faults.byId("TRAP_HOST_ONLY_TUNING")
                    .orElseThrow()
                    .expected()
                    .apply(h)
                    .forEach(e -> present.putIfAbsent(e.id() + "@" + e.subject(), e));
        }
        if (!h.perftest) {
            // No perftest output is the finding itself, whether the fault or a sysinfo-snapshot left it out.
            Faults.byId("BASELINE_MISSING")
                    .orElseThrow()
                    .expected()
                    .apply(h)
                    .forEach(e -> present.putIfAbsent(e.id() + "@" + e.subject(), e));
        }
        Set<String> presentIds = new TreeSet<>();
        present.values().forEach(e -> presentIds.add(e.id()));
        Set<String> absent = new TreeSet<>();
        for (Fault f : Faults.ALL) {
            if (!f.fleet() && !presentIds.contains(f.id())) {
                absent.add(f.id());
            }
        }
        StringBuilder out = new StringBuilder("# Synthesized by roce-doctor synth.");
        if (faults.isEmpty()) {
            out.append(" A healthy host.\n");
        } else {
            out.append(" Faults injected:\n");
            faults.forEach(f -> out.append("#   ")
                    .append(f.id())
                    .append(": ")
                    .append(f.description())
                    .append('\n'));
        }
        yamlLists(out, present.values(), absent);
        if (present.isEmpty()) {
            out.append("max_severity: info\n");
        }
        Files.writeString(file, out.toString(), StandardCharsets.UTF_8);
    }

    /**
     * The fleet findings the injected faults call for: a setting changed on some hosts but not
     * all drifts; a rate raised on fewer than half the hosts (of at least three) makes them
     * outliers; firmware changed on some hosts drifts for their NIC model; a GID index moved on some
     * hosts' device port drifts for that port.
     */
    static List<ExpectedFinding> fleetFindings(Map<HostModel, List<Fault>> faultsOf) {
        int hosts = faultsOf.size();
        Map<String, Set<HostModel>> changed = new LinkedHashMap<>();
        faultsOf.forEach((h, faults) -> faults.forEach(f -> f.fleetAspects()
                .forEach(a ->
                        changed.computeIfAbsent(a, k -> new LinkedHashSet<>()).add(h))));
        Map<String, ExpectedFinding> out = new java.util.TreeMap<>();
        changed.forEach((aspect, where) -> {
            if (where.size() == hosts) {
                return;
            }
            if (aspect.equals("firmware")) {
                String model = where.iterator().next().nic(0).lspciName();
                out.put("FW@" + model, new ExpectedFinding("FLEET_FIRMWARE_DRIFT", model, "medium", null));
            } else if (aspect.startsWith("config:")) {
                String setting = aspect.substring("config:".length());
                out.put("CFG@" + setting, new ExpectedFinding("FLEET_CONFIG_DRIFT", setting, "high", null));
            } else if (aspect.startsWith("gid-index:")) {
                String role = aspect.substring("gid-index:".length());
                out.put("GID@" + role, new ExpectedFinding("FLEET_GID_INDEX_DRIFT", role, "high", null));
            } else if (aspect.startsWith("dcqcn:")) {
                String parameter = aspect.substring("dcqcn:".length());
                out.put(
                        "DCQCN@" + parameter,
                        new ExpectedFinding("FLEET_DCQCN_PARAMS_DRIFT", parameter, "medium", null));
            } else if (aspect.startsWith("rate:") && hosts >= 3 && where.size() * 2 < hosts) {
                String metric = aspect.substring("rate:".length());
                where.forEach(h -> out.put(
                        "OUT@" + h.name() + ":" + metric,
                        new ExpectedFinding("FLEET_OUTLIER_HOST", h.name() + ":" + metric, "medium", null)));
            }
        });
        return List.copyOf(out.values());
    }

    private static void writeFleetExpected(Path file, Map<HostModel, List<Fault>> faultsOf) throws IOException {
        List<ExpectedFinding> present = fleetFindings(faultsOf);
        Set<String> absent = new TreeSet<>(List.of(
                "FLEET_CONFIG_DRIFT",
                "FLEET_DCQCN_PARAMS_DRIFT",
                "FLEET_FIRMWARE_DRIFT",
                "FLEET_GID_INDEX_DRIFT",
                "FLEET_OUTLIER_HOST"));
        present.forEach(e -> absent.remove(e.id()));
        StringBuilder out = new StringBuilder(
                "# Synthesized by roce-doctor synth: the fleet findings over all " + faultsOf.size() + " hosts.\n");
        yamlLists(out, present, absent);
        Files.writeString(file, out.toString(), StandardCharsets.UTF_8);
    }

    private static void yamlLists(
            StringBuilder out, java.util.Collection<ExpectedFinding> present, Set<String> absent) {
        if (present.isEmpty()) {
            out.append("present: []\n");
        } else {
            out.append("present:\n");
            present.forEach(e -> out.append("  - ").append(e.yaml()).append('\n'));
        }
        out.append("absent: [").append(String.join(", ", absent)).append("]\n");
    }
}
