package io.rocedoctor.parse;

import java.util.LinkedHashMap;
import java.util.Map;

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
 * ethtool's {@code dump_stats} prints every driver's {@code u64} with {@code %llu} (ethtool 3.x to
 * 6.x alike): values run to 2^64-1. bnxt_en's per-ring {@code [N]: name: value} is read as
 * {@code name[N]}. Titles read: ioctl's {@code NIC statistics:} and {@code PHY statistics:}
 * ({@code ethtool --phy-statistics}), and netlink's {@code Standard stats for IF:} of
 * {@code ethtool -S IF --all-groups} / {@code --groups G} (ethtool 5.13 on, netlink/stats.c:
 * {@code GROUP-NAME: value} such as {@code eth-mac-FramesReceivedOK}, {@code eth-ctrl-...},
 * {@code rmon-etherStatsUndersizePkts}, and the histograms
 * {@code rx-rmon-etherStatsPkts65to127Octets}), each counter kept under its printed name. A line
 * that is not {@code name: value}, or whose value is not a counter, is a note and the other
 * counters stand; text with no counter is a ParseException.
 */
public final class EthtoolStatsParser extends LineParser<EthtoolStats> {

    @Override
    protected EthtoolStats parse(TextLines lines) throws ParseException {
        if (lines.isBlank()) {
            throw new ParseException(0, "empty output");
        }
        Map<String, Long> counters = new LinkedHashMap<>();
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n).strip();
            if (line.isEmpty()
                    || line.endsWith("statistics:")
                    || ToolOutput.interfaceAfter(line, "Standard stats for ") != null) {
                continue;
            }
            int colon = line.lastIndexOf(':');
            if (colon <= 0) {
                lines.unreadable(n, "expected 'name: value', got '" + TextLines.abbreviate(line) + "'");
                continue;
            }
            String name = ringCounterName(line.substring(0, colon).strip());
            String value = line.substring(colon + 1).strip();
            try {
                counters.put(name, TextLines.parseCounter(value, n, () -> "counter " + TextLines.abbreviate(name)));
            } catch (ParseException e) {
                lines.unreadable(e);
            }
        }
        if (counters.isEmpty()) {
            throw new ParseException(0, "no counters");
        }
        return new EthtoolStats(counters);
    }

    /**
     * {@code "[3]: rx_packets"} (the whole of {@code \[(\d+)]:\s*(\S+)}) becomes
     * {@code "rx_packets[3]"}; any other name is kept. Scanned by hand: a regex per counter line
     * cost more than the rest of the parse.
     */
    static String ringCounterName(String name) {
        if (name.isEmpty() || name.charAt(0) != '[') {
            return name;
        }
        int digitsEnd = 1;
        while (digitsEnd < name.length() && name.charAt(digitsEnd) >= '0' && name.charAt(digitsEnd) <= '9') {
            digitsEnd++;
        }
        if (digitsEnd == 1 || !name.startsWith("]:", digitsEnd)) {
            return name;
        }
        int counterStart = digitsEnd + 2;
        while (counterStart < name.length() && TextLines.isRegexSpace(name.charAt(counterStart))) {
            counterStart++;
        }
        if (counterStart == name.length()) {
            return name;
        }
        for (int i = counterStart; i < name.length(); i++) {
            if (TextLines.isRegexSpace(name.charAt(i))) {
                return name;
            }
        }
        return name.substring(counterStart) + "[" + name.substring(1, digitsEnd) + "]";
    }
}
