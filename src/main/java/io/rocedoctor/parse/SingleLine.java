package io.rocedoctor.parse;

import java.util.Optional;

/**
 * The one meaningful line of a one-value source (a sysfs/configfs file, a tool that prints a
 * single setting). Blank lines around it are tolerated; empty text or a second non-blank line
 * is a {@link ParseException}, because a one-value file never legitimately holds either.
 *
 * @param number the 1-based line number of the value, for diagnostics
 * @param text the line, trimmed
 */
public record SingleLine(int number, String text) {

    public static SingleLine of(String text, String what) throws ParseException {
        TextLines lines = TextLines.of(text);
        Optional<SingleLine> found = Optional.empty();
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n).trim();
            if (line.isEmpty()) {
                continue;
            }
            if (found.isPresent()) {
                throw new ParseException(
                        n,
                        what + ": expected a single value, found a second line '" + TextLines.abbreviate(line) + "'");
            }
            found = Optional.of(new SingleLine(n, line));
        }
        return found.orElseThrow(() -> new ParseException(0, what + ": empty output"));
    }
}
