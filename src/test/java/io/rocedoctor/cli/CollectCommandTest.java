package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocedoctor.bundle.SourceKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CollectCommandTest {

    @TempDir
    Path out;

    @Test
    void aCaptureOfThisMachineAnalysesWithTwoSamplesAndSaysWhenThereIsNoRdmaDevice() throws IOException {
        assumeFalse(Files.isDirectory(Path.of("/sys/class/infiniband")), "this machine has RDMA devices");
        Path bundle = out.resolve("here.tar.gz");

        Cli collect = Cli.run("collect", "--out", bundle.toString(), "--interval", "1s");
        Cli analyze = Cli.run("analyze", bundle.toString(), "--format", "json");

        assertThat(collect.exit()).as(collect.err()).isZero();
        assertThat(collect.err()).contains("found 0 RDMA devices").contains("no RDMA device found");
        assertThat(analyze.exit()).as(analyze.err()).isZero();
        JsonNode report = new ObjectMapper().readTree(analyze.out());
        assertThat(report.at("/bundle/samples").asInt()).isEqualTo(2);
        assertThat(report.at("/bundle/layout").asText()).isEqualTo("native");
        assertThat(report.at("/sources/notes").toString()).contains("No RDMA device found on this host");
        assertThat(report.at("/sources/missing").toString()).contains("show_gids");
    }

    @Test
    void aBadIntervalIsBadUsage() {
        Cli cli = Cli.run("collect", "--out", out.resolve("b.tar.gz").toString(), "--interval", "soon");

        assertThat(cli.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(cli.err()).contains("--interval must be a number with ms, s or m");
        assertThat(out.resolve("b.tar.gz")).doesNotExist();
    }

    @Test
    void anOutputThatIsNotATarGzIsBadUsage() {
        Cli cli = Cli.run("collect", "--out", out.resolve("b.zip").toString());

        assertThat(cli.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(cli.err()).contains("--out must name a .tar.gz or .tgz file");
    }

    @Test
    void anUnknownSourceKindIsBadUsageListingTheKnownOnes() {
        Cli cli = Cli.run("collect", "--out", out.resolve("b.tar.gz").toString(), "--only", "lscpu,ethtool-everything");

        assertThat(cli.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(cli.err()).contains("no source kind 'ethtool-everything'").contains("proc-interrupts");
    }

    @Test
    void listSourcesPrintsEveryKindWithItsCommand() {
        Cli cli = Cli.run("collect", "--list-sources");

        assertThat(cli.exit()).isZero();
        assertThat(cli.out().lines())
                .hasSize(SourceKind.values().length)
                .anyMatch(l -> l.matches("ethtool-stats +ethtool -S \\{if}"));
    }
}
