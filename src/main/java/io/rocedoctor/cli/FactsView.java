package io.rocedoctor.cli;

import io.rocedoctor.facts.Bond;
import io.rocedoctor.facts.CounterRate;
import io.rocedoctor.facts.EcnState;
import io.rocedoctor.facts.Facts;
import io.rocedoctor.facts.GroupTraffic;
import io.rocedoctor.facts.Host;
import io.rocedoctor.facts.InterruptLoad;
import io.rocedoctor.facts.IrqBinding;
import io.rocedoctor.facts.MultipathGroup;
import io.rocedoctor.facts.Nic;
import io.rocedoctor.facts.NumaNode;
import io.rocedoctor.facts.PcieLink;
import io.rocedoctor.facts.Port;
import io.rocedoctor.facts.PortGids;
import io.rocedoctor.facts.PortQos;
import io.rocedoctor.facts.RdmaDevice;
import io.rocedoctor.facts.RdmaPortTraffic;
import io.rocedoctor.facts.RoceMtu;
import io.rocedoctor.facts.RoceTraffic;
import io.rocedoctor.facts.SourceLedger;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * What roce-doctor understood from a bundle, arranged the way an engineer reads a host: NICs with
 * their PCIe link, interrupts and ports; each port with its QoS, DCQCN state, RDMA device ports
 * and moving counters; then bonds and multipath groups, the facts of layers this view does not
 * place (by type), and the source ledger. Counters that did not move are left out: a port has
 * dozens, and "0 -> 0" says nothing.
 */
record FactsView(
        Host host,
        List<NumaNode> numaNodes,
        List<NicView> nics,
        List<RdmaView> rdmaWithoutPort,
        List<Bond> bonds,
        List<MultipathGroup> groups,
        List<GroupTraffic> groupTraffic,
        Map<String, List<Object>> other,
        Ledger sources) {

    record NicView(Nic nic, PcieLink pcie, InterruptLoad interruptLoad, List<IrqBinding> irqs, List<PortView> ports) {}

    record PortView(Port port, PortQos qos, EcnState ecn, List<RdmaView> rdma, List<CounterRate> movingCounters) {}

    record RdmaView(
            RdmaDevice device,
            RoceTraffic roceTraffic,
            RoceMtu mtu,
            PortGids gids,
            RdmaPortTraffic traffic,
            List<CounterRate> movingCounters) {}

    record Ledger(List<String> parsed, List<String> missing, List<SourceLedger.Failure> failed, List<String> notes) {}

    static FactsView of(Facts facts) {
        Set<Object> placed = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        placed.add(facts.host());
        Arrangement a = new Arrangement(facts, placed);
        List<NicView> nics = new ArrayList<>();
        for (Nic nic : a.take(Nic.class, n -> true)) {
            List<PortView> ports = new ArrayList<>();
            for (Port p : a.take(Port.class, p -> p.nic().equals(nic.id()))) {
                ports.add(new PortView(
                        p,
                        a.one(PortQos.class, q -> q.device().equals(p.name())),
                        a.one(EcnState.class, e -> e.device().equals(p.name())),
                        a.rdma(d -> p.name().equals(d.netdev())),
                        a.moving(p.name())));
            }
            nics.add(new NicView(
                    nic,
                    a.one(PcieLink.class, l -> l.nic().equals(nic.id())),
                    a.one(InterruptLoad.class, l -> l.nic().equals(nic.id())),
                    a.take(IrqBinding.class, b -> nic.id().equals(b.nic())),
                    ports));
        }
        List<RdmaView> rest = a.rdma(d -> true);
        List<NumaNode> nodes = a.take(NumaNode.class, n -> true);
        List<Bond> bonds = a.take(Bond.class, b -> true);
        List<MultipathGroup> groups = a.take(MultipathGroup.class, g -> true);
        List<GroupTraffic> traffic = a.take(GroupTraffic.class, t -> true);
        Map<String, List<Object>> other = new TreeMap<>();
        facts.all().stream()
                .filter(f -> !placed.contains(f))
                .forEach(f -> other.computeIfAbsent(f.getClass().getSimpleName(), k -> new ArrayList<>())
                        .add(f));
        SourceLedger l = facts.ledger();
        return new FactsView(
                facts.host(),
                nodes,
                nics,
                rest,
                bonds,
                groups,
                traffic,
                other,
                new Ledger(l.parsed(), l.missing(), l.failures(), l.notes()));
    }

    /** Hands out each fact once, so that what no section claims ends up under "other". */
    private record Arrangement(Facts facts, Set<Object> placed) {
        <T> List<T> take(Class<T> type, Predicate<T> which) {
            List<T> out = facts.of(type).stream()
                    .filter(f -> !placed.contains(f) && which.test(f))
                    .toList();
            placed.addAll(out);
            return out;
        }

        <T> T one(Class<T> type, Predicate<T> which) {
            List<T> all = take(type, which);
            return all.isEmpty() ? null : all.get(0);
        }

        List<CounterRate> moving(String subject) {
            return take(CounterRate.class, c -> c.subject().equals(subject) && (c.delta() != 0 || c.wentDown()));
        }

        List<RdmaView> rdma(Predicate<RdmaDevice> which) {
            List<RdmaView> out = new ArrayList<>();
            for (RdmaDevice d : take(RdmaDevice.class, which)) {
                String id = d.id();
                out.add(new RdmaView(
                        d,
                        one(RoceTraffic.class, t -> t.ibdev().equals(d.name()) && t.port() == d.port()),
                        one(RoceMtu.class, m -> m.id().equals(id)),
                        one(PortGids.class, g -> g.id().equals(id)),
                        one(RdmaPortTraffic.class, t -> t.id().equals(id)),
                        moving(id)));
            }
            return out;
        }
    }
}
