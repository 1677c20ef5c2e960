package io.rocedoctor.parse;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Captured JSON (config_db.json, {@code ethtool -j}, EOS {@code | json}) read into a tree, failures named by line. */
public final class JsonText {
    private static final ObjectMapper JSON = new ObjectMapper();

    private JsonText() {}

    /**
     * The tree of {@code text}; blank text is a ParseException at line 0, invalid JSON at the line
     * Jackson reports, both prefixed with {@code what} (the command or file).
     */
    public static JsonNode read(String text, String what) throws ParseException {
        if (text == null || text.isBlank()) {
            throw new ParseException(0, what + ": empty output");
        }
        try {
            JsonNode root = JSON.readTree(text);
            if (root == null) {
                throw new ParseException(0, what + ": empty output");
            }
            return root;
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new ParseException(line, what + ": not valid JSON: " + TextLines.abbreviate(e.getOriginalMessage()));
        }
    }
}
