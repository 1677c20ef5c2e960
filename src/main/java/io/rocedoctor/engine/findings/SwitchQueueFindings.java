package io.rocedoctor.engine.findings;

import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.SwitchLosslessQueue;
import io.rocedoctor.facts.SwitchPort;
import java.util.List;

/**
 * The findings of the switch rules judging a lossless queue's protection and losses
 * (rules/switch-qos.drl: SWITCH_PFC_WATCHDOG_OFF, SWITCH_PFC_STORM_DETECTED, SWITCH_LOSSLESS_DROPS).
 * A per-priority finding is named {@code switch/port:priority}; its scope holds the switch port and
 * the host ports facing it, so host findings on those ports relate to it.
 */
public final class SwitchQueueFindings {
    private SwitchQueueFindings() {}

    /** SWITCH_PFC_WATCHDOG_OFF: each lossless queue of the port without a watchdog ({@code off}), and the watchdog turned on for the port's PFC priorities. */
    public static Finding.Builder watchdogOff(SwitchPort port, List<SwitchLosslessQueue> off) {
        Finding.Builder f = Finding.about(port.label()).scope(port.hostPorts()).confirmed();
        for (SwitchLosslessQueue q : off) {
            f.evidence(
                    "switch " + q.switchName() + ": " + q.watchdogSource(),
                    "off",
                    "no PFC watchdog on " + q.port() + " lossless priority " + q.priority() + " (queue " + q.queue()
                            + ")");
        }
        return SwitchPortAction.propose(
                f,
                "switch-pfc-watchdog-enable",
                port.switchName(),
                port.platform(),
                port.port(),
                "priorities",
                port.pfcVector());
    }

    /**
     * SWITCH_PFC_STORM_DETECTED: the watchdog's state and storm count. A queue in storm now, or storms
     * counted between the samples, is confirmed; storms only in the history (one sample, or none
     * during the capture) are likely: they happened, maybe not lately.
     */
    public static Finding.Builder stormDetected(SwitchLosslessQueue q) {
        Finding.Builder f = perPriority(q)
                .evidence(
                        "switch " + q.switchName() + ": " + q.stormSource(),
                        q.stormed() ? "stormed" : "operational",
                        "watchdog state of queue " + q.queue() + " at the last sample");
        investigate(f, q);
        if (q.stormsDetected() != null) {
            f.evidence(
                    "switch " + q.switchName() + ": " + q.stormSource(),
                    q.stormsDetected(),
                    "storms detected"
                            + (q.stormsDuring() == null
                                    ? " (since the counters started)"
                                    : ", " + q.stormsDuring() + " during the capture"));
        }
        boolean now = q.stormed() || (q.stormsDuring() != null && q.stormsDuring() > 0);
        return now ? f.confirmed() : f.likely();
    }

    /** SWITCH_LOSSLESS_DROPS: the drops and their counters; counted since the counters started (one sample) only likely. */
    public static Finding.Builder losslessDrops(SwitchLosslessQueue q) {
        Finding.Builder f = perPriority(q)
                .evidence(
                        "switch " + q.switchName() + ": " + q.dropCounters(),
                        q.drops(),
                        "dropped on lossless priority " + q.priority() + " (PG " + q.priorityGroup() + ", queue "
                                + q.queue() + ")"
                                + (q.dropsSinceBoot()
                                        ? ", since the counters started (one sample)"
                                        : " between the samples"));
        investigate(f, q);
        return q.dropsSinceBoot() ? f.likely() : f.confirmed();
    }

    private static Finding.Builder perPriority(SwitchLosslessQueue q) {
        return Finding.about(q.label() + ":" + q.priority()).scope(q.label()).scope(q.hostPorts());
    }

    private static void investigate(Finding.Builder f, SwitchLosslessQueue q) {
        f.action(
                "switch-storm-investigate",
                "switch",
                q.switchName(),
                "switch_port",
                q.port(),
                "priority",
                String.valueOf(q.priority()));
    }
}
