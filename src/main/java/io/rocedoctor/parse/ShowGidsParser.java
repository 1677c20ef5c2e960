package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code show_gids} (MLNX_OFED / mlnx-tools), a whitespace table whose IPv4 and DEV
 * columns may be empty:
 * <pre>
 * DEV     PORT    INDEX   GID                                     IPv4            VER     DEV
 * ---     ----    -----   ---                                     ------------    ---     ---
 * mlx5_1  1       2       0000:0000:0000:0000:0000:ffff:c0a8:0715 192.168.7.21    v1      ens2f1np1
 * mlx5_1  1       3       0000:0000:0000:0000:0000:ffff:c0a8:0715 192.168.7.21    v2      ens2f1np1
 * n_gids_found=2
 * </pre>
 * -> two entries (index 3: 192.168.7.21, RoCE v2, ens2f1np1), gidsFound 2. Because the optional
 * columns collapse, cells after the GID are told apart by their shape (dotted quad, v1/v2, name).
 * sysinfo-snapshot's own {@code show_pretty_gids} table (header {@code DEV PORT INDEX GID IPv4})
 * prints the type as sysfs holds it, {@code RoCE v2} or {@code IB/RoCE v1}, and {@code N\A} for a
 * type or netdev it could not read: the version is read after the type's first word, a netdev
 * {@code N\A} is none, a type {@code N\A} leaves the row without its version (a note).
 * The header, the footer or both may be missing. Empty text, or a text with neither header,
 * row nor footer, is a {@link ParseException}. A row that is not DEV PORT INDEX GID ... (a cell
 * missing, a number out of range) or a footer without a count is a note; the other rows stand.
 */
public final class ShowGidsParser extends LineParser<GidTable> {
    private static final Pattern FOOTER = Pattern.compile("n_gids_found\\s*=\\s*(\\S+)");
    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    private static final Pattern VERSION = Pattern.compile("v([12])");
    /** The table's rule line, and the white space between cells: compiled once, not per line. */
    private static final Pattern RULE = Pattern.compile("[-\\s]+");

    private static final Pattern WHITE_SPACE = Pattern.compile("\\s+");
    /** The words before the version in a type as sysfs's {@code gid_attrs/types/I} holds it. */
    private static final java.util.Set<String> TYPE_PREFIX = java.util.Set.of("RoCE", "IB/RoCE");
    /** What sysinfo-snapshot prints for a type or netdev it could not read. */
    private static final String NOT_AVAILABLE = "N\\A";

    @Override
    protected GidTable parse(TextLines lines) throws ParseException {
        if (lines.isBlank()) {
            throw new ParseException(0, "show_gids: empty output");
        }
        List<GidTable.GidEntry> entries = new ArrayList<>();
        Integer found = null;
        boolean header = false;
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n).trim();
            if (line.isEmpty() || RULE.matcher(line).matches()) {
                continue;
            }
            String[] cells = WHITE_SPACE.split(line);
            Matcher footer = FOOTER.matcher(line);
            try {
                if (footer.matches()) {
                    found = smallInt(footer.group(1), n, "n_gids_found");
                } else if (cells[0].equals("DEV") && line.contains("GID")) {
                    header = true;
                } else {
                    entries.add(row(cells, n));
                }
            } catch (ParseException e) {
                lines.unreadable(e);
            }
        }
        if (!header && found == null && entries.isEmpty()) {
            throw new ParseException(1, "show_gids: no table");
        }
        return new GidTable(entries, found);
    }

    private static GidTable.GidEntry row(String[] cells, int n) throws ParseException {
        if (cells.length < 5 || !cells[3].contains(":")) {
            throw new ParseException(
                    n,
                    "expected 'DEV PORT INDEX GID [IPv4] VER [DEV]', found '"
                            + TextLines.abbreviate(String.join(" ", cells)) + "'");
        }
        String ipv4 = null;
        Integer version = null;
        String netdev = null;
        for (int i = 4; i < cells.length; i++) {
            Matcher v = VERSION.matcher(cells[i]);
            if (version == null && TYPE_PREFIX.contains(cells[i]) && i + 1 < cells.length) {
                continue; // sysfs's own type name, "RoCE v2" or "IB/RoCE v1": the version follows
            }
            if (version == null && v.matches()) {
                version = Integer.parseInt(v.group(1));
            } else if (version == null && ipv4 == null && IPV4.matcher(cells[i]).matches()) {
                ipv4 = cells[i];
            } else if (version == null) {
                throw new ParseException(n, "no RoCE version (v1/v2) before '" + TextLines.abbreviate(cells[i]) + "'");
            } else if (netdev == null) {
                netdev = cells[i].equals(NOT_AVAILABLE) ? null : cells[i];
            } else {
                break; // an extra field after the last column: ignored, as a newer show_gids may add one
            }
        }
        if (version == null) {
            throw new ParseException(n, "no RoCE version (v1/v2) in the row");
        }
        return new GidTable.GidEntry(
                cells[0],
                smallInt(cells[1], n, "PORT"),
                smallInt(cells[2], n, "INDEX"),
                cells[3],
                ipv4,
                version,
                netdev);
    }

    private static int smallInt(String value, int n, String what) throws ParseException {
        long v = TextLines.parseLong(value, n, what);
        if (v < 0 || v > Integer.MAX_VALUE) {
            throw new ParseException(n, what + " " + v + " is out of range");
        }
        return (int) v;
    }
}
