package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.LineParser;
import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.TextLines;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses {@code nv show interface IF qos congestion-control}, {@code nv show qos congestion-control
 * default-global} and its {@code traffic-class} view: a table of traffic classes, titled
 * {@code ECN configuration(s)} or bare.
 * <pre>
 * ECN configuration
 * ====================
 *     traffic-class  ECN     RED      Min Th     Max Th   Probability
 *     -------------  ------  -------  ---------  -------  -----------
 *     0              enable  disable  153.00 KB  1.43 MB  100</pre>
 * -> TC 0: ECN on, RED off, 156672..1499464 bytes, probability 100.
 * A row whose traffic class or ECN state does not read is a note on its line and the other rows
 * stand; a threshold or probability that does not read is a note and null, its row standing; with
 * no row read the text fails at the first. Empty text is a ParseException at line 0; text with no
 * NVUE table at line 1; a profile with no traffic class configured gives an empty list.
 */
public final class NvueCongestionControlParser extends LineParser<NvueCongestionControl> {

    @Override
    protected NvueCongestionControl parse(TextLines lines) throws ParseException {
        List<NvueCongestionControl.TrafficClass> out = new ArrayList<>();
        LineByLine rows = new LineByLine(lines);
        for (NvueTables.Table t : NvueTables.parse(lines)) {
            if (t.column("traffic-class") < 0 || t.column("ECN") < 0) {
                continue;
            }
            for (NvueTables.Row r : t.rows()) {
                // A threshold that does not read says nothing of whether the class marks: it alone is noted.
                rows.add(
                        out,
                        () -> new NvueCongestionControl.TrafficClass(
                                NvueTables.index(t, r, "traffic-class"),
                                SwitchValues.flag(r.cell(t.column("ECN")), r.line(), "ECN"),
                                rows.value(() -> SwitchValues.flag(r.cell(t.column("RED")), r.line(), "RED")),
                                rows.value(() -> SwitchValues.bytes(r.cell(t.column("Min Th")), r.line(), "Min Th")),
                                rows.value(() -> SwitchValues.bytes(r.cell(t.column("Max Th")), r.line(), "Max Th")),
                                rows.value(() -> SwitchValues.integer(
                                        r.cell(t.column("Probability")), r.line(), "Probability"))));
            }
        }
        rows.requireSomeRead();
        return new NvueCongestionControl(out);
    }
}
