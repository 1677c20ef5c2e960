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
            if (REFUSAL.matcher(line).matches()) {
                throw new ParseException(n, what + " gave no data: '" + TextLines.abbreviate(line) + "'");
            }
            break;
        }
        return lines;
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
