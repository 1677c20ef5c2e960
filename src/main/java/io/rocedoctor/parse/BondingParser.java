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
 * Empty text is a ParseException on line 0; text without a "Bonding Mode:" line, on line 1.
 */
public final class BondingParser extends LineParser<BondStatus> {

    @Override
    protected BondStatus parse(TextLines lines) throws ParseException {
        if (lines.isBlank()) {
            throw new ParseException(0, "empty output");
        }
        KeyValueLines kv = KeyValueLines.parse(lines, ':');
        KeyValueLines.Entry modeEntry = kv.first("Bonding Mode")
                .orElseThrow(() -> new ParseException(1, "no 'Bonding Mode:' line"));
        String policy = kv.value("Transmit Hash Policy").map(p -> p.replaceAll("\\s*\\(\\d+\\)$", "").strip()).orElse(null);
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
                }
                case "Link Failure Count" -> failures = TextLines.parseLong(e.value(), e.line(), "Link Failure Count");
                case "Aggregator ID" -> {
                    if (name != null) {
                        aggregator = e.value();
                    } else {
                        activeAggregator = e.value(); // under "Active Aggregator Info:"
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
        return new BondStatus(mode(modeEntry.value()), modeEntry.value(), policy, bondMii,
                kv.value("Currently Active Slave").filter(s -> !s.equals("None")).orElse(null), activeAggregator, members);
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
