package io.rocedoctor.facts;

import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.parse.DcbApp;
import io.rocedoctor.parse.DcbBuffer;
import io.rocedoctor.parse.DcbPfc;
import io.rocedoctor.parse.DriverStack;
import io.rocedoctor.parse.EcnEnable;
import io.rocedoctor.parse.GidTable;
import io.rocedoctor.parse.IbdevNetdevMap;
import io.rocedoctor.parse.IbvDevices;
import io.rocedoctor.parse.MlnxQos;
import io.rocedoctor.parse.RdmaLinks;
import io.rocedoctor.parse.RoceMode;
import io.rocedoctor.parse.RoceTos;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The RDMA side of the host joined to its netdevs: which device port runs over which netdev, PCI
 * function and NIC ({@link RdmaDevice}); the host QoS of each port ({@link PortQos}); DCQCN
 * enablement per priority ({@link EcnState}); and how RDMA CM traffic is classified
 * ({@link RoceTraffic}: ToS -> DSCP -> priority under trust dscp, the ToS precedence under trust pcp).
 */
final class RdmaFacts implements LayerFacts {
    /** Drivers whose trust mode follows the DSCP entries of the DCB APP table (see {@link #portQos(HostContext, Source, DcbPfc)}). */
    private static final java.util.Set<String> TRUST_FOLLOWS_DSCP_APP = java.util.Set.of("mlx5_core", "ice");
    /** The sources that enumerate RDMA devices; when they were collected and list none, the host has none. */
    private static final List<SourceKind> RDMA_INVENTORY =
            List.of(SourceKind.IBDEV2NETDEV, SourceKind.RDMA_LINK, SourceKind.IBV_DEVINFO, SourceKind.SHOW_GIDS);

    @Override
    public FactLayer declaration() {
        return new FactLayer(
                "rdma",
                Set.of(
                        SourceKind.MLNX_QOS,
                        SourceKind.DCB_PFC,
                        SourceKind.DCB_APP,
                        SourceKind.DCB_BUFFER,
                        SourceKind.IBDEV2NETDEV,
                        SourceKind.RDMA_LINK,
                        SourceKind.IBV_DEVINFO,
                        SourceKind.SHOW_GIDS,
                        SourceKind.BNXT_RE_CC_ECN_ENABLE,
                        SourceKind.ECN_NOTIFICATION_POINT,
                        SourceKind.ECN_REACTION_POINT,
                        SourceKind.CMA_ROCE_MODE,
                        SourceKind.CMA_ROCE_TOS,
                        SourceKind.OFED_INFO),
                Set.of(),
                Set.of(PortQos.class, EcnState.class, RdmaDevice.class, RoceTraffic.class, RdmaDriverStack.class));
    }

