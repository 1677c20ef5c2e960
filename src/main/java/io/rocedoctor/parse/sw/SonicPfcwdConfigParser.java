package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.LineParser;
import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.TextLines;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code show pfcwd config}. The polling interval is read from a line such as
 * {@code Changed polling interval to 600ms} (or {@code polling interval 200ms}) when present.
 * <pre>
 * Changed polling interval to 600ms
 *      PORT    ACTION    DETECTION TIME    RESTORATION TIME    HISTORY
 * ---------  --------  ----------------  ------------------  ---------
 * Ethernet0   forward               102                 101    disable
 * Ethernet4      drop               600                 600    disable</pre>
 * -> pollIntervalMillis 600; Ethernet0 forward 102/101 ms, Ethernet4 drop 600/600 ms.
 * Empty text is a ParseException at line 0; text without a PORT / ACTION table, at line 1.
 */
public final class SonicPfcwdConfigParser extends LineParser<SonicPfcwdConfig> {
    private static final Pattern POLL = Pattern.compile("(?i)polling interval(?: to| is|:)?\\s+([0-9]{1,9})\\s*ms");

    @Override
    protected SonicPfcwdConfig parse(TextLines lines) throws ParseException {
        List<SonicPfcwdConfig.PortConfig> ports = new ArrayList<>();
        LineByLine rows = new LineByLine(lines);
        for (TabulateTables.Table t : TabulateTables.withColumn(lines, "ACTION", "pfcwd config")) {
            int detection = t.column("DETECTION TIME");
            int restoration = t.column("RESTORATION TIME");
            int history = t.column("HISTORY");
            for (TabulateTables.Row r : t.rows()) {
                rows.add(
                        ports,
                        () -> new SonicPfcwdConfig.PortConfig(
                                r.cell(0),
                                r.cell(t.column("ACTION")),
                                SwitchValues.count(r.cell(detection), r.line(), "detection time"),
                                SwitchValues.count(r.cell(restoration), r.line(), "restoration time"),
                                history < 0 ? null : r.cell(history)));
            }
        }
        rows.requireSomeRead();
        Integer poll = null;
        for (int i = 1; i <= lines.size() && poll == null; i++) {
            Matcher m = POLL.matcher(lines.line(i));
            if (m.find()) {
                poll = SwitchValues.integer(m.group(1), i, "polling interval");
            }
        }
        return new SonicPfcwdConfig(poll, ports);
    }
}
