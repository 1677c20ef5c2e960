package io.rocedoctor.parse;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Objects;
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

    /** The text the lines are cut from: the capture less the NULs ending it. */
    private final String text;
    /** One byte per character of the text: its Latin-1 code, '?' for a character above U+00FF. */
    private final byte[] latin1;
    /**
     * Each line's bounds in the text, by line number - 1: its first character, its first that is
     * not white space, and the end of its last that is not (a blank or noise line: all three one).
     * A line is a String only when a parser asks for it: the hot parsers read the bounds, and a
     * substring per line was a third of splitting a text.
     */
    private int[] starts;

    private int[] contentStarts;
    private int[] ends;
    private String[] made;
    private int size;

    private final List<LineNote> notes = new ArrayList<>();
    /** The lines blanked as noise, and those handed to {@link #unreadable}, by number. */
    private final BitSet noise = new BitSet();

    private final BitSet unread = new BitSet();

    private TextLines(String text) {
        this.text = text;
        this.latin1 = latin1(text);
        int expected = text.length() / 32 + 4;
        starts = new int[expected];
        contentStarts = new int[expected];
        ends = new int[expected];
    }

    public static TextLines of(String text) {
        TextLines lines = new TextLines(text == null ? "" : withoutTrailingNuls(text));
        if (!lines.text.isEmpty()) {
            lines.split();
            // A final newline produces one empty trailing element that is not a line.
            if (lines.ends[lines.size - 1] == lines.starts[lines.size - 1]) {
                lines.size--;
            }
        }
        lines.made = new String[lines.size];
        for (int i = 0; i < lines.size; i++) {
            // A '?' byte is no noise's first letter, nor is any character above U+00FF it stands for.
            if (lines.contentStarts[i] < lines.ends[i] && NOISE_START[lines.latin1[lines.contentStarts[i]] & 0xFF]) {
                lines.blankIfNoise(i + 1);
            }
        }
        return lines;
    }

    /**
     * Finds the lines at CRLF, LF or CR by hand (a regex split per capture was a sixth of a
     * bundle's analysis), 8 bytes at a time: the breaks of a word are found from its mask, so each
     * byte is read once, and the words are read at multiples of 8 (under C1 an unaligned read is
     * put together from smaller ones). A scan byte by byte costs ~0.85 ns a byte under C1, this
     * ~0.25; the word's test is written out here, as a method of its own it was a call per word
     * (C1 inlines up to 35 bytecodes).
     */
    private void split() {
        int start = 0;
        int length = latin1.length;
        int i = 0;
        for (; i + Long.BYTES <= length; i += Long.BYTES) {
            long word = (long) LONGS.get(latin1, i);
            long lf = word ^ (ONES * '\n');
            long cr = word ^ (ONES * '\r');
            // A byte's high bit is set where it is LF or CR, and may be set above one, where a
            // borrow ran from it: only the lowest is sure to be a break, the others are checked.
            long marks = (((lf - ONES) & ~lf) | ((cr - ONES) & ~cr)) & HIGH_BITS;
            while (marks != 0) {
                int at = i + firstMarkedByte(marks);
                marks &= marks - 1;
                // A CRLF's LF is passed by the start of the next line.
                if (at >= start && (latin1[at] == '\n' || latin1[at] == '\r')) {
                    start = lineBreakAt(start, at);
                }
            }
        }
        for (i = Math.max(i, start); i < length; i++) {
            byte c = latin1[i];
            if (c == '\n' || c == '\r') {
                start = lineBreakAt(start, i);
                i = start - 1;
            }
        }
        add(start, length);
    }

    /**
     * Which byte of a word holds its lowest mark, for a mask of high bits: the lowest isolated and
     * moved to the byte's low bit is 1 << 8k, and the product puts k in the top byte.
     * Long.numberOfTrailingZeros is no intrinsic of C1's: its Java code was a fifth of a split.
     */
    private static int firstMarkedByte(long highBits) {
        return (int) ((((highBits & -highBits) >>> 7) * 0x0001020304050607L) >>> 56);
    }

    /** The line from {@code start} ends at the LF or CR at {@code at}: where the next starts, after a CRLF's LF. */
    private int lineBreakAt(int start, int at) {
        add(start, at);
        return latin1[at] == '\r' && at + 1 < latin1.length && latin1[at + 1] == '\n' ? at + 2 : at + 1;
    }

    /**
     * A line from {@code start} to its break at {@code end}, its bounds without white space around
     * it. A byte above ' ' other than '?' is no white space: only the others are asked of
     * {@link #isWhitespace}, a call per character under C1.
     */
    private void add(int start, int end) {
        while (end > start && mayBeWhitespace(latin1[end - 1]) && isWhitespace(charAt(end - 1))) {
            end--;
        }
        int contentStart = start;
        // Indented lines (each counter of ethtool -S) are indented with spaces.
        while (contentStart < end && latin1[contentStart] == ' ') {
            contentStart++;
        }
        while (contentStart < end && mayBeWhitespace(latin1[contentStart]) && isWhitespace(charAt(contentStart))) {
            contentStart++;
        }
        if (size == starts.length) {
            starts = Arrays.copyOf(starts, size * 2);
            contentStarts = Arrays.copyOf(contentStarts, size * 2);
            ends = Arrays.copyOf(ends, size * 2);
        }
        starts[size] = start;
        contentStarts[size] = contentStart;
        ends[size] = end;
        size++;
    }

    /** Whether a Latin-1 byte of the text may stand for white space: ' ' and below, '?' (a character above U+00FF). */
    private static boolean mayBeWhitespace(byte b) {
        return b <= ' ' && b >= 0 || b == '?';
    }

    /** Blanks a line that is known noise, with its note. */
    private void blankIfNoise(int number) {
        String line = line(number);
        String reason = noise(line);
        if (reason != null) {
            notes.add(new LineNote(number, "skipped '" + abbreviate(line.strip()) + "': " + reason));
            noise.set(number);
            made[number - 1] = "";
            contentStarts[number - 1] = ends[number - 1] = starts[number - 1];
        }
    }

    /** Little-endian: a word's first byte is its lowest, where {@link Long#numberOfTrailingZeros} finds the first break. */
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private static final long ONES = 0x0101010101010101L;
    private static final long HIGH_BITS = 0x8080808080808080L;

    /**
     * One byte per character of a text: its Latin-1 bytes (for a Latin-1 string one array copy),
     * each character above U+00FF a '?'. The encoder makes one '?' of a surrogate pair, so a text
     * holding one is marked character by character, keeping the bytes at the text's positions.
     */
    static byte[] latin1(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
        if (bytes.length != text.length()) {
            bytes = new byte[text.length()];
            for (int i = 0; i < bytes.length; i++) {
                char c = text.charAt(i);
                bytes[i] = (byte) (c <= 0xFF ? c : '?');
            }
        }
        return bytes;
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

    /**
     * The first characters of the noise {@link #noise} recognises (of STDERR_PREFIXES, the warnings
     * and the shells), by Latin-1 code: a look-up per line, where the switch was a call per line
     * under C1.
     */
    private static final boolean[] NOISE_START = new boolean[256];

    static {
        for (char c : "lpsnmCW-*bdz/".toCharArray()) {
            NOISE_START[c] = true;
        }
    }

    private static boolean mayStartNoise(char c) {
        return c < NOISE_START.length && NOISE_START[c];
    }

    /**
     * {@link Character#isWhitespace}, answered from a table of its own for the ASCII and Latin-1
     * text every capture is: the parsers ask it of each character they skip, and Character's
     * look-up was a tenth of {@code ethtool -S}. Kept within C1's 35 bytecodes, so that it is
     * inlined where it is asked (as comparisons it was a call per character).
     */
    public static boolean isWhitespace(char c) {
        return c < LATIN1_WHITESPACE.length ? LATIN1_WHITESPACE[c] : Character.isWhitespace(c);
    }

    private static final boolean[] LATIN1_WHITESPACE = new boolean[256];

    static {
        for (char c = 0; c < LATIN1_WHITESPACE.length; c++) {
            LATIN1_WHITESPACE[c] = Character.isWhitespace(c);
        }
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
        // Most texts have none: no copy, sort and comparator for each of a bundle's ~400 captures.
        if (notes.isEmpty()) {
            return List.of();
        }
        List<LineNote> sorted = new ArrayList<>(notes);
        sorted.sort(BY_LINE);
        return List.copyOf(sorted);
    }

    private static final java.util.Comparator<LineNote> BY_LINE = java.util.Comparator.comparingInt(LineNote::line);

    /** A text of noise alone is the tool's message, not an output: a ParseException at its first line. */
    void requireSomeData() throws ParseException {
        if (!notes.isEmpty() && isBlank()) {
            throw new ParseException(
                    notes.get(0).line(), "no output, only " + notes.get(0).reason());
        }
    }

    /** When every non-blank line was noise or unreadable, nothing was recognised: the first unreadable line's reason. */
    void requireSomethingRead() throws ParseException {
        for (int n = 1; n <= size; n++) {
            if (!unread.get(n) && contentStarts[n - 1] < ends[n - 1]) {
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
        return size;
    }

    /** The line at a 1-based number, without its trailing white space (noise: empty). */
    public String line(int number) {
        String line = made[number - 1];
        if (line == null) {
            line = text.substring(starts[number - 1], ends[number - 1]);
            made[number - 1] = line;
        }
        return line;
    }

    public List<String> all() {
        return new AbstractList<>() {
            @Override
            public String get(int index) {
                Objects.checkIndex(index, size);
                return line(index + 1);
            }

            @Override
            public int size() {
                return size;
            }
        };
    }

    public boolean isBlank() {
        for (int i = 0; i < size; i++) {
            if (contentStarts[i] < ends[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * The text the lines are cut from, for a parser that reads a line by its bounds
     * ({@link #contentStartOf}, {@link #endOf}) instead of as a String of its own.
     */
    public String text() {
        return text;
    }

    /** Where line {@code number}'s content starts in {@link #text()}: its leading white space skipped. */
    public int contentStartOf(int number) {
        return contentStarts[Objects.checkIndex(number - 1, size)];
    }

    /** Where line {@code number} ends in {@link #text()}, its trailing white space cut; its content start when blank. */
    public int endOf(int number) {
        return ends[Objects.checkIndex(number - 1, size)];
    }

    /**
     * The text as one byte per character (its Latin-1 code, '?' for a character above U+00FF), at
     * the text's positions: a scan over it costs a byte a character, and {@link #charAt} tells what
     * a '?' stands for. Not to be changed.
     */
    byte[] latin1() {
        return latin1;
    }

    /** {@code text().charAt(offset)}, from the Latin-1 bytes unless they hold a '?' there. */
    public char charAt(int offset) {
        char c = (char) (latin1[offset] & 0xFF);
        return c == '?' ? text.charAt(offset) : c;
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

    /**
     * A decimal long, or a ParseException naming the line when it is not one. The name is passed
     * as it is, not as a Supplier: under C1 a capturing lambda per value is an allocation through
     * its call site, and this is asked of most numbers the parsers read.
     */
    public static long parseLong(String value, int lineNumber, String what) throws ParseException {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw notWholeNumber(value, lineNumber, what);
        }
    }

    /** As {@link #parseLong(String, int, String)}, the name of the value made only for the diagnostic. */
    public static long parseLong(String value, int lineNumber, Supplier<String> what) throws ParseException {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw notWholeNumber(value, lineNumber, what.get());
        }
    }

    private static ParseException notWholeNumber(String value, int lineNumber, String what) {
        return new ParseException(lineNumber, what + " is not a whole number: '" + abbreviate(value) + "'");
    }

    /**
     * A counter the kernel keeps as an unsigned 64-bit value (ethtool's stats, rdma statistic,
     * hw_counters all print {@code %llu}): 0 to 18446744073709551615, held in a long's 64 bits, so
     * values above {@link Long#MAX_VALUE} read as negative longs; compare and show them with
     * {@link Long#compareUnsigned} and {@link Long#toUnsignedString}. A ParseException names the line
     * when the value is not one. The name is passed as it is, as for {@link #parseLong(String, int, String)}.
     */
    public static long parseCounter(String value, int lineNumber, String what) throws ParseException {
        try {
            return unsignedCounter(value);
        } catch (NumberFormatException e) {
            throw notACounter(value, lineNumber, what);
        }
    }

    /** As {@link #parseCounter(String, int, String)}, the name of the value made only for the diagnostic. */
    public static long parseCounter(String value, int lineNumber, Supplier<String> what) throws ParseException {
        try {
            return unsignedCounter(value);
        } catch (NumberFormatException e) {
            throw notACounter(value, lineNumber, what.get());
        }
    }

    /** Long.parseUnsignedLong of the trimmed value, which takes a leading '+' that a counter never has. */
    private static long unsignedCounter(String value) {
        String v = value.trim();
        if (v.isEmpty() || v.charAt(0) == '+') {
            throw new NumberFormatException("not a counter: " + v);
        }
        return Long.parseUnsignedLong(v);
    }

    private static ParseException notACounter(String value, int lineNumber, String what) {
        return new ParseException(
                lineNumber, what + " is not a counter (a whole number from 0 to 2^64-1): '" + abbreviate(value) + "'");
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

    /**
     * A character of the regex class \s: space, \t, \n, \u000B, \f, \r (U+0009 to U+000D).
     * Kept within C1's 35 bytecodes, so that the word scans inline it.
     */
    static boolean isRegexSpace(char c) {
        return c == ' ' || c <= '\r' && c >= '\t';
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
