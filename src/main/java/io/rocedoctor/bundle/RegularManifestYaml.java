package io.rocedoctor.bundle;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ContainerNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
        if (text.length() > MAX_CHARS || !printableAsciiLines(text)) {
            return null;
        }
        ObjectNode doc = NODES.objectNode();
        String openKey = null; // a top-level "key:" whose list items or mapping entries follow
        ContainerNode<?> open = null;
        for (String line : text.split("\n", -1)) {
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("  ")) {
                if (openKey == null) {
                    return null;
                }
                boolean item = line.startsWith("  - ") && line.length() > 4;
                if (open == null) {
                    open = item ? doc.putArray(openKey) : doc.putObject(openKey);
                }
                if (item && open instanceof ArrayNode list) {
                    JsonNode value = line.charAt(4) == '{' ? flowMapping(line, 4) : scalar(line.substring(4));
                    if (value == null) {
                        return null;
                    }
                    list.add(value);
                } else if (item || !(open instanceof ObjectNode map) || !entry(line, 2, map)) {
                    return null;
                }
                continue;
            }
            if (openKey != null && open == null) {
                return null; // "key:" with nothing under it is null to the YAML parser: left to it
            }
            openKey = null;
            open = null;
            int colon = line.indexOf(':');
            if (colon == line.length() - 1 && isKey(line, 0, colon) && !doc.has(line.substring(0, colon))) {
                openKey = line.substring(0, colon);
            } else if (!entry(line, 0, doc)) {
                return null;
            }
        }
        return doc.isEmpty() || openKey != null && open == null ? null : doc;
    }

    /** {@code key: value} from {@code start} to the end of the line, put in the mapping; false when not so or a repeated key. */
    private static boolean entry(String line, int start, ObjectNode map) {
        int colon = line.indexOf(": ", start);
        if (colon < 0 || !isKey(line, start, colon) || map.has(line.substring(start, colon))) {
            return false;
        }
        JsonNode value = value(line.substring(colon + 2));
        if (value == null) {
            return false;
        }
        map.set(line.substring(start, colon), value);
        return true;
    }

    /** A scalar, or a flow list of scalars {@code [a, "b"]}. */
    private static JsonNode value(String s) {
        if (!s.startsWith("[")) {
            return scalar(s);
        }
        ArrayNode list = NODES.arrayNode();
        return eachItem(s, item -> list.add(node(item)) != null) ? list : null;
    }

    /** Hands each scalar of the flow list {@code [a, "b"]} that {@code s} is to {@code items}; false when not so or declined. */
    private static boolean eachItem(String s, Predicate<Object> items) {
        if (!s.startsWith("[") || !s.endsWith("]")) {
            return false;
        }
        int end = s.length() - 1;
        int pos = 1;
        while (pos < end) {
            int valueEnd = scalarEnd(s, pos, end);
            Object item = valueEnd < 0 ? null : scalarValue(s.substring(pos, valueEnd));
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

    /** {@code {key: scalar, key: scalar}} filling the rest of the line from {@code start}; null otherwise. */
    private static ObjectNode flowMapping(String line, int start) {
        ObjectNode map = NODES.objectNode();
        boolean regular = eachPair(line, start, (key, value) -> {
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
     * Hands each pair of {@code {key: scalar, key: scalar}}, filling the rest of the line from {@code start},
     * to {@code pairs} in order (scalars as {@link #scalarValue} gives them); false when the mapping is
     * not so, is empty, repeats a key or {@code pairs} declines a pair.
     */
    private static boolean eachPair(String line, int start, Pairs pairs) {
        if (!line.endsWith("}")) {
            return false;
        }
        int end = line.length() - 1;
        int pos = start + 1;
        List<String> keys = new ArrayList<>(6);
        while (pos < end) {
            int colon = line.indexOf(": ", pos);
            if (colon < 0 || colon >= end || !isKey(line, pos, colon)) {
                return false;
            }
            String key = line.substring(pos, colon);
            int valueEnd = scalarEnd(line, colon + 2, end);
            Object value = valueEnd < 0 ? null : scalarValue(line.substring(colon + 2, valueEnd));
            if (value == null || keys.contains(key) || !pairs.take(key, value)) {
                return false;
            }
            keys.add(key);
            pos = next(line, valueEnd, end);
            if (pos < 0) {
                return false;
            }
        }
        return !keys.isEmpty();
    }

    /** Where a scalar of a flow collection starting at {@code from} ends: after its closing quote, or at the next comma. */
    private static int scalarEnd(String s, int from, int end) {
        if (from < end && s.charAt(from) == '"') {
            int close = s.indexOf('"', from + 1);
            return close < 0 || close >= end ? -1 : close + 1;
        }
        int comma = s.indexOf(',', from);
        return comma < 0 || comma > end ? end : comma;
    }

    /** Past the {@code ", "} after a flow collection's item, the collection's end, or -1. */
    private static int next(String s, int valueEnd, int end) {
        if (valueEnd == end) {
            return end;
        }
        return s.startsWith(", ", valueEnd) ? valueEnd + 2 : -1;
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
        if (text.length() > MAX_CHARS || !printableAsciiLines(text)) {
            return null;
        }
        return new FieldReading(manifestKeys, captureKeys).read(text);
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

        Fields read(String text) {
            String section = null; // a top-level "key:" whose list items or mapping entries follow
            boolean filled = false;
            int from = 0;
            while (from < text.length()) {
                int lineEnd = text.indexOf('\n', from);
                String line = text.substring(from, lineEnd < 0 ? text.length() : lineEnd);
                from = lineEnd < 0 ? text.length() : lineEnd + 1;
                if (line.isEmpty()) {
                    continue;
                }
                if (line.startsWith("  ")) {
                    boolean item = line.startsWith("  - ") && line.length() > 4;
                    boolean taken = section != null
                            && (section.equals("discovered")
                                    ? !item && discoveredEntry(line)
                                    : item && item(section, line));
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
                int colon = line.indexOf(':');
                if (colon == line.length() - 1 && isKey(line, 0, colon)) {
                    section = line.substring(0, colon);
                    filled = false;
                    if (!manifestKeys.contains(section) || !seen.add(section)) {
                        return null;
                    }
                    if (section.equals("captures")) {
                        captures = new ArrayList<>();
                    } else if (section.equals("redacted")) {
                        redacted = new ArrayList<>();
                    }
                } else if (!topEntry(line)) {
                    return null;
                }
            }
            if (seen.isEmpty() || section != null && !filled) {
                return null;
            }
            return new Fields(host, collector, samples, captures, links, redacted, rdmaDevices);
        }

        /** {@code key: value} at the top: only those the format has as scalars, and {@code redacted}'s flow list. */
        private boolean topEntry(String line) {
            int colon = line.indexOf(": ");
            if (colon < 0 || !isKey(line, 0, colon)) {
                return false;
            }
            String key = line.substring(0, colon);
            String value = line.substring(colon + 2);
            if (!seen.add(key)) {
                return false;
            }
            Object scalar = value.startsWith("[") ? null : scalarValue(value);
            return switch (key) {
                case "format", "collected_at" -> value(value) != null; // not read, but the tree's shape
                case "host" -> {
                    host = text(scalar);
                    yield scalar != null;
                }
                case "collector" -> {
                    collector = text(scalar);
                    yield scalar != null;
                }
                case "redacted" -> texts(value, redacted);
                default -> false;
            };
        }

        /** A list item {@code "  - ..."} of the section. */
        private boolean item(String section, String line) {
            boolean mapping = line.charAt(4) == '{';
            return switch (section) {
                case "samples" -> mapping && sample(line);
                case "captures" -> mapping && capture(line);
                case "links" -> mapping && link(line);
                case "redacted" -> {
                    Object scalar = mapping ? null : scalarValue(line.substring(4));
                    yield scalar != null && scalar != NULL && redacted.add(text(scalar));
                }
                default -> false;
            };
        }

        private boolean sample(String line) {
            Object[] nAt = new Object[2];
            if (!eachPair(line, 4, (key, value) -> {
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

        private boolean capture(String line) {
            Object[] fields = new Object[5]; // source, sample, path, exit, error
            if (!eachPair(line, 4, (key, value) -> {
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

        private boolean link(String line) {
            String[] names = new String[3]; // host_port, switch, switch_port
            if (!eachPair(line, 4, (key, value) -> {
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
        private boolean discoveredEntry(String line) {
            int colon = line.indexOf(": ", 2);
            if (colon < 0 || !isKey(line, 2, colon) || !discoveredKeys.add(line.substring(2, colon))) {
                return false;
            }
            String value = line.substring(colon + 2);
            if (!line.startsWith("rdma_devices", 2) || colon != 2 + "rdma_devices".length()) {
                return value(value) != null;
            }
            rdmaDevices = new ArrayList<>();
            return texts(value, rdmaDevices);
        }

        /** A flow list of scalars other than null, as their texts into {@code into}. */
        private static boolean texts(String value, List<String> into) {
            return eachItem(value, item -> item != NULL && into.add(text(item)));
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
    static Instant utcTime(String s) {
        if (isUtcTime(s) && s.length() <= 30) {
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
                int fraction = s.length() - 1 - 20; // the digits between "." and "Z"
                if (fraction > 0) {
                    nanos = digits(s, 20, s.length() - 1);
                    for (int i = fraction; i < 9; i++) {
                        nanos *= 10;
                    }
                }
                long days = LocalDate.of(year, month, day).toEpochDay();
                return Instant.ofEpochSecond(days * 86_400 + hour * 3_600 + minute * 60 + second, nanos);
            }
        }
        try {
            return Instant.parse(s);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static int digits(String s, int from, int to) {
        int n = 0;
        for (int i = from; i < to; i++) {
            n = n * 10 + s.charAt(i) - '0';
        }
        return n;
    }

    /** Only printable ASCII and LF: the YAML parser refuses some control characters, and a BOM or CR is left to it. */
    private static boolean printableAsciiLines(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != '\n' && (c < 0x20 || c > 0x7E)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isKey(String line, int from, int to) {
        if (from >= to) {
            return false;
        }
        for (int i = from; i < to; i++) {
            char c = line.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c == '_' || i > from && c >= '0' && c <= '9')) {
                return false;
            }
        }
        return true;
    }

    /** The node of a scalar whose YAML type is plain to see, or null. */
    private static JsonNode scalar(String s) {
        Object value = scalarValue(s);
        return value == null ? null : node(value);
    }

    private static JsonNode node(Object scalar) {
        if (scalar == NULL) {
            return NODES.nullNode();
        }
        return scalar instanceof Integer n ? NODES.numberNode(n) : NODES.textNode((String) scalar);
    }

    /** A scalar whose YAML type is plain to see as its text, its {@link Integer} or {@link #NULL}; null when not so. */
    private static Object scalarValue(String s) {
        if (s.isEmpty()) {
            return null;
        }
        if (s.charAt(0) == '"') {
            boolean closedAtEnd = s.length() >= 2 && s.indexOf('"', 1) == s.length() - 1;
            return closedAtEnd && s.indexOf('\\') < 0 ? s.substring(1, s.length() - 1) : null;
        }
        if (s.equals("null")) {
            return NULL;
        }
        if (isWholeNumber(s)) {
            return Integer.parseInt(s);
        }
        return isUtcTime(s) || isPlainWord(s) ? s : null;
    }

    private static boolean isWholeNumber(String s) {
        if (s.length() > 9 || s.length() > 1 && s.charAt(0) == '0') {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** {@code 2026-11-20T10:15:00Z} or {@code 2026-11-20T10:15:00.000Z}, which the YAML parser keeps as text. */
    private static boolean isUtcTime(String s) {
        String shape = "dddd-dd-ddTdd:dd:dd";
        if (s.length() < shape.length() + 1 || s.charAt(s.length() - 1) != 'Z') {
            return false;
        }
        for (int i = 0; i < shape.length(); i++) {
            char want = shape.charAt(i);
            char c = s.charAt(i);
            if (want == 'd' ? c < '0' || c > '9' : c != want) {
                return false;
            }
        }
        int rest = shape.length();
        if (rest == s.length() - 1) {
            return true;
        }
        if (s.charAt(rest) != '.' || rest + 1 == s.length() - 1) {
            return false;
        }
        for (int i = rest + 1; i < s.length() - 1; i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    private static boolean isPlainWord(String s) {
        char first = s.charAt(0);
        if (!(first >= 'a' && first <= 'z' || first >= 'A' && first <= 'Z' || first == '/')
                || s.endsWith(" ")
                || s.length() <= LONGEST_RESERVED && RESERVED.contains(s.toLowerCase(Locale.ROOT))) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean word = c >= 'a' && c <= 'z'
                    || c >= 'A' && c <= 'Z'
                    || c >= '0' && c <= '9'
                    || c == '_'
                    || c == '.'
                    || c == '/'
                    || c == '-';
            if (!word && !(c == ' ' && s.charAt(i - 1) != ' ')) {
                return false;
            }
        }
        return true;
    }
}
