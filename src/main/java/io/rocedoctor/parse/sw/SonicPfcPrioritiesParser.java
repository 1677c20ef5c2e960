package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.LineParser;
import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.TextLines;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses {@code show pfc priority} and {@code show pfc asymmetric} (both: an {@code Interface}
 * table, one port a row).
 * <pre>
 * Interface    Lossless priorities
 * -----------  ---------------------
 * Ethernet0    3,4
 *
 * Interface    Asymmetric
 * -----------  ------------
 * Ethernet0    off</pre>
 * -> lossless {Ethernet0: [3, 4]}, asymmetric {Ethernet0: false}.
 * Empty text is a ParseException at line 0; text without an Interface table, at line 1.
 */
public final class SonicPfcPrioritiesParser extends LineParser<SonicPfcPriorities> {

    @Override
    protected SonicPfcPriorities parse(TextLines lines) throws ParseException {
        Map<String, List<Integer>> lossless = new HashMap<>();
        Map<String, Boolean> asymmetric = new HashMap<>();
        for (TabulateTables.Table t : TabulateTables.withColumn(lines, "Interface", "pfc priority / asymmetric")) {
            int prio = t.column("Lossless priorities");
            int asym = t.column("Asymmetric");
            for (TabulateTables.Row r : t.rows()) {
                if (prio >= 0) {
                    lossless.put(
                            r.cell(0),
                            List.copyOf(SwitchValues.integers(r.cell(prio), r.line(), "lossless priorities")));
                }
                Boolean on = asym >= 0 ? SwitchValues.flag(r.cell(asym)) : null;
                if (on != null) {
                    asymmetric.put(r.cell(0), on);
                }
            }
        }
        return new SonicPfcPriorities(lossless, asymmetric);
    }
}
