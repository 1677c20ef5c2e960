package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.LineParser;
import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.TextLines;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses {@code nv show interface IF qos pfc} and {@code nv show qos pfc default-global}. The
 * switch priorities are a collection: one {@code [switch-priority]} row each (or a comma list).
 * <pre>
 *                    operational  applied  description
 * -----------------  -----------  -------  --------------------------------
 * cable-length       50           50       Cable Length (in meters)
 * port-buffer        25000 B      25000 B  Port Buffer (in bytes)
 * rx                 disable      disable  PFC Rx State
 * tx                 enable       enable   PFC Tx State
 * xoff-threshold     10000 B      10000 B  Xoff Threshold (in bytes)
 * xon-threshold      2000 B       2000 B   Xon Threshold (in bytes)
 * [switch-priority]  3            3        Collection of switch priorities</pre>
 * -> priorities [3], cable 50 m, port buffer 25000 B, rx off, tx on, xoff 10000 B, xon 2000 B.
 * A field whose value does not read (a size that is not one, a state that is not enable or
 * disable) is a note on its line and the other fields stand; with no field read the text fails at
 * the first. Empty text is a ParseException at line 0; text with no NVUE table at line 1.
 */
public final class NvuePfcParser extends LineParser<NvuePfc> {

    @Override
    protected NvuePfc parse(TextLines lines) throws ParseException {
        NvueTables.Table top = NvueTables.parse(lines).get(0);
        LineByLine rows = new LineByLine(lines);
        List<Integer> priorities = new ArrayList<>();
        for (NvueTables.Field f : top.fields()) {
            String key = f.path().replace("[", "").replace("]", "");
            if (key.equals("switch-priority")) {
                List<Integer> listed =
                        rows.row(() -> SwitchValues.integers(f.value(), f.row().line(), "switch-priority"));
                priorities.addAll(listed == null ? List.of() : listed);
            }
        }
        NvuePfc pfc = new NvuePfc(
                priorities,
                NvueTables.integer(rows, top, "cable-length"),
                NvueTables.bytes(rows, top, "port-buffer"),
                NvueTables.flag(rows, top, "rx"),
                NvueTables.flag(rows, top, "tx"),
                NvueTables.bytes(rows, top, "xoff-threshold"),
                NvueTables.bytes(rows, top, "xon-threshold"));
        rows.requireSomeRead();
        return pfc;
    }
}
