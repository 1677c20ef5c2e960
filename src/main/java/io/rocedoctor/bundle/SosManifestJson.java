package io.rocedoctor.bundle;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A sosreport's {@code sos_reports/manifest.json} read with Jackson's streaming parser into what the
 * reader uses: the top-level {@code version} and, of {@code components.report.plugins.*.commands},
 * each command's {@code exec}, {@code filepath} and {@code return_code}. No tree is built: everything
 * else, chiefly each plugin's {@code files} (the paths of every file it copied: most of a 140 KB
 * manifest), is tokenized, so checked as JSON, and a command's three values are taken from their
 * tokens (a tree per command, a deserialization context each, was a third of reading a sosreport).
 *
 * <p>The answers are those of {@code readTree} of the whole text read by the same rules, on any
 * text: a key given twice keeps its first position and its last value (as an {@code ObjectNode}
 * does), a value of another type where an object is read answers "missing" below it, the text after
 * the first value is ignored, empty text has no version and no command, and a malformed or truncated
 * text fails with the parser's own message at the same token, since every token is read by the same
 * parser with the calls the tree reader makes. The one check tokenizing skips is the length of a
 * string never built; a text that could hold a string over that limit is also read whole first.
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

    /** The objects on the way to the commands, each with the one key read below it. */
    private static final String[] PATH = {"components", "report", "plugins"};

    /** What the reader takes from the manifest: sos's version (null unless text) and every command, in order. */
    record Manifest(String version, List<Command> commands) {}

    /**
     * A command sos ran: its {@code exec} ({@code ""} unless text: a number or a boolean names no
     * command of the source table), its {@code filepath} (null unless text) and its
     * {@code return_code} (null unless a whole number of int range).
     */
    record Command(String exec, String filepath, Integer returnCode) {}

    private static final Command NOT_A_COMMAND = new Command("", null, null);

    private SosManifestJson() {}

    static Manifest read(String text) throws IOException {
        if (text.length() >= StreamReadConstraints.defaults().getMaxStringLength()) {
            JSON.readTree(text); // fails on a string over the limit where tokenizing would not see it
        }
        try (JsonParser parser = JSON.createParser(text)) {
            JsonToken first = parser.nextToken();
            if (first != JsonToken.START_OBJECT) {
                readPast(parser);
                return new Manifest(null, List.of());
            }
            String version = null;
            List<Command> commands = List.of();
            for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
                parser.nextToken();
                if (name.equals("version")) {
                    version = text(parser);
                } else if (name.equals(PATH[0])) {
                    commands = onTheWay(parser, 1);
                } else {
                    skip(parser);
                }
            }
            return new Manifest(version, commands);
        }
    }

    /** The commands below an object on the way to the plugins, read by the next key of the way. */
    private static List<Command> onTheWay(JsonParser parser, int depth) throws IOException {
        if (depth == PATH.length) {
            return flat(container(parser, SosManifestJson::plugin));
        }
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            readPast(parser);
            return List.of();
        }
        List<Command> commands = List.of();
        for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
            parser.nextToken();
            if (name.equals(PATH[depth])) {
                commands = onTheWay(parser, depth + 1);
            } else {
                skip(parser);
            }
        }
        return commands;
    }

    /** A plugin's commands, by name or in a list; nothing else of it. */
    private static List<Command> plugin(JsonParser parser) throws IOException {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            readPast(parser);
            return List.of();
        }
        List<Command> commands = List.of();
        for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
            parser.nextToken();
            if (name.equals("commands")) {
                commands = container(parser, SosManifestJson::command);
            } else {
                skip(parser);
            }
        }
        return commands;
    }

    private static Command command(JsonParser parser) throws IOException {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            readPast(parser);
            return NOT_A_COMMAND;
        }
        String exec = "";
        String filepath = null;
        Integer returnCode = null;
        for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
            parser.nextToken();
            switch (name) {
                case "exec" -> {
                    String text = text(parser);
                    exec = text == null ? "" : text;
                }
                case "filepath" -> filepath = text(parser);
                case "return_code" -> {
                    boolean isInt = parser.currentToken() == JsonToken.VALUE_NUMBER_INT
                            && parser.getNumberType() == JsonParser.NumberType.INT;
                    returnCode = isInt ? parser.getIntValue() : null;
                    readPast(parser);
                }
                default -> skip(parser);
            }
        }
        return new Command(exec, filepath, returnCode);
    }

    private interface ValueReader<T> {
        T read(JsonParser parser) throws IOException;
    }

    /**
     * The members of an object or a list, each read by {@code member}, in the order an
     * {@code ObjectNode} keeps them (a repeated key where it first stood, with its last value); any
     * other value has none.
     */
    private static <T> List<T> container(JsonParser parser, ValueReader<T> member) throws IOException {
        if (parser.currentToken() == JsonToken.START_OBJECT) {
            Map<String, T> byName = new LinkedHashMap<>();
            for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
                parser.nextToken();
                byName.put(name, member.read(parser));
            }
            return new ArrayList<>(byName.values());
        }
        List<T> out = new ArrayList<>();
        if (parser.currentToken() == JsonToken.START_ARRAY) {
            while (element(parser)) {
                out.add(member.read(parser));
            }
        } else {
            readPast(parser);
        }
        return out;
    }

    private static List<Command> flat(List<List<Command>> lists) {
        List<Command> out = new ArrayList<>();
        lists.forEach(out::addAll);
        return out;
    }

    /** The value's text when it is a string, else null; read past either way. */
    private static String text(JsonParser parser) throws IOException {
        if (parser.currentToken() == JsonToken.VALUE_STRING) {
            return parser.getText();
        }
        skip(parser);
        return null;
    }

    /**
     * Reads past a value as the tree reader does: a container token by token ({@link #skip}), a
     * string to its end (the tree takes its text: a malformed one fails here, even with nothing read
     * after it).
     */
    private static void readPast(JsonParser parser) throws IOException {
        if (parser.currentToken() == JsonToken.VALUE_STRING) {
            parser.getText();
        } else {
            skip(parser);
        }
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
}
