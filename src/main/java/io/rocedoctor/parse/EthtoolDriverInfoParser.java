package io.rocedoctor.parse;

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
 * Empty text is a ParseException on line 0; text without a driver line (an error message), on line 1.
 */
public final class EthtoolDriverInfoParser extends LineParser<EthtoolDriverInfo> {
    private static final Pattern FW = Pattern.compile("(.+?)(?:\\s+\\((\\S+)\\))?");

    @Override
    protected EthtoolDriverInfo parse(TextLines lines) throws ParseException {
        if (lines.isBlank()) {
            throw new ParseException(0, "empty output");
        }
        KeyValueLines kv = KeyValueLines.parse(lines, ':');
        String driver = kv.value("driver").orElseThrow(() -> new ParseException(1, "no 'driver:' line"));
        if (driver.isEmpty()) {
            throw new ParseException(kv.first("driver").get().line(), "empty driver");
        }
        int bracket = driver.indexOf('[');
        if (bracket > 0) {
            driver = driver.substring(0, bracket);
        }
        String firmware = kv.value("firmware-version").filter(EthtoolDriverInfoParser::stated).orElse("");
        String psid = null;
        Matcher m = FW.matcher(firmware);
        if (m.matches()) {
            firmware = m.group(1);
            psid = m.group(2);
        }
        String bus = kv.value("bus-info").filter(EthtoolDriverInfoParser::stated).orElse(null);
        return new EthtoolDriverInfo(driver, kv.value("version").orElse(""), firmware.isEmpty() ? null : firmware, psid, bus);
    }

    /** Virtual devices leave a field empty (veth) or print "N/A" (bridge, bond). */
    private static boolean stated(String value) {
        return !value.isEmpty() && !value.equals("N/A");
    }
}
