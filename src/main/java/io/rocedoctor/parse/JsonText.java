package io.rocedoctor.parse;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;

/** Captured JSON (config_db.json, {@code ethtool -j}, EOS {@code | json}) read into a tree, failures named by line. */
public final class JsonText {
    private static final ObjectMapper JSON = new ObjectMapper();

    private JsonText() {}

    /**
     * The tree of {@code text}; blank text is a ParseException at line 0, invalid JSON at the line
     * Jackson reports, both prefixed with {@code what} (the command or file).
     */
    public static JsonNode read(String text, String what) throws ParseException {
        requireContent(text, what);
        try {
            JsonNode root = JSON.readTree(text);
            if (root == null) {
                throw new ParseException(0, what + ": empty output");
            }
            return root;
        } catch (JsonProcessingException e) {
            throw invalid(e, what);
        }
    }

    /** What a streaming reader does with its tokens, a subtree of them read by {@link JsonParser#readValueAsTree}. */
    @FunctionalInterface
    public interface Stream<T> {
        T read(JsonParser tokens) throws IOException, ParseException;
    }

    /**
     * {@code text} read token by token (a tree node per value is what a parser that keeps a few
     * keys need not build), with {@link #read}'s failures: blank text, and invalid JSON at its line.
     * A subtree taken with {@link JsonParser#readValueAsTree} is the node {@link #read} would hold.
     */
    public static <T> T stream(String text, String what, Stream<T> reader) throws ParseException {
        requireContent(text, what);
        try (JsonParser tokens = JSON.createParser(text)) {
            return reader.read(tokens);
        } catch (JsonProcessingException e) {
            throw invalid(e, what);
        } catch (IOException e) {
            // a String holds no I/O: what Jackson reports here is the text
            throw new ParseException(0, what + ": not valid JSON: " + TextLines.abbreviate(e.getMessage()));
        }
    }

    private static void requireContent(String text, String what) throws ParseException {
        if (text == null || text.isBlank()) {
            throw new ParseException(0, what + ": empty output");
        }
    }

    private static ParseException invalid(JsonProcessingException e, String what) {
        int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
        return new ParseException(line, what + ": not valid JSON: " + TextLines.abbreviate(e.getOriginalMessage()));
    }
}
