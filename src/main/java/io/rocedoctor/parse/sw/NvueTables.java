package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.TextLines;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The tables NVUE's {@code nv show} prints. An output is a series of sections: the first has no
 * title, each next one a title underlined with {@code =}. A section holds one table whose columns
 * a dashes line draws; the header may take two lines, and a narrow terminal cuts header words
 * with {@code …}. The untitled table is usually "operational applied [description]" with nested
 * keys shown by indentation:
 * <pre>
 *                     operational            applied
 * ------------------  ---------------------  ---------------------
 * mode                lossless-single-ipool  lossless-single-ipool
 * pfc
 *   pfc-priority      3
 * RoCE SP->TC mapping and ETS configurations
 * =============================================
 *        switch-prio  traffic-class  scheduler-weight
 *     -  -----------  -------------  ----------------
 *     3  3            3              DWRR-50%</pre>
 * -> an untitled table with fields {@code mode} and {@code pfc.pfc-priority}, and a titled one.
 * Prompt lines, {@code ...} truncation marks and {@code No Data} are skipped.
 */
final class NvueTables {
    private static final Pattern UNDERLINE = Pattern.compile("^\\s*=+\\s*$");
    private static final Pattern PROMPT = Pattern.compile("^\\S+@\\S+?[$#]\\s.*|^\\$\\s.*");
    private static final Pattern SKIPPED = Pattern.compile("^\\s*(\\.\\.\\.|…|No Data)\\s*$");

    /** One row: its 1-based line, its indentation, its cells. */
    record Row(int line, int indent, List<String> cells) {
        Row {
            cells = List.copyOf(cells);
        }

        String cell(int column) {
            return column >= 0 && column < cells.size() ? cells.get(column) : "";
        }
    }

    /** A key of an "operational applied" table: its dotted path ({@code pfc.pfc-priority}) and row. */
    record Field(String path, Row row) {
        /** The operational value, or the applied one when the switch shows none. */
        String value() {
            String operational = row.cell(1);
            return operational.isEmpty() ? row.cell(2) : operational;
        }
    }

    /** One section's table; {@code title} null for the first, headers empty when it has no dashes line. */
    record Table(String title, int line, List<String> headers, List<Row> rows) {
        Table {
            headers = List.copyOf(headers);
            rows = List.copyOf(rows);
        }

        /** A column by header name, case-insensitive; a header cut with {@code …} matches the names it begins; -1 when none. */
        int column(String name) {
            String wanted =
                    name.toLowerCase(Locale.ROOT).replaceAll("\\s+", " ").strip();
            for (int i = 0; i < headers.size(); i++) {
                if (matches(headers.get(i), wanted)) {
                    return i;
                }
            }
            return -1;
        }

        boolean titled(String prefix) {
            return title != null && title.toLowerCase(Locale.ROOT).startsWith(prefix.toLowerCase(Locale.ROOT));
        }

        /** The rows as nested keys: a row indented deeper than the one above is its child. */
        List<Field> fields() {
            List<Field> out = new ArrayList<>();
            Deque<Row> parents = new ArrayDeque<>();
            for (Row r : rows) {
                String key = r.cell(0);
                if (key.isEmpty()) {
                    continue;
                }
                while (!parents.isEmpty() && parents.peek().indent() >= r.indent()) {
                    parents.pop();
                }
                StringBuilder path = new StringBuilder();
                parents.descendingIterator()
                        .forEachRemaining(p -> path.append(p.cell(0)).append('.'));
                out.add(new Field(path.append(key).toString(), r));
                parents.push(r);
            }
            return out;
        }

        /** The value of the first field with that path, or null. */
        Field field(String path) {
            return fields().stream()
                    .filter(f -> f.path().equals(path))
                    .findFirst()
                    .orElse(null);
        }

        private static boolean matches(String header, String wanted) {
            String h = header.toLowerCase(Locale.ROOT).replaceAll("\\s+", " ").strip();
            if (!h.contains("…")) {
                return h.equals(wanted);
            }
            String[] hw = h.split(" ");
            String[] ww = wanted.split(" ");
            if (hw.length != ww.length) {
                return false;
            }
            for (int i = 0; i < hw.length; i++) {
                String part = hw[i];
                boolean cut = part.endsWith("…");
                String stem = cut ? part.substring(0, part.length() - 1) : part;
                if (cut ? !ww[i].startsWith(stem) : !ww[i].equals(stem)) {
                    return false;
                }
            }
            return true;
        }
    }

    private NvueTables() {}

