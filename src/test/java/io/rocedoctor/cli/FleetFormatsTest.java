package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A synthesized 20-host fleet in every format: headline and host table first, then each host's section. */
class FleetFormatsTest {
    @TempDir
    static Path tmp;

    static Path fleet;

    @BeforeAll
    static void synthesize() {
        fleet = tmp.resolve("fleet");
        assertThat(Cli.run("synth", "--out", fleet.toString(), "--hosts", "20", "--fault", "IRQ_CROSS_NUMA")
                        .exit())
                .isZero();
    }

    @Test
    void textOpensWithTheFleetHeadlineAndTheHostTable() {
        String text = Cli.run("analyze", fleet.toString(), "--no-color").out();
        assertThat(text.lines().findFirst().orElseThrow()).startsWith("Fleet: 20 bundles analysed, 20 distinct hosts;");
        assertThat(text.indexOf("HOST  ")).isLessThan(text.indexOf("=== node-000"));
        assertThat(text).contains("CRITICAL  1 critical").contains("IRQ_CROSS_NUMA on ");
    }

    @Test
    void htmlHasTheHostTableFirstAndEachHostCollapsed() {
        String html = Cli.run("analyze", fleet.toString(), "--format", "html").out();
        assertThat(html.indexOf("<table class=\"hosts\">")).isLessThan(html.indexOf("<details id=\"host-0\""));
        assertThat(Pattern.compile("<details id=\"host-\\d+\" class=\"host\">")
                        .matcher(html)
                        .results()
                        .count())
                .isEqualTo(20);
    }

    @Test
    void markdownPutsEachHostOneHeadingDown() {
        String md = Cli.run("analyze", fleet.toString(), "--format", "markdown").out();
        assertThat(md).startsWith("# RoCE fleet report\n\n**Fleet: 20 bundles analysed");
        assertThat(md)
                .contains("## Hosts\n\n| Host | Worst | Findings | Top finding |")
                .contains("## RoCE diagnosis of node-000");
        assertThat(md.lines().filter(l -> l.startsWith("# "))).hasSize(1);
    }

    @Test
    void junitHasOneTestsuitePerHostAndOneForTheFleet() {
        String xml = Cli.run("analyze", fleet.toString(), "--format", "junit").out();
        assertThat(Pattern.compile("<testsuite ").matcher(xml).results().count())
                .isEqualTo(21);
        assertThat(xml).contains("hostname=\"node-019\"").contains("name=\"roce-doctor fleet\"");
    }

    @Test
    void yamlCarriesEveryHostAndTheHostTable() throws Exception {
        JsonNode yaml = new ObjectMapper(new YAMLFactory())
                .readTree(
                        Cli.run("analyze", fleet.toString(), "--format", "yaml").out());
        assertThat(yaml.path("hosts")).hasSize(20);
        assertThat(yaml.at("/fleet/hostTable")).hasSize(20);
        assertThat(yaml.at("/fleet/headline").asText()).startsWith("Fleet: 20 bundles analysed");
    }

    @Test
    void aHostAnalysedTwiceIsCountedOnceAndNamed() throws Exception {
        Path twice = tmp.resolve("twice");
        Files.createDirectories(twice);
        for (String copy : new String[] {"a", "b"}) {
            Cli.run("synth", "--out", twice.resolve(copy).toString(), "--hosts", "1", "--prefix", "same");
        }
        String text = Cli.run(
                        "analyze",
                        twice.resolve("a").toString(),
                        twice.resolve("b").toString(),
                        "--no-color")
                .out();
        assertThat(text.lines().findFirst().orElseThrow())
                .startsWith("Fleet: 2 bundles analysed, 1 distinct host (1 bundle repeats a host: same-000 \u00d72)");
    }
}
