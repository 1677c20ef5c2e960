package io.rocedoctor.engine.findings;

import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.ArpSettings;
import io.rocedoctor.facts.SharedSubnet;
import io.rocedoctor.facts.SubnetMember;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * MULTI_NIC_SAME_SUBNET's evidence and steps (docs/rules/MULTI_NIC_SAME_SUBNET.md): each address of
 * the shared subnet, each ARP or reverse-path setting in force that lets one port answer or receive
 * for another's address, and each address no source rule sends out of its own port. The steps set
 * the netdev's own key (the kernel uses the larger of {@code all} and the netdev's, and the targets
 * 1, 2, 2 are the largest a fix needs; only an {@code all} arp_ignore above 2 also needs {@code all})
 * and add a rule and route per address, in tables no rule or route of the host uses.
 */
public final class MultiNicSubnetFinding {
    /** The first table a new source rule looks up: below 100 many distributions and tools keep their own. */
    static final int FIRST_TABLE = 101;

    private MultiNicSubnetFinding() {}

    public static Finding.Builder of(SharedSubnet s) {
        List<String> netdevs = s.netdevs();
        // Named by its ports, not its prefix: a redacted bundle maps each address on its own, so the
        // prefix computed from its addresses is not the redaction of this one.
        Finding.Builder f =
                Finding.about(String.join("+", netdevs)).scope(netdevs).scope(s.subnet());
        s.members().stream().map(SubnetMember::nic).filter(n -> n != null).forEach(f::scope);
        boolean settingsRead = s.members().stream().anyMatch(m -> m.settings() != null);
        if (settingsRead || s.members().stream().anyMatch(m -> m.sourceRouted() != null)) {
            f.confirmed();
        }
        for (SubnetMember m : s.members()) {
            List<String> others =
                    netdevs.stream().filter(n -> !n.equals(m.netdev())).toList();
            f.evidence(
                    s.sources().get(0),
                    m.netdev() + " " + m.address(),
                    "in " + s.subnet() + " with " + String.join(", ", others)
                            + ": a peer's connection to this address may arrive at, and leave from, another port");
        }
        Set<String> proposed = new HashSet<>();
        for (SubnetMember m : s.members()) {
            ArpSettings a = m.settings();
            if (m.answersForOthers()) {
                f.evidence(
                        a.source(),
                        "arp_ignore of " + m.netdev() + " " + a.arpIgnore().describe(),
                        "0 answers ARP for any local address: peers may learn the other ports' addresses at this port (ARP flux)");
                sysctl(f, proposed, m.netdev(), "arp_ignore", 1, a.arpIgnore());
                if (a.arpIgnore().all() != null && a.arpIgnore().all() > 2) {
                    sysctl(
                            f,
                            proposed,
                            "all",
                            "arp_ignore",
                            1,
                            new ArpSettings.Value(
                                    a.arpIgnore().all(), a.arpIgnore().all()));
                }
            }
            if (m.announcesOthers()) {
                f.evidence(
                        a.source(),
                        "arp_announce of " + m.netdev() + " " + a.arpAnnounce().describe(),
                        "below 2, the ARP requests this port sends may carry another port's address as their source");
                sysctl(f, proposed, m.netdev(), "arp_announce", 2, a.arpAnnounce());
            }
            if (m.strictReversePath()) {
                f.evidence(
                        a.source(),
                        "rp_filter of " + m.netdev() + " " + a.rpFilter().describe(),
                        "strict: a packet for this port's address whose reply would leave by another port is dropped");
                sysctl(f, proposed, m.netdev(), "rp_filter", 2, a.rpFilter());
            }
        }
        Set<String> used = new HashSet<>(s.usedTables());
        int next = FIRST_TABLE;
        for (SubnetMember m : s.members()) {
            if (!m.notSourceRouted()) {
                continue;
            }
            String address = m.address().substring(0, m.address().indexOf('/'));
            f.evidence(
                    "ip rule show",
                    m.policy(),
                    "replies and connections from " + address + " follow the main table, whose first route to "
                            + s.subnet() + " may be another port's");
            // A rule already there whose table lacks the route: the step adds the route to its table.
            String table = m.ruleTable();
            if (table == null) {
                while (used.contains(String.valueOf(next))) {
                    next++;
                }
                table = String.valueOf(next);
                used.add(table);
            }
            f.action(
                    "policy-route-source",
                    "device",
                    m.netdev(),
                    "address",
                    address,
                    "subnet",
                    s.subnet(),
                    "table",
                    table);
        }
        return f;
    }

    /** The netdev's key to the target; a netdev name with a dot is a path sysctl keys cannot spell, left to the page. */
    private static void sysctl(
            Finding.Builder f, Set<String> proposed, String netdev, String key, int target, ArpSettings.Value v) {
        String name = "net.ipv4.conf." + netdev + "." + key;
        if (netdev.contains(".") || !proposed.add(name)) {
            return;
        }
        if (v.device() == null) {
            f.action("ipv4-conf-sysctl", "key", name, "value", String.valueOf(target));
        } else {
            f.action(
                    "ipv4-conf-sysctl",
                    "key",
                    name,
                    "value",
                    String.valueOf(target),
                    "current",
                    String.valueOf(v.device()));
        }
    }
}
