package io.rocedoctor.facts;

import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import java.util.Map;
import java.util.Set;

/**
 * Layer 7 (congestion): the DCQCN parameters in force on each port, from the files mlx5 under
 * MLNX_OFED or DOCA-Host shows under {@code /sys/class/net/IF/ecn/roce_rp/} and {@code roce_np/}
 * (the upstream driver has none: a host without them has no {@link DcqcnParameter}).
 */
final class DcqcnFacts implements LayerFacts {
    private static final Map<SourceKind, String> POINTS = Map.of(
            SourceKind.DCQCN_REACTION_POINT_PARAMETER, "roce_rp",
            SourceKind.DCQCN_NOTIFICATION_POINT_PARAMETER, "roce_np");

    @Override
    public FactLayer declaration() {
        return new FactLayer(
                "dcqcn",
                Set.of(SourceKind.DCQCN_REACTION_POINT_PARAMETER, SourceKind.DCQCN_NOTIFICATION_POINT_PARAMETER),
                Set.of(),
                Set.of(DcqcnParameter.class));
    }

    @Override
    public void addTo(HostContext host, BuiltFacts facts) {
        for (SourceKind kind : new java.util.TreeSet<>(POINTS.keySet())) {
            for (Source s : host.sources(kind)) {
                host.parse(s, Long.class)
                        .ifPresent(v -> facts.add(new DcqcnParameter(
                                s.arg(), POINTS.get(kind), s.args().get(1), v, s.display())));
            }
        }
    }
}
