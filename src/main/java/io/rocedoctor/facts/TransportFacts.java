package io.rocedoctor.facts;

import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.parse.GidTable;
import io.rocedoctor.parse.IbvDevices;
import io.rocedoctor.parse.IpLink;
import io.rocedoctor.parse.IpLinks;
import io.rocedoctor.parse.RdmaStatistics;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Layers 5 and 6 on top of {@link RdmaFacts}: transport counters of each device port as
 * {@link CounterRate}s with subject {@code mlx5_0/1}, the GIDs of each port ({@link PortGids}),
 * the index of each RoCE v2 IPv4 GID ({@link RoceV2Ipv4Gid}), RoCE against netdev MTU ({@link RoceMtu}), and multipath groups beyond plain bonds: a RoCE LAG
 * device over a bond turns the bond's group into a {@code roce-lag} group, and RoCE ports not in a
 * bond that face one fabric form a {@code fabric} group whose RDMA bytes per port are
 * {@link RdmaPortTraffic}.
 */
final class TransportFacts implements LayerFacts {

    @Override
    public FactLayer declaration() {
        return new FactLayer(
                "transport",
                Set.of(
                        SourceKind.RDMA_STATISTIC,
                        SourceKind.SHOW_GIDS,
                        SourceKind.IBV_DEVINFO,
                        SourceKind.IP_LINK_DETAILS),
                Set.of(RdmaDevice.class, MultipathGroup.class),
                Set.of(
                        CounterRate.class,
                        PortGids.class,
                        RoceMtu.class,
                        MultipathGroup.class,
                        RdmaPortTraffic.class,
                        RoceV2Ipv4Gid.class));
    }

    @Override
    public void addTo(HostContext host, BuiltFacts facts) {
        List<RdmaDevice> devices = facts.of(RdmaDevice.class);
        List<CounterRate> transport = transportCounters(host);
        facts.addAll(transport);
        GidRows gidRows = gidRows(host);
        facts.addAll(gids(gidRows));
        facts.addAll(v2Ipv4Gids(gidRows, devices));
        IpLinks links = host.sources(SourceKind.IP_LINK_DETAILS).stream()
                .findFirst()
                .flatMap(s -> host.parse(s, IpLinks.class))
                .orElse(null);
        for (RdmaDevice d : devices) {
            mtu(host, d, links).ifPresent(facts::add);
        }
        roceLags(facts, devices);
        // Each device port's counters in their order, for the groups' members: one pass, not one per member.
        Map<String, List<CounterRate>> bySubject = new HashMap<>();
        for (CounterRate c : transport) {
            bySubject.computeIfAbsent(c.subject(), k -> new ArrayList<>()).add(c);
        }
        fabric(host, facts, devices, links, bySubject);
        bondedPorts(host, facts, devices, bySubject);
    }

    private static List<CounterRate> transportCounters(HostContext host) {
        List<CounterRate> out = new ArrayList<>();
        for (Source s : host.sources(SourceKind.RDMA_STATISTIC)) {
            RdmaStatistics first = host.parse(s, RdmaStatistics.class).orElse(null);
            if (first == null) {
                continue;
            }
            for (RdmaStatistics.PortCounters p : first.ports()) {
                out.addAll(host.rdmaStatisticRates(s, p.device(), p.port()).values());
            }
        }
        return out;
    }

    /** One GID table entry, whichever capture printed it. */
    private record GidRow(String device, int port, int index, String address, boolean v2, String netdev) {
        String key() {
            return device + "/" + port;
        }
    }

    /** The GID entries of every device port and the capture they came from: show_gids when collected, else the GID lines of ibv_devinfo -v. */
    private record GidRows(List<GidRow> rows, String source) {}

    private static GidRows gidRows(HostContext host) {
        List<GidRow> rows = new ArrayList<>();
        Optional<Source> showGids = host.sources(SourceKind.SHOW_GIDS).stream().findFirst();
        GidTable table = showGids.flatMap(s -> host.parse(s, GidTable.class)).orElse(null);
        if (table != null) {
            for (GidTable.GidEntry g : table.entries()) {
                rows.add(new GidRow(
                        g.device(),
                        g.port(),
                        g.index(),
                        g.ipv4() != null ? g.ipv4() : address(g.gid()),
                        g.roceVersion() == 2,
                        g.netdev()));
            }
            return new GidRows(rows, showGids.get().display());
        }
        Optional<Source> devinfo = host.sources(SourceKind.IBV_DEVINFO).stream().findFirst();
        IbvDevices ibv = devinfo.flatMap(s -> host.parse(s, IbvDevices.class)).orElse(null);
        if (ibv == null) {
            return new GidRows(rows, null);
        }
        for (IbvDevices.IbvDevice d : ibv.devices()) {
            for (IbvDevices.IbvPort p : d.ports()) {
                for (IbvDevices.IbvGid g : p.gids()) {
                    if (g.type() == null) {
                        continue; // an rdma-core that prints no type says nothing of v1 against v2
                    }
                    rows.add(new GidRow(
                            d.hcaId(),
                            p.port(),
                            g.index(),
                            address(g.gid()),
                            g.type().contains("v2"),
                            null));
                }
            }
        }
        return new GidRows(rows, devinfo.get().display());
    }

