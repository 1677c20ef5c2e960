package io.rocedoctor.engine.findings;

import io.rocedoctor.engine.Figures;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.engine.Thresholds;
import io.rocedoctor.fleet.HostRate;
import io.rocedoctor.fleet.RateSpread;
import io.rocedoctor.fleet.ValueSpread;

/**
 * The findings of the fleet rules (rules/fleet.drl), over the per-host summaries of several
 * bundles. They concern the fleet, not one host's ports (host-wide scope), and propose no action:
 * the fix is per host, toward the variant most hosts run.
 */
public final class FleetFindings {
    private FleetFindings() {}

    /** FLEET_FIRMWARE_DRIFT: each firmware and driver version of the NIC model, with the hosts running it. */
    public static Finding.Builder firmwareDrift(ValueSpread s) {
        return variants(s, "ethtool -i (firmware-version, version)");
    }

    /** FLEET_CONFIG_DRIFT: each value of the setting, with the hosts holding it. */
    public static Finding.Builder configDrift(ValueSpread s) {
        return variants(s, s.subject());
    }

    private static Finding.Builder variants(ValueSpread s, String source) {
        Finding.Builder f = Finding.about(s.subject()).hostWide().confirmed();
        for (ValueSpread.Variant v : s.variants()) {
            f.evidence(source, v.value(), v.hosts().size() + " host(s): " + v.hostList());
        }
        return f;
    }

    /** FLEET_OUTLIER_HOST: the host's rate against the fleet's median and the factor it was flagged above; named host:metric. */
    public static Finding.Builder outlierHost(HostRate r, RateSpread s, Thresholds t) {
        return Finding.about(r.host() + ":" + r.metric())
                .hostWide()
                .likely()
                .evidence(
                        r.metric() + " per second",
                        Figures.number(r.perSecond()),
                        "on " + r.host() + ", summed over its ports")
                .evidence(
                        "fleet median",
                        Figures.number(s.median()),
                        "over " + s.hosts() + " hosts; flagged above " + Figures.number(t.num("fleet.outlierFactor"))
                                + "x the median");
    }
}
