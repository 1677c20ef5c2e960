package io.rocedoctor.engine.findings;

import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.EcnState;
import io.rocedoctor.facts.SwitchLosslessQueue;
import java.util.List;

/**
 * SWITCH_ECN_OFF_LOSSLESS's evidence (docs/rules/SWITCH_ECN_OFF_LOSSLESS.md): ECN marking off on a
 * lossless switch queue whose facing hosts run DCQCN on its priority.
 */
public final class SwitchEcnOffFinding {
    private SwitchEcnOffFinding() {}

    /** {@code hosts}: the EcnState of each facing host port with both DCQCN points on for the queue's priority. */
    public static Finding.Builder of(SwitchLosslessQueue q, List<EcnState> hosts) {
        Finding.Builder f = Finding.about(q.label() + ":" + q.priority())
                .scope(q.label())
                .scope(q.hostPorts())
                .confirmed()
                .evidence(
                        "switch " + q.switchName() + ": ECN of queue " + q.queue(),
                        q.ecnProfile() == null ? "off" : "off (" + q.ecnProfile() + ")",
                        "lossless priority " + q.priority() + " is never ECN-marked on " + q.port()
                                + ": congestion there reaches the hosts only as PFC pause");
        for (EcnState e : hosts) {
            f.evidence(
                    e.source(q.priority()),
                    "enabled",
                    "DCQCN on priority " + q.priority() + " of " + e.device()
                            + ": it waits for marks this queue never sets");
        }
        return SwitchPortAction.onQueueEcn(f, "switch-ecn-enable", q);
    }
}
