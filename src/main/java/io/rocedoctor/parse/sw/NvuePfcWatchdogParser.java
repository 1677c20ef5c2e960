package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.LineParser;
import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.TextLines;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses {@code nv show interface IF qos pfc-watchdog} and {@code nv show qos pfc-watchdog}.
 * <pre>
 *                  operational  applied
 * ---------------  -----------  -------
 * state            enabled      enabled
 *
 * PFC WD Status
 * ===========================
 *     traffic-class  status    deadlock-count
 *     -------------  --------  --------------
 *     3              DEADLOCK  2</pre>
 * -> enabled; TC 3 DEADLOCK, 2 deadlocks. {@code polling-interval} and {@code robustness} are read
 * when shown. A traffic-class row whose class is not a number, or a field that does not read, is
 * a note on its line and the other rows stand (a deadlock count that does not read leaves the
 * row's status standing); with no row read the text fails at the first. Empty text is a
 * ParseException at line 0; text with no NVUE table at line 1.
 */
public final class NvuePfcWatchdogParser extends LineParser<NvuePfcWatchdog> {

    @Override
    protected NvuePfcWatchdog parse(TextLines lines) throws ParseException {
        List<NvueTables.Table> tables = NvueTables.parse(lines);
        NvueTables.Table top = tables.get(0);
        LineByLine rows = new LineByLine(lines);
        List<NvuePfcWatchdog.TrafficClass> classes = new ArrayList<>();
        for (NvueTables.Table t : tables) {
            int tc = t.column("traffic-class");
            int status = t.column("status");
            if (tc < 0 || status < 0) {
                continue;
            }
            for (NvueTables.Row r : t.rows()) {
                rows.add(
                        classes,
                        () -> new NvuePfcWatchdog.TrafficClass(
                                NvueTables.index(t, r, "traffic-class"),
                                r.cell(status),
                                rows.value(() -> SwitchValues.count(
                                        r.cell(t.column("deadlock-count")), r.line(), "deadlock-count"))));
            }
        }
        NvueTables.Field poll = top.field("polling-interval");
        Integer pollMillis = poll == null
                ? null
                : rows.row(() -> SwitchValues.integer(
                        poll.value().replaceAll("(?i)\\s*(ms|msec)$", ""),
                        poll.row().line(),
                        "polling-interval"));
        NvuePfcWatchdog watchdog = new NvuePfcWatchdog(
                NvueTables.flag(rows, top, "state"), pollMillis, NvueTables.integer(rows, top, "robustness"), classes);
        rows.requireSomeRead();
        return watchdog;
    }
}
