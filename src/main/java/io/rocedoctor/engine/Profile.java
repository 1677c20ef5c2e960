package io.rocedoctor.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A profile (rules/profiles/*.yaml): thresholds, severity overrides, whether the workload is
 * latency-sensitive and whether only configuration rules are evaluated (audit). A profile may
 * {@code extends} another and then lists only what it changes; a user's profile file works the same,
 * builds on throughput when it names no parent, and may only set thresholds its parent knows.
 */
public record Profile(
        String name, String description, Thresholds thresholds, Map<String, String> severities, boolean configOnly) {

    public static final List<String> BUILT_IN = List.of("throughput", "latency", "storage", "audit");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    public Profile {
        severities = Collections.unmodifiableMap(new TreeMap<>(severities));
    }

    /** A built-in profile by name, or a user's YAML file by path. */
    public static Profile load(String nameOrFile) throws IOException {
        if (BUILT_IN.contains(nameOrFile)) {
            return builtIn(nameOrFile);
        }
        Path file = Path.of(nameOrFile);
        if (!Files.isRegularFile(file)) {
            throw new IOException(
                    "profile '" + nameOrFile + "' is neither one of " + BUILT_IN + " nor a readable file");
        }
        try (InputStream in = Files.newInputStream(file)) {
            return fromYaml(YAML.readTree(in), file.toString(), 0, "throughput");
        }
    }

    public static Profile builtIn(String name) throws IOException {
        String resource = "/io/rocedoctor/rules/profiles/" + name + ".yaml";
        try (InputStream in = Profile.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("built-in profile " + name + " is missing from the jar");
            }
            return fromYaml(YAML.readTree(in), name, 0, name.equals("throughput") ? null : "throughput");
        }
    }

    /** {@code defaultParent}: what a profile without {@code extends} builds on (null only for the root, throughput). */
    private static Profile fromYaml(JsonNode doc, String origin, int depth, String defaultParent) throws IOException {
        if (doc == null || !doc.isObject()) {
            throw new IOException(origin + ": a profile is a YAML mapping");
        }
        if (depth > 4) {
            throw new IOException(origin + ": 'extends' nests too deep");
        }
        Profile base = null;
        String parent = doc.hasNonNull("extends") ? doc.get("extends").asText() : defaultParent;
        if (parent != null) {
            if (!BUILT_IN.contains(parent)) {
                throw new IOException(origin + ": extends '" + parent + "', which is not one of " + BUILT_IN);
            }
            try (InputStream in =
                    Profile.class.getResourceAsStream("/io/rocedoctor/rules/profiles/" + parent + ".yaml")) {
                base = fromYaml(
                        YAML.readTree(in), parent, depth + 1, parent.equals("throughput") ? null : "throughput");
            }
        }
        Map<String, Double> values =
                new TreeMap<>(base == null ? Map.of() : base.thresholds().values());
        JsonNode t = doc.path("thresholds");
        if (!t.isMissingNode() && !t.isObject()) {
            throw new IOException(origin + ": thresholds must be a mapping of name: number");
        }
        for (var it = t.properties().iterator(); it.hasNext(); ) {
            var e = it.next();
            if (!e.getValue().isNumber()) {
                throw new IOException(origin + ": threshold " + e.getKey() + " is not a number");
            }
            // A misspelt key would otherwise leave the default in force without a word.
            if (base != null && !base.thresholds().values().containsKey(e.getKey())) {
                throw new IOException(origin + ": unknown threshold '" + e.getKey() + "'; known thresholds: "
                        + String.join(", ", base.thresholds().values().keySet()));
            }
            values.put(e.getKey(), e.getValue().asDouble());
        }
        Map<String, String> severities = new TreeMap<>(base == null ? Map.of() : base.severities());
        for (var it = doc.path("severities").properties().iterator(); it.hasNext(); ) {
            var e = it.next();
            String s = e.getValue().asText().toLowerCase(Locale.ROOT);
            if (!Severity.known(s)) {
                throw new IOException(origin + ": severity of " + e.getKey() + " must be one of " + Severity.labels());
            }
            severities.put(e.getKey(), s);
        }
        String name = doc.path("name").asText(origin);
        boolean latency = doc.has("latencySensitive")
                ? doc.get("latencySensitive").asBoolean()
                : base != null && base.thresholds().latencySensitive();
        boolean configOnly =
                doc.has("configOnly") ? doc.get("configOnly").asBoolean() : base != null && base.configOnly();
        return new Profile(
                name,
                doc.path("description").asText(""),
                new Thresholds(name, values, latency),
                severities,
                configOnly);
    }
}
