package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * NVIDIA sysinfo-snapshots end to end (fixtures/sysinfo-snapshot): a RoCE host with faults as
 * {@code synth --layout sysinfo-snapshot} writes it (3.7.9.9: text files and sections), and an
 * InfiniBand host as 3.1.8 took it (sections only), each from its folder and from its .tgz, and an
 * InfiniBand host with an Ethernet bond in the shape of the real 3.1.6 snapshot (grep-prefixed
 * bonding, lspci_xxxvvv, mlxconfig_query, show_irq_affinity_all, the numa_node paragraph).
 */
class SysinfoSnapshotScenarioTest {
    private static final Path FIXTURES = Path.of("fixtures/sysinfo-snapshot");
    private static final Path ROCE = FIXTURES.resolve("roce-host-faults-v3.7.9.9");
    private static final String ROCE_FOLDER = "sysinfo-snapshot-v3.7.9.9-gpu-node-000-20261120-101500";
    private static final Path INFINIBAND = FIXTURES.resolve("infiniband-host-v3.1.8");
    private static final String INFINIBAND_FOLDER = "sysinfo-snapshot-v3.1.8-ib-node07-20170612-1130";
    private static final Path V316 = FIXTURES.resolve("infiniband-ethernet-host-v3.1.6");
    private static final String V316_FOLDER = "sysinfo-snapshot-v3.1.6-hpc-login2-20160304-0912";

    @TempDir
    Path scratch;

    @Test
    void aRoceHostsSnapshotReportsItsFaultsItsLayoutAndVersionAndTheSourcesItLacks() throws IOException {
        JsonNode report = ScenarioTest.check(ROCE.resolve("expected.yaml"), ROCE.resolve(ROCE_FOLDER));

        assertThat(report.at("/bundle/layout").asText()).isEqualTo("sysinfo-snapshot");
        assertThat(report.at("/bundle/samples").asInt()).isEqualTo(1);
        assertThat(report.at("/analysed/headline").asText())
                .doesNotContain("InfiniBand")
                .startsWith("Analysed host");
        assertThat(report.at("/sources/notes").toString())
                .contains("sysinfo-snapshot 3.7.9.9")
                .contains("it holds no")
                .contains("mlxlink -d * -m -e -c")
                .contains("rdma statistic show")
                .doesNotContain("holds no ethtool -S")
                .doesNotContain("mlnx_qos -i *,")
                .doesNotContain("{");
        assertThat(report.at("/sources/failed")).isEmpty();
        // Counter rules whose sources the snapshot holds run on its one sample (counts since boot, as
        // the catalog says for one sample); those whose sources it never takes are not evaluated.
        List<String> evaluated = new java.util.ArrayList<>();
        report.path("evaluated").forEach(e -> evaluated.add(e.asText()));
        assertThat(evaluated).contains("RX_BUFFER_EXHAUSTED", "PHY_CRC_ERRORS");
        assertThat(notEvaluated(report))
                .contains("ROCE_RETRANSMITTING", "CNP_LOOP_BROKEN")
                .doesNotContain("RX_BUFFER_EXHAUSTED");
    }

    @Test
    void synthWritesThatFixtureAndItsTgzReadsTheSame() throws IOException {
        Cli cli = Cli.run(
                "synth",
                "--out",
                scratch.toString(),
                "--layout",
                "sysinfo-snapshot",
                "--nics",
                "2",
                "--ports",
                "1",
                "--cpus",
                "32",
                "--prefix",
                "gpu-node",
                "--fault",
                "PFC_NOT_ON_ROCE_PRIO",
                "--fault",
                "IRQ_CROSS_NUMA",
                "--fault",
                "ROCE_V1_DEFAULT",
                "--fault",
                "PCIE_LINK_DOWNGRADED",
                "--fault",
                "RSS_QUEUES_TOO_FEW");
        assertThat(cli.exit()).as(cli.err()).isZero();
        Path host = scratch.resolve("gpu-node-000");

        assertThat(tree(host.resolve(ROCE_FOLDER))).isEqualTo(tree(ROCE.resolve(ROCE_FOLDER)));
        for (String file : tree(ROCE.resolve(ROCE_FOLDER))) {
            assertThat(host.resolve(ROCE_FOLDER).resolve(file))
                    .as(file)
                    .hasSameBinaryContentAs(ROCE.resolve(ROCE_FOLDER).resolve(file));
        }
        assertThat(host.resolve("expected.yaml")).hasSameTextualContentAs(ROCE.resolve("expected.yaml"));
        JsonNode fromTgz = ScenarioTest.check(ROCE.resolve("expected.yaml"), host.resolve(ROCE_FOLDER + ".tgz"));
        assertThat(fromTgz.at("/bundle/layout").asText()).isEqualTo("sysinfo-snapshot");
    }

