package io.rocedoctor.bundle;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ContainerNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;
import java.util.Set;

/**
 * Reads the regular shape of {@code manifest.yaml}, the one the collector and synth write, into
 * the same tree the YAML parser gives, at a fraction of its cost (the YAML parse was a tenth of
 * reading a bundle). Anything outside that shape answers null and the caller parses the text with
 * the YAML parser, so a hand-edited or hostile manifest keeps the tolerant behaviour on wrong types.
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
    /** YAML 1.1 booleans and nulls, compared ignoring case: the YAML parser gives them other types. */
    /** Well below the YAML parser's own document limit (3 Mi code points), whose refusal a longer text keeps. */
    private static final int MAX_CHARS = 1 << 20;

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
        if (!s.endsWith("]")) {
            return null;
        }
        ArrayNode list = NODES.arrayNode();
        int end = s.length() - 1;
        int pos = 1;
        while (pos < end) {
            int valueEnd = scalarEnd(s, pos, end);
            JsonNode item = valueEnd < 0 ? null : scalar(s.substring(pos, valueEnd));
            if (item == null) {
                return null;
            }
            list.add(item);
            pos = next(s, valueEnd, end);
            if (pos < 0) {
                return null;
            }
        }
        return list;
    }

    /** {@code {key: scalar, key: scalar}} filling the rest of the line from {@code start}; null otherwise. */
    private static ObjectNode flowMapping(String line, int start) {
        if (!line.endsWith("}")) {
            return null;
        }
        ObjectNode map = NODES.objectNode();
        int end = line.length() - 1;
        int pos = start + 1;
        while (pos < end) {
            int colon = line.indexOf(": ", pos);
            if (colon < 0 || colon >= end || !isKey(line, pos, colon)) {
                return null;
            }
            String key = line.substring(pos, colon);
            int valueEnd = scalarEnd(line, colon + 2, end);
            JsonNode value = valueEnd < 0 ? null : scalar(line.substring(colon + 2, valueEnd));
            if (value == null || map.has(key)) {
                return null;
            }
            map.set(key, value);
            pos = next(line, valueEnd, end);
            if (pos < 0) {
                return null;
            }
        }
        return map.isEmpty() ? null : map;
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
        if (s.isEmpty()) {
            return null;
        }
        if (s.charAt(0) == '"') {
            boolean closedAtEnd = s.length() >= 2 && s.indexOf('"', 1) == s.length() - 1;
            return closedAtEnd && s.indexOf('\\') < 0 ? NODES.textNode(s.substring(1, s.length() - 1)) : null;
        }
        if (s.equals("null")) {
            return NODES.nullNode();
        }
        if (isWholeNumber(s)) {
            return NODES.numberNode(Integer.parseInt(s));
        }
        if (isUtcTime(s)) {
            return NODES.textNode(s);
        }
        return isPlainWord(s) ? NODES.textNode(s) : null;
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
