package io.rocedoctor.engine.findings;

import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.CnpScheduling;
import io.rocedoctor.facts.PortQos;
import java.util.List;

/**
 * CNP_MARKING_UNSAFE's evidence (docs/rules/CNP_MARKING_UNSAFE.md): the port's CNPs land on the
 * data priority, or on a class served after a larger ETS share; the step moves them to a priority
 * served first.
 */
public final class CnpMarkingFinding {
    /** NVIDIA's CNP priority (ConnectX's CNP_802P_PRIO default), tried first; then the others from the highest. */
    private static final List<Integer> PREFERRED = List.of(6, 7, 5, 4, 2, 1, 0);

    private CnpMarkingFinding() {}

    /** How the CNP's class is scheduled, as mlnx_qos prints it. */
    static String scheduling(CnpScheduling c) {
        if (c.tsa() == null) {
            return "not shown";
        }
        return "tc " + c.trafficClass() + ", tsa " + c.tsa()
                + (c.bandwidthPercent() == null ? "" : ", bw " + c.bandwidthPercent() + "%");
    }

    /**
     * The priority to send CNPs on: the first of {@link #PREFERRED} whose class is served first,
     * or, where the classes are not known, the first that is not the data priority.
     */
    static int target(CnpScheduling c) {
        return PREFERRED.stream()
                .filter(p -> p != c.dataPriority())
                .filter(p -> c.tsa() == null || c.servedFirst().contains(p))
                .findFirst()
                .orElseThrow();
    }

    /** The DSCP of class selector p (8p, 48 for 6), or the lowest DSCP the port's map sends to p under trust dscp. */
    static int dscpFor(PortQos q, int priority) {
        int selector = 8 * priority;
        if (!"dscp".equals(q.trust())
                || q.dscpPriority().isEmpty()
                || Integer.valueOf(priority).equals(q.dscpPriority().get(selector))) {
            return selector;
        }
        return q.dscpPriority().entrySet().stream()
                .filter(e -> e.getValue() == priority)
                .mapToInt(java.util.Map.Entry::getKey)
                .min()
                .orElse(selector);
    }

    public static Finding.Builder about(CnpScheduling c, PortQos q) {
        Finding.Builder f = Finding.about(c.netdev())
                .scope(c.nic())
                .confirmed()
                .evidence(
                        c.markingSource(),
                        "DSCP " + c.dscp() + (c.cnpPriority() == null ? "" : ", 802.1p " + c.cnpPriority()),
                        c.derivation())
                .evidence("RoCE data priority", c.dataPriority(), c.dataDerivation());
        f.evidence(
                c.qosSource(),
                "priority " + c.priority() + ": " + scheduling(c),
                c.onTheDataPriority()
                        ? "the CNPs queue behind the data they are meant to slow down, and are paused with it"
                        : "neither strict nor the largest ETS share: under load the CNPs wait their turn, and the"
                                + " senders slow down late");
        if (c.tsa() != null && c.servedFirst().isEmpty()) {
            // No class is served first: the fix is the ETS configuration, not the marking.
            return f;
        }
        int priority = target(c);
        f.action(
                "host-cnp-marking",
                "device",
                c.netdev(),
                "dscp",
                String.valueOf(dscpFor(q, priority)),
                "priority",
                String.valueOf(priority));
        return f;
    }
}
