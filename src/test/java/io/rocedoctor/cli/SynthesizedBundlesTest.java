package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.rocedoctor.engine.RuleEngine;
import io.rocedoctor.synth.Fault;
import io.rocedoctor.synth.Faults;
import io.rocedoctor.synth.HostShape;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The synthesizer and the rules agree: a synthesized bundle with one fault gives exactly the
 * findings its expected.yaml lists, info included (those whose rule is in the catalog; a fault
 * whose rule is not written yet is skipped, saying so), and a healthy synthesized host with its
 * leaf switch gives no finding at all, every rule evaluated.
 */
class SynthesizedBundlesTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Set<String> CATALOG = RuleEngine.builtIn().catalog().keySet();

    @TempDir
    Path tmp;

    @TestFactory
    Stream<DynamicTest> eachInjectableFaultIsFoundExactly() {
        return Faults.ALL.stream()
                .filter(f -> !f.fleet())
                .map(f -> DynamicTest.dynamicTest(f.id(), () -> checkFault(f)));
    }

    /**
     * The same over NVUE and EOS leaves, for every fault that needs the switch and that the platform's
     * dump can show, so their plans' snippets go through PlanHygiene too; a healthy host gives nothing.
     */
    @TestFactory
    Stream<DynamicTest> eachSwitchFaultIsFoundExactlyBehindNvueAndEosLeaves() {
        HostShape none = shapeWith("none");
        return Stream.of("nvue", "eos")
                .flatMap(platform -> Stream.concat(
                        Stream.of(DynamicTest.dynamicTest(platform + " healthy", () -> checkHealthy(platform))),
                        Faults.ALL.stream()
                                .filter(f -> !f.fleet()
                                        && !f.fits().test(none)
                                        && f.fits().test(shapeWith(platform)))
                                .map(f -> DynamicTest.dynamicTest(
                                        platform + " " + f.id(), () -> checkFault(f, platform)))));
    }

    @Test
    void aFaultAPlatformsDumpCannotShowIsRefusedForIt() {
        Cli cli = Cli.run("synth", "--out", tmp.toString(), "--switch", "eos", "--fault", "SWITCH_HEADROOM_SHORT");
        assertThat(cli.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(cli.err()).contains("SWITCH_HEADROOM_SHORT does not fit this topology");
        assertThat(Cli.run("synth", "--out", tmp.toString(), "--switch", "nvue", "--fault", "SWITCH_HEADROOM_SHORT")
                        .exit())
                .isZero();
    }

    private static HostShape shapeWith(String switchPlatform) {
        HostShape t = HostShape.TYPICAL;
        return new HostShape(
                t.nics(),
                t.portsPerNic(),
                t.cpus(),
                t.numaNodes(),
                t.queuesPerPort(),
                t.intervalSeconds(),
                switchPlatform);
    }

    private void checkHealthy(String platform) throws IOException {
        Path out = tmp.resolve("healthy-" + platform);
        Cli synth = Cli.run("synth", "--out", out.toString(), "--seed", "3", "--switch", platform);
        assertThat(synth.exit()).as(synth.err()).isZero();
        assertThat(Files.readString(out.resolve("node-000/switches/leaf-000/manifest.yaml")))
                .startsWith("platform: " + (platform.equals("eos") ? "arista-eos" : "cumulus-nvue"));
        JsonNode report = analyze(out.resolve("node-000"));
        assertThat(report.path("sources").path("failed"))
                .as("every synthesized capture parses")
                .isEmpty();
        assertThat(report.path("sources").path("missing")).isEmpty();
        assertThat(ids(report.path("findings"), "id")).isEmpty();
    }

    private void checkFault(Fault fault) throws IOException {
        checkFault(fault, "sonic");
    }

    private void checkFault(Fault fault, String platform, String... shape) throws IOException {
        Assumptions.assumeTrue(CATALOG.contains(fault.id()), fault.id() + " has no rule in the catalog yet: skipped");
        Path out = tmp.resolve(platform + "-" + fault.id() + String.join("", shape));
        List<String> args = new ArrayList<>(
                List.of("synth", "--out", out.toString(), "--fault", fault.id(), "--seed", "7", "--switch", platform));
        args.addAll(List.of(shape));
        Cli synth = Cli.run(args.toArray(String[]::new));
        assertThat(synth.exit()).as(synth.err()).isZero();
        Path bundle = out.resolve("node-000");
        JsonNode expected = YAML.readTree(bundle.resolve("expected.yaml").toFile());
        Set<String> wanted = new TreeSet<>();
        for (JsonNode p : expected.path("present")) {
            if (CATALOG.contains(p.path("id").asText())) {
                wanted.add(p.path("id").asText() + "@" + p.path("subject").asText() + qualifier(p, "severity")
                        + qualifier(p, "confidence"));
            }
        }
        assertThat(wanted).as("the fault's own rule is expected").anyMatch(w -> w.startsWith(fault.id() + "@"));
        JsonNode report = analyze(bundle);
        PlanHygiene.check("synthesized " + fault.id() + " (" + platform + ")", report.path("plan"));
        Set<String> actual = new TreeSet<>();
        for (JsonNode f : report.path("findings")) {
            String key = f.path("id").asText() + "@" + f.path("subject").asText();
            JsonNode want = expectedEntry(expected, key);
            actual.add(
                    key + (want == null ? "" : qualifierOf(want, f, "severity") + qualifierOf(want, f, "confidence")));
        }
        assertThat(actual).as(fault.id() + ": exactly the expected findings").isEqualTo(wanted);
    }

    @Test
    void aHealthySynthesizedHostGivesNoFindingAndEveryRuleIsEvaluated() throws IOException {
        Cli synth = Cli.run("synth", "--out", tmp.toString(), "--seed", "3");
        assertThat(synth.exit()).as(synth.err()).isZero();
        JsonNode report = analyze(tmp.resolve("node-000"));
        assertThat(report.path("sources").path("failed"))
                .as("every synthesized capture parses")
                .isEmpty();
        assertThat(report.path("sources").path("missing"))
                .as("every source a full capture holds")
                .isEmpty();
        assertThat(report.path("sources").path("parsed").size()).isGreaterThan(100);
        assertThat(ids(report.path("findings"), "id")).isEmpty();
        // A host synthesized without GPUs has no nvidia-smi: the one rule that needs its matrix is not evaluated.
        assertThat(ids(report.path("notEvaluated"), "rule")).containsExactly("GPU_NIC_AFFINITY_POOR");
    }

    /**
     * GPUs below each NIC's PCIe switch (ACS off on its ports) and RoCE over a VLAN on every port (its
     * egress-qos-map giving the RoCE socket priority the PFC priority) are as healthy: no finding, and
     * with nvidia-smi's matrix every rule is evaluated.
     */
    @Test
    void aHealthyHostWithGpusAndRoceOverVlansGivesNoFindingAndEveryRuleIsEvaluated() throws IOException {
        Cli synth = Cli.run("synth", "--out", tmp.toString(), "--seed", "3", "--gpus", "2", "--vlan", "100");
        assertThat(synth.exit()).as(synth.err()).isZero();
        Path bundle = tmp.resolve("node-000");
        assertThat(Files.readString(bundle.resolve("commands/ip_-d_link_show")))
                .contains(
                        "ens1f0np0.100@ens1f0np0: ",
                        "vlan protocol 802.1Q id 100 <REORDER_HDR>",
                        "egress-qos-map { 2:3 }");
        assertThat(Files.readString(bundle.resolve("commands/lspci_-tv")))
                .contains("NVIDIA Corporation GA100 [A100 PCIe 80GB]");
        assertThat(Files.readString(bundle.resolve("commands/lspci_-vvv")))
                .contains("ACSCtl:\tSrcValid- TransBlk- ReqRedir- CmpltRedir- UpstreamFwd- EgressCtrl- DirectTrans-");
        JsonNode report = analyze(bundle);
        assertThat(report.path("sources").path("failed")).isEmpty();
        assertThat(report.path("sources").path("missing")).isEmpty();
        assertThat(report.path("sources").path("notes")).isEmpty();
        assertThat(ids(report.path("sources").path("parsed"), null))
                .contains("lspci -tv", "nvidia-smi topo -m", "ip -d link show");
        assertThat(ids(report.path("findings"), "id")).isEmpty();
        assertThat(ids(report.path("notEvaluated"), "rule")).isEmpty();
    }

    /** The GPU and VLAN faults on a host synthesized with GPUs and VLANs of its own: the faults change those. */
    @TestFactory
    Stream<DynamicTest> theGpuAndVlanFaultsAreFoundExactlyOnAHostWithGpusAndVlans() {
        return Stream.of("ROCE_VLAN_PRIORITY_MISMATCH", "PCIE_ACS_BLOCKS_P2P", "GPU_NIC_AFFINITY_POOR")
                .map(id -> DynamicTest.dynamicTest(
                        id, () -> checkFault(Faults.byId(id).orElseThrow(), "sonic", "--gpus", "2", "--vlan", "7")));
    }

    @Test
    void aHealthyHostWithoutItsSwitchGivesOnlyTheHostOnlyTrapAndSkipsTheSwitchRules() throws IOException {
        Cli synth = Cli.run("synth", "--out", tmp.toString(), "--seed", "3", "--switch", "none");
        assertThat(synth.exit()).as(synth.err()).isZero();
        JsonNode report = analyze(tmp.resolve("node-000"));
        assertThat(ids(report.path("findings"), "id")).containsExactly("TRAP_HOST_ONLY_TUNING");
        assertThat(Files.readString(tmp.resolve("node-000/expected.yaml")))
                .contains("{id: TRAP_HOST_ONLY_TUNING, subject: \"node-000\"");
        Set<String> switchRules = new TreeSet<>();
        RuleEngine.builtIn().catalog().forEach((id, info) -> {
            if (info.layer() == io.rocedoctor.engine.RuleLayer.SWITCH_QOS
                    || info.layer() == io.rocedoctor.engine.RuleLayer.END_TO_END) {
                switchRules.add(id);
            }
        });
        switchRules.remove("TRAP_HOST_ONLY_TUNING");
        switchRules.add("GPU_NIC_AFFINITY_POOR"); // no GPU, no nvidia-smi topo -m
        assertThat(ids(report.path("notEvaluated"), "rule")).isEqualTo(switchRules);
    }

    /** The values of {@code field} of each element, or the elements themselves when it is null. */
    private static Set<String> ids(JsonNode list, String field) {
        Set<String> out = new TreeSet<>();
        list.forEach(n -> out.add(field == null ? n.asText() : n.path(field).asText()));
        return out;
    }

    @Test
    void theSameSeedWritesTheSameBytesAndAnotherSeedOtherCounters() throws IOException {
        for (String run : new String[] {"a", "b"}) {
            assertThat(Cli.run(
                                    "synth",
                                    "--out",
                                    tmp.resolve(run).toString(),
                                    "--hosts",
                                    "3",
                                    "--seed",
                                    "11",
                                    "--fault",
                                    "IRQ_CROSS_NUMA")
                            .exit())
                    .isZero();
        }
        assertThat(Cli.run(
                                "synth",
                                "--out",
                                tmp.resolve("c").toString(),
                                "--hosts",
                                "3",
                                "--seed",
                                "12",
                                "--fault",
                                "IRQ_CROSS_NUMA")
                        .exit())
                .isZero();
        assertThat(tree(tmp.resolve("a"))).isEqualTo(tree(tmp.resolve("b")));
        String stats = "node-000/samples/1/commands/ethtool_-S_ens1f0np0";
        assertThat(Files.readString(tmp.resolve("c").resolve(stats)))
                .isNotEqualTo(Files.readString(tmp.resolve("a").resolve(stats)));
    }

    @Test
    void aFleetWithEveryFaultReportsEachHostsFaultAndTheFleetFindings() throws IOException {
        Path out = tmp.resolve("fleet");
        int hosts = Faults.ALL.size() + 5;
        Cli synth = Cli.run("synth", "--out", out.toString(), "--hosts", String.valueOf(hosts), "--fault", "all");
        assertThat(synth.exit()).as(synth.err()).isZero();
        Cli cli = Cli.run("analyze", out.toString(), "--format", "json");
        assertThat(cli.exit()).as(cli.err()).isZero();
        JsonNode report = JSON.readTree(cli.out());

        assertThat(report.path("hosts")).hasSize(hosts);
        Set<String> injected = new TreeSet<>();
        for (JsonNode host : report.path("hosts")) {
            Path bundle = Path.of(host.path("bundle").path("path").asText());
            Set<String> found = ids(host.path("findings"), "id");
            for (JsonNode p :
                    YAML.readTree(bundle.resolve("expected.yaml").toFile()).path("present")) {
                assertThat(found)
                        .as(bundle.getFileName().toString())
                        .contains(p.path("id").asText());
                injected.add(p.path("id").asText());
            }
        }
        Faults.ALL.stream()
                .filter(f -> !f.fleet() && CATALOG.contains(f.id()))
                .forEach(
                        f -> assertThat(injected).as("a host carries " + f.id()).contains(f.id()));
        Set<String> fleetWanted =
                ids(YAML.readTree(out.resolve("fleet-expected.yaml").toFile()).path("present"), "id");
        assertThat(fleetWanted).contains("FLEET_FIRMWARE_DRIFT", "FLEET_CONFIG_DRIFT", "FLEET_OUTLIER_HOST");
        assertThat(ids(report.path("fleet").path("findings"), "id")).containsAll(fleetWanted);
    }

    @Test
    void aFaultThatCannotShowOnTheTopologyIsRefused() {
        Cli cli = Cli.run("synth", "--out", tmp.toString(), "--numa-nodes", "1", "--fault", "IRQ_CROSS_NUMA");
        assertThat(cli.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(cli.err()).contains("IRQ_CROSS_NUMA does not fit this topology");
        Cli fleet = Cli.run("synth", "--out", tmp.toString(), "--fault", "FLEET_OUTLIER_HOST");
        assertThat(fleet.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(fleet.err()).contains("needs --hosts 3");
        assertThat(Cli.run("synth", "--out", tmp.toString(), "--fault", "NO_SUCH")
                        .err())
                .contains("unknown fault 'NO_SUCH'");
    }

    @Test
    void theListSaysWhichFaultsHaveARuleYet() {
        Cli cli = Cli.run("synth", "--list");
        assertThat(cli.exit()).isZero();
        assertThat(cli.out()).containsPattern("IRQ_CROSS_NUMA\\s+rule\\s");
        assertThat(cli.out().lines().count()).isEqualTo(Faults.ALL.size());
    }

    private static JsonNode analyze(Path bundle) throws IOException {
        Cli cli = Cli.run("analyze", bundle.toString(), "--format", "json");
        assertThat(cli.exit()).as(cli.err()).isZero();
        return JSON.readTree(cli.out());
    }

    private static JsonNode expectedEntry(JsonNode expected, String key) {
        for (JsonNode p : expected.path("present")) {
            if ((p.path("id").asText() + "@" + p.path("subject").asText()).equals(key)) {
                return p;
            }
        }
        return null;
    }

    private static String qualifier(JsonNode expected, String field) {
        return expected.has(field) ? " " + field + "=" + expected.path(field).asText() : "";
    }

    /** The finding's value of a field the expectation fixes, so a wrong severity shows as a mismatch. */
    private static String qualifierOf(JsonNode expected, JsonNode finding, String field) {
        return expected.has(field) ? " " + field + "=" + finding.path(field).asText() : "";
    }

    private static java.util.Map<String, String> tree(Path root) throws IOException {
        java.util.Map<String, String> out = new java.util.TreeMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                out.put(root.relativize(p).toString(), Files.readString(p));
            }
        }
        return out;
    }
}
