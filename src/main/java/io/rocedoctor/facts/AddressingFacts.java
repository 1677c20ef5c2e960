package io.rocedoctor.facts;

import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.parse.InetPrefix;
import io.rocedoctor.parse.IpAddresses;
import io.rocedoctor.parse.IpRoutes;
import io.rocedoctor.parse.IpRules;
import io.rocedoctor.parse.SysctlValues;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Layer 5 (transport): how the host addresses and routes its RoCE netdevs. Each netdev's addresses
 * ({@code ip addr}), the IPv4 policy rules ({@code ip rule show}) and routes of every table
 * ({@code ip route show table all}), each RoCE netdev's ARP and reverse-path settings in force
 * ({@code sysctl -a}), and every IPv4 subnet two or more RoCE netdevs share ({@link SharedSubnet}):
 * RDMA CM resolves a peer through the routing table and ARP, so in such a subnet which port a
 * connection uses is decided by these settings, not by the address the application bound.
 */
final class AddressingFacts implements LayerFacts {
    /** Route types that carry nothing: a table holding only these sends no packet. */
    private static final Set<String> DISCARDING = Set.of("unreachable", "blackhole", "prohibit", "throw");

    @Override
    public FactLayer declaration() {
        return new FactLayer(
                "addressing",
                Set.of(SourceKind.IP_ADDR, SourceKind.IP_RULE, SourceKind.IP_ROUTE_ALL, SourceKind.SYSCTL),
                Set.of(RdmaDevice.class),
                Set.of(
                        NetdevAddress.class,
                        PolicyRule.class,
                        TableRoute.class,
                        ArpSettings.class,
                        SubnetMember.class,
                        SharedSubnet.class));
    }

    @Override
    public void addTo(HostContext host, BuiltFacts facts) {
        Optional<Source> addrSource = first(host, SourceKind.IP_ADDR);
        Optional<IpAddresses> addresses = addrSource.flatMap(s -> host.parse(s, IpAddresses.class));
        Optional<Source> ruleSource = first(host, SourceKind.IP_RULE);
        Optional<IpRules> rules = ruleSource.flatMap(s -> host.parse(s, IpRules.class));
        Optional<Source> routeSource = first(host, SourceKind.IP_ROUTE_ALL);
        Optional<IpRoutes> routes = routeSource.flatMap(s -> host.parse(s, IpRoutes.class));
        Optional<Source> sysctlSource = first(host, SourceKind.SYSCTL);
        Optional<SysctlValues> sysctl = sysctlSource.flatMap(s -> host.parse(s, SysctlValues.class));

        Map<String, String> roceNics = new LinkedHashMap<>();
        for (RdmaDevice d : facts.of(RdmaDevice.class)) {
            if (!d.infiniband() && d.netdev() != null) {
                roceNics.putIfAbsent(d.netdev(), d.nic());
            }
        }
        List<PolicyRule> policy =
                rules.map(r -> policyRules(r, ruleSource.get().display())).orElse(List.of());
        List<TableRoute> table =
                routes.map(r -> tableRoutes(r, routeSource.get().display())).orElse(List.of());
        facts.addAll(policy);
        facts.addAll(table);

        Map<String, ArpSettings> arp = new LinkedHashMap<>();
        sysctl.ifPresent(v -> roceNics.keySet()
                .forEach(n -> arp.put(n, arpSettings(v, n, sysctlSource.get().display()))));
        facts.addAll(arp.values());
        if (addresses.isEmpty()) {
            return;
        }
        String addrDisplay = addrSource.get().display();
        Map<String, List<NetdevAddress>> bySubnet = new LinkedHashMap<>();
        for (IpAddresses.Entry e : addresses.get().addresses()) {
            boolean roce = roceNics.containsKey(e.device());
            NetdevAddress a = new NetdevAddress(
                    e.device(),
                    roceNics.get(e.device()),
                    e.family(),
                    e.local().toString(),
                    e.local().subnet(),
                    roce,
                    addrDisplay);
            facts.add(a);
            // Host and link scope addresses (127/8, 169.254/16) are not where RDMA CM connects.
            if (roce && e.ipv4() && "global".equals(e.scope())) {
                bySubnet.computeIfAbsent(a.subnet(), k -> new ArrayList<>()).add(a);
            }
        }
        List<String> used = usedTables(policy, table);
        List<String> read = new ArrayList<>(List.of(addrDisplay));
        sysctlSource.filter(s -> sysctl.isPresent()).ifPresent(s -> read.add(s.display()));
        ruleSource.filter(s -> rules.isPresent()).ifPresent(s -> read.add(s.display()));
        routeSource.filter(s -> routes.isPresent()).ifPresent(s -> read.add(s.display()));
        bySubnet.forEach((subnet, members) -> {
            if (members.stream().map(NetdevAddress::netdev).distinct().count() < 2) {
                return;
            }
            List<SubnetMember> out = new ArrayList<>();
            for (NetdevAddress a : members) {
                ArpSettings s = arp.get(a.netdev());
                Policy p = rules.isPresent() && routes.isPresent() ? policy(a, policy, table) : null;
                out.add(new SubnetMember(
                        subnet,
                        a.netdev(),
                        a.nic(),
                        a.address(),
                        s == null ? null : s.arpIgnore().effective(),
                        s == null ? null : s.arpAnnounce().effective(),
                        s == null ? null : s.rpFilter().effective(),
                        s,
                        p == null ? null : p.routed(),
                        p == null ? null : p.table(),
                        p == null ? null : p.text()));
            }
            facts.addAll(out);
            facts.add(new SharedSubnet(subnet, out, used, read));
        });
    }