    @Test
    void synthRefusesAFaultASnapshotCannotShow() {
        Cli cli = Cli.run(
                "synth", "--out", scratch.toString(), "--layout", "sysinfo-snapshot", "--fault", "ROCE_RETRANSMITTING");

        assertThat(cli.exit()).isEqualTo(2);
        assertThat(cli.err()).contains("ROCE_RETRANSMITTING cannot be seen in a sysinfo-snapshot");
    }

    @Test
    void anOldInfinibandHostsSnapshotSaysInfinibandAndRaisesNoRoceFinding() throws IOException {
        JsonNode report =
                ScenarioTest.check(INFINIBAND.resolve("expected.yaml"), INFINIBAND.resolve(INFINIBAND_FOLDER));

        assertThat(report.at("/bundle/layout").asText()).isEqualTo("sysinfo-snapshot");
        assertThat(report.at("/bundle/host").asText()).isEqualTo("ib-node07");
        assertThat(report.at("/analysed/headline").asText())
                .startsWith("The RDMA ports of host ib-node07 are InfiniBand, not RoCE")
                .contains("mlx5_0 port 1 (ib0)", "the RoCE checks do not apply");
        assertThat(report.at("/sources/notes").toString())
                .contains("sysinfo-snapshot 3.1.8")
                .contains("mlx5_0 port 1 (ib0) is an InfiniBand port");
        assertThat(report.at("/sources/parsed").toString())
                .contains(
                        "ibv_devinfo -v",
                        "show_irq_affinity.sh ib0",
                        "/proc/interrupts",
                        "ethtool -S ib0",
                        "ofed_info -s");
        report.path("findings")
                .forEach(f -> assertThat(f.path("layer").asText())
                        .as(f.path("id").asText())
                        .isNotIn("host-qos", "congestion", "transport"));
    }

    @Test
    void a316SnapshotsOwnShapesAreReadAndItsFaultsFollowFromThemWithoutARoceFinding() throws IOException {
        Path tgz = scratch.resolve(V316_FOLDER + ".tgz");
        Tarballs.write(V316.resolve(V316_FOLDER), tgz);

        for (Path snapshot : List.of(V316.resolve(V316_FOLDER), tgz)) {
            JsonNode report = ScenarioTest.check(V316.resolve("expected.yaml"), snapshot);

            assertThat(report.at("/bundle/layout").asText()).isEqualTo("sysinfo-snapshot");
            assertThat(report.at("/bundle/host").asText()).isEqualTo("hpc-login2");
            assertThat(report.at("/sources/notes").toString())
                    .contains("Read as NVIDIA sysinfo-snapshot 3.1.6,")
                    .contains("mlx5_0 port 1 (ib0) is an InfiniBand port", "mlx5_1 port 1 (ib1) is an InfiniBand port");
            assertThat(report.at("/analysed/headline").asText()).contains("are InfiniBand, not RoCE");
            assertThat(report.at("/sources/failed")).isEmpty();
            // Each of 3.1.6's shapes gives the source it holds: the grep-prefixed bonding file, lspci
            // without its hex dump, the one card's mlxconfig, the numa_node listing by ethtool's bus-info.
            assertThat(report.at("/sources/parsed").toString())
                    .contains(
                            "/proc/net/bonding/bond0",
                            "lspci -vvv",
                            "mlxconfig -d 0000:81:00.0 query",
                            "/sys/class/net/ib0/device/numa_node",
                            "show_irq_affinity.sh ib0",
                            "ethtool -a eth0")
                    // "Interface bond0 does not exist" is nothing taken; ethtool -a of an IPoIB port could not run.
                    .doesNotContain("show_irq_affinity.sh bond0", "show_irq_affinity.sh mlx4", "ethtool -a ib0");
            assertThat(report.at("/plan").toString()).doesNotContain("GID index>");
        }
    }

