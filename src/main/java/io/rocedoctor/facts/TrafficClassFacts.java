package io.rocedoctor.facts;

import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.parse.RdmaTrafficClass;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Layer 5 (transport): each RoCE port's MLNX_OFED traffic class override, from
 * {@code /sys/class/infiniband/DEV/tc/PORT/traffic_class}, and the priority it leaves QPs not made
 * through RDMA CM on. Only MLNX_OFED and DOCA-Host (which {@code ofed_info} names) have the file:
 * it is expected where the bundle shows such a stack, not on an upstream kernel.
 */
final class TrafficClassFacts implements LayerFacts {
    /** The traffic class such an application uses unless told otherwise. */
    private static final int APPLICATION_DEFAULT_TOS = 0;

    @Override
    public FactLayer declaration() {
        return new FactLayer(
                "traffic-class",
                Set.of(SourceKind.RDMA_TRAFFIC_CLASS),
                Set.of(RdmaDevice.class, PortQos.class, RdmaDriverStack.class),
                Set.of(RoceTrafficClass.class));
    }

    @Override
    public void addTo(HostContext host, BuiltFacts facts) {
        Map<String, PortQos> qos = facts.of(PortQos.class).stream()
                .collect(Collectors.toMap(PortQos::device, Function.identity(), (a, b) -> a));
        boolean vendorStack = !facts.of(RdmaDriverStack.class).isEmpty();
        for (RdmaDevice d : facts.of(RdmaDevice.class)) {
            if (d.netdev() == null || d.infiniband()) {
                continue;
            }
            Source source = Source.of(SourceKind.RDMA_TRAFFIC_CLASS, d.name(), String.valueOf(d.port()));
            if (vendorStack) {
                host.ledger().expect(source);
            }
            host.parse(source, RdmaTrafficClass.class).ifPresent(tc -> {
                int tos = tc.global() == null ? APPLICATION_DEFAULT_TOS : tc.global();
                TosPriority landing = TosPriority.of(tos, qos.get(d.netdev()));
                facts.add(new RoceTrafficClass(
                        d.name(),
                        d.port(),
                        d.netdev(),
                        d.nic(),
                        tc.global(),
                        tc.rules().size(),
                        landing.priority(),
                        landing.derivation(),
                        source.display()));
            });
        }
    }
}
