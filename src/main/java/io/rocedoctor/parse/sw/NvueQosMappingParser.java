package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.LineParser;
import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.TextLines;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses {@code nv show interface IF qos mapping} (also {@code nv show qos mapping default-global}).
 * <pre>
 *                  operational  applied
 * ---------------  -----------  -------
 * port-default-sp  0
 * trust            l2
 *
 * PCP->SP mapping configuration
 * ================================
 *     802.1p  switch-priority
 *     ------  ---------------
 *     3       3
 *
 * DSCP->SP mapping configuration
 * =================================</pre>
 * -> trust l2, default 0, PCP {3: 3}, DSCP {}. A DSCP row may list several values ({@code 24,26}).
 * A row whose values or switch priority do not read is a note on its line and the other rows
 * stand; with no row read the text fails at the first. Empty text is a ParseException at line 0;
 * text with no NVUE table at line 1.
 */
public final class NvueQosMappingParser extends LineParser<NvueQosMapping> {

    @Override
    protected NvueQosMapping parse(TextLines lines) throws ParseException {
        var tables = NvueTables.parse(lines);
        NvueTables.Table top = tables.get(0);
        LineByLine rows = new LineByLine(lines);
        NvueQosMapping mapping = new NvueQosMapping(
                NvueTables.text(top, "trust"),
                NvueTables.integer(rows, top, "port-default-sp"),
                map(rows, NvueTables.titled(tables, "PCP->SP"), "802.1p"),
                map(rows, NvueTables.titled(tables, "DSCP->SP"), "dscp"));
        rows.requireSomeRead();
        return mapping;
    }

    /** A row maps its values (one, or a list such as {@code 24,26}) to its switch priority; one that does not read is a note. */
    private static Map<Integer, Integer> map(LineByLine rows, NvueTables.Table t, String from) {
        Map<Integer, Integer> out = new HashMap<>();
        if (t == null) {
            return out;
        }
        int source = t.column(from) >= 0 ? t.column(from) : 0;
        for (NvueTables.Row r : t.rows()) {
            rows.row(() -> {
                int sp = NvueTables.index(t, r, "switch-priority");
                List<Integer> values = SwitchValues.integers(r.cell(source), r.line(), from);
                values.forEach(v -> out.put(v, sp));
                return values;
            });
        }
        return out;
    }
}
