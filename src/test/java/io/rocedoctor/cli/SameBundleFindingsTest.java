package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocedoctor.bundle.BundleTrees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 15: one bundle by its plain path, by a path with "..", and with every capture in CRLF gives one diagnosis. */
class SameBundleFindingsTest {
    private static final Path SCENARIO = Path.of("fixtures/bundles/pfc-not-on-roce-prio-doca");

    @TempDir
    Path tmp;

    @Test
    void plainPathDotDotPathAndCrlfCopyGiveTheSameFindings() throws IOException {
        Path bundle = tmp.resolve("cases/123/bundle");
        Path crlf = tmp.resolve("cases/123/bundle-crlf");
        BundleTrees.copy(SCENARIO, bundle);
        BundleTrees.copyWithCrlf(SCENARIO, crlf);
        Files.createDirectories(tmp.resolve("cases/123/x"));

        JsonNode plain = analyze(bundle.toString());
        assertThat(plain.path("findings").findValuesAsText("id"))
                .contains("PFC_NOT_ON_ROCE_PRIO", "ECN_DISABLED_ON_ROCE_PRIO");
        assertThat(plain.path("sources").path("failed")).isEmpty();
        JsonNode dotDot = analyze(tmp.resolve("cases/123/x/../bundle").toString());
        assertThat(dotDot.path("bundle").path("path").asText())
                .as("the path as given")
                .endsWith("x/../bundle");
        assertThat(dotDot.path("findings")).isEqualTo(plain.path("findings"));
        JsonNode fromCrlf = analyze(crlf.toString());
        assertThat(fromCrlf.path("findings")).isEqualTo(plain.path("findings"));
        assertThat(fromCrlf.path("sources").path("failed")).isEmpty();
    }

    private static JsonNode analyze(String path) throws IOException {
        Cli cli = Cli.run("analyze", path, "--format", "json");
        assertThat(cli.exit()).as(cli.err()).isZero();
        return new ObjectMapper().readTree(cli.out());
    }
}
