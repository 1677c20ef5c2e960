package io.rocedoctor.engine.findings;

import io.rocedoctor.engine.Finding;
import io.rocedoctor.fleet.ValueSpread;

/**
 * The evidence of the fleet rules that compare one value per subject across hosts
 * (docs/rules/FLEET_GID_INDEX_DRIFT.md): each value with the hosts that have it, the value most
 * hosts run first.
 */
public final class FleetDriftFindings {
    private FleetDriftFindings() {}

    /** FLEET_GID_INDEX_DRIFT: the RoCE v2 IPv4 GID of one device port sits at different indexes. */
    public static Finding.Builder gidIndex(ValueSpread s) {
        return variants(
                Finding.about(s.subject()).hostWide().confirmed(),
                s,
                "show_gids INDEX, or ibv_devinfo -v GID[n] (" + s.subject() + ", RoCE v2, IPv4)",
                "index ");
    }

    private static Finding.Builder variants(Finding.Builder f, ValueSpread s, String source, String valuePrefix) {
        boolean first = true;
        for (ValueSpread.Variant v : s.variants()) {
            f.evidence(
                    source,
                    valuePrefix + v.value(),
                    v.hosts().size() + " host(s)" + (first ? ", the most: " : ": ") + v.hostList());
            first = false;
        }
        return f;
    }
}
