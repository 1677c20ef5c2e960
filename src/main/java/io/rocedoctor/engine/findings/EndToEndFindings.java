package io.rocedoctor.engine.findings;

import io.rocedoctor.engine.Figures;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.Host;
import io.rocedoctor.facts.Port;
import io.rocedoctor.facts.PortQos;
import io.rocedoctor.facts.RoceTraffic;
import io.rocedoctor.facts.SwitchPort;
import io.rocedoctor.facts.TunedHostPort;
import java.util.Comparator;
import java.util.List;

/**
 * The findings of the rules comparing a host port with the switch port facing it
 * (rules/end-to-end.drl): the host's value, the switch's, and which side the action moves.
 * DSCP_MAP_MISMATCH has its own builder, {@link DscpMapFinding}.
 */
public final class EndToEndFindings {
    private EndToEndFindings() {}

    /** How evidence names a switch port: {@code switch leaf1: Ethernet8}. */
    static String switchSource(SwitchPort s) {
        return "switch " + s.switchName() + ": " + s.port();
    }

    /**
     * TRUST_MODE_MISMATCH: both trust modes, and DSCP as the one to align on (RoCEv2 is routed:
     * DSCP survives every hop, PCP only the first), so the side trusting PCP moves.
     */
    public static Finding.Builder trustMismatch(PortQos host, SwitchPort sw) {
        Finding.Builder f = Finding.about(host.device())
                .scope(sw.label())
                .confirmed()
                .evidence(host.source(), host.trust(), "host port trust mode")
                .evidence(switchSource(sw), sw.trust(), "trust mode of the switch port facing it");
        if (sw.trust().equals("pcp")) {
            return SwitchPortAction.propose(
                    f, "switch-trust-dscp", sw.switchName(), sw.platform(), sw.port(), "dscp_map", sw.dscpMap());
        }
        return f.action("host-trust-dscp", "device", host.device(), "current", host.trust());
    }

    /**
     * PFC_PRIORITY_MISMATCH: both PFC vectors and each RoCE priority of the port ({@code roce}). The
     * side to change is the one lacking a RoCE priority; when none is known to lack it, the switch
     * follows the host (the host's vector is the one its applications were tuned for).
     */
    public static Finding.Builder pfcPriorityMismatch(PortQos host, SwitchPort sw, List<RoceTraffic> roce) {
        Finding.Builder f = Finding.about(host.device())
                .scope(sw.label())
                .confirmed()
                .evidence(host.source(), Figures.listed(host.pfcPriorities()), "priorities with PFC on the host port")
                .evidence(
                        switchSource(sw),
                        Figures.listed(sw.pfcPriorities()),
                        "lossless priorities of the switch port facing it");
        boolean hostLacksRoce = false;
        for (RoceTraffic r : roce) {
            f.evidence("cma_roce_tos -d " + r.ibdev() + " -p " + r.port(), r.priority(), r.derivation());
            hostLacksRoce |= !host.pfcOn(r.priority()) && sw.pfcPriorities().contains(r.priority());
        }
        if (hostLacksRoce) {
            return f.action(
                    "host-pfc-priority",
                    "device",
                    host.device(),
                    "priorities",
                    sw.pfcVector(),
                    "current",
                    host.pfcVector());
        }
        return SwitchPortAction.propose(
                f,
                "switch-pfc-priority",
                sw.switchName(),
                sw.platform(),
                sw.port(),
                "priorities",
                host.pfcVector(),
                "current",
                sw.pfcVector());
    }

    /** MTU_MISMATCH: both MTUs, and the switch port raised to the host's. */
    public static Finding.Builder mtuMismatch(Port host, SwitchPort sw) {
        Finding.Builder f = Finding.about(host.name())
                .scope(sw.label())
                .confirmed()
                .evidence("/sys/class/net/" + host.name() + "/mtu", host.mtu(), "host port MTU")
                .evidence(switchSource(sw), sw.mtu(), "MTU of the switch port facing it");
        return SwitchPortAction.propose(
                f, "switch-mtu", sw.switchName(), sw.platform(), sw.port(), "mtu", String.valueOf(host.mtu()));
    }

    /**
     * TRAP_HOST_ONLY_TUNING: each port tuned for lossless RoCE ({@code tuned}) with the captures its
     * tuning was read from, a switch dump to collect for each, and the missing switches/ folder.
     */
    public static Finding.Builder hostOnlyTuning(Host host, List<TunedHostPort> tuned) {
        Finding.Builder f =
                Finding.about(host.name() == null ? "host" : host.name()).likely();
        // collect's list is in the session's insertion order: sorted, the report does not depend on it.
        for (TunedHostPort t : tuned.stream()
                .sorted(Comparator.comparing(TunedHostPort::device))
                .toList()) {
            f.scope(t.device())
                    .evidence(
                            t.qosSource(),
                            "trust " + t.trust() + ", PFC on " + priorities(t.pfcPriorities()),
                            "DCQCN on " + priorities(t.ecnPriorities()) + "; " + t.roce())
                    .action("collect-switch-dump", "device", t.device());
        }
        return f.evidence(
                "switches/",
                "none",
                "no switch dump: whether the switch ports agree (trust, PFC, ECN, buffers) is unaudited");
    }

    /** "priority 3", "priorities 3 and 4". */
    static String priorities(List<Integer> priorities) {
        return (priorities.size() == 1 ? "priority " : "priorities ") + Figures.listed(priorities);
    }
}
