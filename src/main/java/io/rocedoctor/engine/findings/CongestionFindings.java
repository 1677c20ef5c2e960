package io.rocedoctor.engine.findings;

import io.rocedoctor.engine.Figures;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.CongestionCounters;
import io.rocedoctor.facts.CounterMeaning;
import io.rocedoctor.facts.EcnState;
import io.rocedoctor.facts.PriorityPause;
import io.rocedoctor.facts.RdmaDevice;
import io.rocedoctor.facts.RocePriority;
import java.util.ArrayList;
import java.util.List;

/**
 * The findings of the congestion-control rules (rules/congestion.drl): their scope, confidence,
 * evidence and proposed actions, from the facts the rule matched. Counters are named as the
 * capture printed them ({@link CongestionCounters#counter}), whatever the driver.
 */
public final class CongestionFindings {
    private static final String SINCE_BOOT = " since boot (one sample: when is unknown)";

    private CongestionFindings() {}

    /** ECN_DISABLED_ON_ROCE_PRIO: the DCQCN switches of the RoCE priority, or bnxt_re's one switch for the device port. */
    public static Finding.Builder ecnDisabled(RocePriority roce, EcnState ecn) {
        Finding.Builder f = Finding.about(roce.device())
                .scope(roce.nic())
                .confirmed()
                .evidence("RoCE priority", roce.priority(), roce.derivation());
        if (ecn.deviceWideSource() == null) {
            f.evidence(
                            ecn.notificationPointSource(roce.priority()),
                            switchValue(ecn.notificationPoint().get(roce.priority())),
                            "notification point: turns ECN marks on received RoCE packets into CNPs")
                    .evidence(
                            ecn.reactionPointSource(roce.priority()),
                            switchValue(ecn.reactionPoint().get(roce.priority())),
                            "reaction point: slows the sender down when CNPs arrive");
        } else {
            f.evidence(
                    ecn.deviceWideSource(),
                    "0",
                    "congestion control of the RDMA device port is off: no CNPs sent, none acted on, on any priority");
        }
        return proposeEcnEnable(f, roce, ecn);
    }

    /**
     * CNP_LOOP_BROKEN: which end of the loop broke, by the device's own counters, and for each
     * RoCE priority of its ports ({@code priorities}, with the {@code states} of DCQCN read there)
     * whether enabling DCQCN would help. A RoCE LAG device is one finding on its bond, its member
     * ports in scope.
     */
    public static Finding.Builder cnpLoopBroken(
            CongestionCounters c, List<RocePriority> priorities, List<EcnState> states) {
        String when = c.sinceBoot() ? SINCE_BOOT : " between the samples";
        Finding.Builder f = Finding.about(c.netdev() != null ? c.netdev() : c.id())
                .scope(c.id(), c.nic())
                .scope(c.ports());
        if (c.sinceBoot()) {
            f.likely();
        } else {
            f.confirmed();
        }
        String source = RdmaDevice.statisticSource(c.id());
        if (marksWithoutCnps(c)) {
            f.evidence(
                            source,
                            moved(c, CounterMeaning.ECN_MARKED, c.ecnMarked()),
                            "ECN-marked RoCE packets received" + when)
                    .evidence(
                            source,
                            moved(c, CounterMeaning.CNP_SENT, 0L),
                            "no CNP sent back to the senders: they never slow down");
        }
        if (cnpsIgnored(c)) {
            f.evidence(
                            source,
                            moved(c, CounterMeaning.CNP_IGNORED, c.cnpIgnored()),
                            "CNPs received from the peers" + when)
                    .evidence(
                            source,
                            moved(c, CounterMeaning.CNP_HANDLED, 0L),
                            "none acted on: this sender does not slow down");
        }
        for (RocePriority roce : priorities) {
            EcnState state = null;
            for (EcnState s : states) {
                if (s.device().equals(roce.device())) {
                    state = s;
                }
            }
            if (state != null && state.enabled(roce.priority())) {
                // Enabling what is on changes nothing: the break is in the CNP's own path (its priority or
                // DSCP on the wire, the NIC's DCQCN firmware settings) or at the peer.
                f.evidence(
                        state.source(roce.priority()),
                        state.deviceWideSource() == null ? "1" : "0x1",
                        "DCQCN is enabled on priority " + roce.priority()
                                + ": look at the CNP's priority/DSCP and the NIC's DCQCN settings");
            } else {
                if (state != null && state.deviceWideSource() != null) {
                    f.evidence(state.deviceWideSource(), "0", "congestion control of the RDMA device port is off");
                }
                proposeEcnEnable(f, roce, state);
            }
        }
        return f;
    }

