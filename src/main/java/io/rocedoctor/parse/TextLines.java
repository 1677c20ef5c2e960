package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The lines of a captured output, as every parser wants them: CRLF and trailing white space
 * removed, 1-based line numbers kept for diagnostics, and the shared tokenizing most
 * "key: value" outputs need.
 */
public final class TextLines {
    private final List<String> lines;

    private TextLines(List<String> lines) {
        this.lines = lines;
    }

    public static TextLines of(String text) {
        List<String> out = new ArrayList<>();
        if (text != null && !text.isEmpty()) {
            // Split at CRLF, LF or CR by hand: a regex split per capture was a sixth of a bundle's
            // analysis. Each line is cut from the text once; stripTrailing copies only when it strips.
            int start = 0;
            if (text.indexOf('\r') < 0) {
                for (int lf = text.indexOf('\n'); lf >= 0; lf = text.indexOf('\n', start)) {
                    out.add(text.substring(start, lf).stripTrailing());
                    start = lf + 1;
                }
            } else {
                for (int i = 0; i < text.length(); i++) {
                    char c = text.charAt(i);
                    if (c == '\n' || c == '\r') {
                        out.add(text.substring(start, i).stripTrailing());
                        if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                            i++;
                        }
                        start = i + 1;
                    }
                }
            }
            out.add(text.substring(start).stripTrailing());
            // A final newline produces one empty trailing element that is not a line.
            if (out.get(out.size() - 1).isEmpty()) {
                out.remove(out.size() - 1);
            }
        }
        return new TextLines(List.copyOf(out));
    }

    public int size() {
        return lines.size();
    }

    /** The line at a 1-based number. */
    public String line(int number) {
        return lines.get(number - 1);
    }

    public List<String> all() {
        return lines;
    }

    public boolean isBlank() {
        return lines.stream().allMatch(String::isBlank);
    }

    /** Splits {@code "key: value"} at the first colon; empty when the line has none. */
    public static Optional<String[]> keyValue(String line, char separator) {
        int i = line.indexOf(separator);
        if (i < 0) {
            return Optional.empty();
        }
        return Optional.of(new String[] {line.substring(0, i).trim(), line.substring(i + 1).trim()});
    }

    /** A decimal long, or a ParseException naming the line when it is not one. */
    public static long parseLong(String value, int lineNumber, String what) throws ParseException {
        return parseLong(value, lineNumber, () -> what);
    }

    /** As {@link #parseLong(String, int, String)}, the name of the value made only for the diagnostic. */
    public static long parseLong(String value, int lineNumber, Supplier<String> what) throws ParseException {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new ParseException(lineNumber, what.get() + " is not a whole number: '" + abbreviate(value) + "'");
        }
    }

    /**
     * The words of a line: the runs of characters other than the regex class \s (space, \t, \n,
     * \u000B, \f, \r), as {@code split("\\s+")} gives them for a line that does not start with
     * one; without a regex, as parsers split every line.
     */
    public static List<String> words(String line) {
        List<String> words = new ArrayList<>();
        int start = -1;
        for (int i = 0; i <= line.length(); i++) {
            boolean space = i == line.length() || isRegexSpace(line.charAt(i));
            if (space && start >= 0) {
                words.add(line.substring(start, i));
                start = -1;
            } else if (!space && start < 0) {
                start = i;
            }
        }
        return words;
    }

    /** A character of the regex class \s: space, \t, \n, \u000B, \f, \r. */
    static boolean isRegexSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    /** A decimal int (CPU ids, IRQ and node numbers), or a ParseException naming the line. */
    public static int parseInt(String value, int lineNumber, String what) throws ParseException {
        long v = parseLong(value, lineNumber, what);
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw new ParseException(lineNumber, what + " is out of range: '" + abbreviate(value) + "'");
        }
        return (int) v;
    }

    /** A value for a diagnostic message: at most 60 characters, control characters shown as '?'. */
    public static String abbreviate(String value) {
        // The control characters of \p{Cntrl} (U+0000-U+001F, U+007F), replaced without a regex:
        // parsers build this text for every counter they name.
        char[] chars = null;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c == 0x7F) {
                if (chars == null) {
                    chars = value.toCharArray();
                }
                chars[i] = '?';
            }
        }
        String clean = chars == null ? value : new String(chars);
        return clean.length() <= 60 ? clean : clean.substring(0, 57) + "...";
    }
}
