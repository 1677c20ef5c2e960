package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.LineParser;
import io.rocedoctor.parse.OrderedCopy;
import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.TextLines;
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
 * -> title "Ingress PG dropped packets:", Ethernet0 {0: 800, ..., 3: 803, ...}.
 * Empty text is a ParseException at line 0; text without such a table, at line 1.
 */
public final class SonicPortIndexedCountersParser extends LineParser<SonicPortIndexedCounters> {
    private final String prefix;

    /** {@code prefix} names the counter columns: {@code PG} or {@code UC}. */
    public SonicPortIndexedCountersParser(String prefix) {
        this.prefix = prefix;
    }

    public static SonicPortIndexedCountersParser priorityGroups() {
        return new SonicPortIndexedCountersParser("PG");
    }

    @Override
    protected SonicPortIndexedCounters parse(TextLines lines) throws ParseException {
        List<TabulateTables.Table> tables =
                TabulateTables.withColumn(lines, prefix + "0", prefix + "0.." + " per port");
        Map<String, Map<Integer, Long>> byPort = new HashMap<>();
        for (TabulateTables.Table t : tables) {
            read(t, prefix, byPort);
        }
        return new SonicPortIndexedCounters(tables.get(0).title(), byPort);
    }

    /** Adds a table's rows: first column the port, columns {@code <prefix><n>} the counters. */
    static void read(TabulateTables.Table t, String prefix, Map<String, Map<Integer, Long>> byPort)
            throws ParseException {
        Pattern indexed = Pattern.compile(Pattern.quote(prefix) + "([0-9]{1,3})", Pattern.CASE_INSENSITIVE);
        for (TabulateTables.Row r : t.rows()) {
            String port = r.cell(0);
            if (port.isEmpty()) {
                continue;
            }
            Map<Integer, Long> values = new HashMap<>();
            for (int c = 1; c < t.headers().size(); c++) {
                Matcher m = indexed.matcher(t.headers().get(c).strip());
                if (m.matches()) {
                    Long v = SwitchValues.count(
                            r.cell(c), r.line(), port + " " + t.headers().get(c).strip());
                    if (v != null) {
                        values.put(Integer.parseInt(m.group(1)), v);
                    }
                }
            }
            byPort.merge(port, OrderedCopy.map(values), (a, b) -> {
                Map<Integer, Long> both = new HashMap<>(a);
                both.putAll(b);
                return OrderedCopy.map(both);
            });
        }
    }
}
