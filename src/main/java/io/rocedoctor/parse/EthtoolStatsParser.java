package io.rocedoctor.parse;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code ethtool -S IF}. The header is optional (some captures are grep output), lines
 * may be indented by any white space.
 * <pre>
 * NIC statistics:
 *      rx_packets: 845320277
 *      rx_prio3_pause: 1204
 *      [0]: rx_ucast_packets: 10198513532
 * </pre>
 * gives {@code rx_packets=845320277, rx_prio3_pause=1204, rx_ucast_packets[0]=10198513532}.
 */
public final class EthtoolStatsParser implements Parser<EthtoolStats> {
    private static final Pattern RING = Pattern.compile("\\[(\\d+)]:\\s*(\\S+)");

    @Override
    public EthtoolStats parse(String text) throws ParseException {
        TextLines lines = TextLines.of(text);
        if (lines.isBlank()) {
            throw new ParseException(0, "empty output");
        }
        Map<String, Long> counters = new LinkedHashMap<>();
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n).strip();
            if (line.isEmpty() || line.endsWith("statistics:") || line.equals("NIC statistics:")) {
                continue;
            }
            int colon = line.lastIndexOf(':');
            if (colon <= 0) {
                throw new ParseException(n, "expected 'name: value', got '" + TextLines.abbreviate(line) + "'");
            }
            String name = line.substring(0, colon).strip();
            Matcher ring = RING.matcher(name);
            if (ring.matches()) {
                name = ring.group(2) + "[" + ring.group(1) + "]";
            }
            String value = line.substring(colon + 1).strip();
            counters.put(name, TextLines.parseLong(value, n, "counter " + TextLines.abbreviate(name)));
        }
        if (counters.isEmpty()) {
            throw new ParseException(0, "no counters");
        }
        return new EthtoolStats(counters);
    }
}
