package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A rule kept out because its source was collected but could not be read says so, with the file,
 * line and reason, in every report format; a source the bundle never had stays "not collected".
 * Noise in a readable capture (sos's lspci stderr line) is a note and costs nothing.
 */
class UnreadableSourceReportTest {
    private static final Path SOS = Path.of("fixtures/bundles/sosreport-lspci-stderr");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path scratch;

    @Test
    void theLibkmodLineIsANoteAndNoSourceFails() throws IOException {
        JsonNode report = JSON.readTree(
                Cli.run("analyze", SOS.toString(), "--format", "json").out());
        assertThat(report.at("/sources/failed")).isEmpty();
        assertThat(report.at("/sources/notes").toString())
                .contains(
                        "sos_commands/pci/lspci_-nnvv:1: skipped 'lspci: Unable to load libkmod resources: error -2'");
        assertThat(report.at("/evaluated").toString()).contains("PCIE_LINK_DOWNGRADED");

        Cli facts = Cli.run("facts", SOS.toString(), "--format", "json");
        assertThat(facts.exit()).isZero();
        assertThat(facts.out()).contains("sos_commands/pci/lspci_-nnvv:1: skipped");
    }

    @Test
    void anUnreadableCaptureIsCollectedButUnreadableInEveryFormat() throws IOException {
        Path bundle = copy(SOS, scratch.resolve("sosreport-unreadable-lspci"));
        // the stderr line and nothing lspci could print: the capture holds no device
        Files.writeString(
                bundle.resolve("sos_commands/pci/lspci_-nnvv"),
                "lspci: Unable to load libkmod resources: error -2\nSegmentation fault\n");
        JsonNode report = JSON.readTree(
                Cli.run("analyze", bundle.toString(), "--format", "json").out());
        JsonNode rule = find(report.path("notEvaluated"), "PCIE_LINK_DOWNGRADED");
        assertThat(rule.path("missing")).isEmpty();
        assertThat(rule.path("unreadable").toString()).contains("lspci -vvv (sos_commands/pci/lspci_-nnvv:2: ");
        assertThat(rule.path("reason").asText()).isEqualTo("sources collected but unreadable");
        assertThat(report.at("/sources/failed/0/file").asText()).isEqualTo("sos_commands/pci/lspci_-nnvv");

        for (String format : List.of("text", "yaml", "markdown", "html", "junit")) {
            String out =
                    Cli.run("analyze", bundle.toString(), "--format", format).out();
            assertThat(out).as(format).contains("collected but unreadable").contains("sos_commands/pci/lspci_-nnvv:2");
        }
    }

    @Test
    void aSourceNeverCollectedStaysNotCollected() throws IOException {
        // near miss: the same rule with the capture absent, not unreadable
        Path bundle = copy(SOS, scratch.resolve("sosreport-no-lspci"));
        Files.delete(bundle.resolve("sos_commands/pci/lspci_-nnvv"));
        JsonNode report = JSON.readTree(
                Cli.run("analyze", bundle.toString(), "--format", "json").out());
        JsonNode rule = find(report.path("notEvaluated"), "PCIE_LINK_DOWNGRADED");
        assertThat(rule.path("missing").toString()).contains("lspci -vvv");
        assertThat(rule.path("unreadable")).isEmpty();
        String text = Cli.run("analyze", bundle.toString(), "--format", "text").out();
        assertThat(text)
                .contains("not collected: lspci -vvv: blocks 4 rules: PCIE_ACS_BLOCKS_P2P, PCIE_CEILING_BELOW_PORTS,")
                .doesNotContain("collected but unreadable");
        assertThat(Cli.run("analyze", bundle.toString(), "--show-not-evaluated").out())
                .contains("PCIE_LINK_DOWNGRADED: not collected: lspci -vvv");
    }

    private static JsonNode find(JsonNode rules, String id) {
        for (JsonNode r : rules) {
            if (r.path("rule").asText().equals(id)) {
                return r;
            }
        }
        throw new AssertionError(id + " not in " + rules);
    }

    private static Path copy(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
        return to;
    }
}
