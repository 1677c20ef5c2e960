package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AnalyzeCommandTest {
    private static final Path CROSS_NUMA = Path.of("fixtures/bundles/cross-numa-irq");

    @TempDir
    Path tmp;

    @Test
    void crossNumaJsonListsTheIrqsCpusAndNodesAsEvidence() throws IOException {
        Cli cli = Cli.run("analyze", CROSS_NUMA.toString(), "--format", "json");
        assertThat(cli.exit()).isZero();
        JsonNode r = new ObjectMapper().readTree(cli.out());
        assertThat(r.path("bundle").path("samples").asInt()).isEqualTo(2);
        JsonNode f = r.path("findings").get(0);
        assertThat(f.path("id").asText()).isEqualTo("IRQ_CROSS_NUMA");
        assertThat(f.path("evidence").toString()).contains("/proc/irq/140/smp_affinity_list", "node 1", "32-63");
        assertThat(f.path("explanation").asText()).isNotBlank();
        assertThat(r.path("sources").path("missing").toString()).contains("mlxlink -d 0000:3b:00.0 -m -e -c");
    }

    @Test
    void anEmptyFileExitsTwoWithOneLineNamingIt() throws IOException {
        Path empty = Files.createFile(tmp.resolve("empty.tar.gz"));
        Cli cli = Cli.run("analyze", empty.toString());
        assertThat(cli.exit()).isEqualTo(2);
        assertThat(cli.err().strip())
                .contains(empty.toString())
                .contains("empty")
                .doesNotContain("\n")
                .doesNotContain("Exception");
    }

    @Test
    void aRandomTarballExitsTwoNamingTheFileAndReason() throws IOException {
        Path tgz = tmp.resolve("random.tgz");
        try (TarArchiveOutputStream tar =
                new TarArchiveOutputStream(new GZIPOutputStream(Files.newOutputStream(tgz)))) {
            byte[] data = new byte[1000];
            new Random(7).nextBytes(data);
            TarArchiveEntry e = new TarArchiveEntry("photos/cat.jpg");
            e.setSize(data.length);
            tar.putArchiveEntry(e);
            tar.write(data);
            tar.closeArchiveEntry();
        }
        Cli cli = Cli.run("analyze", tgz.toString());
        assertThat(cli.exit()).isEqualTo(2);
        assertThat(cli.err()).contains(tgz.toString()).contains("not a roce-doctor bundle");
    }

    @Test
    void randomBytesExitTwo() throws IOException {
        Path junk = tmp.resolve("junk.bin");
        byte[] data = new byte[4096];
        new Random(3).nextBytes(data);
        Files.write(junk, data);
        Cli cli = Cli.run("analyze", junk.toString());
        assertThat(cli.exit()).isEqualTo(2);
        assertThat(cli.err()).contains("not a directory, tar");
    }

    @Test
    void tarGzAndZipOfABundleGiveTheSameFindingsAsTheDirectory() throws IOException {
        Path tgz = tmp.resolve("b.tar.gz");
        Path zip = tmp.resolve("b.zip");
        Tarballs.write(CROSS_NUMA, tgz);
        try (ZipArchiveOutputStream z = new ZipArchiveOutputStream(Files.newOutputStream(zip));
                var files = Files.walk(CROSS_NUMA)) {
            for (Path p : files.filter(Files::isRegularFile).toList()) {
                z.putArchiveEntry(new ZipArchiveEntry(
                        "bundle/" + CROSS_NUMA.relativize(p).toString().replace('\\', '/')));
                z.write(Files.readAllBytes(p));
                z.closeArchiveEntry();
            }
        }
        String dir = findings(Cli.run("analyze", CROSS_NUMA.toString(), "--format", "json"));
        assertThat(findings(Cli.run("analyze", tgz.toString(), "--format", "json")))
                .isEqualTo(dir);
        assertThat(findings(Cli.run("analyze", zip.toString(), "--format", "json")))
                .isEqualTo(dir);
    }

    @Test
    void failOnHighExitsOneWhenACriticalFindingIsThere() {
        assertThat(Cli.run("analyze", CROSS_NUMA.toString(), "--fail-on", "high")
                        .exit())
                .isEqualTo(1);
        // The healthy host's one finding is the missing perftest baseline, an info.
        assertThat(Cli.run("analyze", "fixtures/bundles/healthy", "--fail-on", "low")
                        .exit())
                .isZero();
        assertThat(Cli.run("analyze", CROSS_NUMA.toString(), "--fail-on", "bogus")
                        .exit())
                .isEqualTo(2);
    }

    @Test
    void textOutputHasNoColourWhenNotATerminal() {
        Cli cli = Cli.run("analyze", CROSS_NUMA.toString());
        assertThat(cli.out()).contains("IRQ_CROSS_NUMA").doesNotContain("\u001b[");
        assertThat(cli.out().strip()).endsWith("failed.");
    }

    private static String findings(Cli cli) throws IOException {
        assertThat(cli.exit()).as(cli.err()).isZero();
        return new ObjectMapper().readTree(cli.out()).path("findings").toString();
    }
}
