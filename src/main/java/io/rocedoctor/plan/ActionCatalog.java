package io.rocedoctor.plan;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The action catalog, read from the classpath ({@code io/rocedoctor/rules/actions/ID.yaml}) by
 * id as proposals name them: listing a folder inside a shaded jar is unreliable, loading by
 * name is not. An entry is loaded once and checked when loaded; a broken entry is a bug.
 */
public final class ActionCatalog {
    private static final String FOLDER = "/io/rocedoctor/rules/actions/";
    private static final Pattern ID = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private final Map<String, Optional<ActionSpec>> loaded = new ConcurrentHashMap<>();

    /** The entry for an action id, or empty when the catalog has none (or the id is not a plausible id). */
    public Optional<ActionSpec> find(String id) {
        if (id == null || !ID.matcher(id).matches()) {
            return Optional.empty();
        }
        return loaded.computeIfAbsent(id, ActionCatalog::load);
    }

    private static Optional<ActionSpec> load(String id) {
        try (InputStream in = ActionCatalog.class.getResourceAsStream(FOLDER + id + ".yaml")) {
            if (in == null) {
                return Optional.empty();
            }
            return Optional.of(parse(in, id));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads and checks one entry; the file's name must be its id. */
    public static ActionSpec parse(InputStream in, String expectedId) throws IOException {
        ActionSpec spec = YAML.readValue(in, ActionSpec.class);
        if (!expectedId.equals(spec.id())) {
            throw new IOException("action catalog entry " + expectedId + ".yaml declares id " + spec.id());
        }
        var problems = spec.problems();
        if (!problems.isEmpty()) {
            throw new IOException("action catalog entry " + expectedId + ": " + String.join("; ", problems));
        }
        return spec;
    }
}
