package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The layout {@code ethtool -l} and {@code ethtool -g} share: a "... parameters for IF:" title,
 * then a "Pre-set maximums:" and a "Current hardware settings:" block of "Name: value" lines
 * (tabs or spaces), "n/a" where the driver has no such setting. A missing block (truncated
 * output) leaves its settings absent.
 */
final class EthtoolPresetTable {
    enum Block { MAXIMUMS, CURRENT }

    private record Setting(Block block, String name, String value, int line) {
    }

    private final String interfaceName;
    private final List<Setting> settings;

    private EthtoolPresetTable(String interfaceName, List<Setting> settings) {
        this.interfaceName = interfaceName;
        this.settings = settings;
    }

    static EthtoolPresetTable parse(TextLines lines, String titlePrefix, String what) throws ParseException {
        ToolOutput.lines(lines, what);
        String name = null;
        Block block = null;
        List<Setting> settings = new ArrayList<>();
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n).strip();
            if (line.isEmpty()) {
                continue;
            }
            String title = ToolOutput.interfaceAfter(line, titlePrefix);
            if (title != null && name == null && block == null) {
                name = title;
            } else if (line.equalsIgnoreCase("Pre-set maximums:")) {
                block = Block.MAXIMUMS;
            } else if (line.equalsIgnoreCase("Current hardware settings:")) {
                block = Block.CURRENT;
            } else {
                final int at = n;
                String[] kv = TextLines.keyValue(line, ':').orElseThrow(() -> new ParseException(
                        at, what + ": expected 'Name: value', got '" + TextLines.abbreviate(line) + "'"));
                if (block == null) {
                    throw new ParseException(n,
                            what + ": setting '" + TextLines.abbreviate(kv[0]) + "' before any 'Pre-set maximums:' block");
                }
                settings.add(new Setting(block, kv[0], kv[1], n));
            }
        }
        if (block == null) {
            throw new ParseException(1, what + ": no 'Pre-set maximums:' or 'Current hardware settings:' block");
        }
        return new EthtoolPresetTable(name, List.copyOf(settings));
    }

    String interfaceName() {
        return interfaceName;
    }

    /** A count in one block; null when the line is missing, empty or "n/a". */
    Long count(Block block, String name) throws ParseException {
        for (Setting s : settings) {
            if (s.block == block && s.name.equalsIgnoreCase(name)) {
                if (s.value.isEmpty() || s.value.equalsIgnoreCase("n/a")) {
                    return null;
                }
                return TextLines.parseLong(s.value, s.line, name);
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
        return name.strip().toLowerCase(Locale.ROOT).replaceAll("\\s+", "-");
    }
}
