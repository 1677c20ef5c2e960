package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code sysctl -a}.
 *
 * <pre>
 * sysctl: permission denied on key 'fs.protected_regular'
 * net.core.netdev_budget = 600
 * net.core.netdev_max_backlog = 250000
 * net.ipv4.tcp_rmem = 4096	131072	33554432
 * net.core.default_qdisc = fq
 * </pre>
 * gives netdev_budget "600" (longValue 600), tcp_rmem longs [4096, 131072, 33554432], and
 * fs.protected_regular among the unreadable keys. Other "sysctl: ..." diagnostics are skipped.
 * Empty output is a ParseException at line 0; a line that is neither "key = value" nor a sysctl
 * diagnostic is a note, and the other keys stand.
 */
public final class SysctlParser extends LineParser<SysctlValues> {
    private static final Pattern DENIED =
            Pattern.compile("sysctl: (?:permission denied on key|reading key) ['\"]?([^'\"]+)['\"]?.*");

    @Override
    protected SysctlValues parse(TextLines lines) throws ParseException {
        ToolOutput.nonEmpty(lines, "sysctl -a");
        // sized for a key per line: grown from 16, a sosreport's ~1,000 keys were rehashed seven times
        Map<String, String> values = new LinkedHashMap<>(lines.size() * 4 / 3 + 1);
        List<String> unreadable = new ArrayList<>();
        // Read by positions in the line, not by stripped copies of it and its halves: a sosreport's
        // sysctl -a has ~1,000 lines, and the copies and scans for white space were most of the parse.
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n);
            int start = TextLines.contentStart(line);
            int end = TextLines.contentEnd(line, start);
            if (start == end) {
                continue;
            }
            if (line.startsWith("sysctl:", start)) {
                Matcher m = DENIED.matcher(line.substring(start, end));
                if (m.matches()) {
                    unreadable.add(m.group(1).strip());
                }
                continue;
            }
            int eq = line.indexOf('=', start);
            int keyEnd = eq < 0 ? start : eq;
            while (keyEnd > start && TextLines.isWhitespace(line.charAt(keyEnd - 1))) {
                keyEnd--;
            }
            if (keyEnd == start || holdsSpaceOrTab(line, start, keyEnd)) {
                lines.unreadable(
                        n,
                        "sysctl -a: expected 'key = value', got '" + TextLines.abbreviate(line.substring(start, end))
                                + "'");
                continue;
            }
            int valueStart = eq + 1;
            while (valueStart < end && TextLines.isWhitespace(line.charAt(valueStart))) {
                valueStart++;
            }
            values.put(line.substring(start, keyEnd), line.substring(valueStart, end));
        }
        return new SysctlValues(values, unreadable);
    }

    private static boolean holdsSpaceOrTab(String line, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = line.charAt(i);
            if (c == ' ' || c == '\t') {
                return true;
            }
        }
        return false;
    }
}
