package io.rocedoctor.engine.findings;

import io.rocedoctor.engine.Figures;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.PauseStormEvents;
import io.rocedoctor.facts.Port;
import io.rocedoctor.facts.PriorityPause;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * PAUSE_STORM's and HOST_ORIGINATED_PAUSE's evidence (docs/rules/PAUSE_STORM.md,
 * docs/rules/HOST_ORIGINATED_PAUSE.md). Pause is judged by the share of time paused: measured by
 * the driver's duration counter, or bounded from the frame rate at the port's line rate (each frame
 * at the largest pause timer), which makes the finding likely rather than confirmed.
 */
public final class PauseFindings {
    private PauseFindings() {}

    /** "paused by the peer on priority 3: 62.0% of the interval" and how that share was known. */
    static String share(PriorityPause p, Integer speedMbps) {
        Double share = p.shareOfTime(speedMbps);
        if (share == null) {
            return "";
        }
        return p.shareMeasured()
                ? Figures.percent(share) + " of the interval"
                : "at most " + Figures.percent(share) + " of the interval (" + Figures.number(p.perSecond())
                        + " pause frames per second at " + Figures.number(speedMbps / 1000.0)
                        + " Gb/s; no duration counter)";
    }

    /**
     * A storm: priorities paused for most of the interval ({@code storming}), or the NIC's own storm
     * detector ({@code events}); {@code sent} names the priorities this port pauses, which the
     * detector watches.
     */
    public static Finding.Builder storm(
            Port port, List<PriorityPause> storming, List<PauseStormEvents> events, List<PriorityPause> sent) {
        Finding.Builder f = Finding.about(port.name()).scope(port.nic());
        boolean measured = false;
        Set<Integer> priorities = new TreeSet<>();
        for (PriorityPause p : storming) {
            measured |= p.shareMeasured();
            priorities.add(p.priority());
            f.evidence(
                    "ethtool -S " + port.name(),
                    p.counter() + " +" + p.frames(),
                    (p.direction().equals("rx") ? "paused by the peer" : "pausing the peer") + " on priority "
                            + p.priority() + ": " + share(p, port.speedMbps()));
        }
        for (PauseStormEvents e : events) {
            measured |= !e.sinceBoot();
            f.evidence(
                    "ethtool -S " + port.name(),
                    "tx_pause_storm_warning_events +" + e.warnings() + ", tx_pause_storm_error_events +" + e.errors(),
                    "the NIC's storm detector fired"
                            + (e.sinceBoot() ? " since boot (one sample: when is unknown)" : " between the samples")
                            + (e.errors() > 0 ? "; an error event means it stopped sending pause" : ""));
            for (PriorityPause s : sent) {
                priorities.add(s.priority());
            }
        }
        if (measured) {
            f.confirmed();
        } else {
            f.likely();
        }
        for (Integer p : priorities) {
            f.action("pause-source-investigate", "device", port.name(), "priority", String.valueOf(p));
        }
        return f;
    }

    /** The NIC pauses its peer for a share of the interval that costs throughput: the host does not drain. */
    public static Finding.Builder hostOriginated(Port port, List<PriorityPause> sent) {
        Finding.Builder f = Finding.about(port.name()).scope(port.nic());
        boolean measured = false;
        for (PriorityPause p : sent) {
            measured |= p.shareMeasured();
            f.evidence(
                            "ethtool -S " + port.name(),
                            p.counter() + " +" + p.frames(),
                            "pause sent on priority " + p.priority() + ": the peer held off "
                                    + share(p, port.speedMbps()))
                    .action(
                            "pause-source-investigate",
                            "device",
                            port.name(),
                            "priority",
                            String.valueOf(p.priority()));
        }
        f.evidence(
                "where to look",
                "PCIe, NUMA, rings",
                "the receive buffer fills because the host drains it too slowly, not because of the switch");
        if (measured) {
            f.confirmed();
        } else {
            f.likely();
        }
        return f;
    }
}
