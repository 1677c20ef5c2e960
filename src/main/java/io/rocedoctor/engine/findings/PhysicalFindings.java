package io.rocedoctor.engine.findings;

import io.rocedoctor.engine.Figures;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.engine.Severity;
import io.rocedoctor.engine.Thresholds;
import io.rocedoctor.facts.CounterRate;
import io.rocedoctor.facts.ModuleTemperature;
import io.rocedoctor.facts.PhysicalLink;
import io.rocedoctor.facts.Port;
import java.util.List;

/**
 * The findings of the physical link rules (rules/physical.drl) but PHY_BER_HIGH ({@link LinkBerFinding}):
 * speed, FEC, flaps, CRC errors and module temperature, each quoting the ethtool or mlxlink line it
 * was judged on.
 */
public final class PhysicalFindings {
    private PhysicalFindings() {}

    /**
     * PHY_LINK_SPEED_DEGRADED: the speed the link trained to, against the modes both ends advertise
     * (confirmed: the partner's modes prove what the link could run) and against the fastest other
     * members of its bond ({@code faster}, likely on their own: a faster peer only suggests it), each
     * named as ethtool was read for it.
     */
    public static Finding.Builder speedDegraded(PhysicalLink l, List<Port> faster) {
        Finding.Builder f = Finding.about(l.port())
                .scope(l.nic())
                .evidence(ethtool(l.port()), speed(l.speedMbps()), "the speed the link trained to");
        if (l.commonMaxMbps() != null && l.speedMbps() < l.commonMaxMbps()) {
            f.confirmed()
                    .evidence(ethtool(l.port()), String.join(" ", l.advertisedModes()), "Advertised link modes")
                    .evidence(
                            ethtool(l.port()),
                            String.join(" ", l.partnerModes()),
                            "Link partner advertised link modes: both ends can run " + l.commonMaxMbps() + "Mb/s");
        } else {
            f.likely();
        }
        if (l.peerMaxMbps() != null && l.speedMbps() < l.peerMaxMbps()) {
            f.scope(l.peerGroup())
                    .evidence(
                            "ethtool "
                                    + String.join(
                                            ", ",
                                            faster.stream()
                                                    .map(Port::name)
                                                    .sorted()
                                                    .toList()),
                            speed(l.peerMaxMbps()),
                            "another member of " + l.peerGroup()
                                    + " runs faster: the group is as slow as its slowest path");
        }
        return f.action("phy-inspect-link", "device", l.port());
    }

    /**
     * PHY_FEC_OFF: mlxlink's FEC line and the lanes that need RS-FEC; confirmed on PAM4 lanes, which
     * cannot work without it, likely on NRZ 25G lanes, which a very short DAC may run without FEC by
     * design. The action carries no current value: mlxlink shows the active FEC, the rollback needs
     * the configured one, read live.
     */
    public static Finding.Builder fecOff(PhysicalLink l) {
        Finding.Builder f = Finding.about(l.port())
                .scope(l.nic())
                .evidence(l.mlxlink(), "FEC : " + l.fec(), "no forward error correction in force")
                .evidence(
                        ethtool(l.port()),
                        speed(l.speedMbps()),
                        (l.lanes() == null ? "" : "over " + l.lanes() + " lanes, ")
                                + (l.signaling() == null ? "" : l.signaling() + " ")
                                + "lanes that need RS-FEC");
        if ("PAM4".equals(l.signaling())) {
            f.confirmed();
        } else {
            f.likely();
        }
        return f.action("phy-enable-rs-fec", "device", l.port());
    }

