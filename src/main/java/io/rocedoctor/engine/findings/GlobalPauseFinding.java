package io.rocedoctor.engine.findings;

import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.LinkPause;
import io.rocedoctor.facts.PortQos;

/** GLOBAL_PAUSE_WITH_PFC's evidence (docs/rules/GLOBAL_PAUSE_WITH_PFC.md): link pause on, on a port that runs PFC. */
public final class GlobalPauseFinding {
    private GlobalPauseFinding() {}

    /** "RX on, TX on", or the negotiated result where autonegotiation decided it. */
    static String directions(LinkPause p) {
        String rx = p.rxNegotiated() != null ? "RX negotiated " + onOff(p.rxNegotiated()) : "RX " + onOff(p.rx());
        String tx = p.txNegotiated() != null ? "TX negotiated " + onOff(p.txNegotiated()) : "TX " + onOff(p.tx());
        return rx + ", " + tx;
    }

    private static String onOff(Boolean b) {
        return b == null ? "not shown" : b ? "on" : "off";
    }

    public static Finding.Builder of(LinkPause p, PortQos q) {
        return Finding.about(p.device())
                .scope(p.nic())
                .confirmed()
                .evidence(
                        p.source(),
                        directions(p),
                        "link-level pause: a pause frame stops every priority of the port, lossy ones included")
                .evidence(
                        q.source(),
                        "PFC on priorities " + q.pfcVector(),
                        "the port pauses per priority already; with link pause too, congestion on one priority stalls all")
                .action("host-link-pause-off", "device", p.device());
    }
}