    @Override
    public void addTo(HostContext host, BuiltFacts facts) {
        Map<String, PortQos> qos = new TreeMap<>();
        for (Source s : host.sources(SourceKind.MLNX_QOS)) {
            host.parse(s, MlnxQos.class).flatMap(q -> portQos(host, s, q)).ifPresent(q -> qos.put(s.arg(), q));
        }
        // dcb reads the same DCBNL state; mlnx_qos stays the authority where it answered, as it
        // prints the trust mode on every driver while dcb only implies it on some.
        for (Source s : host.sources(SourceKind.DCB_PFC)) {
            if (!qos.containsKey(s.arg())) {
                host.parse(s, DcbPfc.class).ifPresent(p -> qos.put(s.arg(), portQos(host, s, p)));
            }
        }
        facts.addAll(qos.values());

        Map<String, RdmaDevice> devices = devices(host);
        facts.addAll(ecnStates(host, devices.values()));
        facts.addAll(devices.values());
        for (RdmaDevice d : devices.values()) {
            if (d.infiniband()) {
                // RDMA CM's RoCE ToS and mode mean nothing on an InfiniBand port: no RoCE traffic fact, so no RoCE rule
                // matches it.
                host.ledger()
                        .note(
                                d.name() + " port " + d.port() + (d.netdev() == null ? "" : " (" + d.netdev() + ")")
                                        + " is an InfiniBand port (link_layer InfiniBand in ibv_devinfo -v): the RoCE rules are not run on it.");
                continue;
            }
            roceTraffic(host, d, d.netdev() == null ? null : qos.get(d.netdev()))
                    .ifPresent(facts::add);
            if (d.netdev() != null && (d.linkLayer() == null || "Ethernet".equalsIgnoreCase(d.linkLayer()))) {
                for (SourceKind kind : List.of(SourceKind.CMA_ROCE_MODE, SourceKind.CMA_ROCE_TOS)) {
                    host.ledger().expect(Source.of(kind, d.name(), String.valueOf(d.port())));
                }
            }
        }
        for (Source s : host.sources(SourceKind.OFED_INFO)) {
            host.parse(s, DriverStack.class)
                    .ifPresent(stack -> facts.add(new RdmaDriverStack(stack.label(), s.display())));
        }
        boolean looked = RDMA_INVENTORY.stream().anyMatch(k -> !host.sources(k).isEmpty());
        // The collector's own discovery, when the manifest has it, already said so (SourceLedger).
        boolean saidByCollector =
                host.bundle().discoveredRdmaDevices().filter(List::isEmpty).isPresent();
        if (devices.isEmpty() && looked && !saidByCollector) {
            host.ledger()
                    .note("no RDMA device found: "
                            + String.join(
                                    ", ",
                                    RDMA_INVENTORY.stream()
                                            .filter(k -> !host.sources(k).isEmpty())
                                            .map(k -> host.sources(k).get(0).display())
                                            .toList())
                            + " list none");
        }
    }

    /**
     * A port's QoS from {@code mlnx_qos} (the ledger notes the lines it skipped). Without its PFC
     * row read there is none: an empty PFC list would read as PFC off on every priority.
     */
    private static Optional<PortQos> portQos(HostContext host, Source s, MlnxQos q) {
        if (q.pfcEnabled().isEmpty()) {
            host.ledger().note(s.display() + ": no PFC row read, the port's host QoS is not judged from it");
            return Optional.empty();
        }
        String trust = q.trust() == null ? null : q.trust().toLowerCase(java.util.Locale.ROOT);
        return Optional.of(new PortQos(
                s.arg(),
                "none".equals(trust) ? null : trust,
                q.pfcPriorities(),
                q.dscpPriority(),
                q.priorityTrafficClass(),
                q.priorityBuffer(),
                q.receiveBufferBytes(),
                s.display()));
    }

    /**
     * A port's QoS from {@code dcb}: PFC from {@code dcb pfc}, the DSCP map from {@code dcb app},
     * buffers from {@code dcb buffer} (mlx5 only answers it). dcb prints no trust mode; on mlx5_core
     * and ice the APP table holds DSCP entries exactly when the port trusts DSCP (mlx5
     * publishes all 64 only in trust dscp and switches trust with the first entry added and the last
     * removed; ice switches to L3 DSCP QoS mode likewise), so it stands for it there and nowhere else.
     */
    private static PortQos portQos(HostContext host, Source pfcSource, DcbPfc pfc) {
        String device = pfcSource.arg();
        Source appSource = Source.of(SourceKind.DCB_APP, device);
        Source bufferSource = Source.of(SourceKind.DCB_BUFFER, device);
        Optional<DcbApp> app = host.parse(appSource, DcbApp.class);
        Optional<DcbBuffer> buffer = host.parse(bufferSource, DcbBuffer.class);
        // A netdev with no port facts (dcb read on a port ethtool never saw) has no driver: its trust stays unknown.
        String driver = host.driver(device);
        String trust = app.filter(a -> driver != null && TRUST_FOLLOWS_DSCP_APP.contains(driver))
                .map(a -> a.dscpPriority().isEmpty() ? "pcp" : "dscp")
                .orElse(null);
        List<String> read = new java.util.ArrayList<>(List.of(pfcSource.display()));
        app.ifPresent(a -> read.add(appSource.display()));
        buffer.ifPresent(b -> read.add(bufferSource.display()));
        return new PortQos(
                device,
                trust,
                pfc.pfcPriorities(),
                app.map(DcbApp::dscpPriority).orElse(Map.of()),
                Map.of(),
                buffer.map(DcbBuffer::priorityBuffer).orElse(Map.of()),
                buffer.map(DcbBuffer::bufferBytes).orElse(List.of()),
                String.join(", ", read));
    }