    /** GID addresses per device port. */
    private static List<PortGids> gids(GidRows gids) {
        Map<String, Set<String>> v1 = new TreeMap<>();
        Map<String, Set<String>> v2 = new TreeMap<>();
        Map<String, String> netdev = new TreeMap<>();
        for (GidRow g : gids.rows()) {
            (g.v2() ? v2 : v1)
                    .computeIfAbsent(g.key(), k -> new LinkedHashSet<>())
                    .add(g.address());
            if (g.netdev() != null) {
                netdev.putIfAbsent(g.key(), g.netdev());
            }
        }
        Set<String> keys = new java.util.TreeSet<>(v1.keySet());
        keys.addAll(v2.keySet());
        List<PortGids> out = new ArrayList<>();
        for (String key : keys) {
            int slash = key.lastIndexOf('/');
            List<String> one = List.copyOf(v1.getOrDefault(key, Set.of()));
            List<String> two = List.copyOf(v2.getOrDefault(key, Set.of()));
            out.add(new PortGids(
                    key.substring(0, slash),
                    Integer.parseInt(key.substring(slash + 1)),
                    netdev.get(key),
                    one,
                    two,
                    one.stream().filter(a -> !two.contains(a)).toList(),
                    gids.source()));
        }
        return out;
    }

    /** The RoCE v2 GIDs of IPv4 addresses with their indexes; the netdev from the GID table, else the device's. */
    private static List<RoceV2Ipv4Gid> v2Ipv4Gids(GidRows gids, List<RdmaDevice> devices) {
        List<RoceV2Ipv4Gid> out = new ArrayList<>();
        for (GidRow g : gids.rows()) {
            if (!g.v2() || !isIpv4(g.address())) {
                continue;
            }
            String netdev = g.netdev() != null
                    ? g.netdev()
                    : devices.stream()
                            .filter(d -> d.name().equals(g.device()) && d.port() == g.port())
                            .map(RdmaDevice::netdev)
                            .filter(java.util.Objects::nonNull)
                            .findFirst()
                            .orElse(null);
            out.add(new RoceV2Ipv4Gid(g.device(), g.port(), netdev, g.address(), g.index(), gids.source()));
        }
        return out;
    }

    /** {@link #address} spells an IPv4-mapped GID dotted and any other with colons. */
    private static boolean isIpv4(String address) {
        return address.indexOf(':') < 0 && address.indexOf('.') > 0;
    }

    /**
     * A GID as the address it stands for, by its 128-bit value ({@link io.rocedoctor.parse.Gid}):
     * ibv_devinfo spells a RoCE v1 GID in full hex and the v2 GID of the same address compressed.
     */
    static String address(String gid) {
        return io.rocedoctor.parse.Gid.of(gid)
                .map(io.rocedoctor.parse.Gid::address)
                .orElse(gid.toLowerCase(java.util.Locale.ROOT));
    }

    private static java.util.Optional<RoceMtu> mtu(HostContext host, RdmaDevice d, IpLinks links) {
        if (d.activeMtu() == null || d.netdev() == null || "InfiniBand".equalsIgnoreCase(d.linkLayer())) {
            return java.util.Optional.empty();
        }
        Port p = host.ports().get(d.netdev());
        Integer netdevMtu = p != null && p.mtu() != null
                ? p.mtu()
                : links == null
                        ? null
                        : links.named(d.netdev()).map(IpLink::mtu).orElse(null);
        if (netdevMtu == null) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(new RoceMtu(
                d.name(),
                d.port(),
                d.netdev(),
                netdevMtu,
                d.activeMtu(),
                d.maxMtu(),
                RoceMtu.fitting(netdevMtu, d.maxMtu())));
    }

    /**
     * A RoCE LAG device ({@code mlx5_bond_0}) runs over a bond: the bond's group is then also the
     * RDMA traffic's, hashed by the bond's policy in the LAG's hash mode. It replaces the bond group
     * (same name and members) so the LAG is never counted as a second group.
     */
    private static void roceLags(BuiltFacts facts, List<RdmaDevice> devices) {
        for (RdmaDevice d : devices) {
            if (d.netdev() == null) {
                continue;
            }
            for (MultipathGroup g : facts.of(MultipathGroup.class)) {
                if (g.kind().equals("bond") && g.name().equals(d.netdev())) {
                    facts.replace(
                            g,
                            new MultipathGroup(
                                    g.name(),
                                    "roce-lag",
                                    g.members(),
                                    "RoCE LAG " + d.name() + " over " + g.hashPolicy(),
                                    g.hashHasL4SourcePort()));
                }
            }
        }
    }

