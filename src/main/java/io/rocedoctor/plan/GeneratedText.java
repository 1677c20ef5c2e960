package io.rocedoctor.plan;

import java.util.Locale;

/**
 * The one escaping rule for text in a generated file (docs/security.md): every value from a bundle
 * that reaches a script, a switch snippet, a {@code persist/} file or a report attribute either
 * passed its {@link ParameterType} or goes through here. What comes out is printable ASCII only:
 * a newline, CR, NUL, a line or paragraph separator (U+2028/2029), a bidi control or any other
 * character outside 0x20-0x7e is shown as {@code \\uXXXX} (and a backslash as {@code \\u005c}, so
 * an escape cannot be faked), and text over the limit is cut with its length said. Text made of
 * it cannot end a comment line, open a command, or display as something it is not.
 */
public final class GeneratedText {
    /** The longest comment a generated file holds; a 300-character value is cut, not copied. */
    public static final int COMMENT_LIMIT = 200;

    private GeneratedText() {}

    /** A value for a comment (or any one-line label): printable ASCII, at most {@link #COMMENT_LIMIT} characters. */
    public static String comment(String value) {
        return escape(value, COMMENT_LIMIT, "");
    }

    /** A text a script prints or a file holds on one line: printable ASCII, no length bound. */
    public static String line(String value) {
        return escape(value, Integer.MAX_VALUE, "");
    }

    /**
     * {@code value} in printable ASCII: characters of {@code alsoEscaped}, a backslash and every
     * character outside 0x20-0x7e as {@code \\uXXXX}; cut after {@code limit} characters of the input.
     */
    static String escape(String value, int limit, String alsoEscaped) {
        if (value == null) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        int end = Math.min(value.length(), limit);
        for (int i = 0; i < end; i++) {
            char c = value.charAt(i);
            if (c >= 0x20 && c < 0x7f && c != '\\' && alsoEscaped.indexOf(c) < 0) {
                out.append(c);
            } else {
                out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            }
        }
        if (value.length() > limit) {
            out.append("...(").append(value.length()).append(" characters)");
        }
        return out.toString();
    }
}
