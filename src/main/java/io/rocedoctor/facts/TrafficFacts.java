package io.rocedoctor.facts;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * How the bytes of each hashed multipath group (a bond, a RoCE LAG) spread over its members, per
 * direction ({@link GroupTraffic}), from each member's wire bytes read by meaning
 * ({@link PortBytes#wire}). It follows {@link TransportFacts}, which knows the RDMA device on each
 * port and its counters. Fabric groups are left out: no hash picks their port, and their RDMA
 * bytes are {@link RdmaPortTraffic}.
 */
final class TrafficFacts implements LayerFacts {

    @Override
    public FactLayer declaration() {
        return new FactLayer(
                "traffic",
                Set.of(),
                Set.of(CounterRate.class, RdmaDevice.class, MultipathGroup.class),
                Set.of(GroupTraffic.class));
    }

    @Override
    public void addTo(HostContext host, BuiltFacts facts) {
        // Only looked up, so hashed; and only the RDMA devices' counters, not the ports' ~300 each.
        Map<String, String> deviceOf = new HashMap<>();
        for (RdmaDevice d : facts.of(RdmaDevice.class)) {
            if (d.netdev() != null) {
                deviceOf.putIfAbsent(d.netdev(), d.id());
            }
        }
        Set<String> devices = new HashSet<>(deviceOf.values());
        Map<String, List<CounterRate>> bySubject = new HashMap<>();
        for (CounterRate c : facts.of(CounterRate.class)) {
            if (devices.contains(c.subject())) {
                bySubject.computeIfAbsent(c.subject(), k -> new ArrayList<>()).add(c);
            }
        }
        for (MultipathGroup g : facts.of(MultipathGroup.class)) {
            if (!g.kind().equals("fabric")) {
                for (PortBytes.Direction d : PortBytes.Direction.values()) {
                    groupTraffic(
                                    host,
                                    g,
                                    d,
                                    member -> deviceOf.containsKey(member)
                                            ? bySubject.getOrDefault(deviceOf.get(member), List.of())
                                            : null)
                            .ifPresent(facts::add);
                }
            }
        }
    }

    /** {@code device} gives the rdma statistic counters of the RDMA device on a member, null when it has none. */
    private static Optional<GroupTraffic> groupTraffic(
            HostContext host,
            MultipathGroup g,
            PortBytes.Direction d,
            java.util.function.Function<String, Collection<CounterRate>> device) {
        Map<String, Double> bytes = new TreeMap<>();
        Map<String, String> sources = new TreeMap<>();
        boolean sinceBoot = false;
        double capacity = 0;
        for (String member : g.members()) {
            List<CounterRate> ethtool = host.meaningfulCounters(member);
            Optional<PortBytes> wire = PortBytes.wire(member, ethtool, device.apply(member), d);
            if (wire.isEmpty()) {
                if (ethtool != null) {
                    host.ledger()
                            .note(g.name() + ": " + d.name() + " bytes of " + member
                                    + " unknown: no port byte counter that counted between the samples,"
                                    + " and the netdev's leave out the RDMA traffic of its RoCE device, whose own bytes were not"
                                    + " read; the group's spread is not judged");
                }
                return Optional.empty();
            }
            bytes.put(member, (double) wire.get().bytes());
            sources.put(member, wire.get().source());
            sinceBoot |= wire.get().sinceBoot();
            Port p = host.ports().get(member);
            capacity += p == null ? 0 : p.capacityBytesPerSecond();
        }
        double total = bytes.values().stream().mapToDouble(Double::doubleValue).sum();
        if (total <= 0) {
            return Optional.empty();
        }
        Double interval = host.interval();
        Map<String, Double> shares = new TreeMap<>();
        Map<String, Double> perSecond = new TreeMap<>();
        String busiest = null;
        double top = -1;
        for (Map.Entry<String, Double> e : bytes.entrySet()) {
            double share = e.getValue() / total;
            shares.put(e.getKey(), share);
            if (!sinceBoot && interval != null) {
                perSecond.put(e.getKey(), e.getValue() / interval);
            }
            if (share > top) {
                top = share;
                busiest = e.getKey();
            }
        }
        Double load = !sinceBoot && interval != null && capacity > 0 ? (total / interval) / capacity : null;
        return Optional.of(new GroupTraffic(
                g.name(),
                d.name().toLowerCase(java.util.Locale.ROOT),
                shares,
                perSecond,
                busiest,
                top,
                load,
                sinceBoot,
                sources));
    }
}
