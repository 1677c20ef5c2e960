package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.LineParser;
import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.TextLines;
import java.util.HashMap;
import java.util.Map;

/**
 * Parses {@code nv show qos egress-queue-mapping default-global}.
 * <pre>
 * SP->TC mapping configuration
 * ===============================
 *     switch-priority  traffic-class
 *     ---------------  -------------
 *     2                7
 *     3                3</pre>
 * -> {2: 7, 3: 3}. Empty text is a ParseException at line 0; text with no NVUE table at line 1.
 */
public final class NvueEgressQueueMappingParser extends LineParser<NvueEgressQueueMapping> {

    @Override
    protected NvueEgressQueueMapping parse(TextLines lines) throws ParseException {
        Map<Integer, Integer> out = new HashMap<>();
        for (NvueTables.Table t : NvueTables.parse(lines)) {
            int sp = t.column("switch-priority");
            int tc = t.column("traffic-class");
            if (sp < 0 || tc < 0) {
                continue;
            }
            for (NvueTables.Row r : t.rows()) {
                Integer from = SwitchValues.integer(r.cell(sp), r.line(), "switch-priority");
                Integer to = SwitchValues.integer(r.cell(tc), r.line(), "traffic-class");
                if (from != null && to != null) {
                    out.put(from, to);
                }
            }
        }
        return new NvueEgressQueueMapping(out);
    }
}
