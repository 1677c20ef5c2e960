package io.rocedoctor.engine.findings;

import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.SwitchLosslessQueue;

/** An action on one switch port: the parameters every such action takes (switch, platform, switch_port), then its own. */
final class SwitchPortAction {
    private SwitchPortAction() {}

    static Finding.Builder propose(
            Finding.Builder f, String action, String switchName, String platform, String port, String... own) {
        String[] parameters = new String[6 + own.length];
        parameters[0] = "switch";
        parameters[1] = switchName;
        parameters[2] = "platform";
        parameters[3] = platform;
        parameters[4] = "switch_port";
        parameters[5] = port;
        System.arraycopy(own, 0, parameters, 6, own.length);
        return f.action(action, parameters);
    }

    /** An action on the ECN marking of a lossless queue: the port's parameters, the queue and the WRED/ECN profile it uses. */
    static Finding.Builder onQueueEcn(Finding.Builder f, String action, SwitchLosslessQueue q) {
        return propose(
                f,
                action,
                q.switchName(),
                q.platform(),
                q.port(),
                "queue",
                String.valueOf(q.queue()),
                "ecn_profile",
                q.ecnProfile());
    }
}
