package io.rocedoctor.parse;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The lines of a captured output, as every parser wants them: CRLF, trailing white space and
 * NULs ending the text removed (a missing final newline changes nothing), 1-based line numbers kept for diagnostics,
 * known noise blanked with a note, and the shared tokenizing most "key: value" outputs need.
 *
 * <p>Known noise is what a capture holds besides the tool's output: sos keeps a command's standard
 * error in its file, so pciutils' {@code lspci: Unable to load libkmod resources: error -2} and
 * {@code pcilib: sysfs_read_vpd: read failed: ...},
 * a tool's {@code WARNING: ...} line, MFT's {@code -W- ...}, mlnx_qos's
 * {@code ****** WARNING: lldpad service is running and may overwrite your settings ******} and
 * perftest's {@code Conflicting CPU frequency values detected: 800.000000 != 3177.498000. CPU
 * Frequency is not max.} (printed on stderr, so it lands anywhere, inside the result table too),
 * and a shell's {@code bash: ethtool: command not found} ({@code sh: 1: X: not found},
 * {@code zsh: command not found: X}) read as blank lines, each with a {@link LineNote}. A line a parser cannot read is handed to
 * {@link #unreadable}; {@link LineParser} fails the text only when no line was read.
 */
public final class TextLines {
    /** Tools whose own messages ({@code lspci: ...}) never start a line of any output read here. */
    private static final List<String> STDERR_PREFIXES =
            List.of("lspci: ", "pcilib: ", "setpci: ", "lscpu: ", "numactl: ", "mlnx_qos: ");

    /**
     * The shell's word that the tool is not there, which a collector running it through a shell
     * captured instead of its output: bash, sh (dash), zsh and sudo, as each prints it.
     */
    private static final java.util.regex.Pattern SHELL_NOT_FOUND = java.util.regex.Pattern.compile(
            "(?:-?(?:/usr)?(?:/bin/)?(?:ba|da)?sh|sudo)(?::\\s*line\\s+\\d+|:\\s*\\d+)?:\\s*\\S+:\\s*(?:command )?not found"
                    + "|zsh:\\s*command not found:\\s*\\S+");

    private final List<String> lines;
    private final List<LineNote> notes = new ArrayList<>();
    /** The lines blanked as noise, and those handed to {@link #unreadable}, by number. */
    private final BitSet noise = new BitSet();

    private final BitSet unread = new BitSet();

    private TextLines(List<String> lines) {
        this.lines = lines;
    }

    public static TextLines of(String text) {
        List<String> out = new ArrayList<>();
        String body = text == null ? "" : withoutTrailingNuls(text);
        if (!body.isEmpty()) {
            // Split at CRLF, LF or CR by hand: a regex split per capture was a sixth of a bundle's
            // analysis. Each line is cut from the text once, without its trailing white space.
            byte[] latin1 = body.getBytes(StandardCharsets.ISO_8859_1);
            if (latin1.length == body.length()) {
                splitLatin1(body, latin1, out);
            } else {
                splitChars(body, out); // a surrogate pair became one '?': the positions would not be the text's
            }
            // A final newline produces one empty trailing element that is not a line.
            if (out.get(out.size() - 1).isEmpty()) {
                out.remove(out.size() - 1);
            }
        }
        TextLines lines = new TextLines(out);
        for (int i = 0; i < out.size(); i++) {
            String reason = noise(out.get(i));
            if (reason != null) {
                lines.notes.add(
                        new LineNote(i + 1, "skipped '" + abbreviate(out.get(i).strip()) + "': " + reason));
                lines.noise.set(i + 1);
                out.set(i, "");
            }
        }
        return lines;
    }

    /**
     * The lines of a text whose Latin-1 bytes (one per character, '?' for a character above U+00FF)
     * are given, the breaks found 8 bytes at a time: under C1 a scan for CR and another for each LF,
     * byte by byte, were most of the line split (~0.65 ns a byte each, ~0.15 for a word's test).
     */
    private static void splitLatin1(String body, byte[] latin1, List<String> out) {
        int start = 0;
        int length = latin1.length;
        int i = 0;
        while (i < length) {
            if (i + Long.BYTES <= length && !holdsBreak((long) LONGS.get(latin1, i))) {
                i += Long.BYTES;
                continue;
            }
            int end = Math.min(i + Long.BYTES, length);
            for (; i < end; i++) {
                byte c = latin1[i];
                if (c == '\n' || c == '\r') {
                    out.add(strippedLine(body, start, i));
                    if (c == '\r' && i + 1 < length && latin1[i + 1] == '\n') {
                        i++;
                    }
                    start = i + 1;
                }
            }
        }
        out.add(strippedLine(body, start, length));
    }

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());

    private static final long ONES = 0x0101010101010101L;
    private static final long HIGH_BITS = 0x8080808080808080L;

    /** Whether one of a word's 8 bytes is LF or CR: a byte of {@code word ^ LFs} or {@code word ^ CRs} is zero. */
    private static boolean holdsBreak(long word) {
        long lf = word ^ (ONES * '\n');
        long cr = word ^ (ONES * '\r');
        return ((((lf - ONES) & ~lf) | ((cr - ONES) & ~cr)) & HIGH_BITS) != 0;
    }

    /** The lines of any text, char by char. */
    private static void splitChars(String body, List<String> out) {
        int start = 0;
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c == '\n' || c == '\r') {
                out.add(strippedLine(body, start, i));
                if (c == '\r' && i + 1 < body.length() && body.charAt(i + 1) == '\n') {
                    i++;
                }
                start = i + 1;
            }
        }
        out.add(strippedLine(body, start, body.length()));
    }

    /**
     * {@code body.substring(start, end).stripTrailing()}, cut once: stripTrailing of the cut line
     * asked Character's table of its last character and copied the line again when it stripped.
     */
    private static String strippedLine(String body, int start, int end) {
        while (end > start && isWhitespace(body.charAt(end - 1))) {
            end--;
        }
        return body.substring(start, end);
    }

    /** A file read with its C string's terminator (sysfs, a collector's buffer) ends in NULs: they carry nothing. */
    private static String withoutTrailingNuls(String text) {
        int length = text.length();
        while (length > 0 && text.charAt(length - 1) == '\0') {
            length--;
        }
        return length == text.length() ? text : text.substring(0, length);
    }

    /** Why a line is noise, or null when it is not known noise. */
    static String noise(String line) {
        // Most lines start with none of the noise's first letters: they are not stripped (a copy
        // of every indented line, such as each counter of ethtool -S) only to be compared.
        int first = 0;
        while (first < line.length() && isWhitespace(line.charAt(first))) {
            first++;
        }
        if (first == line.length() || !mayStartNoise(line.charAt(first))) {
            return null;
        }
        String l = line.strip();
        for (String prefix : STDERR_PREFIXES) {
            if (l.startsWith(prefix)) {
                return "a message " + prefix.substring(0, prefix.length() - 2)
                        + " wrote on standard error, not its output";
            }
        }
        if (l.startsWith("Conflicting CPU frequency values detected")) {
            return "perftest's CPU frequency warning, not a result";
        }
        if (l.startsWith("WARNING:") || l.startsWith("-W- ") || l.startsWith("***") && l.contains("WARNING")) {
            return "a warning of the tool, not its output";
        }
        if (shellNotFound(l)) {
            return "the shell found no such command: the tool did not run";
        }
        return null;
    }

    /**
     * Whether a stripped line is the shell's word that a command is not there. Each of the
     * expression's forms holds "not found": a line without it is not run through the expression
     * (sysctl's "net." lines and many others start with a shell's letter, and the expression per
     * line was a sixth of a sosreport's facts).
     */
    static boolean shellNotFound(String line) {
        return line.contains("not found") && SHELL_NOT_FOUND.matcher(line).matches();
    }

    /** The first characters of the noise {@link #noise} recognises: of STDERR_PREFIXES, the warnings and the shells. */
    private static boolean mayStartNoise(char c) {
        return switch (c) {
            case 'l', 'p', 's', 'n', 'm', 'C', 'W', '-', '*', 'b', 'd', 'z', '/' -> true;
            default -> false;
        };
    }

    /**
     * {@link Character#isWhitespace}, answered without its table for the ASCII and Latin-1 text
     * every capture is: the parsers ask it of each character they skip, and the table look-up was
     * a tenth of {@code ethtool -S}.
     */
    public static boolean isWhitespace(char c) {
        if (c <= ' ') {
            return c == ' ' || c >= '\t' && c <= '\r' || c >= 0x1C;
        }
        return c > 0xFF && Character.isWhitespace(c);
    }

    /** Where {@code line} starts once its leading white space is skipped: its length when all is blank. */
    public static int contentStart(String line) {
        int start = 0;
        while (start < line.length() && isWhitespace(line.charAt(start))) {
            start++;
        }
        return start;
    }

    /** Where {@code line} ends once its trailing white space is cut, not before {@code start}. */
    public static int contentEnd(String line, int start) {
        int end = line.length();
        while (end > start && isWhitespace(line.charAt(end - 1))) {
            end--;
        }
        return end;
    }

    /**
     * A line the parser could not read, with the reason: it becomes a note and the other lines'
     * facts stand. A line noted twice keeps its first reason.
     */
    public void unreadable(int number, String reason) {
        if (number > 0 && (unread.get(number) || noise.get(number))) {
            return;
        }
        if (number > 0) {
            unread.set(number);
        }
        notes.add(new LineNote(number, reason));
    }

    /**
     * A part of a line the parser could not read (one value of a line of many): a note, while the
     * line, whose other parts were read, still counts as read.
     */
    public void partlyUnreadable(ParseException e) {
        notes.add(new LineNote(e.line(), e.getMessage()));
    }

    /** As {@link #unreadable(int, String)}, for the diagnostic a line's parse threw. */
    public void unreadable(ParseException e) {
        unreadable(e.line(), e.getMessage());
    }

    /** A remark on the whole text (how a table without its header was read), not tied to a line. */
    public void note(String remark) {
        notes.add(new LineNote(0, remark));
    }

    /** The noise skipped and the lines not read, in line order (remarks on the whole text first). */
    public List<LineNote> notes() {
        List<LineNote> sorted = new ArrayList<>(notes);
        sorted.sort(java.util.Comparator.comparingInt(LineNote::line));
        return List.copyOf(sorted);
    }

    /** A text of noise alone is the tool's message, not an output: a ParseException at its first line. */
    void requireSomeData() throws ParseException {
        if (!notes.isEmpty() && isBlank()) {
            throw new ParseException(
                    notes.get(0).line(), "no output, only " + notes.get(0).reason());
        }
    }

    /** When every non-blank line was noise or unreadable, nothing was recognised: the first unreadable line's reason. */
    void requireSomethingRead() throws ParseException {
        for (int n = 1; n <= lines.size(); n++) {
            if (!unread.get(n) && !lines.get(n - 1).isBlank()) {
                return;
            }
        }
        // The first by line, not by when the parser noted it (a map's line is judged after the pass).
        LineNote first = notes().stream()
                .filter(note -> unread.get(note.line()))
                .findFirst()
                .orElse(null);
        if (first != null) {
            throw new ParseException(first.line(), "no line could be read; the first: " + first.reason());
        }
    }

    public int size() {
        return lines.size();
    }

    /** The line at a 1-based number. */
    public String line(int number) {
        return lines.get(number - 1);
    }

    public List<String> all() {
        return java.util.Collections.unmodifiableList(lines);
    }

    public boolean isBlank() {
        return lines.stream().allMatch(String::isBlank);
    }

    /** Splits {@code "key: value"} at the first colon; empty when the line has none. */
    public static Optional<String[]> keyValue(String line, char separator) {
        int i = line.indexOf(separator);
        if (i < 0) {
            return Optional.empty();
        }
        return Optional.of(
                new String[] {line.substring(0, i).trim(), line.substring(i + 1).trim()});
    }

    /** A decimal long, or a ParseException naming the line when it is not one. */
    public static long parseLong(String value, int lineNumber, String what) throws ParseException {
        return parseLong(value, lineNumber, () -> what);
    }

    /** As {@link #parseLong(String, int, String)}, the name of the value made only for the diagnostic. */
    public static long parseLong(String value, int lineNumber, Supplier<String> what) throws ParseException {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new ParseException(lineNumber, what.get() + " is not a whole number: '" + abbreviate(value) + "'");
        }
    }

    /**
     * A counter the kernel keeps as an unsigned 64-bit value (ethtool's stats, rdma statistic,
     * hw_counters all print {@code %llu}): 0 to 18446744073709551615, held in a long's 64 bits, so
     * values above {@link Long#MAX_VALUE} read as negative longs; compare and show them with
     * {@link Long#compareUnsigned} and {@link Long#toUnsignedString}. A ParseException names the line
     * when the value is not one.
     */
    public static long parseCounter(String value, int lineNumber, Supplier<String> what) throws ParseException {
        String v = value.trim();
        if (!v.isEmpty() && v.charAt(0) != '+') {
            try {
                return Long.parseUnsignedLong(v);
            } catch (NumberFormatException e) {
                // falls through to the diagnostic
            }
        }
        throw new ParseException(
                lineNumber,
                what.get() + " is not a counter (a whole number from 0 to 2^64-1): '" + abbreviate(value) + "'");
    }

    /**
     * The words of a line: the runs of characters other than the regex class \s (space, \t, \n,
     * \u000B, \f, \r), as {@code split("\\s+")} gives them for a line that does not start with
     * one; without a regex, as parsers split every line.
     */
    public static List<String> words(String line) {
        List<String> words = new ArrayList<>();
        int start = -1;
        for (int i = 0; i <= line.length(); i++) {
            boolean space = i == line.length() || isRegexSpace(line.charAt(i));
            if (space && start >= 0) {
                words.add(line.substring(start, i));
                start = -1;
            } else if (!space && start < 0) {
                start = i;
            }
        }
        return words;
    }

    /**
     * {@code text.split("\\s+")} without an expression compiled per call: the words, after an
     * empty first one when the text starts with white space; the one empty word of an empty text,
     * none of a text of white space alone.
     */
    public static String[] splitWords(String text) {
        List<String> words = words(text);
        if (words.isEmpty()) {
            return text.isEmpty() ? new String[] {""} : new String[0];
        }
        if (isRegexSpace(text.charAt(0))) {
            words.add(0, "");
        }
        return words.toArray(String[]::new);
    }

    /**
     * {@code text.replaceAll("\\s+", " ")} without an expression compiled per call: each run of
     * white space one space; the text itself when it holds no run to change.
     */
    public static String collapseWhiteSpace(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (isRegexSpace(c) && (c != ' ' || i + 1 < text.length() && isRegexSpace(text.charAt(i + 1)))) {
                StringBuilder out = new StringBuilder(text.length()).append(text, 0, i);
                boolean inRun = false;
                for (int j = i; j < text.length(); j++) {
                    char d = text.charAt(j);
                    if (!isRegexSpace(d)) {
                        out.append(d);
                        inRun = false;
                    } else if (!inRun) {
                        out.append(' ');
                        inRun = true;
                    }
                }
                return out.toString();
            }
        }
        return text;
    }

    /** A character of the regex class \s: space, \t, \n, \u000B, \f, \r. */
    static boolean isRegexSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    /** A decimal int (CPU ids, IRQ and node numbers), or a ParseException naming the line. */
    public static int parseInt(String value, int lineNumber, String what) throws ParseException {
        long v = parseLong(value, lineNumber, what);
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw new ParseException(lineNumber, what + " is out of range: '" + abbreviate(value) + "'");
        }
        return (int) v;
    }

    /** A value for a diagnostic message: at most 60 characters, control characters shown as '?'. */
    public static String abbreviate(String value) {
        // The control characters of \p{Cntrl} (U+0000-U+001F, U+007F), replaced without a regex:
        // parsers build this text for every counter they name.
        char[] chars = null;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c == 0x7F) {
                if (chars == null) {
                    chars = value.toCharArray();
                }
                chars[i] = '?';
            }
        }
        String clean = chars == null ? value : new String(chars);
        return clean.length() <= 60 ? clean : clean.substring(0, 57) + "...";
    }
}
