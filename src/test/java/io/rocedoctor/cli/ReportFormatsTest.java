package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.rocedoctor.report.ReportBuilder;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Element;

/** Every --format through the real command line, against the JSON of the same bundle. */
class ReportFormatsTest {
    private static final String HASH = "fixtures/bundles/dual-port-hash-concentration";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void htmlToAFileHasTheFourPicturesAndLoadsNothing() throws Exception {
        Path file = tmp.resolve("r.html");
        Cli cli = Cli.run("analyze", HASH, "--format", "html", "--output", file.toString());
        assertThat(cli.exit()).as(cli.err()).isZero();
        String html = Files.readString(file);
        assertThat(html).startsWith("<!DOCTYPE html>").doesNotContain("http://").doesNotContain("https://");
        for (String kind : List.of("path-shares", "interrupts", "pause", "pcie")) {
            assertThat(html).contains("data-figure=\"" + kind + "\"");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"dual-port-hash-concentration", "pcie-link-downgraded", "healthy"})
    void junitCountsMatchTheJson(String scenario) throws Exception {
        String bundle = "fixtures/bundles/" + scenario;
        JsonNode json =
                JSON.readTree(Cli.run("analyze", bundle, "--format", "json").out());
        Cli junit = Cli.run("analyze", bundle, "--format", "junit", "--fail-on", "high");
        assertThat(junit.exit()).isIn(0, 1);
        Element suite = (Element) DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(new ByteArrayInputStream(junit.out().getBytes(StandardCharsets.UTF_8)))
                .getElementsByTagName("testsuite")
                .item(0);

        Map<String, Integer> perRule = new HashMap<>();
        json.path("evaluated").forEach(r -> perRule.put(r.asText(), 0));
        json.path("findings").forEach(f -> perRule.merge(f.path("id").asText(), 1, Integer::sum));
        int tests = perRule.values().stream().mapToInt(n -> Math.max(1, n)).sum()
                + json.path("notEvaluated").size();
        int failures = 0;
        for (JsonNode f : json.path("findings")) {
            failures += ReportBuilder.rank(f.path("severity").asText()) <= ReportBuilder.rank("high") ? 1 : 0;
        }
        assertThat(suite.getAttribute("tests")).isEqualTo(String.valueOf(tests));
        assertThat(suite.getElementsByTagName("testcase").getLength()).isEqualTo(tests);
        assertThat(suite.getAttribute("failures")).isEqualTo(String.valueOf(failures));
        assertThat(suite.getElementsByTagName("failure").getLength()).isEqualTo(failures);
        assertThat(suite.getAttribute("skipped"))
                .isEqualTo(String.valueOf(json.path("notEvaluated").size()));
        assertThat(junit.exit()).isEqualTo(failures > 0 ? 1 : 0);
    }

    @Test
    void yamlIsTheJsonModel() throws Exception {
        JsonNode json =
                JSON.readTree(Cli.run("analyze", HASH, "--format", "json").out());
        JsonNode yaml = new ObjectMapper(new YAMLFactory())
                .readTree(Cli.run("analyze", HASH, "--format", "yaml").out());
        assertThat(yaml).isEqualTo(json);
        assertThat(json.path("figures").path("pathShares").size()).isEqualTo(2);
    }

    @Test
    void markdownIsTicketReady() {
        Cli cli = Cli.run("analyze", HASH, "--format", "markdown");
        assertThat(cli.out())
                .startsWith("# RoCE diagnosis of stor-node-07\n")
                .contains("| CRITICAL | `HASH_SINGLE_PATH_CONCENTRATION` | bond0 |");
    }

    @Test
    void noColorIsAccepted() {
        Cli cli = Cli.run("analyze", HASH, "--no-color");
        assertThat(cli.exit()).isZero();
        assertThat(cli.out()).contains("HASH_SINGLE_PATH_CONCENTRATION").doesNotContain("\u001b[");
    }

    @Test
    void everyCommandsHelpEndsWithExamples() {
        assertThat(Cli.run("--help").out()).contains("Examples:", "roce-doctor analyze ");
        assertThat(Cli.run("analyze", "--help").out())
                .contains(
                        "Examples:", "-o report.html", "--format markdown", "text, json, yaml, markdown, html, junit");
    }
}
