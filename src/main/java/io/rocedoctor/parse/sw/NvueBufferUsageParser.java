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
 * Empty text is a ParseException at line 0; text with no NVUE table at line 1.
 */
public final class NvueBufferUsageParser extends LineParser<NvueBufferUsage> {
    private static final List<String> INDEXES = List.of("priority-group", "traffic-class", "switch-priority");

    @Override
    protected NvueBufferUsage parse(TextLines lines) throws ParseException {
        List<NvueBufferUsage.Pool> pools = new ArrayList<>();
        List<NvueBufferUsage.Entry> entries = new ArrayList<>();
        for (NvueTables.Table t : NvueTables.parse(lines)) {
            if (t.column("Pool Type") >= 0) {
                for (NvueTables.Row r : t.rows()) {
                    pools.add(new NvueBufferUsage.Pool(
                            SwitchValues.integer(r.cell(t.column("Pool ID")), r.line(), "Pool ID"),
                            r.cell(t.column("Pool Type")),
                            r.cell(t.column("Direction")),
                            r.cell(t.column("Mode")),
                            bytes(t, r, "Pool Size"),
                            bytes(t, r, "Current Usage"),
                            bytes(t, r, "Max Usage")));
                }
                continue;
            }
            String kind =
                    INDEXES.stream().filter(k -> t.column(k) >= 0).findFirst().orElse(null);
            if (kind == null || t.column("Pool ID") < 0) {
                continue;
            }
            for (NvueTables.Row r : t.rows()) {
                Integer index = SwitchValues.integer(r.cell(t.column(kind)), r.line(), kind);
                if (index == null) {
                    continue;
                }
                entries.add(new NvueBufferUsage.Entry(
                        kind,
                        index,
                        SwitchValues.integer(r.cell(t.column("Pool ID")), r.line(), "Pool ID"),
                        r.cell(t.column("Mode")),
                        bytes(t, r, "Reserved Size"),
                        bytes(t, r, "Current Usage"),
                        bytes(t, r, "Max Usage"),
                        emptyToNull(r.cell(t.column("Shared Max"))),
                        emptyToNull(r.cell(t.column("Lossy/Lossless"))),
                        bytes(t, r, "XON Th"),
                        bytes(t, r, "XOFF Th"),
                        bytes(t, r, "HR")));
            }
        }
        return new NvueBufferUsage(pools, entries);
    }

    private static Long bytes(NvueTables.Table t, NvueTables.Row r, String column) throws ParseException {
        int c = t.column(column);
        return c < 0 ? null : SwitchValues.bytes(r.cell(c), r.line(), column);
    }

    private static String emptyToNull(String s) {
        return s.isEmpty() ? null : s;
    }
}
