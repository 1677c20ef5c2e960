package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.LineParser;
import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.TextLines;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code show queue counters} ({@code queuestat}) and {@code show queue wredcounters}: one
 * table per port (a {@code For namespace :} line above each on multi-ASIC releases), rows per
 * queue; {@code N/A} where the ASIC has no such counter.
 * <pre>
 * For namespace :
 *      Port    TxQ    Counter/pkts    Counter/bytes    Drop/pkts    Drop/bytes
 * ---------  -----  --------------  ---------------  -----------  ------------
 * Ethernet0    UC3           8,193           852072        91786       9545744
 * Ethernet0   MC10              83               96           74             9
 * Ethernet0  ALL20             N/A              N/A          N/A           N/A</pre>
 * -> Ethernet0 UC3 (type UC, index 3): packets 8193, bytes 852072, dropPackets 91786, ...
 * Empty text is a ParseException at line 0; text without a TxQ table, at line 1.
 */
public final class SonicQueueCountersParser extends LineParser<SonicQueueCounters> {
    private static final Pattern QUEUE = Pattern.compile("([A-Za-z]+)([0-9]{1,4})");

    @Override
    protected SonicQueueCounters parse(TextLines lines) throws ParseException {
        List<SonicQueueCounters.Queue> queues = new ArrayList<>();
        LineByLine rows = new LineByLine(lines);
        for (TabulateTables.Table t : TabulateTables.withColumn(lines, "TxQ", "queue counters")) {
            int txq = t.column("TxQ");
            for (TabulateTables.Row r : t.rows()) {
                rows.add(queues, () -> {
                    Matcher m = QUEUE.matcher(r.cell(txq));
                    if (!m.matches()) {
                        throw new ParseException(r.line(), "queue is not like UC3 or MC10: '" + r.cell(txq) + "'");
                    }
                    String port = r.cell(0);
                    return new SonicQueueCounters.Queue(
                            port,
                            r.cell(txq),
                            m.group(1),
                            Integer.parseInt(m.group(2)),
                            value(t, r, "Counter/pkts"),
                            value(t, r, "Counter/bytes"),
                            value(t, r, "Drop/pkts"),
                            value(t, r, "Drop/bytes"),
                            value(t, r, "WredDrp/pkts"),
                            value(t, r, "WredDrp/bytes"),
                            value(t, r, "EcnMarked/pkts"),
                            value(t, r, "EcnMarked/bytes"));
                });
            }
        }
        rows.requireSomeRead();
        return new SonicQueueCounters(queues);
    }

    private static Long value(TabulateTables.Table t, TabulateTables.Row r, String header) throws ParseException {
        int c = t.column(header);
        return c < 0 ? null : SwitchValues.count(r.cell(c), r.line(), header);
    }
}
