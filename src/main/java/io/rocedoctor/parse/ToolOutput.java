package io.rocedoctor.parse;

import java.util.regex.Pattern;

/**
 * The first check every parser here makes: empty text means "not collected" and becomes a
 * ParseException at line 0; a tool that refused (ethtool's "Cannot get ...", "netlink error",
 * "command not found", an unknown device) becomes a ParseException at that line, so callers
 * see one consistent diagnostic instead of a half-filled record.
 */
final class ToolOutput {
    private static final Pattern REFUSAL =
            Pattern.compile("(?i)^(Cannot |netlink error|ethtool: bad command|.*command not found|.*No such device"
                    + "|.*does not exist|.*Operation not supported|.*No such file or directory).*");

    private ToolOutput() {}

    /** The lines of a tool's output, or a ParseException when there are none or the tool refused. */
    static TextLines lines(String text, String what) throws ParseException {
        return lines(TextLines.of(text), what);
    }

    /** As {@link #lines(String, String)}, for the lines a {@link LineParser} was given. */
    static TextLines lines(TextLines lines, String what) throws ParseException {
        nonEmpty(lines, what);
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n).strip();
            if (line.isEmpty()) {
                continue;
            }
            if (isRefusal(line)) {
                throw new ParseException(n, what + " gave no data: '" + TextLines.abbreviate(line) + "'");
            }
            break;
        }
        return lines;
    }

    private static final String[] REFUSAL_STARTS = {"cannot ", "netlink error", "ethtool: bad command"};
    private static final String[] REFUSAL_WORDS = {
        "command not found", "no such device", "does not exist", "operation not supported", "no such file or directory"
    };

    /** By ASCII character: whether a refusal word starts with it, in either case. */
    private static final boolean[] STARTS_A_WORD = new boolean[128];

    static {
        for (String word : REFUSAL_WORDS) {
            char first = word.charAt(0);
            STARTS_A_WORD[first] = true;
            STARTS_A_WORD[Character.toUpperCase(first)] = true;
        }
    }

    /**
     * Whether a line is a refusal as {@link #REFUSAL} matches it, told by hand: every parse asks
     * it of its first line, and the expression's five {@code .*} alternatives each backtracked
     * over the line. Case is ignored for ASCII letters only, as {@code (?i)} does; a line holding
     * a character the expression's {@code .} does not cross is left to the expression.
     */
    static boolean isRefusal(String line) {
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\n' || c == '\r' || c == '\u0085' || c == '\u2028' || c == '\u2029') {
                return REFUSAL.matcher(line).matches();
            }
        }
        for (String start : REFUSAL_STARTS) {
            if (asciiMatchesAt(line, 0, start)) {
                return true;
            }
        }
        // One pass over the line, the words tried only where one's first letter stands (looked up in a
        // table, no call): a call per word and position was a large share of a short text's parse while
        // cold (a large host's ~300 ethtool, RSS and module texts each ask it).
        for (int at = 0; at < line.length(); at++) {
            char c = line.charAt(at);
            if (c < STARTS_A_WORD.length && STARTS_A_WORD[c]) {
                for (String word : REFUSAL_WORDS) {
                    if (asciiMatchesAt(line, at, word)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** Whether {@code lower} (lower case) stands in {@code line} at {@code at}, ASCII letters in either case. */
    private static boolean asciiMatchesAt(String line, int at, String lower) {
        if (at + lower.length() > line.length()) {
            return false;
        }
        for (int i = 0; i < lower.length(); i++) {
            char c = line.charAt(at + i);
            if ((c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c) != lower.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** The lines of an output whose tool reports per-line problems itself (sysctl): only emptiness is refused. */
    static TextLines nonEmpty(String text, String what) throws ParseException {
        return nonEmpty(TextLines.of(text), what);
    }

    /** As {@link #nonEmpty(String, String)}, for the lines a {@link LineParser} was given. */
    static TextLines nonEmpty(TextLines lines, String what) throws ParseException {
        if (lines.isBlank()) {
            throw new ParseException(0, "empty " + what + " output: not collected");
        }
        return lines;
    }

    /** "Ring parameters for eth0:" with prefix "Ring parameters for " gives "eth0"; else null. */
    static String interfaceAfter(String line, String prefix) {
        String l = line.strip();
        if (!l.startsWith(prefix) || !l.endsWith(":")) {
            return null;
        }
        String name = l.substring(prefix.length(), l.length() - 1).strip();
        return name.isEmpty() ? null : name;
    }
}
