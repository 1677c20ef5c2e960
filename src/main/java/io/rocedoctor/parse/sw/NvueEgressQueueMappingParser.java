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
 * -> {2: 7, 3: 3}. A row whose priority or class is not a number is a note on its line and the
 * other rows stand; with no row read the text fails at the first. Empty text is a ParseException
 * at line 0; text with no NVUE table at line 1.
 */
public final class NvueEgressQueueMappingParser extends LineParser<NvueEgressQueueMapping> {

    @Override
    protected NvueEgressQueueMapping parse(TextLines lines) throws ParseException {
        Map<Integer, Integer> out = new HashMap<>();
        LineByLine rows = new LineByLine(lines);
        for (NvueTables.Table t : NvueTables.parse(lines)) {
            if (t.column("switch-priority") < 0 || t.column("traffic-class") < 0) {
                continue;
            }
            for (NvueTables.Row r : t.rows()) {
                rows.row(() ->
                        out.put(NvueTables.index(t, r, "switch-priority"), NvueTables.index(t, r, "traffic-class")));
            }
        }
        rows.requireSomeRead();
        return new NvueEgressQueueMapping(out);
    }
}
