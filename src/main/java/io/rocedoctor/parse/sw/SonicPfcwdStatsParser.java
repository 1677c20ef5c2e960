package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.LineParser;
import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.TextLines;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses {@code show pfcwd stats}: one row per watched queue, counts as {@code a/b} pairs.
 * <pre>
 *       QUEUE       STATUS    STORM DETECTED/RESTORED    TX OK/DROP    RX OK/DROP    TX LAST OK/DROP    RX LAST OK/DROP
 * -----------  -----------  -------------------------  ------------  ------------  -----------------  -----------------
 * Ethernet0:3      stormed                        1/0       100/300       100/300              0/200              0/200</pre>
 * -> Ethernet0 queue 3 stormed, stormsDetected 1, stormsRestored 0, txOk 100, txDrop 300, ...
 * A row whose queue is not like {@code Ethernet0:3} or whose counts are not pairs is a note on its
 * line and the other queues stand; with no row read the text fails at the first.
 * Empty text is a ParseException at line 0; text without a QUEUE table, at line 1. A watchdog
 * that watches nothing prints the header alone: no queues.
 */
public final class SonicPfcwdStatsParser extends LineParser<SonicPfcwdStats> {

    @Override
    protected SonicPfcwdStats parse(TextLines lines) throws ParseException {
        List<SonicPfcwdStats.QueueStats> out = new ArrayList<>();
        LineByLine rows = new LineByLine(lines);
        for (TabulateTables.Table t : TabulateTables.withColumn(lines, "QUEUE", "pfcwd stats")) {
            int q = t.column("QUEUE");
            for (TabulateTables.Row r : t.rows()) {
                rows.add(out, () -> queueStats(t, r, q));
            }
        }
        // rows none of which read are not "no queue watched", which the header alone means
        rows.requireSomeRead();
        return new SonicPfcwdStats(out);
    }

    private static SonicPfcwdStats.QueueStats queueStats(TabulateTables.Table t, TabulateTables.Row r, int q)
            throws ParseException {
        String cell = r.cell(q);
        int colon = cell.lastIndexOf(':');
        int line = r.line();
        Integer queue = colon <= 0 ? null : SwitchValues.integer(cell.substring(colon + 1), line, "queue number");
        if (queue == null) {
            throw new ParseException(line, "queue is not like Ethernet0:3: '" + cell + "'");
        }
        Long[] storm = pair(t, r, "STORM DETECTED/RESTORED");
        Long[] tx = pair(t, r, "TX OK/DROP");
        Long[] rx = pair(t, r, "RX OK/DROP");
        Long[] txLast = pair(t, r, "TX LAST OK/DROP");
        Long[] rxLast = pair(t, r, "RX LAST OK/DROP");
        return new SonicPfcwdStats.QueueStats(
                cell.substring(0, colon),
                queue,
                r.cell(t.column("STATUS")),
                storm[0],
                storm[1],
                tx[0],
                tx[1],
                rx[0],
                rx[1],
                txLast[0],
                txLast[1],
                rxLast[0],
                rxLast[1]);
    }

    private static Long[] pair(TabulateTables.Table t, TabulateTables.Row r, String header) throws ParseException {
        int c = t.column(header);
        String cell = c < 0 ? "" : r.cell(c);
        if (SwitchValues.absent(cell)) {
            return new Long[] {null, null};
        }
        String[] parts = cell.split("/", -1);
        if (parts.length != 2) {
            throw new ParseException(r.line(), header + " is not a pair like 1/0: '" + cell + "'");
        }
        return new Long[] {
            SwitchValues.count(parts[0], r.line(), header), SwitchValues.count(parts[1], r.line(), header)
        };
    }
}
