package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every golden scenario of fixtures/bundles, end to end through the real CLI: the findings of
 * expected.yaml are present (id, subject, severity, confidence as given), no other finding
 * appears, the absent ones are absent, and when expected.yaml lists a {@code plan:} (action ids),
 * the plan's steps are exactly those, in that order, with no value refused; {@code max_severity}
 * bounds the severity of every finding. A present finding may
 * name its causes ({@code explainedBy: [ID@subject]}); {@code evaluated: [ID]} lists rules that must
 * have run (a quiet rule and a skipped one look alike in the findings).
 */
class ScenarioTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @TestFactory
    Stream<DynamicTest> everyScenarioGivesExactlyItsExpectedFindings() throws IOException {
        List<Path> scenarios;
        try (Stream<Path> s = Files.list(Path.of("fixtures/bundles"))) {
            scenarios = s.filter(p -> Files.isRegularFile(p.resolve("expected.yaml")))
                    .sorted()
                    .toList();
        }
        assertThat(scenarios).hasSizeGreaterThanOrEqualTo(4);
        return scenarios.stream()
                .map(dir -> DynamicTest.dynamicTest(dir.getFileName().toString(), () -> check(dir)));
    }

    private static void check(Path dir) throws IOException {
        check(dir.resolve("expected.yaml"), dir);
    }

    /** The bundle (a folder or an archive) gives exactly what {@code expected} says; the report, for more checks. */
    static JsonNode check(Path expectedFile, Path dir) throws IOException {
        JsonNode expected = YAML.readTree(expectedFile.toFile());
        String profile = expected.path("profile").asText("throughput");
        Cli cli = Cli.run("analyze", dir.toString(), "--format", "json", "--profile", profile);
        assertThat(cli.exit()).as(cli.err()).isZero();
        JsonNode report = JSON.readTree(cli.out());
        PlanHygiene.check(dir.toString(), report.path("plan"));
        Set<String> actual = new TreeSet<>();
        report.path("findings")
                .forEach(f -> actual.add(
                        f.path("id").asText() + "@" + f.path("subject").asText()));
        Set<String> wanted = new TreeSet<>();
        for (JsonNode p : expected.path("present")) {
            String key = p.path("id").asText() + "@" + p.path("subject").asText();
            wanted.add(key);
            JsonNode finding =
                    find(report, p.path("id").asText(), p.path("subject").asText());
            assertThat(finding).as(dir + ": expected " + key + " in " + actual).isNotNull();
            for (String field : List.of("severity", "confidence")) {
                if (p.has(field)) {
                    assertThat(finding.path(field).asText())
                            .as(dir + " " + key + " " + field)
                            .isEqualTo(p.path(field).asText());
                }
            }
            assertThat(finding.path("evidence").size())
                    .as(dir + " " + key + " evidence")
                    .isPositive();
            if (p.has("explainedBy")) {
                List<String> causes = new ArrayList<>();
                finding.path("explainedBy").forEach(c -> causes.add(c.asText()));
                List<String> wantedCauses = new ArrayList<>();
                p.path("explainedBy").forEach(c -> wantedCauses.add(c.asText()));
                assertThat(causes)
                        .as(dir + " " + key + " explainedBy")
                        .containsExactlyInAnyOrderElementsOf(wantedCauses);
            }
        }
        assertThat(actual).as(dir + ": exactly the expected findings").isEqualTo(wanted);
        List<String> ids = new ArrayList<>();
        report.path("findings").forEach(f -> ids.add(f.path("id").asText()));
        for (JsonNode a : expected.path("absent")) {
            assertThat(ids).as(dir + ": must not report " + a.asText()).doesNotContain(a.asText());
        }
        if (expected.has("max_severity")) {
            // No finding above the scenario's ceiling (a busy healthy host: nothing above low).
            List<String> bySeverity = List.of("info", "low", "medium", "high", "critical");
            int ceiling = bySeverity.indexOf(expected.path("max_severity").asText());
            assertThat(ceiling).as(dir + ": max_severity is a severity").isNotNegative();
            report.path("findings")
                    .forEach(f -> assertThat(
                                    bySeverity.indexOf(f.path("severity").asText()))
                            .as(dir + ": " + f.path("id").asText() + " is "
                                    + f.path("severity").asText() + ", above max_severity")
                            .isLessThanOrEqualTo(ceiling));
        }
        List<String> evaluated = new ArrayList<>();
        report.path("evaluated").forEach(e -> evaluated.add(e.asText()));
        for (JsonNode e : expected.path("evaluated")) {
            assertThat(evaluated).as(dir + ": must evaluate " + e.asText()).contains(e.asText());
        }
        if (expected.has("plan")) {
            List<String> wantedSteps = new ArrayList<>();
            expected.path("plan").forEach(a -> wantedSteps.add(a.asText()));
            List<String> steps = new ArrayList<>();
            report.path("plan")
                    .path("steps")
                    .forEach(s -> steps.add(s.path("id").asText()));
            assertThat(steps).as(dir + ": plan step order").isEqualTo(wantedSteps);
            assertThat(report.path("plan").path("refusals"))
                    .as(dir + ": refused values")
                    .isEmpty();
        }
        return report;
    }

    private static JsonNode find(JsonNode report, String id, String subject) {
        for (JsonNode f : report.path("findings")) {
            if (f.path("id").asText().equals(id) && f.path("subject").asText().equals(subject)) {
                return f;
            }
        }
        return null;
    }
}
