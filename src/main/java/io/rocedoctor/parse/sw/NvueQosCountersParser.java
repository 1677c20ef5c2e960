package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.LineParser;
import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.TextLines;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Parses {@code nv show interface IF counters qos} and {@code nv show interface IF counters qos port-stats};
 * each section is recognised by its columns, so a partial output gives what it holds.
 * <pre>
 * PFC Statistics
 * =================
 *     switch-priority  rx-pause-frames  rx-pause-duration  tx-pause-frames  tx-pause-duration
 *     ---------------  ---------------  -----------------  ---------------  -----------------
 *     3                1520             88                 0                0
 *
 * Qos Port Statistics
 * ======================
 *     Counter             Receive  Transmit
 *     ------------------  -------  --------
 *     ecn-marked-packets  n/a      4410</pre>
 * -> PFC SP 3: 1520 pause frames received; port ecn-marked-packets transmit 4410.
 * A row whose index or a count does not read is a note on its line and the other rows stand; with
 * no row read the text fails at the first.
 * Empty text is a ParseException at line 0; text with no NVUE table at line 1.
 */
public final class NvueQosCountersParser extends LineParser<NvueQosCounters> {

    @Override
    protected NvueQosCounters parse(TextLines lines) throws ParseException {
        List<NvueQosCounters.PriorityGroup> groups = new ArrayList<>();
        List<NvueQosCounters.TrafficClass> classes = new ArrayList<>();
        List<NvueQosCounters.Pfc> pfc = new ArrayList<>();
        Map<String, NvueQosCounters.PortCounter> port = new HashMap<>();
        LineByLine rows = new LineByLine(lines);
        for (NvueTables.Table t : NvueTables.parse(lines)) {
            for (NvueTables.Row r : t.rows()) {
                rows.row(() -> {
                    int line = r.line();
                    if (t.column("priority-group") >= 0 && t.column("rx-frames") >= 0) {
                        groups.add(new NvueQosCounters.PriorityGroup(
                                NvueTables.index(t, r, "priority-group"),
                                count(t, r, "rx-frames"),
                                SwitchValues.bytes(r.cell(t.column("rx-buffer-discards")), line, "rx-buffer-discards"),
                                SwitchValues.bytes(
                                        r.cell(t.column("rx-shared-buffer-discards")),
                                        line,
                                        "rx-shared-buffer-discards")));
                    } else if (t.column("traffic-class") >= 0 && t.column("tx-frames") >= 0) {
                        classes.add(new NvueQosCounters.TrafficClass(
                                NvueTables.index(t, r, "traffic-class"),
                                count(t, r, "tx-frames"),
                                SwitchValues.bytes(r.cell(t.column("tx-bytes")), line, "tx-bytes"),
                                SwitchValues.bytes(
                                        r.cell(t.column("tx-uc-buffer-discards")), line, "tx-uc-buffer-discards"),
                                count(t, r, "wred-discards")));
                    } else if (t.column("switch-priority") >= 0 && t.column("rx-pause-frames") >= 0) {
                        pfc.add(new NvueQosCounters.Pfc(
                                NvueTables.index(t, r, "switch-priority"),
                                count(t, r, "rx-pause-frames"),
                                count(t, r, "rx-pause-duration"),
                                count(t, r, "tx-pause-frames"),
                                count(t, r, "tx-pause-duration")));
                    } else if (t.column("Counter") >= 0 && t.column("Receive") >= 0) {
                        String key = r.cell(t.column("Counter"))
                                .toLowerCase(Locale.ROOT)
                                .replaceAll("\\s+", "-");
                        port.put(key, new NvueQosCounters.PortCounter(count(t, r, "Receive"), count(t, r, "Transmit")));
                    }
                    return r;
                });
            }
        }
        rows.requireSomeRead();
        return new NvueQosCounters(groups, classes, pfc, port);
    }

    private static Long count(NvueTables.Table t, NvueTables.Row r, String column) throws ParseException {
        int c = t.column(column);
        return c < 0 ? null : SwitchValues.count(r.cell(c), r.line(), column);
    }
}
