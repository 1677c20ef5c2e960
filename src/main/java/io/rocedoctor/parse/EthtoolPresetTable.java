package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The layout {@code ethtool -l} and {@code ethtool -g} share: a "... parameters for IF:" title,
 * then a "Pre-set maximums:" and a "Current hardware settings:" block of "Name: value" lines
 * (tabs or spaces). Read from ethtool's ioctl printers ({@code dump_ring}, {@code dump_channels}
 * in ethtool.c: every count printed, 0 where the driver has none) and its netlink ones (5.6 on,
 * {@code netlink/rings.c}, {@code netlink/channels.c}: "n/a" for an attribute the kernel did not
 * send; ring settings added by later versions, such as "RX Buf Len", "CQE Size", "TX Push",
 * "RX Push", "TX push buff len", "TCP data split", "Header data split thresh"). A missing block
 * (truncated output) leaves its settings absent.
 *
 * <p>Line by line: a line that is not "Name: value", a setting before any block, or a count that
 * is not a number is a note on its line, and the other settings stand; a text with no setting
 * read fails at the first line that did not read.
 */
final class EthtoolPresetTable {
    enum Block {
        MAXIMUMS,
        CURRENT
    }

    /**
     * The JSON keys of {@code ethtool -j} for the text names whose key is not their name in lower
     * case with dashes (netlink/rings.c prints "TX push buff len" as "tx-push-buf-len").
     */
    private static final Map<String, String> JSON_KEYS = Map.of("tx push buff len", "tx-push-buf-len");

    private record Setting(Block block, String name, String value, int line) {
        boolean stated() {
            return !value.isEmpty() && !value.equalsIgnoreCase("n/a");
        }

        boolean isCount(Set<String> counts) {
            return stated() && counts.stream().anyMatch(name::equalsIgnoreCase);
        }

        /** Why a count's value is not one, or null when it is a whole number. */
        ParseException countError(String what) {
            try {
                TextLines.parseLong(value, line, () -> what + ": " + name);
                return null;
            } catch (ParseException e) {
                return e;
            }
        }
    }

    private final String interfaceName;
    private final List<Setting> settings;

    private EthtoolPresetTable(String interfaceName, List<Setting> settings) {
        this.interfaceName = interfaceName;
        this.settings = settings;
    }

    /**
     * Reads the table; {@code counts} names the settings that are whole numbers in both blocks
     * (their other values: "n/a", empty). A title and block headers with no setting read are no
     * reading: the text fails at the first line that did not read.
     */
    static EthtoolPresetTable parse(TextLines lines, String titlePrefix, String what, Set<String> counts)
            throws ParseException {
        ToolOutput.lines(lines, what);
        String name = null;
        Block block = null;
        List<Setting> settings = new ArrayList<>();
        ParseException firstUnread = null;
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n).strip();
            if (line.isEmpty()) {
                continue;
            }
            String title = ToolOutput.interfaceAfter(line, titlePrefix);
            Optional<String[]> kv = TextLines.keyValue(line, ':');
            ParseException unread = null;
            if (title != null && name == null && block == null) {
                name = title;
            } else if (line.equalsIgnoreCase("Pre-set maximums:")) {
                block = Block.MAXIMUMS;
            } else if (line.equalsIgnoreCase("Current hardware settings:")) {
                block = Block.CURRENT;
            } else if (kv.isEmpty() || kv.get()[0].isEmpty()) {
                unread = new ParseException(
                        n, what + ": expected 'Name: value', got '" + TextLines.abbreviate(line) + "'");
            } else if (block == null) {
                unread = new ParseException(
                        n,
                        what + ": setting '" + TextLines.abbreviate(kv.get()[0])
                                + "' before any 'Pre-set maximums:' block");
            } else {
                Setting s = new Setting(block, kv.get()[0], kv.get()[1], n);
                unread = s.isCount(counts) ? s.countError(what) : null;
                if (unread == null) {
                    settings.add(s);
                }
            }
            if (unread != null) {
                lines.unreadable(unread);
                firstUnread = firstUnread == null ? unread : firstUnread;
            }
        }
        if (settings.isEmpty()) {
            throw firstUnread != null
                    ? firstUnread
                    : new ParseException(
                            1,
                            what
                                    + (block == null
                                            ? ": no 'Pre-set maximums:' or 'Current hardware settings:' block"
                                            : ": no 'Name: value' setting"));
        }
        return new EthtoolPresetTable(name, List.copyOf(settings));
    }

    String interfaceName() {
        return interfaceName;
    }

    /** A count in one block (one of the {@code counts} the table was read with); null when the line is missing, empty or "n/a". */
    Long count(Block block, String name) {
        for (Setting s : settings) {
            if (s.block == block && s.name.equalsIgnoreCase(name)) {
                return s.stated() ? Long.parseLong(s.value.trim()) : null;
            }
        }
        return null;
    }

    /** The settings of a block other than the named ones, keyed like ethtool's JSON ("TX Push" as "tx-push"). */
    Map<String, String> others(Block block, Set<String> known) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Setting s : settings) {
            if (s.block == block && known.stream().noneMatch(s.name::equalsIgnoreCase)) {
                out.putIfAbsent(jsonName(s.name), s.value);
            }
        }
        return out;
    }

    static String jsonName(String name) {
        String words = name.strip().toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
        return JSON_KEYS.getOrDefault(words, words.replace(' ', '-'));
    }
}
