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
 * -> lossless {Ethernet0: [3, 4]}, asymmetric {Ethernet0: false}. A port without {@code pfc_enable}
 * shows {@code N/A} (no lossless priority), one without {@code pfc_asym} {@code N/A} (not said); a
 * multi-ASIC switch prints {@code Namespace asic0} above each namespace's table. A row whose
 * priorities are not a list of numbers, or whose asymmetric state is neither on nor off, is a note
 * on its line and the other ports stand; with no row read the text fails at the first.
 * Empty text is a ParseException at line 0; text without an Interface table (such as
 * {@code Cannot find interface Ethernet9}), at line 1.
 */
public final class SonicPfcPrioritiesParser extends LineParser<SonicPfcPriorities> {

    @Override
    protected SonicPfcPriorities parse(TextLines lines) throws ParseException {
        Map<String, List<Integer>> lossless = new HashMap<>();
        Map<String, Boolean> asymmetric = new HashMap<>();
        LineByLine rows = new LineByLine(lines);
        for (TabulateTables.Table t : TabulateTables.withColumn(lines, "Interface", "pfc priority / asymmetric")) {
            int prio = t.column("Lossless priorities");
            int asym = t.column("Asymmetric");
            for (TabulateTables.Row r : t.rows()) {
                rows.row(() -> {
                    if (prio >= 0) {
                        lossless.put(
                                r.cell(0),
                                List.copyOf(SwitchValues.integers(r.cell(prio), r.line(), "lossless priorities")));
                    }
                    Boolean on = asym >= 0 ? SwitchValues.flag(r.cell(asym), r.line(), "asymmetric") : null;
                    if (on != null) {
                        asymmetric.put(r.cell(0), on);
                    }
                    return r;
                });
            }
        }
        rows.requireSomeRead();
        return new SonicPfcPriorities(lossless, asymmetric);
    }
}
