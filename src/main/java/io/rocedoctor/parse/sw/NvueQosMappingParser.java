package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.LineParser;
import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.TextLines;
import java.util.HashMap;
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
 * Empty text is a ParseException at line 0; text with no NVUE table at line 1.
 */
public final class NvueQosMappingParser extends LineParser<NvueQosMapping> {

    @Override
    protected NvueQosMapping parse(TextLines lines) throws ParseException {
        var tables = NvueTables.parse(lines);
        NvueTables.Table top = tables.get(0);
        return new NvueQosMapping(
                NvueTables.text(top, "trust"),
                NvueTables.integer(top, "port-default-sp"),
                map(NvueTables.titled(tables, "PCP->SP"), "802.1p"),
                map(NvueTables.titled(tables, "DSCP->SP"), "dscp"));
    }

    private static Map<Integer, Integer> map(NvueTables.Table t, String from) throws ParseException {
        Map<Integer, Integer> out = new HashMap<>();
        if (t == null) {
            return out;
        }
        int source = t.column(from) >= 0 ? t.column(from) : 0;
        int target = t.column("switch-priority");
        for (NvueTables.Row r : t.rows()) {
            Integer sp = SwitchValues.integer(r.cell(target), r.line(), "switch-priority");
            if (sp != null) {
                for (int v : SwitchValues.integers(r.cell(source), r.line(), from)) {
                    out.put(v, sp);
                }
            }
        }
        return out;
    }
}
