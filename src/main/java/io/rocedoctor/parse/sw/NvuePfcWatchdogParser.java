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
 * when shown. Empty text is a ParseException at line 0; text with no NVUE table at line 1.
 */
public final class NvuePfcWatchdogParser extends LineParser<NvuePfcWatchdog> {

    @Override
    protected NvuePfcWatchdog parse(TextLines lines) throws ParseException {
        List<NvueTables.Table> tables = NvueTables.parse(lines);
        NvueTables.Table top = tables.get(0);
        List<NvuePfcWatchdog.TrafficClass> classes = new ArrayList<>();
        for (NvueTables.Table t : tables) {
            int tc = t.column("traffic-class");
            int status = t.column("status");
            if (tc < 0 || status < 0) {
                continue;
            }
            for (NvueTables.Row r : t.rows()) {
                Integer number = SwitchValues.integer(r.cell(tc), r.line(), "traffic-class");
                if (number != null) {
                    classes.add(new NvuePfcWatchdog.TrafficClass(
                            number,
                            r.cell(status),
                            SwitchValues.count(r.cell(t.column("deadlock-count")), r.line(), "deadlock-count")));
                }
            }
        }
        NvueTables.Field poll = top.field("polling-interval");
        Integer pollMillis = poll == null
                ? null
                : SwitchValues.integer(
                        poll.value().replaceAll("(?i)\\s*(ms|msec)$", ""),
                        poll.row().line(),
                        "polling-interval");
        return new NvuePfcWatchdog(
                NvueTables.flag(top, "state"), pollMillis, NvueTables.integer(top, "robustness"), classes);
    }
}
