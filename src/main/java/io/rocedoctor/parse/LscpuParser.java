package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code lscpu}, both the classic flat layout and the sectioned layout of util-linux
 * 2.37 and later (keys indented under "NUMA:", "Caches:"...).
 * <pre>
 * CPU(s):                64
 * Model name:            Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz
 * Thread(s) per core:    2
 * NUMA node(s):          2
 * NUMA node0 CPU(s):     0-31
 * NUMA node1 CPU(s):     32-63
 * </pre>
 * gives 64 CPUs, two threads per core, on two nodes.
 *
 * <p>The keys are util-linux's {@code sys-utils/lscpu.c} ({@code print_summary}: "CPU(s):",
 * "Thread(s) per core:", "Model name:", "NUMA node%d CPU(s):"), the same in the flat layout
 * before 2.37 and the sectioned one since (indented under "NUMA:"); lscpu translates them, and
 * sos runs it in the C locale. The threads and NUMA lines of another language (German
 * {@code Thread(s) pro Kern: 2}, {@code NUMA-Knoten0 CPU(s): 0-3}) are notes, so a translated
 * output is not silently read as one thread per core and no node. A count or NUMA line whose value does not read (lscpu
 * {@code --hex} prints masks, not lists) is a note and the other values stand. Text with neither
 * "CPU(s):" nor a NUMA node line read is a ParseException: at the first line that did not read,
 * else (an error message) on line 0.
 */
public final class LscpuParser extends LineParser<NumaTopology> {
    private static final Pattern NODE = Pattern.compile("NUMA node(\\d+) CPU\\(s\\)");
    /**
     * A key read here as another language prints it (lscpu translates its keys: German
     * "Thread(s) pro Kern", "NUMA-Knoten0 CPU(s)"): "Thread(s)" and "CPU(s)" stay untranslated.
     */
    private static final Pattern TRANSLATED_THREADS = Pattern.compile("Thread\\(s\\)\\s.+");

    private static final Pattern TRANSLATED_NODE = Pattern.compile(".*NUMA.*\\d+\\s*CPU\\(s\\)");

    @Override
    protected NumaTopology parse(TextLines lines) throws ParseException {
        KeyValueLines kv = KeyValueLines.parse(lines, ':');
        List<ParseException> unread = new ArrayList<>();
        Integer cpus = kv.first("CPU(s)").map(e -> number(e, unread)).orElse(null);
        Map<Integer, CpuSet> nodes = new TreeMap<>();
        for (KeyValueLines.Entry e : kv.entries()) {
            Matcher m = NODE.matcher(e.key());
            if (m.matches()) {
                try {
                    nodes.put(
                            TextLines.parseInt(m.group(1), e.line(), "node number"), CpuSet.parse(e.value(), e.line()));
                } catch (ParseException x) {
                    unread.add(x);
                }
            }
        }
        Integer threadsPerCore =
                kv.first("Thread(s) per core").map(e -> number(e, unread)).orElse(null);
        for (KeyValueLines.Entry e : kv.entries()) {
            if (threadsPerCore == null && TRANSLATED_THREADS.matcher(e.key()).matches()
                    || !NODE.matcher(e.key()).matches()
                            && TRANSLATED_NODE.matcher(e.key()).matches()) {
                unread.add(
                        new ParseException(
                                e.line(),
                                "'" + TextLines.abbreviate(e.key())
                                        + "': lscpu in another language (run as LC_ALL=C it prints the English keys read here): not read"));
            }
        }
        unread.forEach(lines::unreadable);
        if (cpus == null && nodes.isEmpty()) {
            // the first line that did not read says more than "not lscpu output"
            throw unread.stream()
                    .min(Comparator.comparingInt(ParseException::line))
                    .orElse(new ParseException(0, "neither 'CPU(s):' nor NUMA node lines read: not lscpu output"));
        }
        return new NumaTopology(nodes, cpus, kv.value("Model name").orElse(null), threadsPerCore);
    }

    /** A count of lscpu's summary, or null with the reason added to {@code unread} when it is not one. */
    private static Integer number(KeyValueLines.Entry e, List<ParseException> unread) {
        try {
            return TextLines.parseInt(e.value(), e.line(), "lscpu: " + e.key());
        } catch (ParseException x) {
            unread.add(x);
            return null;
        }
    }
}
