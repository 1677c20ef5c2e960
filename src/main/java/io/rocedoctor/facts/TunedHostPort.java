package io.rocedoctor.facts;

import java.util.List;

/**
 * A host port tuned for lossless RoCE on its own side: it classifies by a trust mode it states
 * ({@code dscp}, or {@code pcp} for RoCE over VLANs, whose switch must trust the same field and
 * pause the same priority just as much), has PFC on the priority its RoCE traffic uses ({@code roce}
 * says how that priority was derived; any PFC priority when the RoCE priority is unknown) and DCQCN
 * on that priority; {@code qosSource} names the captures its trust and PFC were read from
 * (mlnx_qos, or dcb). A port whose trust the source cannot tell is not counted: nothing says how
 * its traffic is classified. Whether the switch agrees is layer 10's question.
 */
public record TunedHostPort(
        String device,
        String trust,
        List<Integer> pfcPriorities,
        List<Integer> ecnPriorities,
        String roce,
        String qosSource) {
    public TunedHostPort {
        pfcPriorities = List.copyOf(pfcPriorities);
        ecnPriorities = List.copyOf(ecnPriorities);
    }

    /** The tuned ports among the host's QoS facts. */
    public static List<TunedHostPort> among(List<PortQos> qos, List<EcnState> ecn, List<RoceTraffic> traffic) {
        return qos.stream()
                .filter(q -> ("dscp".equals(q.trust()) || "pcp".equals(q.trust()))
                        && !q.pfcPriorities().isEmpty())
                .flatMap(q -> {
                    List<RoceTraffic> roce = traffic.stream()
                            .filter(t -> q.device().equals(t.netdev()) && t.priority() != null)
                            .toList();
                    List<Integer> lossless = roce.isEmpty()
                            ? q.pfcPriorities()
                            : roce.stream()
                                    .map(RoceTraffic::priority)
                                    .filter(q::pfcOn)
                                    .distinct()
                                    .toList();
                    List<Integer> withEcn = ecn.stream()
                            .filter(e -> e.device().equals(q.device()))
                            .flatMap(e -> lossless.stream().filter(e::enabled))
                            .distinct()
                            .toList();
                    if (withEcn.isEmpty()) {
                        return java.util.stream.Stream.empty();
                    }
                    String how = roce.isEmpty()
                            ? "RoCE priority not derivable"
                            : roce.get(0).derivation();
                    return java.util.stream.Stream.of(
                            new TunedHostPort(q.device(), q.trust(), q.pfcPriorities(), withEcn, how, q.source()));
                })
                .toList();
    }
}
