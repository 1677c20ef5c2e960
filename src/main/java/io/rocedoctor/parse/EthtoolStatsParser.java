package io.rocedoctor.parse;

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
        // Sized for a counter per line: ~550 lines would grow it five times.
        EthtoolStats.Builder counters = new EthtoolStats.Builder(lines.size());
        for (int n = 1; n <= lines.size(); n++) {
            readLine(lines, n, counters);
        }
        if (counters.isEmpty()) {
            throw new ParseException(0, "no counters");
        }
        return counters.build();
    }

    /**
     * Line {@code n}'s counter into {@code counters}, or a note; a title or an empty line is passed
     * over. Read by positions in the text, not by a String per line and stripped copies of it and
     * its halves: a typical host has ~300 counters per port and sample. A method of its own, called
     * per line, so that C1 compiles it within the first texts of a cold run: as the loop's body, run
     * once a text, it stayed in the interpreter until that loop was compiled.
     */
    private static void readLine(TextLines lines, int n, EthtoolStats.Builder counters) {
        String text = lines.text();
        byte[] latin1 = lines.latin1();
        int start = lines.contentStartOf(n);
        int end = lines.endOf(n);
        if (start == end
                || end - start >= TITLE_END.length() && text.startsWith(TITLE_END, end - TITLE_END.length())
                || text.startsWith(NETLINK_TITLE, start)
                        && ToolOutput.interfaceAfter(text.substring(start, end), NETLINK_TITLE) != null) {
            return;
        }
        int colon = end - 1;
        while (colon > start && latin1[colon] != ':') {
            colon--;
        }
        if (colon == start) {
            lines.unreadable(
                    n, "expected 'name: value', got '" + TextLines.abbreviate(text.substring(start, end)) + "'");
            return;
        }
        int nameEnd = colon;
        while (TextLines.isWhitespace(lines.charAt(nameEnd - 1))) {
            nameEnd--;
        }
        String name = ringCounterName(text.substring(start, nameEnd));
        long digits = plainDigits(latin1, colon + 1, end);
        if (digits >= 0) {
            counters.put(name, digits);
            return;
        }
        String value = text.substring(colon + 1, end).strip();
        try {
            counters.put(name, TextLines.parseCounter(value, n, () -> "counter " + TextLines.abbreviate(name)));
        } catch (ParseException e) {
            lines.unreadable(e);
        }
    }

    private static final String TITLE_END = "statistics:";

    private static final String NETLINK_TITLE = "Standard stats for ";

    /**
     * The value of white space then 1 to 18 ASCII digits (below 2^63, as {@link TextLines#parseCounter}
     * reads them) from {@code from} to {@code end} of a text's {@link TextLines#latin1} bytes; -1 for
     * anything else (a character above U+00FF, a '?' there, among it), which that method judges.
     */
    static long plainDigits(byte[] latin1, int from, int end) {
        int i = from;
        while (i < end && TextLines.isWhitespace((char) (latin1[i] & 0xFF))) {
            i++;
        }
        if (i == end || end - i > 18) {
            return -1;
        }
        long value = 0;
        for (; i < end; i++) {
            int c = latin1[i];
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
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