    /**
     * RDMA traffic of the members of a plain bond (no RoCE LAG device over it): each member's RDMA
     * device carries its own connections whatever the bond hashes, so a member can sit idle for
     * RDMA while the bond looks balanced for IP.
     */
    private static void bondedPorts(
            HostContext host, BuiltFacts facts, List<RdmaDevice> devices, Map<String, List<CounterRate>> transport) {
        for (MultipathGroup g : facts.of(MultipathGroup.class)) {
            if (!g.kind().equals("bond")) {
                continue;
            }
            for (String member : g.members()) {
                devices.stream()
                        .filter(d -> member.equals(d.netdev()))
                        .findFirst()
                        .flatMap(d -> portTraffic(host, d, g.name(), transport))
                        .ifPresent(facts::add);
            }
        }
    }

    /**
     * RoCE ports not in a bond that face one fabric: those the manifest's links name when it has
     * any, else those whose port is active with the same speed. LLDP links do not decide: they
     * reach only the switches dumped in the bundle, so a port facing a plane whose switch was not
     * dumped would silently leave the group. Each device port joins once (a device seen through
     * two netdevs is still one path).
     */
    private static void fabric(
            HostContext host,
            BuiltFacts facts,
            List<RdmaDevice> devices,
            IpLinks links,
            Map<String, List<CounterRate>> transport) {
        List<Link> declared =
                host.links().stream().filter(l -> l.origin().equals("manifest")).toList();
        Map<String, RdmaDevice> byNetdev = new TreeMap<>();
        for (RdmaDevice d : devices) {
            Port p = d.netdev() == null ? null : host.ports().get(d.netdev());
            if (p == null || p.bond() != null || "InfiniBand".equalsIgnoreCase(d.linkLayer())) {
                continue;
            }
            boolean linked = declared.stream().anyMatch(l -> l.hostPort().equals(p.name()));
            boolean carrier = p.speedMbps() != null
                    && (d.state() == null || d.state().toUpperCase(Locale.ROOT).contains("ACTIVE"))
                    && (links == null
                            || links.named(p.name()).map(IpLink::lowerUp).orElse(true));
            if (declared.isEmpty() ? carrier : linked) {
                byNetdev.putIfAbsent(p.name(), d);
            }
        }
        // Without links: ports of one speed face one fabric; a lone 25G management port does not join two 100G planes.
        Map<Integer, List<String>> bySpeed = new TreeMap<>();
        byNetdev.keySet()
                .forEach(n -> bySpeed.computeIfAbsent(
                                declared.isEmpty() ? host.ports().get(n).speedMbps() : 0, k -> new ArrayList<>())
                        .add(n));
        for (List<String> members : bySpeed.values()) {
            if (members.size() < 2) {
                continue;
            }
            String name = "fabric:" + String.join("+", members);
            facts.add(new MultipathGroup(
                    name,
                    "fabric",
                    members,
                    "independent RDMA devices: each connection uses the device its application or RDMA CM bound",
                    null));
            for (String m : members) {
                portTraffic(host, byNetdev.get(m), name, transport).ifPresent(facts::add);
            }
        }
    }

    /** The port's RDMA bytes, TX + RX, each direction read alike; empty when either is unknown. */
    private static java.util.Optional<RdmaPortTraffic> portTraffic(
            HostContext host, RdmaDevice d, String group, Map<String, List<CounterRate>> transport) {
        List<CounterRate> device = transport.getOrDefault(d.id(), List.of());
        List<CounterRate> ethtool = host.meaningfulCounters(d.netdev());
        java.util.Optional<PortBytes> tx = PortBytes.rdma(d.netdev(), ethtool, device, PortBytes.Direction.TX);
        java.util.Optional<PortBytes> rx = PortBytes.rdma(d.netdev(), ethtool, device, PortBytes.Direction.RX);
        if (tx.isEmpty() || rx.isEmpty()) {
            return java.util.Optional.empty();
        }
        PortBytes both = tx.get().plus(rx.get());
        Double perSecond = both.sinceBoot() || host.interval() == null ? null : both.bytes() / host.interval();
        // TX and RX each may run at line rate: the port's capacity for both is twice its speed.
        // A bond member no other source knows (a partial bundle) has no speed: its traffic stands, its load is unknown.
        Port port = host.ports().get(d.netdev());
        double capacity = port == null ? 0 : 2 * port.capacityBytesPerSecond();
        Double load = perSecond == null || capacity <= 0 ? null : perSecond / capacity;
        return java.util.Optional.of(new RdmaPortTraffic(
                d.name(),
                d.port(),
                d.netdev(),
                group,
                both.bytes(),
                perSecond,
                load,
                both.sinceBoot(),
                both.source(),
                both.counters()));
    }
}
