package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The layout every {@code dcb OBJECT show dev IF} of iproute2 prints (dcb/dcb.c): attribute
 * names each followed by their values, several to a line ({@code pfc-cap 8 macsec-bypass off delay 0})
 * or one array to a line as {@code KEY:VALUE} words ({@code prio-pfc 0:off 1:off 2:off 3:on ...},
 * {@code dcb dscp-prio 0:0 CS3:3}). A word is a name when the object knows it, else a value of the
 * last name; a line that does not start with a name is a note on its line. dcb reports a failure
 * on stderr ({@code Attribute read: Operation not supported}); when that reached the capture it is
 * a note too, so a capture of that alone fails at it. JSON ({@code dcb -j}) is not read: a
 * ParseException.
 *
 * @param attributes by name, in printed order; a name printed twice keeps its first values
 */
record DcbAttributes(Map<String, Attribute> attributes) {
    private static final Pattern REFUSAL = Pattern.compile(
            "^(Attribute (read|not found)|Error|Object \"|Expected `dev|Usage: dcb|What is \"|Invalid ).*");

    DcbAttributes {
        attributes = OrderedCopy.map(attributes);
    }

    /** One name and the words after it, on the line where the name stands. */
    record Attribute(String name, int line, List<String> values) {
        Attribute {
            values = List.copyOf(values);
        }

        /** The single value of a scalar attribute ({@code delay 0}). */
        String value() throws ParseException {
            if (values.size() != 1) {
                throw new ParseException(line, name + ": expected one value, got " + values.size());
            }
            return values.get(0);
        }

        /** The {@code KEY:VALUE} words of an array attribute, in printed order. */
        List<Map.Entry<String, String>> pairs() throws ParseException {
            List<Map.Entry<String, String>> pairs = new ArrayList<>();
            for (String v : values) {
                int colon = v.lastIndexOf(':');
                if (colon <= 0 || colon == v.length() - 1) {
                    throw new ParseException(
                            line, name + ": expected KEY:VALUE, got '" + TextLines.abbreviate(v) + "'");
                }
                pairs.add(Map.entry(v.substring(0, colon), v.substring(colon + 1)));
            }
            return pairs;
        }
    }

    /** The attribute of that name, or null when this output does not print it. */
    Attribute get(String name) {
        return attributes.get(name);
    }

    static DcbAttributes parse(TextLines lines, String what, Set<String> names) throws ParseException {
        ToolOutput.lines(lines, what);
        Map<String, Attribute> out = new LinkedHashMap<>();
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n).strip();
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("{") || line.startsWith("[")) {
                throw new ParseException(n, what + ": JSON output (dcb -j) is not read; capture the text form");
            }
            if (REFUSAL.matcher(line).matches()) {
                lines.unreadable(n, what + " gave no data: '" + TextLines.abbreviate(line) + "'");
                continue;
            }
            List<String> words = TextLines.words(line);
            if (!names.contains(words.get(0))) {
                lines.unreadable(
                        n, what + ": expected one of " + names + ", got '" + TextLines.abbreviate(words.get(0)) + "'");
                continue;
            }
            String name = null;
            List<String> values = new ArrayList<>();
            for (String word : words) {
                if (names.contains(word)) {
                    if (name != null) {
                        out.putIfAbsent(name, new Attribute(name, n, values));
                    }
                    name = word;
                    values = new ArrayList<>();
                } else {
                    values.add(word);
                }
            }
            out.putIfAbsent(name, new Attribute(name, n, values));
        }
        if (out.isEmpty()) {
            throw new ParseException(1, what + ": no attribute");
        }
        return new DcbAttributes(out);
    }

    /** Reads one attribute's values; a ParseException names its line. */
    @FunctionalInterface
    interface Reading<T> {
        T read() throws ParseException;
    }

    /**
     * An attribute that is its line (an array: {@code dscp-prio ...}), or null with the line noted
     * unreadable when it does not read: the whole line is dropped, never some of its pairs, so a
     * map is never read with a hole in it.
     */
    static <T> T lineOrNote(TextLines lines, Reading<T> reading) {
        return orNote(reading, lines::unreadable);
    }

    /** A scalar sharing its line with others ({@code pfc-cap 8 macsec-bypass off}), or null with a note on that part. */
    static <T> T valueOrNote(TextLines lines, Reading<T> reading) {
        return orNote(reading, lines::partlyUnreadable);
    }

    private static <T> T orNote(Reading<T> reading, java.util.function.Consumer<ParseException> note) {
        try {
            return reading.read();
        } catch (ParseException e) {
            note.accept(e);
            return null;
        }
    }

    /** A priority, buffer or traffic class index: 0 to 7. */
    static int index(String value, int line, String what) throws ParseException {
        int i = TextLines.parseInt(value, line, what);
        if (i < 0 || i > 7) {
            throw new ParseException(line, what + " " + i + " is not 0..7");
        }
        return i;
    }

    /** An on/off word as dcb prints booleans. */
    static boolean onOff(String value, int line, String what) throws ParseException {
        return switch (value) {
            case "on" -> true;
            case "off" -> false;
            default ->
                throw new ParseException(
                        line, what + ": expected on or off, got '" + TextLines.abbreviate(value) + "'");
        };
    }
}
