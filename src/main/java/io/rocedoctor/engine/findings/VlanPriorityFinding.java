package io.rocedoctor.engine.findings;

import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.PortQos;
import io.rocedoctor.facts.RoceVlanPriority;

/**
 * ROCE_VLAN_PRIORITY_MISMATCH's evidence (docs/rules/ROCE_VLAN_PRIORITY_MISMATCH.md): under trust
 * pcp, the VLAN's egress-qos-map gives RDMA CM traffic a PCP without PFC; the step maps its socket
 * priority to the lossless one.
 */
public final class VlanPriorityFinding {
    private VlanPriorityFinding() {}

    public static Finding.Builder about(RoceVlanPriority v, PortQos q) {
        int lossless = q.pfcPriorities().get(0);
        return Finding.about(v.vlan())
                .scope(v.ibdev(), v.parent(), v.nic())
                .confirmed()
                .evidence(
                        "cma_roce_tos -d " + v.ibdev() + " -p " + v.port(),
                        v.tos(),
                        "RDMA CM traffic of " + v.ibdev() + " port " + v.port() + " has socket priority "
                                + v.socketPriority() + " (the kernel's ToS -> priority table)")
                .evidence(
                        v.source(),
                        v.vlan() + " egress-qos-map " + v.egressQosMapText(),
                        "socket priority " + v.socketPriority() + " -> PCP " + v.pcp()
                                + (v.egressQosMap().containsKey(v.socketPriority()) ? "" : " (not in the map)")
                                + ": the PCP of its frames on VLAN " + (v.vlanId() == null ? v.vlan() : v.vlanId()))
                .evidence(
                        q.source(),
                        "trust pcp, PFC on priorities " + q.pfcVector(),
                        "PCP " + v.pcp() + " has no PFC: RoCE over " + v.vlan() + " runs lossy")
                .action(
                        "roce-vlan-egress-map",
                        "vlan",
                        v.vlan(),
                        "skprio",
                        String.valueOf(v.socketPriority()),
                        "pcp",
                        String.valueOf(lossless));
    }
}
