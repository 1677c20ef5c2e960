package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.TextLines;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The tables SONiC's CLI prints with Python's tabulate, as many as an output holds: a header
 * line over a dashes line and rows, or, for the "key value" blocks of {@code show mmu} and
 * {@code show ecn}, a title line ({@code Pool: egress_lossy_pool}) over a dashes line, rows and a
 * closing dashes line. A line right above the header ({@code Ingress PG dropped packets:}) is the
 * table's title. Prompt and comment lines ({@code admin@sonic:~$ show mmu}, {@code # show pfc counters})
 * end a table, so a pasted multi-command session splits into its tables.
 */
final class TabulateTables {
    private static final Pattern TITLE = Pattern.compile("^\\S.*:(\\s+\\S.*)?$");
    private static final Pattern PROMPT = Pattern.compile("^(#|\\S+@\\S+[$#]|\\$\\s).*");
    private static final Pattern NAMESPACE = Pattern.compile("\\s+for namespace \\S*$");

    /**
     * One table; {@code headers} is empty for a "key value" block. {@code columnNames} are the
     * headers as {@link #column} compares them, made once: a parser looks up its columns per row.
     */
    record Table(String title, List<String> headers, List<Row> rows, int line, List<String> columnNames) {
        Table {
            headers = List.copyOf(headers);
            rows = List.copyOf(rows);
            columnNames = List.copyOf(columnNames);
        }

        Table(String title, List<String> headers, List<Row> rows, int line) {
            this(title, headers, rows, line, normals(headers));
        }

        /** The index of a column by header name (case-insensitive, inner spaces collapsed), or -1. */
        int column(String name) {
            return columnNames.indexOf(normal(name));
        }

        /** A "key value" block's rows as a map, first cell to second; later duplicates win. */
        Map<String, String> keyValues() {
            Map<String, String> out = new LinkedHashMap<>();
            for (Row r : rows) {
                if (!r.cell(0).isEmpty()) {
                    out.put(r.cell(0), r.cell(1));
                }
            }
            return out;
        }

        /** The title's text after its colon ({@code egress_lossy_pool} of {@code Pool: egress_lossy_pool}). */
        Optional<String> titleName() {
            return title == null
                    ? Optional.empty()
                    : TextLines.keyValue(title, ':').map(kv -> kv[1]).filter(s -> !s.isEmpty());
        }

        /**
         * The title's text before its colon ({@code Pool}), lower case; without the
         * {@code for namespace asic0} that multi-ASIC switches add ({@code Pool for namespace asic0: ...}).
         */
        String titleKind() {
            return title == null
                    ? ""
                    : NAMESPACE
                            .matcher(TextLines.keyValue(title, ':')
                                    .map(kv -> kv[0])
                                    .orElse(title))
                            .replaceFirst("")
                            .toLowerCase(Locale.ROOT);
        }
    }

    /** One row, with its 1-based line. */
    record Row(int line, List<String> cells) {
        Row {
            cells = List.copyOf(cells);
        }

        String cell(int column) {
            return column >= 0 && column < cells.size() ? cells.get(column) : "";
        }
    }

    private TabulateTables() {}

    /** Every table of the text; a ParseException (line 0) when the text is empty. */
    static List<Table> parse(TextLines lines) throws ParseException {
        if (lines.isBlank()) {
            throw new ParseException(0, "empty output");
        }
        List<Table> tables = new ArrayList<>();
        int n = lines.size();
        int consumed = 0;
        for (int i = 1; i <= n; i++) {
            String line = lines.line(i);
            if (!RuledColumns.isRule(line)) {
                continue;
            }
            RuledColumns columns = RuledColumns.of(line);
            String above = usable(lines, i - 1, consumed);
            boolean headerless = above == null || TITLE.matcher(above.strip()).matches();
            String title = headerless ? above : usable(lines, i - 2, consumed);
            if (title != null
                    && (RuledColumns.isRule(title) || PROMPT.matcher(title).matches())) {
                title = null;
            }
            List<String> headers = headerless ? List.of() : columns.cells(above);
            List<Row> rows = new ArrayList<>();
            int j = i + 1;
            for (; j <= n; j++) {
                String row = lines.line(j);
                if (row.isBlank() || PROMPT.matcher(row).matches()) {
                    break;
                }
                if (RuledColumns.isRule(row)) {
                    if (headerless) {
                        j++;
                    }
                    break;
                }
                if (!headerless && startsTable(lines, j)) {
                    break;
                }
                rows.add(new Row(j, columns.cells(row)));
            }
            tables.add(new Table(title == null ? null : title.strip(), headers, rows, i));
            consumed = j - 1;
            i = j - 1;
        }
        return tables;
    }

    /** Tables of the text whose headers hold a column named {@code header}; a ParseException when none. */
    static List<Table> withColumn(TextLines lines, String header, String what) throws ParseException {
        List<Table> out = new ArrayList<>();
        for (Table t : parse(lines)) {
            if (t.column(header) >= 0) {
                out.add(t);
            }
        }
        if (out.isEmpty()) {
            throw new ParseException(1, "no " + what + " table (a header with '" + header + "' over a dashes line)");
        }
        return out;
    }

    /** Whether line j is the header or the title of a table that starts below it. */
    private static boolean startsTable(TextLines lines, int j) {
        int n = lines.size();
        if (j + 1 <= n && RuledColumns.isRule(lines.line(j + 1))) {
            return true;
        }
        return j + 2 <= n && !lines.line(j + 1).isBlank() && RuledColumns.isRule(lines.line(j + 2));
    }

    private static String usable(TextLines lines, int at, int consumed) {
        if (at < 1 || at <= consumed) {
            return null;
        }
        String s = lines.line(at);
        return s.isBlank() ? null : s;
    }

    private static List<String> normals(List<String> headers) {
        List<String> out = new ArrayList<>(headers.size());
        for (String h : headers) {
            out.add(normal(h));
        }
        return out;
    }

    /** A header as columns are matched: stripped, each run of white space one space, lower case. */
    private static String normal(String header) {
        return TextLines.collapseWhiteSpace(header.strip()).toLowerCase(Locale.ROOT);
    }
}
