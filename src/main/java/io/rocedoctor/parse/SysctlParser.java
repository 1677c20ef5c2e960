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
        Map<String, String> values = new LinkedHashMap<>();
        List<String> unreadable = new ArrayList<>();
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n).strip();
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("sysctl:")) {
                Matcher m = DENIED.matcher(line);
                if (m.matches()) {
                    unreadable.add(m.group(1).strip());
                }
                continue;
            }
            int eq = line.indexOf('=');
            String key = eq < 0 ? "" : line.substring(0, eq).strip();
            if (key.isEmpty() || key.contains(" ") || key.contains("\t")) {
                lines.unreadable(n, "sysctl -a: expected 'key = value', got '" + TextLines.abbreviate(line) + "'");
                continue;
            }
            values.put(key, line.substring(eq + 1).strip());
        }
        return new SysctlValues(values, unreadable);
    }
}
