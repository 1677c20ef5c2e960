package io.rocedoctor.parse;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses {@code /proc/interrupts}. Tokenizes by hand: a large host has 2,000 lines of 256
 * columns, and a regex per field would dominate the analysis.
 * <pre>
 *            CPU0       CPU1       CPU2       CPU3
 *  142:    1200000          0          0          0  IR-PCI-MSI 31457280-edge      mlx5_comp0@pci:0000:3b:00.0
 *  NMI:          0          0          0          0   Non-maskable interrupts
 *  ERR:          0
 * </pre>
 * gives IRQ 142 with 1,200,000 interrupts on CPU0, named {@code mlx5_comp0@pci:0000:3b:00.0}.
 * A numbered row with fewer counts than header CPUs was cut; it and any line that is not a row
 * are notes, the other rows stand. An excerpt without the header ({@code grep mlx5 /proc/interrupts})
 * is read too: its CPUs are the count columns of its widest numbered row, numbered from CPU0 (the
 * kernel prints a column per online CPU, so on a host with CPUs offline the numbers may differ),
 * which a note says. Empty text, or text whose first line is neither the CPU header nor a row:
 * ParseException (line 0, resp. that line).
 */
public final class ProcInterruptsParser extends LineParser<InterruptCounts> {
    /** The trigger types that end a row without an action name, in lower case. */
    private static final String[] TRIGGERS = {"edge", "level", "fasteoi"};

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
                        "neither the CPU header (CPU0 CPU1 ...) nor an interrupt row: '" + TextLines.abbreviate(header)
                                + "'");
            }
            for (int cpu = 0; cpu < columns; cpu++) {
                cpus.add(cpu);
            }
            lines.note("no CPU0 CPU1 ... header (an excerpt such as grep's): " + columns
                    + " CPU columns counted, read as CPU0 to CPU" + (columns - 1));
        }
        List<InterruptCounts.Row> rows = new ArrayList<>(lines.size() - first + 1);
        RowReader reader = new RowReader(cpus.size());
        for (int n = first; n <= lines.size(); n++) {
            if (lines.contentStartOf(n) < lines.endOf(n)) {
                try {
                    rows.add(reader.row(lines, n));
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

    /** Reads the rows of one text. */
    private static final class RowReader {
        private final int columns;
        /** Where the last count {@link #countEnd} looked at starts, after its blanks. */
        private int countStart;
        /** That count's value when its digits are all ASCII, else {@link #NOT_ASCII}. */
        private long value;

        private static final long NOT_ASCII = -1;
        /**
         * A column is padded to ten characters or more: 8 blanks at a time are compared as one word,
         * and most bytes of a table of small counts are its blanks.
         */
        private static final VarHandle LONGS =
                MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

        private static final long EIGHT_SPACES = 0x0101010101010101L * ' ';
        private static final int NO_COUNT = -1;

        RowReader(int columns) {
            this.columns = columns;
        }

        /**
         * Row {@code n}, read by its bounds in the text's Latin-1 bytes and summed while scanned:
         * charAt, a String and a copy of it per row, and a second pass through Long.parseLong per
         * count were most of the parse of a 256-CPU table.
         */
        InterruptCounts.Row row(TextLines lines, int n) throws ParseException {
            String text = lines.text();
            byte[] row = lines.latin1();
            int start = lines.contentStartOf(n);
            int end = lines.endOf(n);
            int colon = start;
            while (colon < end && row[colon] != ':') {
                colon++;
            }
            if (colon == end) {
                throw new ParseException(n, "expected 'IRQ: counts...'");
            }
            String label = text.substring(start, colon).strip();
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
                int digitsEnd = countEnd(lines, row, pos, end);
                if (digitsEnd == NO_COUNT) {
                    pos = countStart;
                    break; // the counts ended early (ERR:, MIS:, or a truncated line)
                }
                if (digitsEnd - countStart > 18) {
                    throw new ParseException(n, "interrupt count too large on CPU column " + column);
                }
                counts[column++] = value != NOT_ASCII ? value : Long.parseLong(text, countStart, digitsEnd, 10);
                pos = digitsEnd;
            }
            // Numbered IRQs print every online CPU; only summary rows (ERR, MIS) may be shorter.
            if (irq != null && column < columns) {
                throw new ParseException(n, "truncated row: " + column + " of " + columns + " CPU counts");
            }
            String description = text.substring(pos, end).strip();
            return new InterruptCounts.Row(
                    label, irq, counts, description, irq == null ? description : actionName(description));
        }

        /**
         * Skips the blanks from {@code pos}, then reads one count: digits ({@link Character#isDigit}, as
         * Long.parseLong reads them) ending at white space or the row's end. Returns where its digits end,
         * or {@link #NO_COUNT} when no count starts there; sets {@link #countStart} and {@link #value}.
         * A method of its own, called per count, so that C1 compiles it within the first rows of a cold
         * run: as a loop inside {@link #row}, a large host's first rows (tens of them) were scanned by the
         * interpreter until that loop was compiled. No Latin-1 character above U+007F is a digit, so a
         * byte outside '0'..'9' stands for one only where it is a '?' for a character above U+00FF.
         */
        private int countEnd(TextLines lines, byte[] row, int pos, int end) {
            while (pos + Long.BYTES <= end && (long) LONGS.get(row, pos) == EIGHT_SPACES) {
                pos += Long.BYTES;
            }
            while (pos < end && (row[pos] == ' ' || row[pos] == '\t')) {
                pos++;
            }
            countStart = pos;
            long sum = 0;
            boolean ascii = true;
            for (; pos < end; pos++) {
                byte b = row[pos];
                if (b >= '0' && b <= '9') {
                    sum = sum * 10 + (b - '0');
                } else if (b == '?' && Character.isDigit(lines.text().charAt(pos))) {
                    ascii = false;
                } else {
                    break;
                }
            }
            if (pos == countStart || pos < end && row[pos] != ' ' && !TextLines.isWhitespace(lines.charAt(pos))) {
                return NO_COUNT;
            }
            value = ascii ? sum : NOT_ASCII;
            return pos;
        }
    }

    /** The last token of the description, unless that is the trigger type: the IRQ then has no action. */
    private static String actionName(String description) {
        int start = description.length();
        while (start > 0 && !TextLines.isRegexSpace(description.charAt(start - 1))) {
            start--;
        }
        String last = description.substring(start);
        return isTrigger(last) ? "" : last;
    }

    /**
     * {@code (?:.*-)?(?:edge|level|fasteoi)}, ASCII case ignored ("2-edge", "IO-APIC-edge",
     * "IR-PCI-MSI-fasteoi", ARM's "Level"), checked by hand: a regex per IRQ line was a tenth of
     * the parse of a large host.
     */
    static boolean isTrigger(String token) {
        for (String trigger : TRIGGERS) {
            int prefix = token.length() - trigger.length();
            if (prefix >= 0
                    && endsWithIgnoringAsciiCase(token, trigger)
                    && (prefix == 0 || token.charAt(prefix - 1) == '-' && noLineTerminator(token, prefix - 1))) {
                return true;
            }
        }
        return false;
    }

    private static boolean endsWithIgnoringAsciiCase(String token, String lowerSuffix) {
        int offset = token.length() - lowerSuffix.length();
        for (int i = 0; i < lowerSuffix.length(); i++) {
            char c = token.charAt(offset + i);
            if (c >= 'A' && c <= 'Z') {
                c = (char) (c + ('a' - 'A'));
            }
            if (c != lowerSuffix.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** The regex's "." matches anything but a line terminator; tokens hold no \n or \r, but may hold these. */
    private static boolean noLineTerminator(String token, int end) {
        for (int i = 0; i < end; i++) {
            char c = token.charAt(i);
            if (c == '\u0085' || c == '\u2028' || c == '\u2029') {
                return false;
            }
        }
        return true;
    }
}
