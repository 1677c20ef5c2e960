package io.rocedoctor.engine.findings;

import io.rocedoctor.engine.Figures;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.engine.Severity;
import io.rocedoctor.engine.Thresholds;
import io.rocedoctor.facts.PhysicalLink;

/**
 * PHY_BER_HIGH's judgement and evidence (docs/rules/PHY_BER_HIGH.md). Errors are judged as a
 * ratio, never as "any increase": the post-FEC BER mlxlink prints, or the symbol errors the FEC
 * left uncorrected over the bits the link received at line rate in the interval, both against
 * {@code phy.effectiveBerMax}; the raw (pre-FEC) BER against what the FEC in force corrects.
 */
public final class LinkBerFinding {
    private LinkBerFinding() {}

    /** Frames are lost now: a post-FEC bit error ratio above the limit, by mlxlink or by the symbol error counter. */
    public static boolean losing(PhysicalLink l, Thresholds t) {
        double max = t.num("phy.effectiveBerMax");
        return (l.effectiveBer() != null && l.effectiveBer() > max)
                || (l.symbolErrorBer() != null && l.symbolErrorBer() > max);
    }

    /** The FEC's correction limit for the raw BER; null without FEC or with a FEC whose limit is not known. */
    static Double fecLimit(PhysicalLink l, Thresholds t) {
        return l.fecCode() == null || "none".equals(l.fecCode()) ? null : t.num("phy.fecLimit." + l.fecCode());
    }

    /** The raw BER is past what the FEC in force corrects (without FEC: past the post-FEC limit itself). */
    public static boolean pastFecLimit(PhysicalLink l, Thresholds t) {
        if (l.rawBer() == null) {
            return false;
        }
        if ("none".equals(l.fecCode())) {
            return l.rawBer() > t.num("phy.effectiveBerMax");
        }
        Double limit = fecLimit(l, t);
        return limit != null && l.rawBer() >= limit;
    }

    /** The raw BER is within {@code phy.fecMarginFactor} of the FEC's limit: little margin left. */
    public static boolean nearFecLimit(PhysicalLink l, Thresholds t) {
        Double limit = fecLimit(l, t);
        return limit != null && l.rawBer() != null && l.rawBer() > limit / t.num("phy.fecMarginFactor");
    }

    /** Whether PHY_BER_HIGH holds for the link at all. */
    public static boolean holds(PhysicalLink l, Thresholds t) {
        return losing(l, t) || pastFecLimit(l, t) || nearFecLimit(l, t);
    }

    /** The finding, with the evidence of each measure the capture has; its rule names it. */
    public static Finding.Builder of(PhysicalLink l, Thresholds t) {
        boolean losing = losing(l, t);
        boolean pastLimit = pastFecLimit(l, t);
        boolean noFec = "none".equals(l.fecCode());
        Double limit = fecLimit(l, t);
        double max = t.num("phy.effectiveBerMax");
        Finding.Builder f = Finding.about(l.port())
                .scope(l.nic())
                .severity(losing || pastLimit ? Severity.CRITICAL : Severity.MEDIUM);
        if (losing) {
            f.confirmed();
        } else {
            f.likely();
        }
        if (l.mlxlink() != null && l.fec() != null) {
            f.evidence(
                    l.mlxlink(),
                    "FEC : " + l.fec(),
                    (noFec
                                    ? "no FEC: every bit error reaches the frame"
                                    : limit == null
                                            ? "FEC in force; its correction limit is not known to roce-doctor"
                                            : "corrects a raw BER up to ~" + Figures.number(limit))
                            + (l.signaling() == null ? "" : "; " + l.signaling() + " lanes"));
        }
        if (l.rawBerText() != null) {
            f.evidence(
                    l.mlxlink(),
                    "Raw Physical BER : " + l.rawBerText(),
                    pastLimit
                            ? "past what the FEC in force corrects"
                            : nearFecLimit(l, t)
                                    ? "within " + Figures.number(t.num("phy.fecMarginFactor"))
                                            + "x of the FEC's limit: little margin left"
                                    : "before FEC");
        }
        if (l.effectiveBerText() != null) {
            f.evidence(
                    l.mlxlink(),
                    "Effective Physical BER : " + l.effectiveBerText(),
                    "after FEC; above " + Figures.number(max) + " the link corrupts frames");
        }
        if (l.symbolErrorBer() != null && l.symbolErrorsDelta() > 0) {
            f.evidence(
                    "ethtool -S " + l.port(),
                    l.symbolErrorCounter() + " +" + l.symbolErrorsDelta(),
                    "symbol errors the FEC did not correct over the " + Figures.number(l.speedMbps() / 1000.0)
                            + " Gb/s received in the interval: a BER of " + Figures.number(l.symbolErrorBer())
                            + (l.symbolErrorBer() > max ? ", above " : ", within ") + Figures.number(max));
        }
        return f.action("phy-replace-cable", "device", l.port());
    }
}
