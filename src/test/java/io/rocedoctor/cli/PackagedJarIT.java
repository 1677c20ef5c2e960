package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * The shaded jar, run as a user runs it, fires a rule: proves the precompiled model, the
 * META-INF/services merge and the quiet logging survived packaging (DROOLS-NOTES.md).
 */
class PackagedJarIT {

    @Test
    void theJarFiresARuleAndPrintsOnlyTheReport() throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", "target/roce-doctor.jar", "analyze", "fixtures/bundles/cross-numa-irq", "--format", "json")
                .redirectErrorStream(false).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(err).isZero();
        assertThat(out).startsWith("{").contains("\"IRQ_CROSS_NUMA\"");
        assertThat(err).as("Drools must not chatter on stderr").isEmpty();
    }

    @Test
    void theJarAnswersANonBundleWithExitTwo() throws IOException, InterruptedException {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", "target/roce-doctor.jar", "analyze", "pom.xml").start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isEqualTo(2);
        assertThat(err.strip()).startsWith("roce-doctor: pom.xml:").doesNotContain("\n");
    }
}
