package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;

/**
 * Parses {@code dcb pfc show dev IF} (iproute2 5.11 and later, dcb/dcb_pfc.c), the IEEE PFC
 * object any DCBNL driver (mlx5_core, bnxt_en, ice) answers:
 * <pre>
 * pfc-cap 8 macsec-bypass off delay 0
 * prio-pfc 0:off 1:off 2:off 3:on 4:off 5:off 6:off 7:off
 * </pre>
 * -> PFC on priority 3 only, 8 classes may have PFC. With {@code -s} the {@code requests} and
 * {@code indications} counters follow; they are recognised and not read ({@code ethtool -S}
 * counts pause). A {@code pfc-cap}, {@code macsec-bypass} or {@code delay} that does not read is a
 * note on its line. Without a {@code prio-pfc} line, or with a priority missing from it, the text
 * is a ParseException: the PFC vector is what the record is, and no rule can use one with holes.
 */
public final class DcbPfcParser extends LineParser<DcbPfc> {
    private static final Set<String> NAMES =
            Set.of("pfc-cap", "macsec-bypass", "delay", "prio-pfc", "requests", "indications");

    @Override
    protected DcbPfc parse(TextLines lines) throws ParseException {
        DcbAttributes a = DcbAttributes.parse(lines, "dcb pfc show", NAMES);
        DcbAttributes.Attribute prioPfc = a.get("prio-pfc");
        if (prioPfc == null) {
            throw new ParseException(1, "dcb pfc show: no prio-pfc line");
        }
        Boolean[] enabled = new Boolean[8];
        for (Map.Entry<String, String> e : prioPfc.pairs()) {
            int priority = DcbAttributes.index(e.getKey(), prioPfc.line(), "prio-pfc priority");
            enabled[priority] = DcbAttributes.onOff(e.getValue(), prioPfc.line(), "prio-pfc " + priority);
        }
        if (Arrays.asList(enabled).contains(null)) {
            throw new ParseException(prioPfc.line(), "prio-pfc: not all of priorities 0..7 are listed");
        }
        DcbAttributes.Attribute cap = a.get("pfc-cap");
        DcbAttributes.Attribute bypass = a.get("macsec-bypass");
        DcbAttributes.Attribute delay = a.get("delay");
        return new DcbPfc(
                cap == null
                        ? null
                        : DcbAttributes.valueOrNote(
                                lines, () -> TextLines.parseInt(cap.value(), cap.line(), "pfc-cap")),
                bypass == null
                        ? null
                        : DcbAttributes.valueOrNote(
                                lines, () -> DcbAttributes.onOff(bypass.value(), bypass.line(), "macsec-bypass")),
                delay == null
                        ? null
                        : DcbAttributes.valueOrNote(
                                lines, () -> TextLines.parseInt(delay.value(), delay.line(), "delay")),
                new ArrayList<>(Arrays.asList(enabled)));
    }
}
