package io.rocedoctor.engine.findings;

import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.SwitchHash;

/**
 * SWITCH_ECMP_HASH_NO_L4's evidence (docs/rules/SWITCH_ECMP_HASH_NO_L4.md): the ECMP and LAG hash
 * fields of a switch that leave out the UDP source port, where RoCEv2 carries its flow entropy.
 */
public final class SwitchHashFinding {
    private SwitchHashFinding() {}

    public static Finding.Builder of(SwitchHash h) {
        Finding.Builder f = Finding.about(h.switchName()).scope(h.hostPorts()).confirmed();
        if (h.ecmpLacksL4SourcePort()) {
            f.evidence(
                    "switch " + h.switchName() + ": " + h.source(),
                    String.join(",", h.ecmpFields()),
                    "ECMP hash fields: no L4_SRC_PORT, so every RoCEv2 flow between two hosts takes one path");
        }
        if (h.lagLacksL4SourcePort()) {
            f.evidence(
                    "switch " + h.switchName() + ": " + h.source(),
                    String.join(",", h.lagFields()),
                    "LAG hash fields: no L4_SRC_PORT, so the flows towards one host land on one member");
        }
        return f.action("switch-ecmp-hash-l4", "switch", h.switchName(), "platform", h.platform());
    }
}
