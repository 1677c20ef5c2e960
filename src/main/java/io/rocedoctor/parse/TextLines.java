package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

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
            for (String raw : text.split("\r?\n|\r", -1)) {
                out.add(raw.stripTrailing());
            }
            // A final newline produces one empty trailing element that is not a line.
            if (!out.isEmpty() && out.get(out.size() - 1).isEmpty()) {
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
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new ParseException(lineNumber, what + " is not a whole number: '" + abbreviate(value) + "'");
        }
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
        String clean = value.replaceAll("\\p{Cntrl}", "?");
        return clean.length() <= 60 ? clean : clean.substring(0, 57) + "...";
    }
}
