package io.rocedoctor.bundle;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ContainerNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.Month;
import java.time.Year;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Reads the regular shape of {@code manifest.yaml}, the one the collector and synth write, at a
 * fraction of the YAML parser's cost (the YAML parse was a tenth of reading a bundle): {@link #read}
 * into the same tree the YAML parser gives, {@link #fields} straight into what the manifest says when
 * it says it plainly (no tree: the tree was most of reading a typical manifest). Anything outside that
 * shape answers null and the caller parses the text with the YAML parser, so a hand-edited or hostile
 * manifest keeps the tolerant behaviour on wrong types.
 * <pre>
 * host: "node-000"                                   a top-level scalar
 * captures:                                          a top-level list, its items indented "  - "
 *   - {source: "lscpu", sample: 0, path: null, exit: 127, error: "not found"}
 * redacted: ["hostname"]                             a flow list of scalars
 * discovered:                                        a top-level mapping, its entries indented "  "
 *   irqs: [140, 141]
 * </pre>
 * Scalars are only those whose YAML type is plain to see: {@code null}, whole numbers of 1 to 9
 * digits without a leading zero (an int), double-quoted text without escapes, ISO-8601 UTC
 * times, and plain words of letters, digits, {@code _./-} and single spaces that start with a
 * letter or {@code /} and are not one of YAML's booleans or nulls. Comments, anchors, escapes, characters other than
 * printable ASCII, other indents, repeated keys and texts over 1 MiB all answer null.
 */
final class RegularManifestYaml {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** Well below the YAML parser's own document limit (3 Mi code points), whose refusal a longer text keeps. */
    private static final int MAX_CHARS = 1 << 20;

    /** YAML's null among {@link #scalarValue}'s answers. */
    private static final Object NULL = new Object();

    /** YAML 1.1 booleans and nulls, compared ignoring case: the YAML parser gives them other types. */
    private static final Set<String> RESERVED = Set.of("true", "false", "yes", "no", "on", "off", "y", "n", "null");
    /** A longer word is none of them: a manifest's paths and commands are not lower-cased to be looked up. */
    private static final int LONGEST_RESERVED = 5;

    private RegularManifestYaml() {}

    /** The manifest's tree, or null when the text is not of the regular shape. */
    static JsonNode read(String text) {
        byte[] s = printableAsciiLines(text);
        if (s == null) {
            return null;
        }
        ObjectNode doc = NODES.objectNode();
        String openKey = null; // a top-level "key:" whose list items or mapping entries follow
        ContainerNode<?> open = null;
        int from = 0;
        while (from < s.length) {
            int to = lineEnd(s, from);
            int line = from;
            from = to + 1;
            if (line == to) {
                continue;
            }
            if (startsWith(s, line, to, "  ")) {
                if (openKey == null) {
                    return null;
                }
                boolean item = isItem(s, line, to);
                if (open == null) {
                    open = item ? doc.putArray(openKey) : doc.putObject(openKey);
                }
                if (item && open instanceof ArrayNode list) {
                    JsonNode value = s[line + 4] == '{' ? flowMapping(s, line + 4, to) : scalar(s, line + 4, to);
                    if (value == null) {
                        return null;
                    }
                    list.add(value);
                } else if (item || !(open instanceof ObjectNode map) || !entry(s, line + 2, to, map)) {
                    return null;
                }
                continue;
            }
            if (openKey != null && open == null) {
                return null; // "key:" with nothing under it is null to the YAML parser: left to it
            }
            openKey = null;
            open = null;
            int colon = indexOf(s, ':', line, to);
            if (colon == to - 1 && isKey(s, line, colon) && !doc.has(slice(s, line, colon))) {
                openKey = slice(s, line, colon);
            } else if (!entry(s, line, to, doc)) {
                return null;
            }
        }
        return doc.isEmpty() || openKey != null && open == null ? null : doc;
    }

    /** {@code key: value} from {@code from} to the end of the line, put in the mapping; false when not so or a repeated key. */
    private static boolean entry(byte[] s, int from, int to, ObjectNode map) {
        int colon = indexOfColonSpace(s, from, to);
        if (colon < 0 || !isKey(s, from, colon) || map.has(slice(s, from, colon))) {
            return false;
        }
        JsonNode value = value(s, colon + 2, to);
        if (value == null) {
            return false;
        }
        map.set(slice(s, from, colon), value);
        return true;
    }

    /** A scalar, or a flow list of scalars {@code [a, "b"]}. */
    private static JsonNode value(byte[] s, int from, int to) {
        if (!startsWith(s, from, to, "[")) {
            return scalar(s, from, to);
        }
        ArrayNode list = NODES.arrayNode();
        return eachItem(s, from, to, item -> list.add(node(item)) != null) ? list : null;
    }

    /** Hands each scalar of the flow list {@code [a, "b"]} from {@code from} to {@code to} to {@code items}; false when not so or declined. */
    private static boolean eachItem(byte[] s, int from, int to, Predicate<Object> items) {
        if (!startsWith(s, from, to, "[") || s[to - 1] != ']') {
            return false;
        }
        int end = to - 1;
        int pos = from + 1;
        while (pos < end) {
            int valueEnd = scalarEnd(s, pos, end);
            Object item = valueEnd < 0 ? null : scalarValue(s, pos, valueEnd);
            if (item == null || !items.test(item)) {
                return false;
            }
            pos = next(s, valueEnd, end);
            if (pos < 0) {
                return false;
            }
        }
        return true;
    }

    /** {@code {key: scalar, key: scalar}} from {@code from} to the end of the line; null otherwise. */
    private static ObjectNode flowMapping(byte[] s, int from, int to) {
        ObjectNode map = NODES.objectNode();
        boolean regular = eachPair(s, from, to, (key, value) -> {
            map.set(key, node(value));
            return true;
        });
        return regular ? map : null;
    }

    /** What a flow mapping's pairs are handed to: false declines the mapping. */
    private interface Pairs {
        boolean take(String key, Object value);
    }

    /**
     * Hands each pair of {@code {key: scalar, key: scalar}}, from {@code from} (its brace) to the end of
     * the line, to {@code pairs} in order (scalars as {@link #scalarValue} gives them); false when the
     * mapping is not so, is empty, repeats a key or {@code pairs} declines a pair.
     */
    private static boolean eachPair(byte[] s, int from, int to, Pairs pairs) {
        if (s[to - 1] != '}') {
            return false;
        }
        int end = to - 1;
        int pos = from + 1;
        List<String> keys = new ArrayList<>(6);
        while (pos < end) {
            int colon = indexOfColonSpace(s, pos, end);
            if (colon < 0 || !isKey(s, pos, colon)) {
                return false;
            }
            String key = slice(s, pos, colon);
            int valueEnd = scalarEnd(s, colon + 2, end);
            Object value = valueEnd < 0 ? null : scalarValue(s, colon + 2, valueEnd);
            if (value == null || keys.contains(key) || !pairs.take(key, value)) {
                return false;
            }
            keys.add(key);
            pos = next(s, valueEnd, end);
            if (pos < 0) {
                return false;
            }
        }
        return !keys.isEmpty();
    }

    /** Where a scalar of a flow collection starting at {@code from} ends: after its closing quote, or at the next comma. */
    private static int scalarEnd(byte[] s, int from, int end) {
        if (from < end && s[from] == '"') {
            int close = indexOf(s, '"', from + 1, end);
            return close < 0 ? -1 : close + 1;
        }
        int comma = indexOf(s, ',', from, end);
        return comma < 0 ? end : comma;
    }

    /** Past the {@code ", "} after a flow collection's item, the collection's end, or -1. */
    private static int next(byte[] s, int valueEnd, int end) {
        if (valueEnd == end) {
            return end;
        }
        return startsWith(s, valueEnd, end, ", ") ? valueEnd + 2 : -1;
    }

    /** What a manifest of the regular shape says, as the manifest's checks would take it from its tree. */
    record Fields(
            String host,
            String collector,
            List<SampleTime> samples,
            /** Null when the manifest has no {@code captures} list. */
            List<Listed> captures,
            List<Bundle.Link> links,
            List<String> redacted,
            /** Null when {@code discovered} has no {@code rdma_devices}. */
            List<String> rdmaDevices) {}

    /** A capture as listed: its sample 0 when not given, its path, exit and error null when not given. */
    record Listed(String source, int sample, String path, Integer exit, String error) {}

    /**
     * What the manifest says, read straight from its regular shape without a tree, when it says it
     * plainly: only the format's keys, each of its type ({@code samples}, {@code captures} and {@code links}
     * lists of flow mappings, {@code discovered} a mapping), every sample with a whole {@code n} and a
     * time, every capture with a source text, a whole sample from 0 to 999 or none and a whole exit or none,
     * every link with its three names. Anything else, and anything the manifest's checks would note,
     * answers null: the caller reads the tree, whose checks word the note.
     * <pre>
     * samples:
     *   - {n: 0, at: 2026-11-20T10:15:00Z}
     * captures:
     *   - {source: "lscpu", sample: 0, path: commands/lscpu, exit: 0}
     * </pre>
     */
    static Fields fields(String text, Set<String> manifestKeys, Set<String> captureKeys) {
        byte[] s = printableAsciiLines(text);
        return s == null ? null : new FieldReading(manifestKeys, captureKeys).read(s);
    }

    /** One manifest's fields as its lines are read. */
    private static final class FieldReading {
        private static final List<String> CAPTURE_FIELDS = List.of("source", "sample", "path", "exit", "error");
        private static final List<String> LINK_FIELDS = List.of("host_port", "switch", "switch_port");
        private final Set<String> manifestKeys;
        private final Set<String> captureKeys;
        private final Set<String> seen = new HashSet<>();
        private final Set<String> discoveredKeys = new HashSet<>();
        private String host;
        private String collector;
        private final List<SampleTime> samples = new ArrayList<>();
        private List<Listed> captures;
        private final List<Bundle.Link> links = new ArrayList<>();
        private List<String> redacted = new ArrayList<>();
        private List<String> rdmaDevices;

        FieldReading(Set<String> manifestKeys, Set<String> captureKeys) {
            this.manifestKeys = manifestKeys;
            this.captureKeys = captureKeys;
        }

        Fields read(byte[] s) {
            String section = null; // a top-level "key:" whose list items or mapping entries follow
            boolean filled = false;
            int from = 0;
            while (from < s.length) {
                int to = lineEnd(s, from);
                int line = from;
                from = to + 1;
                if (line == to) {
                    continue;
                }
                if (startsWith(s, line, to, "  ")) {
                    boolean item = isItem(s, line, to);
                    boolean taken = section != null
                            && (section.equals("discovered")
                                    ? !item && discoveredEntry(s, line, to)
                                    : item && item(section, s, line, to));
                    if (!taken) {
                        return null;
                    }
                    filled = true;
                    continue;
                }
                if (section != null && !filled) {
                    return null; // "key:" with nothing under it is null to the YAML parser
                }
                section = null;
                int colon = indexOf(s, ':', line, to);
                if (colon == to - 1 && isKey(s, line, colon)) {
                    section = slice(s, line, colon);
                    filled = false;
                    if (!manifestKeys.contains(section) || !seen.add(section)) {
                        return null;
                    }
                    if (section.equals("captures")) {
                        captures = new ArrayList<>();
                    } else if (section.equals("redacted")) {
                        redacted = new ArrayList<>();
                    }
                } else if (!topEntry(s, line, to)) {
                    return null;
                }
            }
            if (seen.isEmpty() || section != null && !filled) {
                return null;
            }
            return new Fields(host, collector, samples, captures, links, redacted, rdmaDevices);
        }

        /** {@code key: value} at the top: only those the format has as scalars, and {@code redacted}'s flow list. */
        private boolean topEntry(byte[] s, int line, int to) {
            int colon = indexOfColonSpace(s, line, to);
            if (colon < 0 || !isKey(s, line, colon)) {
                return false;
            }
            String key = slice(s, line, colon);
            int value = colon + 2;
            if (!seen.add(key)) {
                return false;
            }
            Object scalar = startsWith(s, value, to, "[") ? null : scalarValue(s, value, to);
            return switch (key) {
                case "format", "collected_at" -> value(s, value, to) != null; // not read, but the tree's shape
                case "host" -> {
                    host = text(scalar);
                    yield scalar != null;
                }
                case "collector" -> {
                    collector = text(scalar);
                    yield scalar != null;
                }
                case "redacted" -> texts(s, value, to, redacted);
                default -> false;
            };
        }

        /** A list item {@code "  - ..."} of the section. */
        private boolean item(String section, byte[] s, int line, int to) {
            boolean mapping = s[line + 4] == '{';
            return switch (section) {
                case "samples" -> mapping && sample(s, line + 4, to);
                case "captures" -> mapping && capture(s, line + 4, to);
                case "links" -> mapping && link(s, line + 4, to);
                case "redacted" -> {
                    Object scalar = mapping ? null : scalarValue(s, line + 4, to);
                    yield scalar != null && scalar != NULL && redacted.add(text(scalar));
                }
                default -> false;
            };
        }

        private boolean sample(byte[] s, int from, int to) {
            Object[] nAt = new Object[2];
            if (!eachPair(s, from, to, (key, value) -> {
                if (key.equals("n")) {
                    nAt[0] = value;
                } else if (key.equals("at")) {
                    nAt[1] = value;
                }
                return true;
            })) {
                return false;
            }
            Instant at = nAt[1] instanceof String time ? utcTime(time) : null;
            return nAt[0] instanceof Integer n && at != null && samples.add(new SampleTime(n, at));
        }

        private boolean capture(byte[] s, int from, int to) {
            Object[] fields = new Object[5]; // source, sample, path, exit, error
            if (!eachPair(s, from, to, (key, value) -> {
                int at = CAPTURE_FIELDS.indexOf(key);
                if (at >= 0) {
                    fields[at] = value;
                }
                return captureKeys.contains(key);
            })) {
                return false;
            }
            Object sample = fields[1] == null ? NULL : fields[1];
            Object exit = fields[3] == null ? NULL : fields[3];
            if (!(fields[0] instanceof String source)
                    || !(sample == NULL || sample instanceof Integer n && n <= BundleReader.MAX_SAMPLE)
                    || !(exit == NULL || exit instanceof Integer)) {
                return false;
            }
            return captures.add(new Listed(
                    source,
                    sample == NULL ? 0 : (Integer) sample,
                    text(fields[2]),
                    exit == NULL ? null : (Integer) exit,
                    text(fields[4])));
        }

        private boolean link(byte[] s, int from, int to) {
            String[] names = new String[3]; // host_port, switch, switch_port
            if (!eachPair(s, from, to, (key, value) -> {
                int at = LINK_FIELDS.indexOf(key);
                if (at >= 0) {
                    names[at] = text(value);
                }
                return true;
            })) {
                return false;
            }
            return names[0] != null
                    && names[1] != null
                    && names[2] != null
                    && links.add(new Bundle.Link(names[0], names[1], names[2]));
        }

        /** {@code "  key: value"} of {@code discovered}: {@code rdma_devices} a flow list of names, the rest any value. */
        private boolean discoveredEntry(byte[] s, int line, int to) {
            int colon = indexOfColonSpace(s, line + 2, to);
            String key = colon < 0 ? null : slice(s, line + 2, colon);
            if (colon < 0 || !isKey(s, line + 2, colon) || !discoveredKeys.add(key)) {
                return false;
            }
            if (!key.equals("rdma_devices")) {
                return value(s, colon + 2, to) != null;
            }
            rdmaDevices = new ArrayList<>();
            return texts(s, colon + 2, to, rdmaDevices);
        }

        /** A flow list of scalars other than null, as their texts into {@code into}. */
        private static boolean texts(byte[] s, int from, int to, List<String> into) {
            return eachItem(s, from, to, item -> item != NULL && into.add(text(item)));
        }

        /** A scalar as the tree's {@code asText} gives it; YAML's null (or none) as null. */
        private static String text(Object scalar) {
            return scalar == null || scalar == NULL ? null : scalar.toString();
        }
    }

    /**
     * The instant of a time the YAML parser keeps as text, as {@link Instant#parse} reads it, or null
     * when it refuses it. The collectors' shape, {@code 2026-11-20T10:15:00Z} with or without up to nine
     * digits of a second, is read by its digits; anything else (a leap second, a day past its month's
     * end) is left to {@code Instant.parse}.
     */
    static Instant utcTime(String time) {
        // A character beyond Latin-1 becomes '?', which the shape refuses as it refuses the character.
        byte[] s = time.getBytes(StandardCharsets.ISO_8859_1);
        if (isUtcTime(s, 0, s.length) && s.length <= 30) {
            int year = digits(s, 0, 4);
            int month = digits(s, 5, 7);
            int day = digits(s, 8, 10);
            int hour = digits(s, 11, 13);
            int minute = digits(s, 14, 16);
            int second = digits(s, 17, 19);
            if (month >= 1
                    && month <= 12
                    && day >= 1
                    && day <= Month.of(month).length(Year.isLeap(year))
                    && hour <= 23
                    && minute <= 59
                    && second <= 59) {
                int nanos = 0;
                int fraction = s.length - 1 - 20; // the digits between "." and "Z"
                if (fraction > 0) {
                    nanos = digits(s, 20, s.length - 1);
                    for (int i = fraction; i < 9; i++) {
                        nanos *= 10;
                    }
                }
                long days = LocalDate.of(year, month, day).toEpochDay();
                return Instant.ofEpochSecond(days * 86_400 + hour * 3_600 + minute * 60 + second, nanos);
            }
        }
        try {
            return Instant.parse(time);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static int digits(byte[] s, int from, int to) {
        int n = 0;
        for (int i = from; i < to; i++) {
            n = n * 10 + s[i] - '0';
        }
        return n;
    }

    /**
     * The text's bytes when it is only printable ASCII and LF, at most {@link #MAX_CHARS}; null otherwise:
     * the YAML parser refuses some control characters, and a BOM or CR is left to it. The manifest is
     * scanned as bytes, not by {@code charAt}: under C1 a {@code charAt} per character was most of
     * reading a regular manifest.
     */
    private static byte[] printableAsciiLines(String text) {
        if (text.length() > MAX_CHARS) {
            return null;
        }
        byte[] s = text.getBytes(StandardCharsets.ISO_8859_1);
        boolean question = false;
        for (byte b : s) {
            if (b != '\n' && (b < 0x20 || b > 0x7E)) {
                return null; // Latin-1 beyond ASCII is negative
            }
            question |= b == '?';
        }
        // A character beyond Latin-1 became '?': only then are the characters themselves looked at.
        return question && !text.chars().allMatch(c -> c < 0x7F) ? null : s;
    }

    /** Where the line starting at {@code from} ends: its LF, or the end of the text. */
    private static int lineEnd(byte[] s, int from) {
        int at = indexOf(s, '\n', from, s.length);
        return at < 0 ? s.length : at;
    }

    /** Whether the line from {@code line} to {@code to} is a list item {@code "  - x"}. */
    private static boolean isItem(byte[] s, int line, int to) {
        return to - line > 4 && startsWith(s, line, to, "  - ");
    }

    private static boolean startsWith(byte[] s, int from, int to, String prefix) {
        if (to - from < prefix.length()) {
            return false;
        }
        for (int i = 0; i < prefix.length(); i++) {
            if (s[from + i] != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** The first {@code c} from {@code from} before {@code to}, or -1. */
    private static int indexOf(byte[] s, char c, int from, int to) {
        for (int i = from; i < to; i++) {
            if (s[i] == c) {
                return i;
            }
        }
        return -1;
    }

    /** The first {@code ": "} wholly from {@code from} before {@code to}, or -1. */
    private static int indexOfColonSpace(byte[] s, int from, int to) {
        for (int i = from; i + 1 < to; i++) {
            if (s[i] == ':' && s[i + 1] == ' ') {
                return i;
            }
        }
        return -1;
    }

    /** The text of the ASCII bytes from {@code from} before {@code to}. */
    private static String slice(byte[] s, int from, int to) {
        return new String(s, from, to - from, StandardCharsets.ISO_8859_1);
    }

    private static boolean isKey(byte[] s, int from, int to) {
        if (from >= to) {
            return false;
        }
        for (int i = from; i < to; i++) {
            byte c = s[i];
            if (!(c >= 'a' && c <= 'z' || c == '_' || i > from && c >= '0' && c <= '9')) {
                return false;
            }
        }
        return true;
    }

    /** The node of a scalar whose YAML type is plain to see, or null. */
    private static JsonNode scalar(byte[] s, int from, int to) {
        Object value = scalarValue(s, from, to);
        return value == null ? null : node(value);
    }

    private static JsonNode node(Object scalar) {
        if (scalar == NULL) {
            return NODES.nullNode();
        }
        return scalar instanceof Integer n ? NODES.numberNode(n) : NODES.textNode((String) scalar);
    }

    /** A scalar whose YAML type is plain to see as its text, its {@link Integer} or {@link #NULL}; null when not so. */
    private static Object scalarValue(byte[] s, int from, int to) {
        if (from >= to) {
            return null;
        }
        if (s[from] == '"') {
            boolean closedAtEnd = to - from >= 2 && indexOf(s, '"', from + 1, to) == to - 1;
            return closedAtEnd && indexOf(s, '\\', from, to) < 0 ? slice(s, from + 1, to - 1) : null;
        }
        if (to - from == 4 && startsWith(s, from, to, "null")) {
            return NULL;
        }
        if (isWholeNumber(s, from, to)) {
            return digits(s, from, to);
        }
        return isUtcTime(s, from, to) || isPlainWord(s, from, to) ? slice(s, from, to) : null;
    }

    private static boolean isWholeNumber(byte[] s, int from, int to) {
        if (to - from > 9 || to - from > 1 && s[from] == '0') {
            return false;
        }
        for (int i = from; i < to; i++) {
            if (s[i] < '0' || s[i] > '9') {
                return false;
            }
        }
        return true;
    }

    private static final String UTC_TIME_SHAPE = "dddd-dd-ddTdd:dd:dd";

    /** {@code 2026-11-20T10:15:00Z} or {@code 2026-11-20T10:15:00.000Z}, which the YAML parser keeps as text. */
    private static boolean isUtcTime(byte[] s, int from, int to) {
        int length = to - from;
        if (length < UTC_TIME_SHAPE.length() + 1 || s[to - 1] != 'Z') {
            return false;
        }
        for (int i = 0; i < UTC_TIME_SHAPE.length(); i++) {
            char want = UTC_TIME_SHAPE.charAt(i);
            byte c = s[from + i];
            if (want == 'd' ? c < '0' || c > '9' : c != want) {
                return false;
            }
        }
        int rest = from + UTC_TIME_SHAPE.length();
        if (rest == to - 1) {
            return true;
        }
        if (s[rest] != '.' || rest + 1 == to - 1) {
            return false;
        }
        for (int i = rest + 1; i < to - 1; i++) {
            if (s[i] < '0' || s[i] > '9') {
                return false;
            }
        }
        return true;
    }

    private static boolean isPlainWord(byte[] s, int from, int to) {
        byte first = s[from];
        if (!(first >= 'a' && first <= 'z' || first >= 'A' && first <= 'Z' || first == '/')
                || s[to - 1] == ' '
                || to - from <= LONGEST_RESERVED
                        && RESERVED.contains(slice(s, from, to).toLowerCase(Locale.ROOT))) {
            return false;
        }
        for (int i = from; i < to; i++) {
            byte c = s[i];
            boolean word = c >= 'a' && c <= 'z'
                    || c >= 'A' && c <= 'Z'
                    || c >= '0' && c <= '9'
                    || c == '_'
                    || c == '.'
                    || c == '/'
                    || c == '-';
            if (!word && !(c == ' ' && s[i - 1] != ' ')) {
                return false;
            }
        }
        return true;
    }
}
