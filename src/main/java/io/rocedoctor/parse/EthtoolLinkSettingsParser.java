package io.rocedoctor.parse;

import java.util.Arrays;
import java.util.List;

/**
 * Parses {@code ethtool IF}.
 * <pre>
 * Settings for ens1f0np0:
 *         Supported link modes:   1000baseKX/Full
 *                                 100000baseCR4/Full
 *         Advertised link modes:  100000baseCR4/Full
 *         Speed: 100000Mb/s
 *         Duplex: Full
 *         Auto-negotiation: on
 *         Link detected: yes
 * </pre>
 * gives speed 100000, duplex Full, autoneg on, link detected, and the mode lists. Both printers
 * of ethtool are read: the ioctl one (ethtool 4.x, 5.x, {@code do_gset} in ethtool.c) and the
 * netlink one (5.6+, {@code netlink/settings.c}), whose extra lines (Lanes, Link detected's
 * {@code Link Down Reason}, MDI-X) are other keys and ignored; the speed of a down link prints
 * {@code Unknown!}. A speed that is neither is a note on its line and the other fields stand; the
 * text fails when it has neither a readable speed nor a link state.
 */
public final class EthtoolLinkSettingsParser extends LineParser<EthtoolLinkSettings> {

    @Override
    protected EthtoolLinkSettings parse(TextLines lines) throws ParseException {
        KeyValueLines kv = KeyValueLines.parse(lines, ':');
        if (kv.entries().isEmpty()) {
            throw new ParseException(0, "empty output");
        }
        if (kv.first("Speed").isEmpty() && kv.first("Link detected").isEmpty()) {
            throw new ParseException(1, "neither 'Speed:' nor 'Link detected:' found: not ethtool link settings");
        }
        Integer speed = null;
        if (kv.first("Speed").isPresent()) {
            KeyValueLines.Entry e = kv.first("Speed").get();
            String s = e.value().replace("Mb/s", "").strip();
            if (s.matches("\\d{1,9}")) {
                speed = Integer.parseInt(s);
            } else if (!s.startsWith("Unknown")) {
                ParseException bad = new ParseException(
                        e.line(), "speed is not 'NMb/s' or 'Unknown!': '" + TextLines.abbreviate(e.value()) + "'");
                if (kv.first("Link detected").isEmpty()) {
                    // An unreadable speed and no link state: nothing of the link was recognised.
                    throw bad;
                }
                lines.unreadable(bad);
            }
        }
        return new EthtoolLinkSettings(
                speed,
                kv.value("Duplex").orElse(null),
                kv.value("Auto-negotiation").map(v -> v.startsWith("on")).orElse(null),
                kv.value("Link detected").map(v -> v.startsWith("yes")).orElse(null),
                modes(kv, "Supported link modes"),
                modes(kv, "Advertised link modes"),
                modes(kv, "Link partner advertised link modes"));
    }

    private static List<String> modes(KeyValueLines kv, String key) {
        return kv.value(key)
                .map(v -> Arrays.stream(v.split("\\s+"))
                        .filter(m -> !m.isEmpty() && !m.equals("Not") && !m.equals("reported"))
                        .toList())
                .orElse(List.of());
    }
}
