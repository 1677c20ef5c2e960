package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.rocedoctor.synth.Fault;
import io.rocedoctor.synth.Faults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code analyze} with several bundles: every host's report, then the fleet findings; a folder of
 * bundles counts as each of them; the output does not depend on the number of jobs.
 */
class FleetAnalyzeTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @TempDir
    Path tmp;

    @TestFactory
    Stream<DynamicTest> eachFleetFaultIsFoundExactlyAcrossHosts() {
        return Faults.ALL.stream()
                .filter(Fault::fleet)
                .map(f -> DynamicTest.dynamicTest(f.id(), () -> {
                    Path fleet = tmp.resolve(f.id());
                    assertThat(Cli.run("synth", "--out", fleet.toString(), "--hosts", "5", "--fault", f.id())
                                    .exit())
                            .isZero();
                    Cli cli = Cli.run("analyze", fleet.toString(), "--format", "json", "--jobs", "2");
                    assertThat(cli.exit()).as(cli.err()).isZero();
                    JsonNode report = JSON.readTree(cli.out());
                    assertThat(report.path("hosts")).hasSize(5);
                    assertThat(fleetFindings(report)).isEqualTo(expectedFleet(fleet));
                    assertThat(fleetFindings(report)).anyMatch(k -> k.startsWith(f.id() + "@"));
                }));
    }

    @Test
    void aHealthyFleetHasNoFleetFindingAndEveryHostItsReport() throws IOException {
        assertThat(Cli.run("synth", "--out", tmp.toString(), "--hosts", "4", "--seed", "5")
                        .exit())
                .isZero();
        Cli cli = Cli.run("analyze", tmp.toString(), "--format", "json");
        assertThat(cli.exit()).as(cli.err()).isZero();
        JsonNode report = JSON.readTree(cli.out());
        List<String> hosts = new ArrayList<>();
        report.path("hosts")
                .forEach(h -> hosts.add(h.path("bundle").path("host").asText()));
        assertThat(hosts).containsExactly("node-000", "node-001", "node-002", "node-003");
        assertThat(report.path("fleet").path("hosts").asInt()).isEqualTo(4);
        assertThat(report.path("fleet").path("findings")).isEmpty();
    }

    @Test
    void eachHostsReportInTheFleetIsTheReportOfItsBundleAlone() throws IOException {
        assertThat(Cli.run("synth", "--out", tmp.toString(), "--hosts", "2", "--seed", "3", "--fault", "IRQ_CROSS_NUMA")
                        .exit())
                .isZero();
        Cli fleet = Cli.run("analyze", tmp.toString(), "--format", "json");
        assertThat(fleet.exit()).as(fleet.err()).isZero();
        JsonNode hosts = JSON.readTree(fleet.out()).path("hosts");
        assertThat(hosts).hasSize(2);
        for (int i = 0; i < 2; i++) {
            Cli alone = Cli.run("analyze", tmp.resolve("node-00" + i).toString(), "--format", "json");
            assertThat(alone.err()).isEmpty();
            // the same fields, none null, in the same order, whichever writer wrote them
            assertThat(JSON.writeValueAsString(hosts.get(i)))
                    .isEqualTo(JSON.writeValueAsString(JSON.readTree(alone.out())));
        }
    }

    @Test
    void theOutputIsByteIdenticalWhateverTheNumberOfJobs() {
        assertThat(Cli.run(
                                "synth",
                                "--out",
                                tmp.toString(),
                                "--hosts",
                                "7",
                                "--seed",
                                "9",
                                "--fault",
                                "IRQ_CROSS_NUMA",
                                "--fault",
                                "FLEET_FIRMWARE_DRIFT",
                                "--fault",
                                "HASH_SINGLE_PATH_CONCENTRATION",
                                "--fault",
                                "FLEET_OUTLIER_HOST")
                        .exit())
                .isZero();
        Cli one = Cli.run("analyze", tmp.toString(), "--format", "json", "--jobs", "1");
        Cli three = Cli.run("analyze", tmp.toString(), "--format", "json", "--jobs", "3");
        assertThat(one.exit()).as(one.err()).isZero();
        assertThat(three.out()).isEqualTo(one.out());
        Cli textOne = Cli.run("analyze", tmp.toString(), "--jobs", "1");
        Cli textTwo = Cli.run("analyze", tmp.toString(), "--jobs", "2");
        assertThat(textTwo.out()).isEqualTo(textOne.out());
        assertThat(textOne.out())
                .contains("host node-006")
                .contains("Fleet: 7 bundles analysed, 7 distinct hosts")
                .contains("FLEET_FIRMWARE_DRIFT");
        // the fleet's headline and findings first, then the hosts' reports
        assertThat(textOne.out().indexOf("Fleet: 7 bundles"))
                .isLessThan(textOne.out().indexOf("host node-006"));
    }

    @Test
    void namedBundlesAndFoldersOfBundlesMix() throws IOException {
        Path fleet = tmp.resolve("fleet");
        Path single = tmp.resolve("single");
        assertThat(Cli.run("synth", "--out", fleet.toString(), "--hosts", "2").exit())
                .isZero();
        assertThat(Cli.run("synth", "--out", single.toString(), "--prefix", "lone")
                        .exit())
                .isZero();
        Cli cli =
                Cli.run("analyze", fleet.toString(), single.resolve("lone-000").toString(), "--format", "json");
        assertThat(cli.exit()).as(cli.err()).isZero();
        assertThat(JSON.readTree(cli.out()).path("hosts")).hasSize(3);
    }

    @Test
    void anUnreadableBundleIsReportedAndTheOthersStillAnalysed() throws IOException {
        assertThat(Cli.run("synth", "--out", tmp.toString(), "--hosts", "2").exit())
                .isZero();
        Path broken = tmp.resolve("broken.tar.gz");
        Files.writeString(broken, "not an archive");
        Cli cli = Cli.run("analyze", tmp.toString(), "--format", "json");
        assertThat(cli.exit()).isEqualTo(Main.BAD_INPUT);
        JsonNode report = JSON.readTree(cli.out());
        assertThat(report.path("hosts")).hasSize(2);
        assertThat(report.path("fleet").path("unreadable").get(0).path("path").asText())
                .endsWith("broken.tar.gz");
        assertThat(cli.err()).contains("1 of 3 bundles could not be read");
    }

    @Test
    void failOnCountsFleetFindings() {
        assertThat(Cli.run("synth", "--out", tmp.toString(), "--hosts", "3", "--fault", "FLEET_CONFIG_DRIFT")
                        .exit())
                .isZero();
        assertThat(Cli.run("analyze", tmp.toString(), "--fail-on", "high").exit())
                .isEqualTo(Main.FINDINGS);
        assertThat(Cli.run("analyze", tmp.toString(), "--fail-on", "critical").exit())
                .isEqualTo(Main.OK);
    }

    private static Set<String> fleetFindings(JsonNode report) {
        Set<String> out = new TreeSet<>();
        report.path("fleet")
                .path("findings")
                .forEach(f ->
                        out.add(f.path("id").asText() + "@" + f.path("subject").asText()));
        return out;
    }

    private static Set<String> expectedFleet(Path fleet) throws IOException {
        Set<String> out = new TreeSet<>();
        YAML.readTree(fleet.resolve("fleet-expected.yaml").toFile())
                .path("present")
                .forEach(p ->
                        out.add(p.path("id").asText() + "@" + p.path("subject").asText()));
        return out;
    }
}
