package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses the output of a perftest program (ib_write_bw, ib_read_bw, ib_send_bw, ib_*_lat).
 *
 * <pre>
 * ---------------------------------------------------------------------------------------
 *                     RDMA_Write BW Test
 *  Dual-port       : OFF		Device         : mlx5_2
 *  Number of qps   : 4		Transport type : IB
 *  Connection type : RC		Using SRQ      : OFF
 *  TX depth        : 128
 *  Mtu             : 4096[B]
 *  Link type       : Ethernet
 *  GID index       : 3
 *  Max inline data : 0[B]
 *  rdma_cm QPs	 : ON
 *  Data ex. method : rdma_cm
 * ---------------------------------------------------------------------------------------
 *  #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]
 *  65536      20000            97.12              97.05  		   0.185114
 * ---------------------------------------------------------------------------------------
 * </pre>
 * gives test WRITE_BW, device mlx5_2, 4 QPs, MTU 4096, GID index 3, rdma_cm, unit Gb/sec, one row
 * averaging 97.05. Banner-only outputs give no rows; result-only excerpts give no banner (the
 * test is then null); "&lt;snip&gt;" and the address block are skipped, and so are, with a note, the
 * warnings perftest prints on stderr (a {@code WARNING: ...} line, {@code Conflicting CPU frequency
 * values detected: 800.000000 != 3177.498000. CPU Frequency is not max.}, once or once per row,
 * inside the table; perftest's {@code get_cpu_mhz}). A result row whose values do not fit its
 * header, or are not numbers, is a note and the other rows stand. Empty output is a ParseException
 * at line 0, text with neither banner nor table (a connection error) one at line 1.
 */
public final class PerftestParser extends LineParser<PerftestResult> {
    private static final Pattern TITLE = Pattern.compile("(RDMA_Write|RDMA_Read|Send|Atomic)\\b.*\\b(BW|Latency) Test");
    private static final Pattern COLUMN = Pattern.compile("#\\w+|[\\w.%]+(?: [A-Za-z]+)?\\[([^\\]]*)]");
    private static final Pattern ROW = Pattern.compile("\\d+\\s.*");
    /** A column title's unit, "[Gb/sec]" of "BW average[Gb/sec]", and all after it. */
    private static final Pattern UNIT = Pattern.compile("\\[.*");
    /** A banner value's unit at its end, "[B]" of "4096[B]". */
    private static final Pattern TRAILING_UNIT = Pattern.compile("\\[.*]$");

    @Override
    protected PerftestResult parse(TextLines lines) throws ParseException {
        ToolOutput.nonEmpty(lines, "perftest");
        PerftestProgram test = null;
        Boolean latency = null;
        Map<String, String> banner = new LinkedHashMap<>();
        Map<String, Integer> bannerLine = new LinkedHashMap<>();
        String unit = null;
        List<String> columns = null;
        List<PerftestResult.BandwidthRow> bw = new ArrayList<>();
        List<PerftestResult.LatencyRow> lat = new ArrayList<>();
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n).strip();
            Matcher m;
            if (line.startsWith("#bytes")) {
                columns = new ArrayList<>();
                m = COLUMN.matcher(line);
                while (m.find()) {
                    columns.add(UNIT.matcher(m.group()).replaceAll(""));
                    if (m.group().startsWith("BW average")) {
                        unit = m.group(1);
                    }
                }
                latency = latency != null ? latency : !columns.contains("BW average");
            } else if (startsWithDigit(line) && ROW.matcher(line).matches()) {
                try {
                    List<String> cols = columns != null ? columns : guessColumns(line, n);
                    latency = latency != null ? latency : !cols.contains("BW average");
                    row(line, n, cols, latency, bw, lat);
                } catch (ParseException e) {
                    lines.unreadable(e);
                }
            } else if (columns == null && startsLikeTitle(line) && (m = TITLE.matcher(line)).matches()) {
                test = testOf(m.group(1), m.group(2));
                latency = test.latency();
            } else if (columns == null && !skipped(line)) {
                for (Map.Entry<String, String> pair : bannerPairs(line)) {
                    banner.putIfAbsent(pair.getKey(), pair.getValue());
                    bannerLine.putIfAbsent(pair.getKey(), n);
                }
            }
        }
        if (test == null && banner.isEmpty() && columns == null && bw.isEmpty() && lat.isEmpty()) {
            throw new ParseException(1, "perftest: neither a banner nor a result table");
        }
        return new PerftestResult(test, latency, banner(banner, bannerLine), unit, bw, lat);
    }

    /**
     * The {@code key : value} pairs of a banner line, one or more ({@code Dual-port       : OFF}, tabs,
     * {@code Device         : mlx5_2}), when the line is such pairs alone; none otherwise. A key is a
     * letter, then letters, digits and {@code _.*-}, words of them joined by single spaces; a value
     * runs to the next white space (the regex class \s throughout). Scanned by hand as the possessive expression
     * {@code (?:\s*+([A-Za-z][\w.*\-]*+(?: [\w.*\-]++)*+)\s*+:\s*+(\S++))++\s*+} read it, matched
     * whole: it was most of a perftest text's parse under C1.
     */
    static List<Map.Entry<String, String>> bannerPairs(String line) {
        List<Map.Entry<String, String>> pairs = new ArrayList<>(2);
        int length = line.length();
        int pos = 0;
        while (true) {
            int keyStart = afterRegexSpace(line, pos);
            if (keyStart == length || !isAsciiLetter(line.charAt(keyStart))) {
                break;
            }
            int keyEnd = afterKeyCharacters(line, keyStart + 1);
            while (keyEnd + 1 < length && line.charAt(keyEnd) == ' ' && isKeyCharacter(line.charAt(keyEnd + 1))) {
                keyEnd = afterKeyCharacters(line, keyEnd + 2);
            }
            int colon = afterRegexSpace(line, keyEnd);
            if (colon == length || line.charAt(colon) != ':') {
                break;
            }
            int valueStart = afterRegexSpace(line, colon + 1);
            int valueEnd = valueStart;
            while (valueEnd < length && !TextLines.isRegexSpace(line.charAt(valueEnd))) {
                valueEnd++;
            }
            if (valueEnd == valueStart) {
                break;
            }
            pairs.add(Map.entry(line.substring(keyStart, keyEnd), line.substring(valueStart, valueEnd)));
            pos = valueEnd;
        }
        return afterRegexSpace(line, pos) == length ? pairs : List.of();
    }

    private static int afterRegexSpace(String line, int pos) {
        while (pos < line.length() && TextLines.isRegexSpace(line.charAt(pos))) {
            pos++;
        }
        return pos;
    }

    private static int afterKeyCharacters(String line, int pos) {
        while (pos < line.length() && isKeyCharacter(line.charAt(pos))) {
            pos++;
        }
        return pos;
    }

    /** {@code [\w.*\-]}: an ASCII letter or digit, '_', '.', '*' or '-'. */
    private static boolean isKeyCharacter(char c) {
        return isAsciiLetter(c) || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '*' || c == '-';
    }

    private static boolean isAsciiLetter(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
    }

    /** The row and title expressions are tried only on a line that starts as they must (each ran on every line). */
    private static boolean startsWithDigit(String line) {
        return !line.isEmpty() && line.charAt(0) >= '0' && line.charAt(0) <= '9';
    }

    private static boolean startsLikeTitle(String line) {
        return line.startsWith("RDMA_") || line.startsWith("Send") || line.startsWith("Atomic");
    }

    private static boolean skipped(String line) {
        return line.startsWith("GID:") || line.startsWith("local address") || line.startsWith("remote address");
    }

    private static PerftestProgram testOf(String verb, String kind) {
        boolean lat = kind.equals("Latency");
        return switch (verb) {
            case "RDMA_Write" -> lat ? PerftestProgram.WRITE_LAT : PerftestProgram.WRITE_BW;
            case "RDMA_Read" -> lat ? PerftestProgram.READ_LAT : PerftestProgram.READ_BW;
            case "Send" -> lat ? PerftestProgram.SEND_LAT : PerftestProgram.SEND_BW;
            default -> lat ? PerftestProgram.ATOMIC_LAT : PerftestProgram.ATOMIC_BW;
        };
    }

    /** Rows pasted without their header: the two layouts current perftest prints, told apart by width. */
    private static List<String> guessColumns(String line, int n) throws ParseException {
        int width = TextLines.splitWords(line).length;
        if (width == 5) {
            return List.of("#bytes", "#iterations", "BW peak", "BW average", "MsgRate");
        }
        if (width == 9) {
            return List.of(
                    "#bytes",
                    "#iterations",
                    "t_min",
                    "t_max",
                    "t_typical",
                    "t_avg",
                    "t_stdev",
                    "99% percentile",
                    "99.9% percentile");
        }
        throw new ParseException(n, "perftest: a result row of " + width + " values without a '#bytes' header");
    }

    private static void row(
            String line,
            int n,
            List<String> columns,
            boolean latency,
            List<PerftestResult.BandwidthRow> bw,
            List<PerftestResult.LatencyRow> lat)
            throws ParseException {
        String[] values = TextLines.splitWords(line);
        // Values past the last column title are a newer perftest's extras: ignored.
        if (values.length < columns.size() || columns.size() < 2) {
            throw new ParseException(
                    n, "perftest: " + values.length + " values under " + columns.size() + " column titles");
        }
        Map<String, String> byColumn = new LinkedHashMap<>();
        for (int i = 0; i < columns.size(); i++) {
            byColumn.put(columns.get(i), values[i]);
        }
        long bytes = TextLines.parseLong(values[0], n, "#bytes");
        long iterations = TextLines.parseLong(values[1], n, "#iterations");
        if (latency) {
            lat.add(new PerftestResult.LatencyRow(
                    bytes,
                    iterations,
                    decimal(byColumn, "t_min", n),
                    decimal(byColumn, "t_max", n),
                    decimal(byColumn, "t_typical", n),
                    decimal(byColumn, "t_avg", n),
                    decimal(byColumn, "t_stdev", n),
                    decimal(byColumn, "99% percentile", n),
                    decimal(byColumn, "99.9% percentile", n)));
        } else {
            bw.add(new PerftestResult.BandwidthRow(
                    bytes,
                    iterations,
                    decimal(byColumn, "BW peak", n),
                    decimal(byColumn, "BW average", n),
                    decimal(byColumn, "MsgRate", n)));
        }
    }

    private static Double decimal(Map<String, String> byColumn, String column, int n) throws ParseException {
        String v = byColumn.get(column);
        if (v == null) {
            return null;
        }
        try {
            return Double.valueOf(v);
        } catch (NumberFormatException e) {
            throw new ParseException(n, "perftest: " + column + " is not a number: '" + TextLines.abbreviate(v) + "'");
        }
    }

    private static PerftestResult.Banner banner(Map<String, String> all, Map<String, Integer> lineOf)
            throws ParseException {
        return new PerftestResult.Banner(
                all.get("Device"),
                integer(all, lineOf, "Number of qps"),
                all.get("Transport type"),
                all.get("Connection type"),
                onOff(all.get("Using SRQ")),
                integer(all, lineOf, "TX depth"),
                integer(all, lineOf, "Mtu"),
                all.get("Link type"),
                integer(all, lineOf, "GID index"),
                integer(all, lineOf, "Max inline data"),
                onOff(all.get("rdma_cm QPs")),
                all.get("Data ex. method"),
                all);
    }

    /** "4096[B]" and "128" alike. */
    private static Integer integer(Map<String, String> all, Map<String, Integer> lineOf, String key)
            throws ParseException {
        String v = all.get(key);
        if (v == null) {
            return null;
        }
        long value = TextLines.parseLong(TRAILING_UNIT.matcher(v).replaceAll(""), lineOf.get(key), key);
        if (value > Integer.MAX_VALUE || value < Integer.MIN_VALUE) {
            throw new ParseException(
                    lineOf.get(key), "perftest: " + key + " is out of range: '" + TextLines.abbreviate(v) + "'");
        }
        return (int) value;
    }

    private static Boolean onOff(String v) {
        if (v == null) {
            return null;
        }
        return switch (v.toUpperCase(Locale.ROOT)) {
            case "ON" -> Boolean.TRUE;
            case "OFF" -> Boolean.FALSE;
            default -> null;
        };
    }
}
