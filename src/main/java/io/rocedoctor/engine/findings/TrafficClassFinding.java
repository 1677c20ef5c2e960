package io.rocedoctor.engine.findings;

import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.PortQos;
import io.rocedoctor.facts.RoceTrafficClass;
import io.rocedoctor.facts.TosChoice;

/**
 * ROCE_TRAFFIC_CLASS_UNSET's evidence (docs/rules/ROCE_TRAFFIC_CLASS_UNSET.md): the port's traffic
 * class override leaves QPs not made through RDMA CM on a priority without PFC.
 */
public final class TrafficClassFinding {
    private TrafficClassFinding() {}

    /** What the file holds, as a person reads it back. */
    static String value(RoceTrafficClass c) {
        String global = c.tclass() == null ? "no global traffic class" : "Global tclass=" + c.tclass();
        return c.rules() == 0 ? global : global + ", " + c.rules() + " address rule" + (c.rules() == 1 ? "" : "s");
    }

    public static Finding.Builder about(RoceTrafficClass c, PortQos q) {
        int lossless = q.pfcPriorities().get(0);
        String meaning = c.tclass() == null
                ? "QPs not made through RDMA CM (NCCL, UCX, perftest without -R) carry the traffic class their"
                        + " application sets, 0 unless told otherwise; cma_roce_tos does not reach them"
                : "every QP of the port, RDMA CM or not, carries ToS " + c.tclass();
        return Finding.about(c.id())
                .scope(c.ibdev(), c.netdev(), c.nic())
                .confirmed()
                .evidence(c.source(), value(c), meaning)
                .evidence("RoCE priority of those QPs", c.priority(), c.derivation())
                .evidence(
                        q.source(),
                        "PFC on priorities " + q.pfcVector(),
                        "priority " + c.priority() + " has no PFC: that traffic runs lossy, outside the class"
                                + " prepared for RoCE")
                .action(
                        "roce-traffic-class-set",
                        "ibdev",
                        c.ibdev(),
                        "port",
                        String.valueOf(c.port()),
                        "tclass",
                        String.valueOf(TosChoice.forPriority(q, lossless)));
    }
}
