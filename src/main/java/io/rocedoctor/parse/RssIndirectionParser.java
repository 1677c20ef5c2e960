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
    private static final Pattern ROW = Pattern.compile("(\\d+):((?:\\s+\\d+)*)");
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
            if (line.isEmpty()) {
                continue;
            } else if ((m = TITLE.matcher(line)).matches()) {
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
            } else if (section == Section.TABLE && (m = ROW.matcher(line)).matches()) {
                List<Integer> row = new ArrayList<>();
                try {
                    for (String q : TextLines.splitWords(m.group(2).strip())) {
                        if (!q.isEmpty()) {
                            row.add((int) Math.min(Integer.MAX_VALUE, TextLines.parseLong(q, n, "queue number")));
                        }
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
}
