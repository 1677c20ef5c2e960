package io.rocedoctor.engine.findings;

import io.rocedoctor.engine.Finding;
import io.rocedoctor.fleet.ValueSpread;

/**
 * The evidence of the fleet rules that compare one value per subject across hosts
 * (docs/rules/FLEET_GID_INDEX_DRIFT.md, FLEET_DCQCN_PARAMS_DRIFT.md): each value with the hosts that have it, the value most
 * hosts run first.
 */
public final class FleetDriftFindings {
    private FleetDriftFindings() {}

    /** FLEET_GID_INDEX_DRIFT: the RoCE v2 IPv4 GID of one device port sits at different indexes. */
    public static Finding.Builder gidIndex(ValueSpread s) {
        return variants(
                Finding.about(s.subject()).hostWide().confirmed(),
                s,
                "GID index in show_gids, else ibv_devinfo -v (" + s.subject() + ", RoCE v2, IPv4)",
                "index ");
    }

    /** FLEET_DCQCN_PARAMS_DRIFT: one DCQCN parameter ({@code roce_rp/rpg_ai_rate}) has different values. */
    public static Finding.Builder dcqcnParameter(ValueSpread s) {
        return variants(
                Finding.about(s.subject()).hostWide().confirmed(),
                s,
                "sysfs ecn/" + s.subject() + " of each host's RoCE netdevs",
                "");
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
