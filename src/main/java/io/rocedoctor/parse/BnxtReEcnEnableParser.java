package io.rocedoctor.parse;

import java.util.regex.Pattern;

/**
 * Parses Broadcom bnxt_re's {@code /sys/kernel/config/bnxt_re/DEV/ports/PORT/cc/ecn_enable}
 * (the out-of-tree driver's configfs; the driver prints its congestion control switch with
 * {@code %#x}, so on is {@code 0x1} and off is a bare {@code 0}):
 * <pre>
 * 0x1
 * </pre>
 * -> EcnEnable(true). Zero is off, any other hex value on (the driver treats the byte as a
 * boolean). A bare decimal {@code 1} is not what this file prints and is a {@link ParseException},
 * as is empty text or a second line.
 */
public final class BnxtReEcnEnableParser implements Parser<EcnEnable> {
    /** What {@code %#x} prints: 0, or 0x and 1 to 2 hex digits (the driver keeps a byte). */
    private static final Pattern HASH_X = Pattern.compile("0|0x[0-9a-f]{1,2}");

    @Override
    public EcnEnable parse(String text) throws ParseException {
        SingleLine line = SingleLine.of(text, "bnxt_re ecn_enable");
        if (!HASH_X.matcher(line.text()).matches()) {
            throw new ParseException(
                    line.number(),
                    "bnxt_re ecn_enable is not 0 or a 0x hex byte: '" + TextLines.abbreviate(line.text()) + "'");
        }
        return new EcnEnable(
                !line.text().equals("0") && Integer.parseInt(line.text().substring(2), 16) != 0);
    }
}
