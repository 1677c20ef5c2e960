package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The readings that the hot parsers replaced, kept as oracles: each line taken as the String
 * {@link TextLines#line} gives and read by its characters, as {@code ethtool -S} and
 * {@code /proc/interrupts} were read before they scanned the text's bytes by the lines' bounds.
 * Property tests hold the parsers' records, notes and failures to these.
 */
final class ByLineStrings {
    private ByLineStrings() {}

    /** What a parser makes of a text, as one String: the record as {@code shown} gives it and the notes, or the failure. */
    static <T> String reading(Parser<T> parser, String text, Function<T, String> shown) {
        try {
            Parsed<T> parsed = parser.read(text);
            return shown.apply(parsed.value()) + " " + parsed.notes();
        } catch (ParseException e) {
            return "failed at line " + e.line() + ": " + e.getMessage();
        }
    }

    /** {@code ethtool -S}, a line String at a time. */
    static final class EthtoolStatsReading extends LineParser<EthtoolStats> {
        private static final String TITLE_END = "statistics:";
        private static final String NETLINK_TITLE = "Standard stats for ";

        @Override
        protected EthtoolStats parse(TextLines lines) throws ParseException {
            if (lines.isBlank()) {
                throw new ParseException(0, "empty output");
            }
            EthtoolStats.Builder counters = new EthtoolStats.Builder(lines.size());
            for (int n = 1; n <= lines.size(); n++) {
                String line = lines.line(n);
                int start = TextLines.contentStart(line);
                int end = TextLines.contentEnd(line, start);
                if (start == end
                        || end - start >= TITLE_END.length() && line.startsWith(TITLE_END, end - TITLE_END.length())
                        || line.startsWith(NETLINK_TITLE, start)
                                && ToolOutput.interfaceAfter(line.substring(start, end), NETLINK_TITLE) != null) {
                    continue;
                }
                int colon = line.lastIndexOf(':', end - 1);
                if (colon <= start) {
                    lines.unreadable(
                            n,
                            "expected 'name: value', got '" + TextLines.abbreviate(line.substring(start, end)) + "'");
                    continue;
                }
                int nameEnd = colon;
                while (TextLines.isWhitespace(line.charAt(nameEnd - 1))) {
                    nameEnd--;
                }
                String name = EthtoolStatsParser.ringCounterName(line.substring(start, nameEnd));
                String value = line.substring(colon + 1, end).strip();
                try {
                    counters.put(name, TextLines.parseCounter(value, n, () -> "counter " + TextLines.abbreviate(name)));
                } catch (ParseException e) {
                    lines.unreadable(e);
                }
            }
            if (counters.isEmpty()) {
                throw new ParseException(0, "no counters");
            }
            return counters.build();
        }
    }

    /** {@code /proc/interrupts}, a line String at a time, each row read character by character. */
    static final class ProcInterruptsReading extends LineParser<InterruptCounts> {
        @Override
        protected InterruptCounts parse(TextLines lines) throws ParseException {
            int first = 1;
            while (first <= lines.size() && lines.line(first).isBlank()) {
                first++;
            }
            if (first > lines.size()) {
                throw new ParseException(0, "empty output");
            }
            List<Integer> cpus = new ArrayList<>();
            String header = lines.line(first).strip();
            if (header.startsWith("CPU")) {
                for (String token : TextLines.words(header)) {
                    if (!token.startsWith("CPU")) {
                        throw new ParseException(
                                first, "header should list CPU0 CPU1 ..., found '" + TextLines.abbreviate(token) + "'");
                    }
                    int cpu = TextLines.parseInt(token.substring(3), first, "CPU id");
                    if (cpu < 0 || !cpus.isEmpty() && cpu <= cpus.get(cpus.size() - 1)) {
                        throw new ParseException(
                                first, "CPU ids in the header must increase: '" + TextLines.abbreviate(token) + "'");
                    }
                    cpus.add(cpu);
                }
                first++;
            } else {
                int columns = headerlessColumns(lines, first);
                if (columns == 0) {
                    throw new ParseException(
                            first,
                            "neither the CPU header (CPU0 CPU1 ...) nor an interrupt row: '"
                                    + TextLines.abbreviate(header) + "'");
                }
                for (int cpu = 0; cpu < columns; cpu++) {
                    cpus.add(cpu);
                }
                lines.note("no CPU0 CPU1 ... header (an excerpt such as grep's): " + columns
                        + " CPU columns counted, read as CPU0 to CPU" + (columns - 1));
            }
            List<InterruptCounts.Row> rows = new ArrayList<>();
            for (int n = first; n <= lines.size(); n++) {
                String line = lines.line(n);
                if (!line.isBlank()) {
                    try {
                        rows.add(row(line, n, cpus.size()));
                    } catch (ParseException e) {
                        lines.unreadable(e);
                    }
                }
            }
            return new InterruptCounts(cpus, rows);
        }

        /** The count columns of the widest numbered row from {@code first} on; 0 when there is none. */
        private static int headerlessColumns(TextLines lines, int first) {
            int widest = 0;
            for (int n = first; n <= lines.size(); n++) {
                String line = lines.line(n);
                int colon = line.indexOf(':');
                String label = colon < 0 ? "" : line.substring(0, colon).strip();
                if (label.isEmpty() || !label.chars().allMatch(c -> c >= '0' && c <= '9')) {
                    continue;
                }
                int counts = 0;
                for (String word : TextLines.words(line.substring(colon + 1))) {
                    if (!word.chars().allMatch(c -> c >= '0' && c <= '9')) {
                        break;
                    }
                    counts++;
                }
                widest = Math.max(widest, counts);
            }
            return widest;
        }

        private static InterruptCounts.Row row(String line, int n, int columns) throws ParseException {
            int colon = line.indexOf(':');
            if (colon < 0) {
                throw new ParseException(n, "expected 'IRQ: counts...'");
            }
            String label = line.substring(0, colon).strip();
            if (label.isEmpty() || label.contains(" ")) {
                throw new ParseException(n, "bad interrupt label '" + TextLines.abbreviate(label) + "'");
            }
            Integer irq = null;
            if (Character.isDigit(label.charAt(0))) {
                irq = TextLines.parseInt(label, n, "IRQ number");
            }
            long[] counts = new long[columns];
            int pos = colon + 1;
            int column = 0;
            while (column < columns) {
                while (pos < line.length() && (line.charAt(pos) == ' ' || line.charAt(pos) == '\t')) {
                    pos++;
                }
                int start = pos;
                while (pos < line.length() && Character.isDigit(line.charAt(pos))) {
                    pos++;
                }
                if (start == pos || (pos < line.length() && !Character.isWhitespace(line.charAt(pos)))) {
                    pos = start;
                    break;
                }
                if (pos - start > 18) {
                    throw new ParseException(n, "interrupt count too large on CPU column " + column);
                }
                counts[column++] = Long.parseLong(line, start, pos, 10);
            }
            if (irq != null && column < columns) {
                throw new ParseException(n, "truncated row: " + column + " of " + columns + " CPU counts");
            }
            String description = line.substring(pos).strip();
            return new InterruptCounts.Row(
                    label, irq, counts, description, irq == null ? description : actionName(description));
        }

        private static String actionName(String description) {
            int start = description.length();
            while (start > 0 && !TextLines.isRegexSpace(description.charAt(start - 1))) {
                start--;
            }
            String last = description.substring(start);
            return ProcInterruptsParser.isTrigger(last) ? "" : last;
        }
    }
}
