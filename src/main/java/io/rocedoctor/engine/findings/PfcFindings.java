package io.rocedoctor.engine.findings;

import io.rocedoctor.engine.Figures;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.engine.Thresholds;
import io.rocedoctor.facts.EcnState;
import io.rocedoctor.facts.LosslessBuffer;
import io.rocedoctor.facts.PortQos;
import io.rocedoctor.facts.RocePriority;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The findings of the host's PFC configuration rules (rules/host-qos.drl: PFC_NOT_ON_ROCE_PRIO,
 * PFC_TOO_MANY_PRIOS, LOSSLESS_BUFFER_MISCONFIGURED): the port's PFC vector as its QoS source
 * printed it, the RoCE priority with its derivation, and the vector or buffer map to change.
 */
public final class PfcFindings {
    private PfcFindings() {}

    /**
     * PFC_NOT_ON_ROCE_PRIO: the RoCE priority is lossy and has no congestion control; PFC is proposed
     * on it beside the priorities already lossless, and, when a ToS is set but the port classifies
     * by VLAN PCP, trusting DSCP so that the ToS counts.
     */
    public static Finding.Builder notOnRocePriority(RocePriority roce, PortQos qos, EcnState ecn) {
        TreeSet<Integer> wanted = new TreeSet<>(qos.pfcPriorities());
        wanted.add(roce.priority());
        Finding.Builder f = Finding.about(roce.device())
                .scope(roce.nic())
                .confirmed()
                .evidence("RoCE priority", roce.priority(), roce.derivation())
                .evidence(
                        qos.source(),
                        "PFC on " + (qos.pfcPriorities().isEmpty() ? "no priority" : "priorities " + qos.pfcVector())
                                + (qos.trust() == null ? ", trust not shown" : ", trust " + qos.trust()),
                        "priority " + roce.priority() + " is lossy")
                .evidence(
                        ecn.source(roce.priority()),
                        "disabled on priority " + roce.priority(),
                        "and no congestion control: drops under congestion become retransmissions")
                .action(
                        "host-pfc-priority",
                        "device",
                        roce.device(),
                        "priorities",
                        wanted.stream().map(String::valueOf).collect(Collectors.joining(",")),
                        "current",
                        qos.pfcVector());
        if (!roce.intended() && "pcp".equals(qos.trust())) {
            f.action("host-trust-dscp", "device", roce.device(), "current", qos.trust());
        }
        return f;
    }

    /**
     * PFC_TOO_MANY_PRIOS: more lossless priorities than {@code qos.maxPfcPriorities}, and PFC
     * narrowed to each RoCE priority of the port ({@code roce}; none known: no action).
     */
    public static Finding.Builder tooManyPriorities(PortQos qos, List<RocePriority> roce, Thresholds t) {
        Finding.Builder f = Finding.about(qos.device())
                .confirmed()
                .evidence(
                        qos.source(),
                        "PFC on priorities " + qos.pfcVector(),
                        qos.pfcPriorities().size() + " lossless priorities (more than "
                                + Figures.number(t.num("qos.maxPfcPriorities"))
                                + "): each one adds head-of-line blocking and PFC deadlock surface");
        for (RocePriority r : roce) {
            f.scope(r.nic())
                    .evidence("RoCE priority", r.priority(), r.derivation())
                    .action(
                            "host-pfc-priority",
                            "device",
                            qos.device(),
                            "priorities",
                            String.valueOf(r.priority()),
                            "current",
                            qos.pfcVector());
        }
        return f;
    }

    /**
     * LOSSLESS_BUFFER_MISCONFIGURED: each lossless priority ({@code bad}) whose receive buffer has
     * size 0 or also holds lossy priorities, and a buffer of its own proposed for it.
     */
    public static Finding.Builder losslessBufferMisconfigured(PortQos qos, List<LosslessBuffer> bad) {
        Finding.Builder f = Finding.about(qos.device()).confirmed();
        for (LosslessBuffer b : bad) {
            f.scope(b.nic())
                    .evidence(
                            qos.source(),
                            "priority " + b.priority() + " -> buffer " + b.buffer()
                                    + (b.bufferBytes() == null ? "" : " (" + b.bufferBytes() + " bytes)"),
                            bufferProblem(b))
                    .action("host-buffer-map", "device", qos.device(), "priority", String.valueOf(b.priority()));
        }
        return f;
    }

    private static String bufferProblem(LosslessBuffer b) {
        return b.bufferBytes() != null && b.bufferBytes() == 0
                ? "buffer " + b.buffer() + " has size 0: no room for the xoff threshold and headroom"
                : "buffer " + b.buffer() + " also holds lossy "
                        + EndToEndFindings.priorities(b.sharedWithLossy())
                        + ": their traffic takes the room the pause headroom needs";
    }
}
