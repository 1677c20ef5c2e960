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
 * Empty text is a ParseException at line 0; text with no NVUE table at line 1; a profile with no
 * traffic class configured gives an empty list.
 */
public final class NvueCongestionControlParser extends LineParser<NvueCongestionControl> {

    @Override
    protected NvueCongestionControl parse(TextLines lines) throws ParseException {
        List<NvueCongestionControl.TrafficClass> out = new ArrayList<>();
        for (NvueTables.Table t : NvueTables.parse(lines)) {
            int tc = t.column("traffic-class");
            int ecn = t.column("ECN");
            if (tc < 0 || ecn < 0) {
                continue;
            }
            for (NvueTables.Row r : t.rows()) {
                Integer number = SwitchValues.integer(r.cell(tc), r.line(), "traffic-class");
                if (number == null) {
                    continue;
                }
                out.add(new NvueCongestionControl.TrafficClass(
                        number,
                        SwitchValues.flag(r.cell(ecn)),
                        SwitchValues.flag(r.cell(t.column("RED"))),
                        SwitchValues.bytes(r.cell(t.column("Min Th")), r.line(), "Min Th"),
                        SwitchValues.bytes(r.cell(t.column("Max Th")), r.line(), "Max Th"),
                        SwitchValues.integer(r.cell(t.column("Probability")), r.line(), "Probability")));
            }
        }
        return new NvueCongestionControl(out);
    }
}