    /**
     * DCQCN enablement per netdev: mlx5's per-priority sysfs switches, or bnxt_re's one configfs
     * switch of the RDMA device port that runs over the netdev.
     */
    private static List<EcnState> ecnStates(HostContext host, java.util.Collection<RdmaDevice> devices) {
        Map<String, Map<Integer, Boolean>> np = ecnPoints(host, SourceKind.ECN_NOTIFICATION_POINT);
        Map<String, Map<Integer, Boolean>> rp = ecnPoints(host, SourceKind.ECN_REACTION_POINT);
        TreeMap<String, EcnState> out = new TreeMap<>();
        for (String dev : union(np.keySet(), rp.keySet())) {
            out.put(dev, new EcnState(dev, np.getOrDefault(dev, Map.of()), rp.getOrDefault(dev, Map.of())));
        }
        for (Source s : host.sources(SourceKind.BNXT_RE_CC_ECN_ENABLE)) {
            devices.stream()
                    .filter(d -> d.netdev() != null
                            && d.name().equals(s.arg())
                            && String.valueOf(d.port()).equals(s.args().get(1)))
                    .findFirst()
                    .ifPresent(d -> host.parse(s, EcnEnable.class)
                            .ifPresent(e -> out.putIfAbsent(
                                    d.netdev(),
                                    EcnState.deviceWide(d.netdev(), e.enabled(), s.display(), d.name(), d.port()))));
        }
        return List.copyOf(out.values());
    }

    private static java.util.Set<String> union(java.util.Set<String> a, java.util.Set<String> b) {
        java.util.Set<String> all = new java.util.TreeSet<>(a);
        all.addAll(b);
        return all;
    }

    /** A priority as the ECN files name it, 0 to 7 (told by hand: a regex compiled per source was 0.2% of a bundle). */
    private static boolean isPriority(String s) {
        return s.length() == 1 && s.charAt(0) >= '0' && s.charAt(0) <= '7';
    }

    private static Map<String, Map<Integer, Boolean>> ecnPoints(HostContext host, SourceKind kind) {
        Map<String, Map<Integer, Boolean>> byDevice = new TreeMap<>();
        for (Source s : host.sources(kind)) {
            Optional<EcnEnable> e = host.parse(s, EcnEnable.class);
            if (e.isPresent() && s.args().size() > 1 && isPriority(s.args().get(1))) {
                byDevice.computeIfAbsent(s.arg(), k -> new TreeMap<>())
                        .put(Integer.parseInt(s.args().get(1)), e.get().enabled());
            }
        }
        return byDevice;
    }

