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
 * set. Text without any "node N cpus:" line is a ParseException on line 0.
 */
public final class NumactlParser extends LineParser<NumaTopology> {
    private static final Pattern CPUS = Pattern.compile("node\\s+(\\d+)\\s+cpus:\\s*(.*)");
    private static final Pattern CONTINUATION = Pattern.compile("[0-9][0-9 ]*");

    @Override
    protected NumaTopology parse(TextLines lines) throws ParseException {
        Map<Integer, StringBuilder> cpuText = new TreeMap<>();
        Map<Integer, Integer> cpuLine = new TreeMap<>();
        Integer last = null;
        boolean sawAvailable = false;
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n).strip();
            Matcher m = CPUS.matcher(line);
            if (m.matches()) {
                last = TextLines.parseInt(m.group(1), n, "node number");
                cpuText.put(last, new StringBuilder(m.group(2)));
                cpuLine.put(last, n);
            } else if (last != null && CONTINUATION.matcher(line).matches() && !line.contains(":")) {
                cpuText.get(last).append(' ').append(line);
            } else {
                last = null;
                sawAvailable |= line.startsWith("available:");
            }
        }
        if (cpuText.isEmpty()) {
            throw new ParseException(0, sawAvailable ? "no 'node N cpus:' line" : "not numactl -H output");
        }
        Map<Integer, CpuSet> nodes = new TreeMap<>();
        for (Map.Entry<Integer, StringBuilder> e : cpuText.entrySet()) {
            nodes.put(e.getKey(), CpuSet.parse(e.getValue().toString(), cpuLine.get(e.getKey())));
        }
        return new NumaTopology(nodes, null, null, null);
    }
}
