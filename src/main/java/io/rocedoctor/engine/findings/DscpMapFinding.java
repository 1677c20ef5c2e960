package io.rocedoctor.engine.findings;

import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.CnpMarking;
import io.rocedoctor.facts.RoceTraffic;
import io.rocedoctor.facts.SwitchPort;
import java.util.List;

/**
 * DSCP_MAP_MISMATCH's evidence and actions (docs/rules/DSCP_MAP_MISMATCH.md): where the switch
 * port puts the DSCP of a host port's RoCE traffic, and of its CNPs. Data must land on a lossless
 * priority; a CNP must overtake data, so its queue is strict or above the data's. A CNP DSCP
 * assumed from the vendor default (no firmware configuration in the bundle) leaves the CNP part
 * likely; a wrong data priority or a CNP DSCP read from the host confirms the finding.
 */
public final class DscpMapFinding {
    private DscpMapFinding() {}

    /**
     * {@code hostPort} is the link's host port, {@code markings} its {@link CnpMarking}s (none when
     * not known: the CNP part is not judged).
     */
    public static Finding.Builder of(String hostPort, RoceTraffic roce, List<CnpMarking> markings, SwitchPort sw) {
        int data = sw.priorityOfDscp(roce.dscp());
        Finding.Builder f = Finding.about(hostPort)
                .scope(sw.label())
                .evidence(
                        "cma_roce_tos -d " + roce.ibdev() + " -p " + roce.port(),
                        roce.dscp(),
                        "DSCP of the host's RoCE traffic (" + roce.derivation() + ")")
                .evidence(
                        EndToEndFindings.switchSource(sw),
                        data,
                        "switch priority of DSCP " + roce.dscp() + "; lossless on the switch port: "
                                + EndToEndFindings.priorities(sw.pfcPriorities()));
        boolean dataWrong = !sw.pfcPriorities().contains(data);
        if (dataWrong) {
            remap(f, sw, roce.dscp(), sw.pfcPriorities().get(0));
        }
        boolean cnpKnownLate = false;
        for (CnpMarking m : markings) {
            if (!sw.cnpBehindData(m.dscp(), roce.dscp())) {
                continue;
            }
            cnpKnownLate |= !m.assumed();
            int cnp = sw.priorityOfDscp(m.dscp());
            f.evidence(
                            m.source(),
                            m.dscp(),
                            m.assumed()
                                    ? "CNP DSCP assumed (vendor default): the NIC's firmware configuration is not in the bundle"
                                    : "CNP DSCP in force on the host port"
                                            + (m.priority() == null ? "" : " (CNP priority " + m.priority() + ")"))
                    .evidence(
                            EndToEndFindings.switchSource(sw),
                            cnp,
                            "switch priority of DSCP " + m.dscp() + " (the host's CNPs), queue " + sw.queueOf(cnp)
                                    + ": neither strict nor above the RoCE queue " + sw.queueOf(data));
            if (m.dscp() == roce.dscp()) {
                // One DSCP for data and CNPs: remapping it on the switch would move the data off its
                // lossless priority too. Only the host can tell them apart (CNP_MARKING_UNSAFE's step).
                f.evidence(
                        m.source(),
                        m.dscp(),
                        "the host marks its CNPs with the data's own DSCP: no switch map can separate them;"
                                + " the CNP marking is changed on the host");
            } else {
                remap(f, sw, m.dscp(), cnpTarget(sw, data));
            }
        }
        return dataWrong || cnpKnownLate ? f.confirmed() : f.likely();
    }

    /** Where CNPs go: the highest strict-priority queue's priority, else the one above the data's. */
    static int cnpTarget(SwitchPort sw, int dataPriority) {
        Integer strict = sw.highestStrictPriority();
        return strict != null ? strict : Math.min(7, dataPriority + 1);
    }

    private static void remap(Finding.Builder f, SwitchPort sw, int dscp, int priority) {
        f.action(
                "switch-dscp-map",
                "switch",
                sw.switchName(),
                "platform",
                sw.platform(),
                "dscp_map",
                sw.dscpMap(),
                "dscp",
                String.valueOf(dscp),
                "priority",
                String.valueOf(priority));
    }
}
