package io.rocedoctor.parse;

/**
 * Parses {@code /sys/class/net/IF/ecn/roce_np/enable/P} and {@code .../roce_rp/enable/P}:
 * <pre>
 * 1
 * </pre>
 * -> EcnEnable(true). Only 0 and 1 are values; empty text or anything else is a
 * {@link ParseException}.
 */
public final class EcnEnableParser implements Parser<EcnEnable> {

    @Override
    public EcnEnable parse(String text) throws ParseException {
        SingleLine line = SingleLine.of(text, "ECN enable file");
        return switch (line.text()) {
            case "1" -> new EcnEnable(true);
            case "0" -> new EcnEnable(false);
            default ->
                throw new ParseException(
                        line.number(), "ECN enable is not 0 or 1: '" + TextLines.abbreviate(line.text()) + "'");
        };
    }
}
