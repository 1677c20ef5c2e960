package io.rocedoctor.parse;

import java.util.regex.Pattern;

/**
 * The shape of one-word outputs ({@code systemctl is-active}, a sysfs file like
 * {@code scaling_governor}): exactly one token, blank lines around it ignored. Anything else
 * (an error message from cat or systemctl, two words, two lines) is a ParseException.
 */
final class SingleWord {
    /** Compiled once: a host has one-word files per CPU. */
    private static final Pattern WHITE_SPACE = Pattern.compile("\\s+");

    private SingleWord() {}

    static String of(String text, String what) throws ParseException {
        TextLines lines = ToolOutput.nonEmpty(text, what);
        String word = null;
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n).strip();
            if (line.isEmpty()) {
                continue;
            }
            if (word != null || WHITE_SPACE.split(line).length != 1) {
                throw new ParseException(n, what + ": expected one word, got '" + TextLines.abbreviate(line) + "'");
            }
            word = line;
        }
        return word;
    }
}