    /**
     * PFC_DOMINATES_ECN: the pause received on the RoCE priority against the CNPs of its device,
     * and DCQCN's state on its port ({@code states}: none when not read).
     */
    public static Finding.Builder pfcDominatesEcn(
            RocePriority roce, PriorityPause pause, CongestionCounters c, List<EcnState> states) {
        EcnState ecn = states.isEmpty() ? null : states.get(0);
        boolean ecnOff = ecn != null && ecn.disabled(roce.priority());
        Finding.Builder f = Finding.about(roce.device()).scope(roce.nic(), c.id());
        if (pause.sinceBoot()) {
            f.possible();
        } else if (ecnOff) {
            f.confirmed();
        } else {
            f.likely();
        }
        f.evidence(
                "ethtool -S " + roce.device(),
                pause.counter() + " +" + pause.frames(),
                "pause frames received on priority " + roce.priority() + " (the RoCE priority)"
                        + (pause.sinceBoot()
                                ? SINCE_BOOT
                                : pause.pausedShare() != null
                                        ? ": paused " + Figures.percent(pause.pausedShare()) + " of the interval"
                                        : ": " + Figures.number(pause.perSecond()) + " per second"));
        List<String> cnps = new ArrayList<>();
        if (c.counter(CounterMeaning.CNP_SENT) != null) {
            cnps.add(moved(c, CounterMeaning.CNP_SENT, c.cnpSent()));
        }
        if (c.counter(CounterMeaning.CNP_HANDLED) != null) {
            cnps.add(moved(c, CounterMeaning.CNP_HANDLED, c.cnpHandled()));
        }
        f.evidence(
                RdmaDevice.statisticSource(c.id()),
                String.join(", ", cnps),
                c.sinceBoot()
                        ? "no CNP since boot"
                        : Figures.number(c.cnpPerSecond()) + " CNPs per second: ECN is not slowing the senders");
        if (ecnOff) {
            f.evidence(
                    ecn.source(roce.priority()),
                    "disabled on priority " + roce.priority(),
                    "see ECN_DISABLED_ON_ROCE_PRIO");
        }
        // bnxt_re: the device port's own switch; with it on, the host has nothing to enable.
        if (ecn == null || ecn.deviceWideSource() == null || ecnOff) {
            proposeEcnEnable(f, roce, ecn);
        }
        return f;
    }

    /** ECN marks arrived and the notification point sent no CNP. */
    private static boolean marksWithoutCnps(CongestionCounters c) {
        return c.ecnMarked() != null && c.ecnMarked() > 0 && c.cnpSent() != null && c.cnpSent() == 0;
    }

    /** CNPs arrived and the reaction point ignored them all. */
    private static boolean cnpsIgnored(CongestionCounters c) {
        return c.cnpIgnored() != null && c.cnpIgnored() > 0 && c.cnpHandled() != null && c.cnpHandled() == 0;
    }

    /** {@code tx_cnp_pkts +0}: the driver's counter and how far it moved. */
    private static String moved(CongestionCounters c, CounterMeaning meaning, Long by) {
        return c.counter(meaning) + " +" + by;
    }

    private static String switchValue(Boolean on) {
        return on == null ? "not collected" : on ? "1" : "0";
    }

    /**
     * Turning DCQCN on for the RoCE priority: mlx5's sysfs switch of the priority, or, on bnxt_re
     * (one switch for the device port), its configfs switch: ecn-enable writes files bnxt_re has not.
     */
    private static Finding.Builder proposeEcnEnable(Finding.Builder f, RocePriority roce, EcnState ecn) {
        if (ecn == null || ecn.deviceWideSource() == null) {
            return f.action("ecn-enable", "device", roce.device(), "priority", String.valueOf(roce.priority()));
        }
        return f.action(
                "bnxt-re-ecn-enable",
                "ibdev",
                ecn.rdmaDevice(),
                "port",
                String.valueOf(ecn.rdmaPort()),
                "current",
                "0");
    }
}
