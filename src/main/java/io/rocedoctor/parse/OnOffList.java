package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.List;

/**
 * The layout {@code ethtool -k} and {@code ethtool --show-priv-flags} share: a "... for IF:"
 * title, then one "name: on|off" line per setting (indented for sub-features, padded before the
 * colon for private flags), optionally annotated "[fixed]" or "[requested on]". Lines where
 * ethtool could not read one setting ("Cannot get device ... settings: ...") are skipped, as old
 * ethtool prints them before the list. A line that is not "name: on|off" is a note on its line
 * and the other settings stand; an output with no setting at all is a ParseException at the first
 * line that did not read (a title alone is no reading).
 */
record OnOffList(String interfaceName, List<Setting> settings) {
    OnOffList {
        settings = List.copyOf(settings);
    }

    /** One line: {@code annotation} is the bracketed text after the state without brackets, or "". */
    record Setting(String name, boolean on, String annotation) {
    }

    static OnOffList parse(TextLines lines, List<String> titlePrefixes, String what) throws ParseException {
        ToolOutput.nonEmpty(lines, what);
        String name = null;
        int firstRefusal = 0;
        ParseException firstUnread = null;
        List<Setting> settings = new ArrayList<>();
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n).strip();
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("Cannot ") || line.startsWith("netlink error")) {
                firstRefusal = firstRefusal == 0 ? n : firstRefusal;
                continue;
            }
            String title = titleOf(line, titlePrefixes);
            if (title != null) {
                name = name == null ? title : name;
                continue;
            }
            int colon = line.indexOf(':');
            if (colon <= 0) {
                firstUnread = unreadable(lines, firstUnread, new ParseException(n,
                        what + ": expected 'name: on|off', got '" + TextLines.abbreviate(line) + "'"));
                continue;
            }
            String key = line.substring(0, colon).strip();
            String rest = line.substring(colon + 1).strip();
            String[] stateAndNote = rest.split("\\s+", 2);
            boolean on;
            if (stateAndNote[0].equalsIgnoreCase("on")) {
                on = true;
            } else if (stateAndNote[0].equalsIgnoreCase("off")) {
                on = false;
            } else {
                firstUnread = unreadable(lines, firstUnread, new ParseException(n, what + ": '"
                        + TextLines.abbreviate(key) + "' is neither on nor off: '" + TextLines.abbreviate(rest) + "'"));
                continue;
            }
            String note = stateAndNote.length > 1 ? stateAndNote[1].replaceAll("^\\[|]$", "").strip() : "";
            settings.add(new Setting(key, on, note));
        }
        if (settings.isEmpty()) {
            // A title alone is not a reading: the first line that did not read says why.
            if (firstUnread != null) {
                throw firstUnread;
            }
            throw new ParseException(firstRefusal == 0 ? 1 : firstRefusal, what + ": no 'name: on|off' line");
        }
        return new OnOffList(name, settings);
    }

    private static ParseException unreadable(TextLines lines, ParseException first, ParseException e) {
        lines.unreadable(e);
        return first == null ? e : first;
    }

    private static String titleOf(String line, List<String> prefixes) {
        for (String p : prefixes) {
            String t = ToolOutput.interfaceAfter(line, p);
            if (t != null) {
                return t;
            }
        }
        return null;
    }
}
