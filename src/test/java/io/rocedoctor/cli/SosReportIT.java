package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real sosreport of this machine, made by Debian's sos, analysed. sos is installed when missing
 * only where {@code ROCE_DOCTOR_INSTALL_SOS=1} (as .ci/run sets) and we are root; elsewhere a
 * machine without sos skips this test with a message.
 */
class SosReportIT {
    /** The plugins that take what roce-doctor reads on a host without RDMA; hardware has /proc/interrupts. */
    private static final String PLUGINS = "networking,pci,processor,kernel,hardware";

    @TempDir
    Path tmp;

    @Test
    void aRealSosreportOfThisMachineIsAnalysed() throws Exception {
        Optional<Path> sos = sos();
        assumeTrue(
                sos.isPresent(),
                "sos is not installed (set ROCE_DOCTOR_INSTALL_SOS=1 as root to install Debian's sosreport)");

        Process p = new ProcessBuilder(
                        sos.get().toString(), "report", "--batch", "--tmp-dir", tmp.toString(), "-o", PLUGINS)
                .redirectErrorStream(true)
                .redirectOutput(tmp.resolve("sos.log").toFile())
                .start();
        assertThat(p.waitFor(300, TimeUnit.SECONDS)).as("sos report finishes").isTrue();
        assertThat(p.exitValue()).as(Files.readString(tmp.resolve("sos.log"))).isZero();
        Path report;
        try (Stream<Path> files = Files.list(tmp)) {
            report = files.filter(f -> f.getFileName().toString().matches("sosreport-.*\\.tar\\.(xz|gz|bz2)"))
                    .findFirst()
                    .orElseThrow();
        }

        Cli cli = Cli.run("analyze", report.toString(), "--format", "json");

        assertThat(cli.exit()).as(cli.err()).isIn(0, 1);
        JsonNode json = new ObjectMapper().readTree(cli.out());
        assertThat(json.at("/bundle/layout").asText()).isEqualTo("sosreport");
        assertThat(json.at("/bundle/samples").asInt()).isEqualTo(1);
        assertThat(json.at("/sources/parsed")).extracting(JsonNode::asText).contains("/proc/interrupts", "lscpu");
        assertThat(json.at("/sources/missing")).extracting(JsonNode::asText).contains("rdma link show", "show_gids");
        assertThat(json.at("/sources/notes").toString()).contains("no sos plugin takes");
    }

    private static Optional<Path> sos() throws IOException, InterruptedException {
        Optional<Path> found = installed();
        if (found.isEmpty()
                && "1".equals(System.getenv("ROCE_DOCTOR_INSTALL_SOS"))
                && Files.isExecutable(Path.of("/usr/bin/apt-get"))) {
            // A fresh machine may have no package lists yet: install, and update first when that fails.
            if (!apt("install", "-y", "-q", "sosreport")) {
                apt("update", "-q");
                apt("install", "-y", "-q", "sosreport");
            }
            found = installed();
        }
        return found;
    }

    private static Optional<Path> installed() {
        return Stream.of("/usr/bin/sos", "/usr/sbin/sos", "/usr/bin/sosreport", "/usr/sbin/sosreport")
                .map(Path::of)
                .filter(Files::isExecutable)
                .findFirst();
    }

    private static boolean apt(String... args) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(
                        Stream.concat(Stream.of("apt-get"), Stream.of(args)).toList())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        p.getOutputStream().close();
        return p.waitFor(600, TimeUnit.SECONDS) && p.exitValue() == 0;
    }
}
