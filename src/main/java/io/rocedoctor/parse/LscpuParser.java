package io.rocedoctor.parse;

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
 * gives 64 CPUs, two threads per core, on two nodes. Empty text, or text with neither "CPU(s):" nor a NUMA node line
 * (an error message), is a ParseException on line 0.
 */
public final class LscpuParser extends LineParser<NumaTopology> {
    private static final Pattern NODE = Pattern.compile("NUMA node(\\d+) CPU\\(s\\)");

    @Override
    protected NumaTopology parse(TextLines lines) throws ParseException {
        KeyValueLines kv = KeyValueLines.parse(lines, ':');
        Integer cpus = null;
        if (kv.first("CPU(s)").isPresent()) {
            KeyValueLines.Entry e = kv.first("CPU(s)").get();
            cpus = TextLines.parseInt(e.value(), e.line(), "CPU(s)");
        }
        Map<Integer, CpuSet> nodes = new TreeMap<>();
        for (KeyValueLines.Entry e : kv.entries()) {
            Matcher m = NODE.matcher(e.key());
            if (m.matches()) {
                nodes.put(TextLines.parseInt(m.group(1), e.line(), "node number"), CpuSet.parse(e.value(), e.line()));
            }
        }
        Integer threadsPerCore = null;
        if (kv.first("Thread(s) per core").isPresent()) {
            KeyValueLines.Entry e = kv.first("Thread(s) per core").get();
            threadsPerCore = TextLines.parseInt(e.value(), e.line(), "Thread(s) per core");
        }
        if (cpus == null && nodes.isEmpty()) {
            throw new ParseException(0, "neither 'CPU(s):' nor NUMA node lines found: not lscpu output");
        }
        return new NumaTopology(nodes, cpus, kv.value("Model name").orElse(null), threadsPerCore);
    }
}
