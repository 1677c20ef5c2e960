package io.rocedoctor.parse;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code ofed_info -s}: the script MLNX_OFED and DOCA-Host install answers {@code -s} with
 * one line, the package and version and a colon ({@code echo OFED-internal-24.01-0.3.3:}), the
 * same line that heads the full {@code ofed_info}:
 * <pre>
 * MLNX_OFED_LINUX-5.8-1.0.1.1:
 * </pre>
 * -> MLNX_OFED_LINUX, version 5.8-1.0.1.1. The version starts at the first '-' followed by a digit;
 * any other line is a note, and a text without such a line fails.
 */
public final class OfedInfoParser extends LineParser<DriverStack> {
    private static final Pattern LINE = Pattern.compile("([A-Za-z][A-Za-z0-9_.-]*?)-([0-9][A-Za-z0-9._-]*?):?");

    @Override
    protected DriverStack parse(TextLines lines) throws ParseException {
        DriverStack found = null;
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n).trim();
            if (line.isEmpty()) {
                continue;
            }
            Matcher m = LINE.matcher(line);
            if (found != null || !m.matches()) {
                lines.unreadable(
                        n,
                        found != null
                                ? "a second line after the version: ignored"
                                : "expected 'PACKAGE-VERSION:', found '" + TextLines.abbreviate(line) + "'");
                continue;
            }
            found = new DriverStack(m.group(1), m.group(2));
        }
        if (found == null) {
            throw new ParseException(1, "no 'PACKAGE-VERSION:' line");
        }
        return found;
    }
}