    /**
     * Every section's table. Empty text is a ParseException at line 0; text with neither a dashes
     * line nor a section title (an error message) at line 1.
     */
    static List<Table> parse(TextLines lines) throws ParseException {
        if (lines.isBlank()) {
            throw new ParseException(0, "empty output");
        }
        int n = lines.size();
        List<Integer> titles = new ArrayList<>();
        for (int i = 1; i < n; i++) {
            if (!lines.line(i).isBlank()
                    && !UNDERLINE.matcher(lines.line(i)).matches()
                    && UNDERLINE.matcher(lines.line(i + 1)).matches()) {
                titles.add(i);
            }
        }
        List<Table> tables = new ArrayList<>();
        int start = 1;
        String title = null;
        int titleLine = 1;
        for (int t = 0; t <= titles.size(); t++) {
            int end = t < titles.size() ? titles.get(t) - 1 : n;
            tables.add(section(lines, title, titleLine, start, end));
            if (t < titles.size()) {
                title = lines.line(titles.get(t)).strip();
                titleLine = titles.get(t);
                start = titles.get(t) + 2;
            }
        }
        boolean any = !titles.isEmpty()
                || tables.stream().anyMatch(tb -> !tb.headers().isEmpty());
        if (!any) {
            throw new ParseException(
                    1,
                    "no NVUE table (a dashes line under a header): '" + TextLines.abbreviate(firstText(lines)) + "'");
        }
        return tables;
    }

    /** The first table titled with that prefix (case-insensitive), or null. */
    static Table titled(List<Table> tables, String prefix) {
        return tables.stream().filter(t -> t.titled(prefix)).findFirst().orElse(null);
    }

    // Field values of an "operational applied" table, by path; null or empty when absent. A field
    // whose value does not read is a note on its line, and null or empty.

    /** A row's index cell (a traffic class, a priority): a whole number, or a ParseException naming the line. */
    static int index(Table t, Row r, String column) throws ParseException {
        Integer v = SwitchValues.integer(r.cell(t.column(column)), r.line(), column);
        if (v == null) {
            throw new ParseException(r.line(), column + " missing");
        }
        return v;
    }

    static String text(NvueTables.Table t, String path) {
        NvueTables.Field f = t.field(path);
        return f == null || SwitchValues.absent(f.value()) ? null : f.value();
    }

    static Boolean flag(LineByLine rows, NvueTables.Table t, String path) {
        NvueTables.Field f = t.field(path);
        return f == null
                ? null
                : rows.row(() -> SwitchValues.flag(f.value(), f.row().line(), path));
    }

    static Integer integer(LineByLine rows, NvueTables.Table t, String path) {
        NvueTables.Field f = t.field(path);
        return f == null
                ? null
                : rows.row(() -> SwitchValues.integer(
                        f.value().replaceAll("(?i)\\s*m$", ""), f.row().line(), path));
    }

    static List<Integer> integers(LineByLine rows, NvueTables.Table t, String path) {
        NvueTables.Field f = t.field(path);
        List<Integer> read = f == null
                ? null
                : rows.row(() -> SwitchValues.integers(f.value(), f.row().line(), path));
        return read == null ? List.of() : read;
    }

    static Long bytes(LineByLine rows, NvueTables.Table t, String path) {
        NvueTables.Field f = t.field(path);
        return f == null
                ? null
                : rows.row(() -> SwitchValues.bytes(f.value(), f.row().line(), path));
    }

    static List<String> words(NvueTables.Table t, String path) {
        String v = text(t, path);
        List<String> out = new ArrayList<>();
        if (v != null) {
            for (String w : v.split("[,\\s]+")) {
                if (!w.isEmpty()) {
                    out.add(w);
                }
            }
        }
        return out;
    }

    private static Table section(TextLines lines, String title, int titleLine, int from, int to) {
        List<String> pending = new ArrayList<>();
        RuledColumns columns = null;
        List<String> headers = List.of();
        List<Row> rows = new ArrayList<>();
        for (int i = from; i <= to; i++) {
            String line = lines.line(i);
            if (line.isBlank()
                    || PROMPT.matcher(line).matches()
                    || SKIPPED.matcher(line).matches()) {
                continue;
            }
            if (RuledColumns.isRule(line)) {
                if (columns == null) {
                    columns = RuledColumns.of(line);
                    headers = header(columns, pending);
                }
                continue;
            }
            if (columns == null) {
                pending.add(line);
            } else {
                rows.add(new Row(i, line.length() - line.stripLeading().length(), columns.cells(line)));
            }
        }
        return new Table(title, titleLine, headers, rows);
    }

    /** The header from the (at most two) lines above the dashes, joined column by column. */
    private static List<String> header(RuledColumns columns, List<String> above) {
        if (above.isEmpty()) {
            return java.util.Collections.nCopies(columns.count(), "");
        }
        List<String> first = columns.cells(above.size() >= 2 ? above.get(above.size() - 2) : above.get(0));
        if (above.size() < 2) {
            return first;
        }
        List<String> second = columns.cells(above.get(above.size() - 1));
        List<String> out = new ArrayList<>();
        for (int i = 0; i < first.size(); i++) {
            out.add((first.get(i) + " " + second.get(i)).strip());
        }
        return out;
    }

    private static String firstText(TextLines lines) {
        return lines.all().stream()
                .filter(l -> !l.isBlank() && !PROMPT.matcher(l).matches())
                .findFirst()
                .orElse("");
    }
}
