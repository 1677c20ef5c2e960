package io.rocedoctor.engine.findings;

import io.rocedoctor.engine.Figures;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.Bond;
import io.rocedoctor.facts.GroupTraffic;
import io.rocedoctor.facts.MultipathGroup;
import io.rocedoctor.facts.Port;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The findings of the multi-path hashing rules (rules/multipath.drl), about a bond or RoCE LAG and its members. */
public final class MultipathFindings {
    private static final String POLICY = "xmit_hash_policy ";

    private MultipathFindings() {}

    /**
     * HASH_SINGLE_PATH_CONCENTRATION, on a bond or RoCE LAG (a fabric group has no hash to blame):
     * for each direction whose traffic is concentrated ({@code skewed}), the busiest member's share
     * and every member's, each read from that member's counters; then the hash policy from
     * /proc/net/bonding. Confirmed only when the hash is known to leave out the UDP source port and
     * the skew was measured between samples; likely otherwise. A RoCE LAG in hash mode hashes RDMA
     * flows with its bond's policy, so the bond's policy is the fix for both, proposed with the
     * policy read as the one to restore.
     */
    public static Finding.Builder hashConcentration(MultipathGroup g, List<GroupTraffic> skewed) {
        boolean configBad = Boolean.FALSE.equals(g.hashHasL4SourcePort());
        boolean measured = false;
        Finding.Builder f = Finding.about(g.name()).scope(g.members());
        for (GroupTraffic t : skewed) {
            measured |= !t.sinceBoot();
            String direction = t.direction().toUpperCase(Locale.ROOT);
            f.evidence(
                    t.sources().get(t.busiest()),
                    Figures.percent(t.busiestShare()),
                    "share of the group's " + direction + " bytes on " + t.busiest()
                            + (t.sinceBoot() ? " (since boot: one sample)" : "")
                            + (t.loadFraction() == null
                                    ? ""
                                    : "; group at " + Figures.percent(t.loadFraction()) + " of its capacity"));
            for (Map.Entry<String, Double> share : t.shares().entrySet()) {
                f.evidence(
                        t.sources().get(share.getKey()),
                        Figures.percent(share.getValue()),
                        direction + " share of " + share.getKey());
            }
        }
        f.evidence(
                "/proc/net/bonding/" + g.name(),
                g.hashPolicy(),
                configBad
                        ? "the hash does not include the UDP source port, where RoCEv2 carries its per-flow entropy"
                        : "whether the hash includes the UDP source port is not known");
        if (configBad && measured) {
            f.confirmed();
        } else {
            f.likely();
        }
        int policy = g.hashPolicy().indexOf(POLICY);
        if (policy >= 0) {
            f.action(
                    "bond-xmit-hash-layer34",
                    "bond",
                    g.name(),
                    "current",
                    g.hashPolicy().substring(policy + POLICY.length()));
        }
        return f;
    }

    /** BOND_MODE_NOT_MULTIPATH: the bond's mode, and each member with link, by its ethtool speed. */
    public static Finding.Builder activeBackup(Bond b, List<Port> up) {
        Finding.Builder f = Finding.about(b.name())
                .scope(b.members())
                .confirmed()
                .evidence(
                        "/proc/net/bonding/" + b.name(),
                        "active-backup",
                        "one member carries all traffic; the others wait for a failure");
        for (Port p : up) {
            f.evidence("ethtool " + p.name(), p.speedMbps() + "Mb/s", p.name() + " has link and could carry traffic");
        }
        return f.action("bond-mode-8023ad", "bond", b.name(), "current", "active-backup");
    }
}
