package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The build's man pages are roff that man renders, one per command (pom.xml: ManPageGenerator, then Asciidoctor). */
class ManPageIT {
    private static final Path MAN1 = Path.of("target/man/man1");

    @Test
    void everyCommandHasARoffPage() throws Exception {
        for (String page :
                List.of("roce-doctor", "roce-doctor-analyze", "roce-doctor-completion", "roce-doctor-facts")) {
            Path file = MAN1.resolve(page + ".1");
            assertThat(file).exists();
            assertThat(Files.readString(file))
                    .as(page)
                    .contains(".TH \"" + page.toUpperCase(java.util.Locale.ROOT).replace("-", "\\-") + "\" \"1\"");
        }
    }

    @Test
    void manRendersTheAnalyzePageWithItsOptions() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/man")), "man is not installed");
        SeparateProcess man = SeparateProcess.run(
                List.of("man", "-l", MAN1.resolve("roce-doctor-analyze.1").toString()),
                Map.of("MANPAGER", "cat", "MANWIDTH", "100"));
        assertThat(man.exit()).as(man.err()).isZero();
        assertThat(man.out()).contains("NAME", "roce-doctor-analyze", "--fail-on=SEVERITY", "ARGUMENTS", "BUNDLE...");
        assertThat(man.out()).doesNotContain(".TH", "\\fB");
    }
}
