package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.LineParser;
import io.rocedoctor.parse.OrderedCopy;
import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.TextLines;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses SONiC's per-port numbered-counter tables: {@code show priority-group watermark shared},
 * {@code show priority-group watermark headroom}, {@code show priority-group drop counters}
 * (columns {@code PG0..PG7}) and {@code show queue watermark unicast} ({@code UC0..}).
 * <pre>
 * Ingress PG dropped packets:
 *      Port    PG0    PG1    PG2    PG3    PG4    PG5    PG6    PG7
 * ---------  -----  -----  -----  -----  -----  -----  -----  -----
 * Ethernet0    800    801    802    803    804    805    806    807</pre>
 * -> title "Ingress PG dropped packets:", Ethernet0 {0: 800, ..., 3: 803, ...}. sonic-utilities'
 * {@code scripts/pg-drop} and {@code scripts/watermarkstat} print one column per index the switch
 * has (so the first may be {@code PG3}) and {@code N/A} where a counter is not polled (absent here).
 * A counter that is not a number is a note on its line and the port's other counters stand; a row
 * without a port is a note; with no row read the text fails at the first. Empty text is a
 * ParseException at line 0; text without such a table (pg-drop's {@code Warning: PG counters are
 * disabled...} alone), at line 1.
 */
public final class SonicPortIndexedCountersParser extends LineParser<SonicPortIndexedCounters> {
    private final String prefix;
    private final Pattern indexed;

    /** {@code prefix} names the counter columns: {@code PG} or {@code UC}. */
    public SonicPortIndexedCountersParser(String prefix) {
        this.prefix = prefix;
        this.indexed = Pattern.compile(Pattern.quote(prefix) + "([0-9]{1,3})", Pattern.CASE_INSENSITIVE);
    }

    public static SonicPortIndexedCountersParser priorityGroups() {
        return new SonicPortIndexedCountersParser("PG");
    }

    @Override
    protected SonicPortIndexedCounters parse(TextLines lines) throws ParseException {
        // pg-drop and watermarkstat name only the indices the switch has: PG3 may be the first column.
        List<TabulateTables.Table> tables = new ArrayList<>();
        List<int[]> columnIndices = new ArrayList<>();
        for (TabulateTables.Table t : TabulateTables.parse(lines)) {
            int[] indices = indices(t);
            if (indices != null) {
                tables.add(t);
                columnIndices.add(indices);
            }
        }
        if (tables.isEmpty()) {
            throw new ParseException(
                    1,
                    "no table of " + prefix + "0.." + " per port (a header with '" + prefix + "N' over a dashes line)");
        }
        Map<String, Map<Integer, Long>> byPort = new HashMap<>();
        LineByLine rows = new LineByLine(lines);
        for (int i = 0; i < tables.size(); i++) {
            TabulateTables.Table t = tables.get(i);
            int[] indices = columnIndices.get(i);
            for (TabulateTables.Row r : t.rows()) {
                rows.row(() -> read(rows, t, r, indices, byPort));
            }
        }
        rows.requireSomeRead();
        return new SonicPortIndexedCounters(tables.get(0).title(), byPort);
    }

    /**
     * Each column's index ({@code 3} of {@code PG3}), -1 for a column that is none, told once per
     * table rather than per row; null when no column is one.
     */
    private int[] indices(TabulateTables.Table t) {
        int[] out = new int[t.headers().size()];
        boolean any = false;
        for (int c = 0; c < out.length; c++) {
            Matcher m = indexed.matcher(t.headers().get(c).strip());
            out[c] = m.matches() ? Integer.parseInt(m.group(1)) : -1;
            any |= out[c] >= 0;
        }
        return any ? out : null;
    }

    /**
     * Adds a row: first cell the port, columns {@code <prefix><n>} its counters. A counter that
     * does not read is a note and absent, the port's other counters standing.
     */
    private static String read(
            LineByLine rows,
            TabulateTables.Table t,
            TabulateTables.Row r,
            int[] indices,
            Map<String, Map<Integer, Long>> byPort)
            throws ParseException {
        String port = r.cell(0);
        if (port.isEmpty()) {
            throw new ParseException(r.line(), "a row without a port");
        }
        Map<Integer, Long> values = new HashMap<>();
        for (int c = 1; c < t.headers().size(); c++) {
            if (indices[c] < 0) {
                continue;
            }
            String header = t.headers().get(c).strip();
            String cell = r.cell(c);
            Long v = rows.value(() -> SwitchValues.count(cell, r.line(), port + " " + header));
            if (v != null) {
                values.put(indices[c], v);
            }
        }
        byPort.merge(port, OrderedCopy.map(values), (a, b) -> {
            Map<Integer, Long> both = new HashMap<>(a);
            both.putAll(b);
            return OrderedCopy.map(both);
        });
        return port;
    }
}
