package io.rocedoctor.facts;

import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.parse.MlnxQos;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Layer 8 (host QoS): where each port's CNPs wait ({@link CnpScheduling}), from the CNP marking
 * read from the bundle ({@link CnpMarking}, not an assumed default), the port's QoS and the
 * traffic classes of {@code mlnx_qos -i IF}.
 */
final class CnpSchedulingFacts implements LayerFacts {
    @Override
    public FactLayer declaration() {
        return new FactLayer(
                "cnp-scheduling",
                Set.of(SourceKind.MLNX_QOS),
                Set.of(CnpMarking.class, RocePriority.class, PortQos.class),
                Set.of(CnpScheduling.class));
    }

    @Override
    public void addTo(HostContext host, BuiltFacts facts) {
        Map<String, PortQos> qos = facts.of(PortQos.class).stream()
                .collect(Collectors.toMap(PortQos::device, Function.identity(), (a, b) -> a));
        Map<String, RocePriority> data = facts.of(RocePriority.class).stream()
                .collect(Collectors.toMap(RocePriority::device, Function.identity(), (a, b) -> a));
        for (CnpMarking m : facts.of(CnpMarking.class)) {
            PortQos q = qos.get(m.netdev());
            RocePriority r = data.get(m.netdev());
            if (m.assumed() || q == null || r == null) {
                continue;
            }
            Integer priority;
            String derivation;
            if ("dscp".equals(q.trust())) {
                priority = TosPriority.dscpPriority(q, m.dscp());
                derivation = "CNP DSCP " + m.dscp() + " -> priority " + priority + " (trust dscp"
                        + (q.dscpPriority().containsKey(m.dscp()) ? ")" : ", default DSCP map)");
            } else {
                priority = m.priority();
                derivation = priority == null
                        ? "no 802.1p priority of the CNPs read (trust " + q.trust() + ")"
                        : "CNP 802.1p priority " + priority + " (trust " + (q.trust() == null ? "not shown" : q.trust())
                                + ")";
            }
            Optional<MlnxQos> classes = host.parse(Source.of(SourceKind.MLNX_QOS, m.netdev()), MlnxQos.class)
                    .filter(c -> !c.trafficClasses().isEmpty());
            Optional<MlnxQos.TrafficClass> tc = classes.flatMap(c -> classOf(c, priority));
            int largestShare =
                    classes.map(c -> largestEtsShare(c.trafficClasses())).orElse(-1);
            List<Integer> servedFirst = new ArrayList<>();
            classes.ifPresent(c -> c.trafficClasses().forEach(t -> {
                if (CnpScheduling.strictlyServed(t.tsa()) || isLargestEts(t, largestShare)) {
                    t.priorities().stream().filter(p -> p != r.priority()).forEach(servedFirst::add);
                }
            }));
            facts.add(new CnpScheduling(
                    m.netdev(),
                    r.nic(),
                    m.dscp(),
                    m.priority(),
                    m.source(),
                    priority,
                    derivation,
                    r.priority(),
                    r.derivation(),
                    tc.map(MlnxQos.TrafficClass::tc).orElse(null),
                    tc.map(MlnxQos.TrafficClass::tsa).orElse(null),
                    tc.map(MlnxQos.TrafficClass::bandwidthPercent).orElse(null),
                    tc.map(t -> isLargestEts(t, largestShare)).orElse(false),
                    servedFirst.stream().sorted().distinct().toList(),
                    q.trust(),
                    classes.isPresent() ? "mlnx_qos -i " + m.netdev() : q.source()));
        }
    }

    private static Optional<MlnxQos.TrafficClass> classOf(MlnxQos q, Integer priority) {
        return priority == null
                ? Optional.empty()
                : q.trafficClasses().stream()
                        .filter(t -> t.priorities().contains(priority))
                        .findFirst();
    }

    private static int largestEtsShare(List<MlnxQos.TrafficClass> classes) {
        return classes.stream()
                .filter(t -> "ets".equals(t.tsa()) && t.bandwidthPercent() != null)
                .mapToInt(MlnxQos.TrafficClass::bandwidthPercent)
                .max()
                .orElse(-1);
    }

    private static boolean isLargestEts(MlnxQos.TrafficClass t, int largestShare) {
        return "ets".equals(t.tsa()) && t.bandwidthPercent() != null && t.bandwidthPercent() == largestShare;
    }
}