    @Test
    void theSameOldSnapshotPackedUnderAnotherFolderNameIsFoundByItsPagesAndNamedByItsHostnameSection()
            throws IOException {
        Path tgz = scratch.resolve("customer-upload.tgz");
        Tarballs.write(INFINIBAND.resolve(INFINIBAND_FOLDER), tgz);

        JsonNode report = ScenarioTest.check(INFINIBAND.resolve("expected.yaml"), tgz);

        assertThat(report.at("/bundle/layout").asText()).isEqualTo("sysinfo-snapshot");
        assertThat(report.at("/bundle/host").asText()).isEqualTo("ib-node07");
    }

    @Test
    void snapshotsOfHostsOnDifferentDriverStacksAreConfigDriftOnTheStackAndTheSameStackIsNot() throws Exception {
        Path drifting = fleetOfSnapshots(
                "drifting",
                "MLNX_OFED_LINUX-4.0-2.0.0.1:",
                "MLNX_OFED_LINUX-4.0-2.0.0.1:",
                "MLNX_OFED_LINUX-4.2-1.2.0.0:");
        Path aligned = fleetOfSnapshots(
                "aligned",
                "MLNX_OFED_LINUX-4.0-2.0.0.1:",
                "MLNX_OFED_LINUX-4.0-2.0.0.1:",
                "MLNX_OFED_LINUX-4.0-2.0.0.1:");

        JsonNode drift = fleetReport(drifting);
        assertThat(fleetFindings(drift)).contains("FLEET_CONFIG_DRIFT@driver-stack");
        assertThat(drift.at("/fleet/findings").toString()).contains("MLNX_OFED_LINUX-4.2-1.2.0.0");
        assertThat(fleetFindings(fleetReport(aligned))).doesNotContain("FLEET_CONFIG_DRIFT@driver-stack");
    }

    /** The InfiniBand snapshot once per host (ib-node-0, -1...), each with its own ofed_info -s line. */
    private Path fleetOfSnapshots(String name, String... stacks) throws IOException {
        Path fleet = scratch.resolve(name);
        for (int i = 0; i < stacks.length; i++) {
            Path copy = fleet.resolve("sysinfo-snapshot-v3.1.8-ib-node-" + i + "-20170612-1130");
            Cli.copyTree(INFINIBAND.resolve(INFINIBAND_FOLDER), copy);
            Path page = copy.resolve(INFINIBAND_FOLDER + ".html");
            Files.writeString(
                    page,
                    Files.readString(page)
                            .replace("<h2>hostname</h2><p>ib-node07</p>", "<h2>hostname</h2><p>ib-node-" + i + "</p>")
                            .replace("MLNX_OFED_LINUX-4.0-2.0.0.1:", stacks[i]));
        }
        return fleet;
    }

    private static JsonNode fleetReport(Path fleet) throws IOException {
        Cli cli = Cli.run("analyze", fleet.toString(), "--format", "json");
        assertThat(cli.exit()).as(cli.err()).isZero();
        return new com.fasterxml.jackson.databind.ObjectMapper().readTree(cli.out());
    }

    private static List<String> fleetFindings(JsonNode report) {
        List<String> out = new java.util.ArrayList<>();
        report.at("/fleet/findings")
                .forEach(f ->
                        out.add(f.path("id").asText() + "@" + f.path("subject").asText()));
        return out;
    }

    private static List<String> notEvaluated(JsonNode report) {
        List<String> out = new java.util.ArrayList<>();
        report.path("notEvaluated").forEach(n -> out.add(n.path("rule").asText()));
        return out;
    }

    private static List<String> tree(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile)
                    .map(p -> root.relativize(p).toString())
                    .sorted()
                    .toList();
        }
    }
}
