package io.rocedoctor.parse;

import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code ethtool -i IF}.
 * <pre>
 * driver: mlx5_core
 * version: 5.0-0
 * firmware-version: 14.23.1020 (MT_2420110034)
 * expansion-rom-version:
 * bus-info: 0000:af:00.0
 * supports-statistics: yes
 * </pre>
 * gives driver mlx5_core, firmware 14.23.1020, PSID MT_2420110034, bus 0000:af:00.0.
 *
 * <p>The format is ethtool's {@code dump_drvinfo} (ethtool.c), unchanged from ethtool 3.x to 6.x
 * but for the {@code supports-*} lines added over time (ignored): ten "name: value" lines, a value
 * the driver left empty printed empty. A line that is not "name: value" is a note; an empty or
 * missing driver line leaves the driver unknown (a note) while the other fields stand. Empty text
 * is a ParseException on line 0; an ethtool refusal, or text with none of these fields (an error
 * message), fails at its first line.
 */
public final class EthtoolDriverInfoParser extends LineParser<EthtoolDriverInfo> {
    private static final Pattern FW = Pattern.compile("(.+?)(?:\\s+\\((\\S+)\\))?");
    private static final Set<String> FIELDS = Set.of(
            "driver",
            "version",
            "firmware-version",
            "expansion-rom-version",
            "bus-info",
            "supports-statistics",
            "supports-test",
            "supports-eeprom-access",
            "supports-register-dump",
            "supports-priv-flags");

    @Override
    protected EthtoolDriverInfo parse(TextLines lines) throws ParseException {
        ToolOutput.lines(lines, "ethtool -i");
        KeyValueLines kv = KeyValueLines.parseEachLine(lines, ':', title -> false, "ethtool -i");
        if (kv.entries().stream().noneMatch(e -> FIELDS.contains(e.key()))) {
            int first = kv.entries().isEmpty() ? 1 : kv.entries().get(0).line();
            throw new ParseException(first, "ethtool -i: none of its fields (driver:, bus-info: ...)");
        }
        String driver = kv.value("driver").orElse(null);
        if (driver == null) {
            lines.note("ethtool -i: no 'driver:' line, the driver is not known");
        } else if (driver.isEmpty()) {
            lines.unreadable(kv.first("driver").get().line(), "ethtool -i: empty driver, the driver is not known");
            driver = null;
        } else if (driver.indexOf('[') > 0) {
            driver = driver.substring(0, driver.indexOf('['));
        }
        String firmware = kv.value("firmware-version")
                .filter(EthtoolDriverInfoParser::stated)
                .orElse("");
        String psid = null;
        Matcher m = FW.matcher(firmware);
        if (m.matches()) {
            firmware = m.group(1);
            psid = m.group(2);
        }
        String bus =
                kv.value("bus-info").filter(EthtoolDriverInfoParser::stated).orElse(null);
        return new EthtoolDriverInfo(
                driver, kv.value("version").orElse(""), firmware.isEmpty() ? null : firmware, psid, bus);
    }

    /** Virtual devices leave a field empty (veth) or print "N/A" (bridge, bond). */
    private static boolean stated(String value) {
        return !value.isEmpty() && !value.equals("N/A");
    }
}