    private static Optional<Source> first(HostContext host, SourceKind kind) {
        return host.sources(kind).stream().findFirst();
    }

    private static List<PolicyRule> policyRules(IpRules rules, String source) {
        List<PolicyRule> out = new ArrayList<>();
        int order = 0;
        for (IpRules.Rule r : rules.rules()) {
            if (r.source().map(p -> !p.ipv4()).orElse(false)) {
                continue;
            }
            boolean sourceOnly = !r.inverted()
                    && r.selectors().isEmpty()
                    && "lookup".equals(r.action())
                    && r.source().isPresent();
            String text = (r.priority() == null ? "" : r.priority() + ": ") + (r.inverted() ? "not " : "") + "from "
                    + r.from() + (r.selectors().isEmpty() ? "" : " " + selectors(r))
                    + (r.table() == null ? r.action() == null ? "" : " " + r.action() : " lookup " + r.table());
            out.add(new PolicyRule(order++, r.priority(), r.from(), sourceOnly, r.table(), text, source));
        }
        return out;
    }

    private static String selectors(IpRules.Rule r) {
        List<String> words = new ArrayList<>();
        r.selectors().forEach((k, v) -> words.add(v.isEmpty() ? k : k + " " + v));
        return String.join(" ", words);
    }

    private static List<TableRoute> tableRoutes(IpRoutes routes, String source) {
        List<TableRoute> out = new ArrayList<>();
        for (IpRoutes.Route r : routes.routes()) {
            if (!r.destination().equals("default")
                    && InetPrefix.of(r.destination()).map(p -> !p.ipv4()).orElse(false)) {
                continue;
            }
            Set<String> devices = new LinkedHashSet<>();
            if (r.device() != null) {
                devices.add(r.device());
            }
            r.nexthops().forEach(h -> {
                if (h.device() != null) {
                    devices.add(h.device());
                }
            });
            out.add(new TableRoute(
                    r.table(),
                    r.type(),
                    r.destination(),
                    devices.isEmpty() ? null : String.join(",", devices),
                    r.gateway(),
                    r.source(),
                    r.usable() && !DISCARDING.contains(r.type()),
                    source));
        }
        return out;
    }

    private static List<String> usedTables(List<PolicyRule> rules, List<TableRoute> routes) {
        Set<String> used = new TreeSet<>();
        rules.stream().map(PolicyRule::table).filter(t -> t != null).forEach(used::add);
        routes.stream().map(TableRoute::table).forEach(used::add);
        return List.copyOf(used);
    }

    /** sysctl -a spells a netdev's dots as slashes ({@code net.ipv4.conf.ens1f0np0/100.arp_ignore}, sysctl(8)). */
    static ArpSettings arpSettings(SysctlValues v, String netdev, String source) {
        String dev = netdev.replace('.', '/');
        return new ArpSettings(
                netdev, value(v, dev, "arp_ignore"), value(v, dev, "arp_announce"), value(v, dev, "rp_filter"), source);
    }

    private static ArpSettings.Value value(SysctlValues v, String dev, String key) {
        return new ArpSettings.Value(
                number(v, "net.ipv4.conf.all." + key), number(v, "net.ipv4.conf." + dev + "." + key));
    }

    private static Integer number(SysctlValues v, String key) {
        var n = v.longValue(key);
        return n.isPresent() && n.getAsLong() >= 0 && n.getAsLong() <= Integer.MAX_VALUE ? (int) n.getAsLong() : null;
    }

    private record Policy(boolean routed, String table, String text) {}

    /**
     * The rule {@code from ADDR lookup T} tried before the main table (the kernel tries rules in the
     * printed order and stops at the first table with a match) and a usable route of T through the
     * address's netdev; or what is missing.
     */
    private static Policy policy(NetdevAddress a, List<PolicyRule> rules, List<TableRoute> routes) {
        InetPrefix address = InetPrefix.of(a.address()).orElseThrow();
        int main = rules.stream()
                .filter(r -> "main".equals(r.table()) || "254".equals(r.table()))
                .mapToInt(PolicyRule::order)
                .min()
                .orElse(Integer.MAX_VALUE);
        Optional<PolicyRule> rule = rules.stream()
                .filter(r -> r.sourceOnly() && r.order() < main)
                .filter(r -> InetPrefix.of(r.from())
                        .map(p -> p.length() == 32 && p.address().equals(address.address()))
                        .orElse(false))
                .findFirst();
        if (rule.isEmpty()) {
            return new Policy(
                    false,
                    null,
                    "no rule 'from " + address.address() + "' looking up a table of its own before the main table");
        }
        String t = rule.get().table();
        Optional<TableRoute> route = routes.stream()
                .filter(r -> r.table().equals(t)
                        && r.usable()
                        && r.device() != null
                        && List.of(r.device().split(",")).contains(a.netdev()))
                .findFirst();
        return route.map(r -> new Policy(
                        true, t, rule.get().text() + "; table " + t + ": " + r.destination() + " dev " + a.netdev()))
                .orElseGet(() -> new Policy(
                        false,
                        t,
                        rule.get().text() + ", but table " + t + " has no usable route through " + a.netdev()));
    }
}
