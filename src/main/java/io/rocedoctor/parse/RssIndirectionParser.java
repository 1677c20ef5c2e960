package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code ethtool -x IF}.
 *
 * <pre>
 * RX flow hash indirection table for ens1f1np1 with 4 RX ring(s):
 *     0:      0     1     2     3     0     1     2     3
 *     8:      0     1     2     3     0     1     2     3
 * RSS hash key:
 * 2c:c6:81:d1:5b:db:f4:f7:fc:a2:83:19:db:1a:3e:94:6b:9e:38:d9:2c:9c:03:d1:ad:99:44:a7:d9:56:3d:59:06:3c:25:f3:fc:1f:dc:2a
 * RSS hash function:
 *     toeplitz: on
 *     xor: off
 *     crc32: off
 * </pre>
 * gives ringCount 4, 16 table entries over queues 0-3, a 40-byte key, toeplitz on.
 * A "..." line (an elided table) sets {@code tableElided}; "Operation not supported" under the
 * key leaves it empty; newer sections ("RSS input transformation:") are skipped. A line none of
 * the sections reads is a note on its line, the rest stands. Empty output or an ethtool refusal
 * is a ParseException.
 */
public final class RssIndirectionParser extends LineParser<RssIndirection> {
    private static final Pattern TITLE =
            Pattern.compile("RX flow hash indirection table for (\\S+) with (\\d+) RX ring\\(s\\):");
    private static final String TITLE_START = "RX flow hash indirection table for ";
    private static final Pattern FUNCTION = Pattern.compile("[\\w-]+:\\s*(on|off)");
    private static final Pattern KEY = Pattern.compile("\\p{XDigit}{1,2}(?::\\p{XDigit}{1,2})*");

    private enum Section {
        TABLE,
        KEY,
        FUNCTION,
        SKIPPED
    }

    @Override
    protected RssIndirection parse(TextLines lines) throws ParseException {
        ToolOutput.lines(lines, "ethtool -x");
        String name = null;
        Integer rings = null;
        boolean elided = false;
        List<Integer> table = new ArrayList<>();
        List<Integer> key = new ArrayList<>();
        Map<String, Boolean> functions = new LinkedHashMap<>();
        Section section = Section.TABLE;
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n).strip();
            Matcher m;
            List<String> queues;
            if (line.isEmpty()) {
                continue;
            } else if (line.startsWith(TITLE_START) && (m = TITLE.matcher(line)).matches()) {
                name = m.group(1);
                rings = (int) Math.min(Integer.MAX_VALUE, TextLines.parseLong(m.group(2), n, "RX ring count"));
                section = Section.TABLE;
            } else if (line.equals("RSS hash key:")) {
                section = Section.KEY;
            } else if (line.equals("RSS hash function:")) {
                section = Section.FUNCTION;
            } else if (line.endsWith(":") && line.startsWith("RSS ")) {
                section = Section.SKIPPED;
            } else if (line.contains("Operation not supported") || section == Section.SKIPPED) {
                continue;
            } else if (section == Section.TABLE && line.equals("...")) {
                elided = true;
            } else if (section == Section.TABLE && (queues = rowQueues(line)) != null) {
                List<Integer> row = new ArrayList<>();
                try {
                    for (String q : queues) {
                        row.add((int) Math.min(Integer.MAX_VALUE, TextLines.parseLong(q, n, "queue number")));
                    }
                    table.addAll(row);
                } catch (ParseException e) {
                    lines.unreadable(e);
                }
            } else if (section == Section.KEY && KEY.matcher(line).matches()) {
                for (String b : line.split(":")) {
                    key.add(Integer.parseInt(b, 16));
                }
            } else if (section == Section.FUNCTION && FUNCTION.matcher(line).matches()) {
                String[] kv = TextLines.keyValue(line, ':').orElseThrow();
                functions.put(kv[0], kv[1].equals("on"));
            } else {
                lines.unreadable(
                        n,
                        "ethtool -x: unexpected line in the " + section.name().toLowerCase(Locale.ROOT) + " section: '"
                                + TextLines.abbreviate(line) + "'");
            }
        }
        return new RssIndirection(name, rings, table, elided, key, functions);
    }

    /**
     * The queue numbers of a table row ({@code 8:     8     9    10}): digits and a colon, then
     * numbers each after white space, as {@code (\d+):((?:\s+\d+)*)} matched it (told by hand: the
     * expression and the split of its group ran on every row); null when the line is no row.
     */
    static List<String> rowQueues(String line) {
        int n = line.length();
        int i = digitsEnd(line, 0);
        if (i == 0 || i == n || line.charAt(i) != ':') {
            return null;
        }
        List<String> queues = new ArrayList<>();
        i++;
        while (i < n) {
            int space = i;
            while (i < n && TextLines.isRegexSpace(line.charAt(i))) {
                i++;
            }
            int start = i;
            i = digitsEnd(line, start);
            if (space == start || start == i) {
                return null;
            }
            queues.add(line.substring(start, i));
        }
        return queues;
    }

    private static int digitsEnd(String line, int from) {
        int i = from;
        while (i < line.length() && line.charAt(i) >= '0' && line.charAt(i) <= '9') {
            i++;
        }
        return i;
    }
}
