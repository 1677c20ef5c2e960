package io.rocedoctor.parse;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code cma_roce_tos -d DEV -p PORT}: the tool prints the configfs value, a bare number
 * (also when it has just set it with {@code -t}):
 * <pre>
 * 106
 * </pre>
 * -> RoceTos(106). A line that ends in the number after a label ("default_roce_tos: 106",
 * "TOS = 106") is accepted. Empty text, no number, or a value outside 0..255 is a
 * {@link ParseException}.
 */
public final class RoceTosParser implements Parser<RoceTos> {
    private static final Pattern TRAILING_NUMBER = Pattern.compile("(?:^|.*[\\s:=])(\\d+)$");

    @Override
    public RoceTos parse(String text) throws ParseException {
        SingleLine line = SingleLine.of(text, "cma_roce_tos");
        Matcher m = TRAILING_NUMBER.matcher(line.text());
        if (!m.matches()) {
            throw new ParseException(line.number(), "no ToS number in '" + TextLines.abbreviate(line.text()) + "'");
        }
        long tos = TextLines.parseLong(m.group(1), line.number(), "ToS");
        if (tos > 255) {
            throw new ParseException(line.number(), "ToS " + tos + " is outside 0..255");
        }
        return new RoceTos((int) tos);
    }
}
