package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Causes and symptoms end to end: JSON carries explains/explainedBy, text nests symptoms under their cause. */
class ExplainsReportTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode json(String bundle) throws Exception {
        Cli cli = Cli.run("analyze", "fixtures/bundles/" + bundle, "--format", "json");
        assertThat(cli.exit()).as(cli.err()).isZero();
        return JSON.readTree(cli.out());
    }

    private static List<String> field(JsonNode report, String id, String subject, String name) {
        List<String> out = new ArrayList<>();
        for (JsonNode f : report.path("findings")) {
            if (f.path("id").asText().equals(id) && f.path("subject").asText().equals(subject)) {
                f.path(name).forEach(n -> out.add(n.asText()));
            }
        }
        return out;
    }

    @Test
    void thePcieCeilingExplainsTheHostsPauseAndTheLowBaseline() throws Exception {
        JsonNode r = json("pcie-ceiling-host-pause");
        assertThat(field(r, "PCIE_CEILING_BELOW_PORTS", "0000:3b:00", "explains"))
                .contains(
                        "HOST_ORIGINATED_PAUSE@ens1f0np0",
                        "HOST_ORIGINATED_PAUSE@ens1f1np1",
                        "BASELINE_BW_LOW@mlx5_1:ib_write_bw");
        assertThat(field(r, "HOST_ORIGINATED_PAUSE", "ens1f0np0", "explainedBy"))
                .containsExactly("PCIE_CEILING_BELOW_PORTS@0000:3b:00");
        assertThat(field(r, "BASELINE_BW_LOW", "mlx5_1:ib_write_bw", "explainedBy"))
                .containsExactly("PCIE_CEILING_BELOW_PORTS@0000:3b:00");
    }

    @Test
    void disabledEcnExplainsPfcDominatingOnlyOnItsOwnPort() throws Exception {
        JsonNode r = json("pfc-storm-ecn-off");
        assertThat(field(r, "ECN_DISABLED_ON_ROCE_PRIO", "ens1f0np0", "explains"))
                .containsExactly("PFC_DOMINATES_ECN@ens1f0np0");
        assertThat(field(r, "ECN_DISABLED_ON_ROCE_PRIO", "ens1f1np1", "explains"))
                .isEmpty();
        assertThat(field(r, "PFC_DOMINATES_ECN", "ens1f0np0", "explainedBy"))
                .containsExactly("ECN_DISABLED_ON_ROCE_PRIO@ens1f0np0");
    }

    @Test
    void aCauseChainNestsTwoLevelsDeep(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        // The downgraded link explains the ceiling, which explains a perftest run at 30 Gb/s.
        java.nio.file.Path bundle = dir.resolve("b");
        try (var files = java.nio.file.Files.walk(java.nio.file.Path.of("fixtures/bundles/pcie-link-downgraded"))) {
            for (java.nio.file.Path p : files.toList()) {
                java.nio.file.Path to = bundle.resolve(java.nio.file.Path.of("fixtures/bundles/pcie-link-downgraded")
                        .relativize(p)
                        .toString());
                if (java.nio.file.Files.isDirectory(p)) {
                    java.nio.file.Files.createDirectories(to);
                } else {
                    java.nio.file.Files.copy(p, to);
                }
            }
        }
        java.nio.file.Files.writeString(bundle.resolve("commands/ibdev2netdev"), "mlx5_0 port 1 ==> ens1f0np0 (Up)\n");
        java.nio.file.Files.writeString(
                bundle.resolve("commands/ib_write_bw_-d_mlx5_0"),
                " #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]\n"
                        + " 65536      100000           31.20              30.05  		   0.057316\n");
        java.nio.file.Files.writeString(
                bundle.resolve("manifest.yaml"),
                java.nio.file.Files.readString(bundle.resolve("manifest.yaml"))
                        + "  - {source: \"ibdev2netdev\", sample: 0, path: commands/ibdev2netdev, exit: 0}\n"
                        + "  - {source: \"ib_write_bw -d mlx5_0\", sample: 0, path: commands/ib_write_bw_-d_mlx5_0, exit: 0}\n");
        Cli cli = Cli.run("analyze", bundle.toString());
        assertThat(cli.exit()).as(cli.err()).isZero();
        List<String> lines = cli.out()
                .lines()
                .filter(l -> l.matches("\\s*(CRITICAL|HIGH|MEDIUM|LOW|INFO)\\s.*"))
                .toList();
        assertThat(lines)
                .containsExactly(
                        "CRITICAL PCIE_LINK_DOWNGRADED  0000:3b:00  [confirmed]",
                        "    CRITICAL PCIE_CEILING_BELOW_PORTS  0000:3b:00  [confirmed]",
                        "        HIGH     BASELINE_BW_LOW  mlx5_0:ib_write_bw  [confirmed]"); // the program names the
        // run
    }

    @Test
    void textLeadsWithTheCauseAndIndentsItsSymptoms() {
        Cli cli = Cli.run("analyze", "fixtures/bundles/pcie-ceiling-host-pause");
        assertThat(cli.exit()).as(cli.err()).isZero();
        List<String> lines = cli.out()
                .lines()
                .filter(l -> l.matches("\\s*(CRITICAL|HIGH|MEDIUM|LOW|INFO)\\s.*"))
                .toList();
        assertThat(lines.get(0)).startsWith("CRITICAL PCIE_CEILING_BELOW_PORTS");
        assertThat(lines.stream().filter(l -> l.startsWith(" ")))
                .hasSize(4)
                .allSatisfy(l -> assertThat(l).startsWith("    HIGH"));
    }
}
