package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocedoctor.facts.PcieLink;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code roce-doctor facts}: what was read, arranged by NIC, port and RDMA device, with the source ledger. */
class FactsCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode facts(Path bundle) throws IOException {
        Cli cli = Cli.run("facts", bundle.toString(), "--format", "json");
        assertThat(cli.exit()).as(cli.err()).isZero();
        return JSON.readTree(cli.out());
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    @Test
    void nicsCarryTheirPcieLinkInterruptsPortsAndRdmaDevices() throws IOException {
        JsonNode f = facts(Path.of("fixtures/bundles/idle-second-plane"));
        assertThat(f.path("host").path("name").asText()).isEqualTo("train-node-12");
        JsonNode nic = f.path("nics").get(0);
        assertThat(nic.path("nic").path("id").asText()).isEqualTo("0000:3b:00");
        assertThat(nic.path("pcie").path("width").asInt()).isEqualTo(16);
        assertThat(nic.path("irqs").size()).isEqualTo(16);
        assertThat(nic.path("irqs").get(0).path("affinity").asText()).isEqualTo("0");

        JsonNode second = nic.path("ports").get(1);
        assertThat(second.path("port").path("name").asText()).isEqualTo("ens1f1np1");
        assertThat(second.path("qos").path("pfcPriorities").toString()).isEqualTo("[3]");
        assertThat(second.path("ecn").path("notificationPoint").path("3").asBoolean())
                .isTrue();
        JsonNode rdma = second.path("rdma").get(0);
        assertThat(rdma.path("device").path("name").asText()).isEqualTo("mlx5_1");
        assertThat(rdma.path("roceTraffic").path("derivation").asText())
                .isEqualTo("ToS 106 -> DSCP 26 -> priority 3 (trust dscp)");
        assertThat(rdma.path("traffic").path("bytes").asLong()).isEqualTo(3072);

        assertThat(f.path("groups").get(0).path("kind").asText()).isEqualTo("fabric");
        assertThat(texts(f.path("sources").path("parsed"))).contains("ibdev2netdev", "cma_roce_tos -d mlx5_1 -p 1");
        assertThat(texts(f.path("sources").path("missing"))).contains("show_gids", "rdma statistic show");
    }

    @Test
    void movingCountersOnlyAndTransportCountersUnderTheirDevicePort() throws IOException {
        JsonNode f = facts(Path.of("fixtures/bundles/retransmissions-lossless"));
        JsonNode rdma = f.path("nics").get(0).path("ports").get(0).path("rdma").get(0);
        List<String> counters = new ArrayList<>();
        rdma.path("movingCounters").forEach(c -> counters.add(c.path("counter").asText()));
        assertThat(counters).contains("out_of_sequence", "rx_write_requests").doesNotContain("rnr_nak_retry_err");
        assertThat(f.path("other").has("RdmaDevice")).isFalse();
    }

    @Test
    void aMalformedSourceIsListedAsFailedWithFileAndLineAndTheRestIsStillRead(@TempDir Path tmp) throws IOException {
        Path bundle = tmp.resolve("b");
        Path healthy = Path.of("fixtures/bundles/healthy");
        try (Stream<Path> s = Files.walk(healthy)) {
            for (Path p : s.toList()) {
                Path to = bundle.resolve(healthy.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(p, to);
                }
            }
        }
        Files.writeString(bundle.resolve("fs/sys/class/net/ens1f1np1/mtu"), "nine thousand\n");
        JsonNode f = facts(bundle);
        JsonNode failed = f.path("sources").path("failed").get(0);
        assertThat(failed.path("file").asText()).isEqualTo("fs/sys/class/net/ens1f1np1/mtu");
        assertThat(failed.path("line").asInt()).isEqualTo(1);
        assertThat(f.path("nics").get(0).path("ports").size()).isEqualTo(2);
    }

    @Test
    void fullTextIsIndentedAndNamesTheSameThings() {
        Cli cli = Cli.run("facts", "fixtures/bundles/idle-second-plane", "--full");
        assertThat(cli.exit()).as(cli.err()).isZero();
        assertThat(cli.out()).contains("nics:", "name: mlx5_1", "kind: fabric", "missing:");
    }

