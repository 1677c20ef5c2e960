package io.rocedoctor.bundle;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A sosreport's {@code sos_reports/manifest.json} read with Jackson's streaming parser into the part
 * of its tree the reader uses: the top-level {@code version} and {@code components.report.plugins.*
 * .commands}, each command whole. Everything else, chiefly each plugin's {@code files} (the paths of
 * every file it copied: most of a 140 KB manifest), is tokenized, so checked as JSON, but never built.
 *
 * <p>The pruned tree answers every question {@link BundleReader} asks as {@code readTree} of the whole
 * text does, on any text: a key given twice keeps its first position and its last value (as an {@code
 * ObjectNode} does), a value of another type where an object is read is kept as what it is (so that a
 * later duplicate still replaces it), the text after the first value is ignored, empty text is a
 * missing node, and a malformed or truncated text fails with the parser's own message at the same
 * token, since every token is read by the same parser. The one check tokenizing skips is the length
 * of a string never built; a text that could hold a string over that limit is read whole instead.
 * Shape (sos 4.x, {@code sos/report/__init__.py} and {@code sos/report/plugins/__init__.py}):
 *
 * <pre>{@code
 * {"version": "4.5.6", "cmdline": "sos report --batch -o networking",
 *  "components": {"report": {"plugins": {"networking": {
 *     "commands": [{"command": "ip", "exec": "ip -o addr", "filepath": "sos_commands/networking/ip_-o_addr",
 *                   "return_code": 0, "run_time": 0.01, "tags": ["ip_addr"]}],
 *     "files": [{"specification": "/proc/net/dev", "files_copied": ["proc/net/dev"]}]}}}}}
 * }</pre>
 */
final class SosManifestJson {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** The objects on the way to the commands, each with the one key read below it. */
    private static final String[] PATH = {"components", "report", "plugins"};

    private SosManifestJson() {}

    /** The tree of {@code text} with only the version and the commands built. */
    static JsonNode read(String text) throws IOException {
        if (text.length() >= StreamReadConstraints.defaults().getMaxStringLength()) {
            return JSON.readTree(text);
        }
        try (JsonParser parser = JSON.createParser(text)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                return MissingNode.getInstance();
            }
            if (first != JsonToken.START_OBJECT) {
                return placeholder(parser);
            }
            ObjectNode root = NODES.objectNode();
            for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
                parser.nextToken();
                if (name.equals("version")) {
                    root.set(name, tree(parser));
                } else if (name.equals(PATH[0])) {
                    root.set(name, onTheWay(parser, 1));
                } else {
                    skip(parser);
                }
            }
            return root;
        }
    }

    /** An object on the way to the plugins, holding only the next key of the way (or the plugins). */
    private static JsonNode onTheWay(JsonParser parser, int depth) throws IOException {
        if (depth == PATH.length) {
            return plugins(parser);
        }
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            return placeholder(parser);
        }
        ObjectNode node = NODES.objectNode();
        for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
            parser.nextToken();
            if (name.equals(PATH[depth])) {
                node.set(name, onTheWay(parser, depth + 1));
            } else {
                skip(parser);
            }
        }
        return node;
    }

    /** The plugins, by name or in a list: each one's commands, nothing else. */
    private static JsonNode plugins(JsonParser parser) throws IOException {
        return container(parser, SosManifestJson::plugin);
    }

    private static JsonNode plugin(JsonParser parser) throws IOException {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            return placeholder(parser);
        }
        ObjectNode node = NODES.objectNode();
        for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
            parser.nextToken();
            if (name.equals("commands")) {
                node.set(name, container(parser, SosManifestJson::tree));
            } else {
                skip(parser);
            }
        }
        return node;
    }

    /** Every command of every plugin, in the order of the tree (of {@link #read} or of the whole text). */
    static List<JsonNode> commands(JsonNode doc) {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode plugin : doc.path(PATH[0]).path(PATH[1]).path(PATH[2])) {
            plugin.path("commands").forEach(out::add);
        }
        return out;
    }

    private interface ValueReader {
        JsonNode read(JsonParser parser) throws IOException;
    }

    /** An object or a list whose members are read by {@code member}; any other value as a placeholder. */
    private static JsonNode container(JsonParser parser, ValueReader member) throws IOException {
        if (parser.currentToken() == JsonToken.START_OBJECT) {
            ObjectNode node = NODES.objectNode();
            for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
                parser.nextToken();
                node.set(name, member.read(parser));
            }
            return node;
        }
        if (parser.currentToken() == JsonToken.START_ARRAY) {
            ArrayNode node = NODES.arrayNode();
            while (element(parser)) {
                node.add(member.read(parser));
            }
            return node;
        }
        return tree(parser);
    }

    /**
     * What stands for a value not read below: a list as an empty one (nothing is looked up in a
     * list by name), a scalar as itself. Either answers "missing" to every key, as the whole would.
     */
    private static JsonNode placeholder(JsonParser parser) throws IOException {
        if (parser.currentToken() == JsonToken.START_ARRAY) {
            skip(parser);
            return NODES.arrayNode();
        }
        return tree(parser);
    }

    /**
     * Reads past a value with the calls Jackson's tree reader makes ({@code nextFieldName} for a key,
     * {@code nextToken} for a value), so that a malformed one fails with the same message at the
     * same place; {@code skipChildren} reads keys as tokens and words some errors otherwise.
     */
    private static void skip(JsonParser parser) throws IOException {
        if (parser.currentToken() == JsonToken.START_OBJECT) {
            while (parser.nextFieldName() != null) {
                parser.nextToken();
                skip(parser);
            }
        } else if (parser.currentToken() == JsonToken.START_ARRAY) {
            while (element(parser)) {
                skip(parser);
            }
        }
    }

    /** Whether a list has another element (the parser fails on a list cut short). */
    private static boolean element(JsonParser parser) throws IOException {
        JsonToken next = parser.nextToken();
        return next != null && next != JsonToken.END_ARRAY;
    }

    private static JsonNode tree(JsonParser parser) throws IOException {
        JsonNode node = parser.readValueAsTree();
        return node == null ? NullNode.getInstance() : node;
    }
}
