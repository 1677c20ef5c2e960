package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code -o FILE} takes its format from the extension unless {@code -f} names one. */
class OutputFormatTest {
    private static final String BUNDLE = "fixtures/bundles/cross-numa-irq";

    @TempDir
    Path tmp;

    @Test
    void theExtensionChoosesTheFormat() throws Exception {
        for (String name : new String[] {"r.html", "r.md", "r.json", "r.yaml", "r.xml"}) {
            Path out = tmp.resolve(name);
            assertThat(Cli.run("analyze", BUNDLE, "-o", out.toString()).exit()).isZero();
            String text = Files.readString(out);
            switch (name) {
                case "r.html" -> assertThat(text).startsWith("<!DOCTYPE html>");
                case "r.md" -> assertThat(text).startsWith("# RoCE diagnosis of hpc-node-112");
                case "r.json" -> assertThat(text).startsWith("{").contains("\"analysed\"");
                case "r.yaml" -> assertThat(text).startsWith("---").contains("analysed:");
                default -> assertThat(text).startsWith("<?xml").contains("<testsuite ");
            }
        }
    }

    @Test
    void nearMissAnExplicitFormatWinsAndAnUnknownExtensionIsText() throws Exception {
        Path html = tmp.resolve("r.html");
        Cli.run("analyze", BUNDLE, "-f", "json", "-o", html.toString());
        assertThat(Files.readString(html)).startsWith("{");
        Path log = tmp.resolve("r.log");
        Cli.run("analyze", BUNDLE, "--output", log.toString());
        assertThat(Files.readString(log))
                .startsWith("Analysed host hpc-node-112")
                .contains("IRQ_CROSS_NUMA");
    }
}