    /**
     * PHY_LINK_FLAPPING: mlxlink's link down and error recovery counters that are not zero (they count
     * since their last clear, said when mlxlink prints how long ago), and the carrier changes between
     * samples, which alone prove the link went down while roce-doctor watched (confirmed).
     */
    public static Finding.Builder flapping(PhysicalLink l) {
        Finding.Builder f = Finding.about(l.port()).scope(l.nic());
        String since = l.minutesSinceClear() == null
                ? ""
                : " in the " + Figures.number(l.minutesSinceClear()) + " minutes since the counters were cleared";
        if (l.linkDowns() != null && l.linkDowns() > 0) {
            f.evidence(l.mlxlink(), "Link Down Counter : " + l.linkDowns(), "the link went down" + since);
        }
        if (l.recoveries() != null && l.recoveries() > 0) {
            f.evidence(
                    l.mlxlink(),
                    "Link Error Recovery Counter : " + l.recoveries(),
                    "the link retrained after errors" + since);
        }
        if (l.carrierChangesDelta() != null && l.carrierChangesDelta() > 0) {
            f.confirmed()
                    .evidence(
                            "ip -s -s link show",
                            "carrier changes +" + l.carrierChangesDelta(),
                            "the carrier of " + l.port() + " changed between samples");
        } else {
            f.likely();
        }
        return f.action("phy-inspect-link", "device", l.port()).action("phy-replace-cable", "device", l.port());
    }

    /**
     * PHY_CRC_ERRORS: each CRC error counter that rose on the port, by the name ethtool -S printed.
     * Every corrupted frame holds at least one bit error, so the rate over the bits the port can
     * receive at line rate bounds the link's bit error ratio from below: when that bound is within
     * {@code phy.effectiveBerMax} for every rising counter, the errors are an occasional frame a link
     * in specification may lose, and the finding is low (watch it) rather than high.
     */
    public static Finding.Builder crcErrors(Port port, List<CounterRate> rising, Thresholds t) {
        Finding.Builder f = Finding.about(port.name()).scope(port.nic());
        double max = t.num("phy.effectiveBerMax");
        boolean withinLimit = port.speedMbps() != null;
        for (CounterRate c : rising) {
            f.evidence(
                    "ethtool -S " + port.name(),
                    c.counter() + " " + Figures.change(c),
                    c.sinceBoot()
                            ? "absolute count: one sample cannot show whether it still rises"
                            : "corrupted frames received");
            Double bound = c.sinceBoot() || c.perSecond() == null || port.speedMbps() == null
                    ? null
                    : c.perSecond() / (port.speedMbps() * 1e6);
            withinLimit &= bound != null && bound <= max;
            if (bound != null) {
                f.evidence(
                        "ethtool " + port.name(),
                        Figures.number(port.speedMbps() / 1000.0) + " Gb/s",
                        "at least one bit error per corrupted frame: a BER of at least " + Figures.number(bound)
                                + (bound <= max ? ", within " : ", above ") + "phy.effectiveBerMax "
                                + Figures.number(max));
            }
        }
        if (withinLimit) {
            f.severity(Severity.LOW);
        }
        return RisingCounters.confidence(f, rising).action("phy-replace-cable", "device", port.name());
    }

    /**
     * PHY_MODULE_HOT: the module's temperature against its own warning threshold (confirmed), or the
     * profile's {@code phy.moduleHotCelsius} when it publishes none (likely); high at or over its
     * alarm threshold, where the module may shut its laser.
     */
    public static Finding.Builder moduleHot(ModuleTemperature m, Port port, Thresholds t) {
        Finding.Builder f = Finding.about(m.port())
                .scope(port.nic())
                .evidence(m.source(), celsius(m.celsius()), "module temperature");
        if (m.warningCelsius() != null) {
            f.confirmed().evidence(m.source(), celsius(m.warningCelsius()), "the module's high warning threshold");
        } else {
            f.likely()
                    .evidence(
                            "profile",
                            celsius(t.num("phy.moduleHotCelsius")),
                            "phy.moduleHotCelsius: the module publishes no threshold");
        }
        if (m.alarmCelsius() != null && m.celsius() >= m.alarmCelsius()) {
            f.severity(Severity.HIGH)
                    .evidence(m.source(), celsius(m.alarmCelsius()), "the module's high alarm threshold");
        }
        return f.action("phy-check-cooling", "device", m.port());
    }

    private static String ethtool(String port) {
        return "ethtool " + port;
    }

    /** {@code Speed: 100000Mb/s}, as ethtool prints it. */
    private static String speed(Integer mbps) {
        return "Speed: " + mbps + "Mb/s";
    }

    private static String celsius(double value) {
        return Figures.number(value) + " C";
    }
}