    /**
     * Device ports from every source that names them; the netdev from ibdev2netdev, else rdma link,
     * else show_gids. A device port seen nowhere with a netdev still counts (it may be InfiniBand
     * or down), but joins to no NIC.
     */
    private static Map<String, RdmaDevice> devices(HostContext host) {
        IbdevNetdevMap map = first(host, SourceKind.IBDEV2NETDEV, IbdevNetdevMap.class);
        RdmaLinks links = first(host, SourceKind.RDMA_LINK, RdmaLinks.class);
        GidTable gids = first(host, SourceKind.SHOW_GIDS, GidTable.class);
        IbvDevices ibv = first(host, SourceKind.IBV_DEVINFO, IbvDevices.class);

        Map<String, String> netdevOf = new TreeMap<>();
        Map<String, String> stateOf = new HashMap<>();
        if (gids != null) {
            gids.entries().forEach(g -> {
                if (g.netdev() != null && !g.netdev().isBlank()) {
                    netdevOf.putIfAbsent(g.device() + "/" + g.port(), g.netdev());
                }
            });
        }
        if (links != null) {
            links.links().forEach(l -> {
                String key = l.device() + "/" + l.port();
                if (l.netdev() != null) {
                    netdevOf.put(key, l.netdev());
                }
                stateOf.put(key, l.state());
            });
        }
        if (map != null) {
            map.bindings().forEach(b -> {
                String key = b.device() + "/" + b.port();
                if (b.netdev() != null) {
                    netdevOf.put(key, b.netdev());
                }
                stateOf.putIfAbsent(key, b.portState());
            });
        }
        Map<String, IbvDevices.IbvPort> ibvPorts = new TreeMap<>();
        if (ibv != null) {
            ibv.devices().forEach(d -> d.ports().forEach(p -> ibvPorts.put(d.hcaId() + "/" + p.port(), p)));
        }
        java.util.Set<String> keys = new java.util.TreeSet<>(netdevOf.keySet());
        keys.addAll(stateOf.keySet());
        keys.addAll(ibvPorts.keySet());

        Map<String, RdmaDevice> out = new TreeMap<>();
        for (String key : keys) {
            int slash = key.lastIndexOf('/');
            String name = key.substring(0, slash);
            int port = Integer.parseInt(key.substring(slash + 1));
            String netdev = netdevOf.get(key);
            Port p = netdev == null ? null : host.ports().get(netdev);
            IbvDevices.IbvPort ip = ibvPorts.get(key);
            String state = ip != null && ip.state() != null ? ip.state() : stateOf.get(key);
            out.put(
                    key,
                    new RdmaDevice(
                            name,
                            port,
                            netdev,
                            p == null ? null : p.nic(),
                            p == null ? null : p.pciAddress(),
                            state,
                            ip == null ? null : ip.linkLayer(),
                            ip == null ? null : ip.activeMtu(),
                            ip == null ? null : ip.maxMtu()));
        }
        return out;
    }

    private static <T> T first(HostContext host, SourceKind kind, Class<T> record) {
        return host.sources(kind).stream()
                .findFirst()
                .flatMap(s -> host.parse(s, record))
                .orElse(null);
    }

    /** The priority RDMA CM traffic gets ({@link TosPriority}). */
    private static Optional<RoceTraffic> roceTraffic(HostContext host, RdmaDevice d, PortQos qos) {
        String port = String.valueOf(d.port());
        Optional<RoceMode> mode = host.parse(Source.of(SourceKind.CMA_ROCE_MODE, d.name(), port), RoceMode.class);
        Optional<RoceTos> tos = host.parse(Source.of(SourceKind.CMA_ROCE_TOS, d.name(), port), RoceTos.class);
        if (mode.isEmpty() && tos.isEmpty()) {
            return Optional.empty();
        }
        String version = mode.map(m -> m.version() == RoceMode.Version.ROCE_V2 ? "v2" : "v1")
                .orElse(null);
        Integer t = tos.map(RoceTos::tos).orElse(null);
        Integer dscp = t == null ? null : t >> 2;
        String trust = qos == null ? null : qos.trust();
        TosPriority landing = t == null ? new TosPriority(null, "cma_roce_tos not collected") : TosPriority.of(t, qos);
        Integer priority = landing.priority();
        String derivation = landing.derivation();
        return Optional.of(
                new RoceTraffic(d.name(), d.port(), d.netdev(), version, t, dscp, trust, priority, derivation));
    }
}
