package io.rocedoctor.parse;

import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code numactl -H}. Long "cpus:" lines wrapped by a mail client continue on lines that
 * start with a CPU number; they are joined back.
 * <pre>
 * available: 2 nodes (0-1)
 * node 0 cpus: 0 1 2 3
 * node 0 size: 128610 MB
 * node 1 cpus: 4 5 6 7
 * node distances:
 * node   0   1
 *   0:  10  21
 * </pre>
 * gives node 0 = CPUs 0-3, node 1 = CPUs 4-7. A node without CPUs (memory only) has an empty
 * set.
 *
 * <p>The format is numactl's {@code hardware()} and {@code print_node_cpus()} (numactl.c, 2.0.x):
 * CPUs one by one, or with {@code --cpu-compress} (2.0.17 on) as ranges and their count,
 * {@code node 0 cpus: 0-31, 64-95 (64)}; {@code size}/{@code free} in MB or
 * {@code <not available>}; the distance table, or {@code No distance information available.}.
 * A line none of these is a note, and so is a "cpus:" line whose list does not read (that node
 * is left out); the other nodes stand. Text with no node read is a ParseException at its first
 * line that did not read (line 0 when every line read but none named a node's CPUs); numactl's
 * {@code No NUMA available on this system} at its line.
 */
public final class NumactlParser extends LineParser<NumaTopology> {
    private static final Pattern CPUS = Pattern.compile("node\\s+(\\d+)\\s+cpus:\\s*(.*?)(?:\\s*\\((\\d+)\\))?");
    /** A wrapped part of a cpus line: CPU numbers, ranges, commas, the compressed form's count. */
    private static final Pattern CONTINUATION = Pattern.compile("[0-9][0-9 ,\\-]*(?:\\(\\d+\\))?");

    private static final Pattern OTHER = Pattern.compile("available:\\s+\\d+\\s+nodes\\s+\\(.*\\)"
            + "|node\\s+\\d+\\s+(size|free):\\s+(\\d+ MB|<not available>)"
            + "|node distances:|No distance information available\\.|node(\\s+\\d+)+|\\d+:(\\s+\\d+)+");

    @Override
    protected NumaTopology parse(TextLines lines) throws ParseException {
        Map<Integer, StringBuilder> cpuText = new TreeMap<>();
        Map<Integer, Integer> cpuLine = new TreeMap<>();
        ParseException firstUnread = null;
        Integer last = null;
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n).strip();
            Matcher m = CPUS.matcher(line);
            ParseException unread = null;
            if (line.isEmpty()) {
                continue;
            } else if (line.equals("No NUMA available on this system")) {
                throw new ParseException(n, "numactl: " + line);
            } else if (m.matches()) {
                try {
                    last = TextLines.parseInt(m.group(1), n, "node number");
                    cpuText.put(last, new StringBuilder(m.group(2)));
                    cpuLine.put(last, n);
                } catch (ParseException e) {
                    unread = e;
                    last = null;
                }
            } else if (last != null && CONTINUATION.matcher(line).matches()) {
                cpuText.get(last).append(' ').append(line.replaceFirst("\\s*\\(\\d+\\)$", ""));
            } else {
                last = null;
                if (!OTHER.matcher(line).matches()) {
                    unread = new ParseException(
                            n, "numactl -H: not a line of numactl -H: '" + TextLines.abbreviate(line) + "'");
                }
            }
            if (unread != null) {
                lines.unreadable(unread);
                firstUnread = firstUnread == null ? unread : firstUnread;
            }
        }
        Map<Integer, CpuSet> nodes = new TreeMap<>();
        for (Map.Entry<Integer, StringBuilder> e : cpuText.entrySet()) {
            int at = cpuLine.get(e.getKey());
            try {
                nodes.put(e.getKey(), CpuSet.parse(e.getValue().toString(), at));
            } catch (ParseException x) {
                lines.unreadable(x);
                firstUnread = firstUnread == null || x.line() < firstUnread.line() ? x : firstUnread;
            }
        }
        if (nodes.isEmpty()) {
            throw firstUnread != null ? firstUnread : new ParseException(0, "numactl -H: no 'node N cpus:' line");
        }
        return new NumaTopology(nodes, null, null, null);
    }
}
