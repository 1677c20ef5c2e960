package io.rocedoctor.facts;

import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.parse.IpLink;
import io.rocedoctor.parse.IpLinks;
import java.util.Set;

/**
 * Layer 8 (host QoS): the PCP RDMA CM traffic gets on each VLAN over a RoCE port's netdev
 * ({@link RoceVlanPriority}), from the VLAN's {@code egress-qos-map} in {@code ip -d link show}
 * and the port's RDMA CM ToS. A VLAN that is down carries nothing and is left out.
 */
final class VlanFacts implements LayerFacts {
    @Override
    public FactLayer declaration() {
        return new FactLayer(
                "vlan",
                Set.of(SourceKind.IP_LINK_DETAILS),
                Set.of(RdmaDevice.class, RoceTraffic.class),
                Set.of(RoceVlanPriority.class));
    }

    @Override
    public void addTo(HostContext host, BuiltFacts facts) {
        var source = host.sources(SourceKind.IP_LINK_DETAILS).stream().findFirst();
        IpLinks links = source.flatMap(s -> host.parse(s, IpLinks.class)).orElse(null);
        if (links == null) {
            return;
        }
        for (RoceTraffic t : facts.of(RoceTraffic.class)) {
            if (t.tos() == null || t.netdev() == null) {
                continue;
            }
            String nic = facts.of(RdmaDevice.class).stream()
                    .filter(d -> d.name().equals(t.ibdev()) && d.port() == t.port())
                    .findFirst()
                    .map(RdmaDevice::nic) // null on a partial bundle whose NIC was not read
                    .orElse(null);
            int socketPriority = RoceVlanPriority.socketPriority(t.tos());
            for (IpLink l : links.links()) {
                if ("vlan".equals(l.kind()) && t.netdev().equals(l.parent()) && l.up()) {
                    facts.add(new RoceVlanPriority(
                            l.name(),
                            t.netdev(),
                            t.ibdev(),
                            t.port(),
                            nic,
                            l.attributes().get("id"),
                            t.tos(),
                            socketPriority,
                            l.egressPcp(socketPriority),
                            l.egressQosMap(),
                            source.get().display()));
                }
            }
        }
    }
}
