package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.LineParser;
import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.TextLines;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses {@code nv show system forwarding}: the fields of {@code ecmp-hash} and {@code lag-hash}
 * shown {@code on} (Cumulus Linux 5.15 and later print {@code enabled}).
 * <pre>
 *                           applied
 * ------------------------  -------
 * ecmp-hash
 *   destination-ip          on
 *   destination-port        on
 *   inner-source-port       off
 *   ip-protocol             on
 *   source-ip               on
 *   source-port             off
 * lag-hash
 *   source-mac              on
 *   source-port             on
 * host-route-preference     route</pre>
 * -> ECMP [destination-ip, destination-port, ip-protocol, source-ip], LAG [source-mac, source-port].
 * A hash field neither on nor off is a note on its line and the other fields stand; with none read
 * the text fails at the first. Empty text is a ParseException at line 0; text with no NVUE table at
 * line 1.
 */
public final class NvueForwardingParser extends LineParser<NvueForwarding> {

    @Override
    protected NvueForwarding parse(TextLines lines) throws ParseException {
        NvueTables.Table top = NvueTables.parse(lines).get(0);
        LineByLine rows = new LineByLine(lines);
        NvueForwarding forwarding =
                new NvueForwarding(fieldsOn(rows, top, "ecmp-hash"), fieldsOn(rows, top, "lag-hash"));
        rows.requireSomeRead();
        return forwarding;
    }

    private static List<String> fieldsOn(LineByLine rows, NvueTables.Table top, String hash) {
        List<String> on = new ArrayList<>();
        String prefix = hash + ".";
        for (NvueTables.Field f : top.fields()) {
            if (f.path().startsWith(prefix)
                    && Boolean.TRUE.equals(
                            rows.row(() -> SwitchValues.flag(f.value(), f.row().line(), f.path())))) {
                on.add(f.path().substring(prefix.length()));
            }
        }
        return on;
    }
}
