package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Parses {@code /proc/net/bonding/BOND}.
 * <pre>
 * Bonding Mode: IEEE 802.3ad Dynamic link aggregation
 * Transmit Hash Policy: layer2+3 (2)
 * MII Status: up
 *
 * Slave Interface: ens1f0np0
 * MII Status: up
 * Speed: 100000 Mbps
 * Link Failure Count: 0
 * Aggregator ID: 1
 * </pre>
 * gives mode 802.3ad, policy layer2+3, one member ens1f0np0 at 100000 Mb/s. The "Aggregator ID"
 * before the first slave (under "Active Aggregator Info:") is the bond's active aggregator.
 *
 * <p>The format is the kernel's {@code drivers/net/bonding/bond_procfs.c}
 * ({@code bond_info_show_master}, {@code bond_info_show_slave}), read from 3.x to 6.x: lines
 * added over time ("Peer Notification Delay (ms)" 5.3, "LACP active" 5.14, "NS IPv6 target/s"
 * 5.18, "ARP Missed Max" 5.19, the churn states and the "details actor/partner lacp pdu:" blocks)
 * are ignored; the two lines without a colon, the "802.3ad info" heading and "bond B has no
 * active aggregator", are read as what they say; "Speed: Unknown" (older kernels: "-1 Mbps")
 * leaves the speed unknown and "Aggregator ID: N/A" (a slave in no aggregator) the aggregator.
 * Any other line that is not "name: value", or a count that is not a number, is a note and the
 * other lines stand. Empty text is a ParseException on line 0; text without a "Bonding Mode:"
 * line, on line 1 (the mode is what the record is).
 */
public final class BondingParser extends LineParser<BondStatus> {

    @Override
    protected BondStatus parse(TextLines lines) throws ParseException {
        if (lines.isBlank()) {
            throw new ParseException(0, "empty output");
        }
        KeyValueLines kv = KeyValueLines.parseEachLine(lines, ':', BondingParser::isHeading, "bonding");
        KeyValueLines.Entry modeEntry =
                kv.first("Bonding Mode").orElseThrow(() -> new ParseException(1, "no 'Bonding Mode:' line"));
        String policy = kv.value("Transmit Hash Policy")
                .map(p -> p.replaceAll("\\s*\\(\\d+\\)$", "").strip())
                .orElse(null);
        List<BondStatus.Member> members = new ArrayList<>();
        String bondMii = null;
        String name = null;
        String mii = null;
        Integer speed = null;
        Long failures = null;
        String aggregator = null;
        String activeAggregator = null;
        for (KeyValueLines.Entry e : kv.entries()) {
            switch (e.key()) {
                case "Slave Interface" -> {
                    if (name != null) {
                        members.add(new BondStatus.Member(name, mii, speed, failures, aggregator));
                    }
                    name = e.value();
                    mii = null;
                    speed = null;
                    failures = null;
                    aggregator = null;
                }
                case "MII Status" -> {
                    if (name == null) {
                        bondMii = e.value();
                    } else {
                        mii = e.value();
                    }
                }
                case "Speed" -> {
                    String s = e.value().replace("Mbps", "").strip();
                    speed = s.matches("\\d{1,9}") ? Integer.valueOf(s) : null;
                    if (speed == null && !s.equals("Unknown") && !s.equals("-1")) {
                        lines.unreadable(
                                e.line(),
                                "bonding: a speed that is neither 'N Mbps' nor 'Unknown': '"
                                        + TextLines.abbreviate(e.value()) + "'");
                    }
                }
                case "Link Failure Count" -> failures = count(lines, e);
                case "Aggregator ID" -> {
                    String id = e.value().equals("N/A") ? null : e.value();
                    if (name != null) {
                        aggregator = id;
                    } else {
                        activeAggregator = id; // under "Active Aggregator Info:"
                    }
                }
                default -> {
                    // other lines (LACP details, partner info) are not used by any rule
                }
            }
        }
        if (name != null) {
            members.add(new BondStatus.Member(name, mii, speed, failures, aggregator));
        }
        return new BondStatus(
                mode(modeEntry.value()),
                modeEntry.value(),
                policy,
                bondMii,
                kv.value("Currently Active Slave")
                        .filter(s -> !s.equals("None"))
                        .orElse(null),
                activeAggregator,
                members);
    }

    /** The lines bond_procfs.c prints without a colon. */
    private static boolean isHeading(String line) {
        return line.equals("802.3ad info") || line.startsWith("bond ") && line.endsWith(" has no active aggregator");
    }

    /** A count, or null with a note on its line when it is not one. */
    private static Long count(TextLines lines, KeyValueLines.Entry e) {
        try {
            return TextLines.parseLong(e.value(), e.line(), "bonding: " + e.key());
        } catch (ParseException x) {
            lines.unreadable(x);
            return null;
        }
    }

    private static String mode(String text) {
        String t = text.toLowerCase(Locale.ROOT);
        if (t.contains("802.3ad")) {
            return "802.3ad";
        }
        // before active-backup: the kernel names broadcast "fault-tolerance (broadcast)"
        if (t.contains("broadcast")) {
            return "broadcast";
        }
        if (t.contains("active-backup")) {
            return "active-backup";
        }
        if (t.contains("xor")) {
            return "balance-xor";
        }
        if (t.contains("round-robin") || t.contains("balance-rr")) {
            return "balance-rr";
        }
        if (t.contains("transmit load balancing")) {
            return "balance-tlb";
        }
        if (t.contains("adaptive load balancing")) {
            return "balance-alb";
        }
        return text.strip();
    }
}
