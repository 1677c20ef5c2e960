package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.LineParser;
import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.TextLines;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses {@code nv show qos buffer}, {@code nv show interface IF qos buffer ingress-priority-group}
 * and {@code ... egress-traffic-class}. A narrow terminal cuts headers with {@code …} and wraps
 * them onto a second line; columns are found by what their names begin with.
 * <pre>
 * priori…  Pool ID  Mode     Reserv…  Current  Max      Shared    Lossy/…   XON Th   XOFF Th   HR
 *                            Size     Usage    Usage    Max
 * ------…  -------  -------  ------…  ------…  ------…  -------…  -------…  -------  --------  --------
 * 3        1        DYNAMIC  9.98 KB  0 Bytes  0 Bytes  ALPHA_8   Lossless  2 KB     10 KB     18.98 KB</pre>
 * -> priority-group 3, pool 1, reserved 10220 B, Lossless, XON 2048 B, XOFF 10240 B, headroom 19436 B.
 * A row whose index or pool id does not read is a note on its line and the other rows stand; a
 * size that does not read is a note and null, its row standing; with no row read the text fails at
 * the first. Empty text is a ParseException at line 0; text with no NVUE table at line 1.
 */
public final class NvueBufferUsageParser extends LineParser<NvueBufferUsage> {
    private static final List<String> INDEXES = List.of("priority-group", "traffic-class", "switch-priority");

    @Override
    protected NvueBufferUsage parse(TextLines lines) throws ParseException {
        List<NvueBufferUsage.Pool> pools = new ArrayList<>();
        List<NvueBufferUsage.Entry> entries = new ArrayList<>();
        LineByLine rows = new LineByLine(lines);
        for (NvueTables.Table t : NvueTables.parse(lines)) {
            if (t.column("Pool Type") >= 0) {
                for (NvueTables.Row r : t.rows()) {
                    rows.add(
                            pools,
                            () -> new NvueBufferUsage.Pool(
                                    SwitchValues.integer(r.cell(t.column("Pool ID")), r.line(), "Pool ID"),
                                    r.cell(t.column("Pool Type")),
                                    r.cell(t.column("Direction")),
                                    r.cell(t.column("Mode")),
                                    bytes(rows, t, r, "Pool Size"),
                                    bytes(rows, t, r, "Current Usage"),
                                    bytes(rows, t, r, "Max Usage")));
                }
                continue;
            }
            String kind =
                    INDEXES.stream().filter(k -> t.column(k) >= 0).findFirst().orElse(null);
            if (kind == null || t.column("Pool ID") < 0) {
                continue;
            }
            for (NvueTables.Row r : t.rows()) {
                rows.add(
                        entries,
                        () -> new NvueBufferUsage.Entry(
                                kind,
                                NvueTables.index(t, r, kind),
                                SwitchValues.integer(r.cell(t.column("Pool ID")), r.line(), "Pool ID"),
                                r.cell(t.column("Mode")),
                                bytes(rows, t, r, "Reserved Size"),
                                bytes(rows, t, r, "Current Usage"),
                                bytes(rows, t, r, "Max Usage"),
                                emptyToNull(r.cell(t.column("Shared Max"))),
                                emptyToNull(r.cell(t.column("Lossy/Lossless"))),
                                bytes(rows, t, r, "XON Th"),
                                bytes(rows, t, r, "XOFF Th"),
                                bytes(rows, t, r, "HR")));
            }
        }
        rows.requireSomeRead();
        return new NvueBufferUsage(pools, entries);
    }

    /** A size of the row, null when the table has no such column; one that does not read is a note, its row standing. */
    private static Long bytes(LineByLine rows, NvueTables.Table t, NvueTables.Row r, String column) {
        int c = t.column(column);
        return c < 0 ? null : rows.value(() -> SwitchValues.bytes(r.cell(c), r.line(), column));
    }

    private static String emptyToNull(String s) {
        return s.isEmpty() ? null : s;
    }
}
