package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.rocedoctor.engine.RuleEngine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Issue 4: the golden scenarios of fixtures/bundles together exercise every rule of the catalog end
 * to end. Every catalog rule but the fleet rules (they need several bundles) is expected present in
 * at least one scenario's expected.yaml; ScenarioTest then proves the CLI reports it there.
 */
class ScenarioCoverageTest {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @Test
    void everySingleBundleRuleIsExpectedInSomeScenario() throws IOException {
        Set<String> covered = new TreeSet<>();
        List<Path> scenarios;
        try (Stream<Path> s = Files.list(Path.of("fixtures/bundles"))) {
            scenarios = s.filter(p -> Files.isRegularFile(p.resolve("expected.yaml")))
                    .toList();
        }
        for (Path dir : scenarios) {
            JsonNode expected = YAML.readTree(dir.resolve("expected.yaml").toFile());
            expected.path("present").forEach(p -> covered.add(p.path("id").asText()));
        }
        Set<String> missing = new TreeSet<>(RuleEngine.builtIn().catalog().keySet());
        missing.removeIf(id -> id.startsWith("FLEET_"));
        assertThat(missing).as("the catalog has single-bundle rules").isNotEmpty();
        missing.removeAll(covered);
        assertThat(missing).as("catalog rules no scenario expects present").isEmpty();
    }
}