    /** The summary a person reads: one block per NIC, its link, where its interrupts run, its ports. */
    @Test
    void theDefaultIsASummaryByNicWithPcieNumaIrqPlacementPortsAndQos() {
        Cli cli = Cli.run("facts", "fixtures/bundles/idle-second-plane");
        assertThat(cli.exit()).as(cli.err()).isZero();
        assertThat(cli.out())
                .startsWith("Host train-node-12: 64 CPUs, 2 NUMA nodes (node 0: CPUs 0-31, node 1: CPUs 32-63)")
                .contains("NIC 0000:3b:00: ")
                .contains("  PCIe: Gen4 x16 (capable of Gen4 x16), usable 252 Gb/s")
                .contains("  IRQs: 16 completion IRQs (140-155) on CPUs 0-7: node 0; busiest CPU 0 with 12.5% of the "
                        + "interrupts between the samples")
                .contains("  ens1f1np1: 100 Gb/s, MTU 9000; RDMA mlx5_1 port 1; trust dscp, PFC on 3; ECN on 0-7")
                .contains("'roce-doctor facts BUNDLE --full'")
                .doesNotContain("usableGbps", "252.0");
        assertThat(cli.out().lines().count()).isLessThan(20);
    }

    /** A NIC whose completion interrupts run on the other node says so; a local one does not. */
    @Test
    void theSummaryNamesInterruptsOffTheNicsNode() {
        Cli remote = Cli.run("facts", "fixtures/bundles/cross-numa-irq");
        assertThat(remote.out()).contains("on CPUs 0-3: node 0 (not the NIC's node 1)");
        Cli local = Cli.run("facts", "fixtures/bundles/healthy");
        assertThat(local.out()).contains("completion IRQs").doesNotContain("not the NIC's node");
    }

    /** A ceiling upstream of the NIC is named by its link, not by the NIC's own healthy one. */
    @Test
    void theSummaryNamesTheDowngradedLinkOfTheNicsPath() {
        Cli cli = Cli.run("facts", "fixtures/bundles/pcie-switch-uplink-downgraded");
        assertThat(cli.out())
                .contains(
                        "  PCIe: Gen4 x16 (capable of Gen4 x16), link 0000:39:00.0 - 0000:38:00.0 downgraded to 16 GT/s "
                                + "x16 of 32 GT/s x16, usable 252 Gb/s");
        assertThat(Cli.run("facts", "fixtures/bundles/pcie-switch-healthy").out())
                .doesNotContain("downgraded");
    }

    /** lspci may lack the upstream end of a link: the link is named by the end it has, never "null". */
    @Test
    void aDowngradedLinkWithoutItsUpperEndIsNamedByItsLowerEnd() {
        PcieLink.Segment nicOnly = new PcieLink.Segment(
                "0000:3b:00.0", null, 16, 16, 16, 8, "Speed 16GT/s, Width x16", "Speed 16GT/s, Width x8");
        PcieLink link = new PcieLink(
                "0000:3b:00",
                "0000:3b:00.0",
                4,
                16,
                16,
                4,
                8,
                16,
                true,
                "0000:3b:00.0",
                126.0,
                null,
                null,
                "Speed 16GT/s, Width x16",
                "Speed 16GT/s, Width x8",
                List.of(nicOnly));
        assertThat(FactsSummary.pcie(link))
                .isEqualTo("Gen4 x8 (capable of Gen4 x16), link 0000:3b:00.0 downgraded to 16 GT/s x8 of 16 GT/s x16, "
                        + "usable 126 Gb/s");
    }

    /** sysfs numa_node -1: the firmware gives the device no node; no IRQ is "off" an unknown node. */
    @Test
    void aNicWithoutANumaNodeSaysItIsUnknownAndNoInterruptIsOffIt() {
        Cli cli = Cli.run("facts", "fixtures/bundles/numa-node-unknown");
        assertThat(cli.exit()).as(cli.err()).isZero();
        assertThat(cli.out())
                .contains("NUMA node unknown (the platform reports none)")
                .contains("on CPUs 0-7: node 0;")
                .doesNotContain("node -1", "not the NIC's node");
    }

    @Test
    void figuresAreRoundedForPeople() {
        assertThat(FactsSummary.rounded(252.06153846153848)).isEqualTo("252");
        assertThat(FactsSummary.rounded(12.5)).isEqualTo("12.5");
        assertThat(FactsSummary.rounded(10.0)).isEqualTo("10");
        assertThat(FactsSummary.rounded(0.125)).isEqualTo("0.13");
        assertThat(FactsSummary.rounded(0.5)).isEqualTo("0.5");
    }

    @Test
    void anUnreadableBundleIsBadInput(@TempDir Path tmp) {
        assertThat(Cli.run("facts", tmp.resolve("absent").toString()).exit()).isEqualTo(Main.BAD_INPUT);
    }
}
