package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.bundle.BundleReader;
import io.rocedoctor.bundle.Capture;
import io.rocedoctor.bundle.Mangling;
import io.rocedoctor.bundle.SosPlugins;
import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sosreport of the same host as a native bundle gives the same findings, less those that need
 * sources no sos plugin takes, whose rules are then listed as not evaluated.
 */
class SosReportShapeTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path scratch;

    @Test
    void everySosSpellingIsReadAsItsKind() {
        for (SourceKind kind : SourceKind.values()) {
            Optional<SosPlugins.Taken> taken = SosPlugins.of(kind);
            if (taken.isEmpty()) {
                continue;
            }
            List<String> args = kind.parameters().stream()
                    .map(p -> p.equals("if")
                            ? "ens1f0np0"
                            : p.equals("dev") ? "0000:3b:00.0" : p.equals("bond") ? "bond0" : "3")
                    .toList();
            String spelled = render(taken.get().spelling(), kind, args);
            boolean command = kind.origin() == SourceKind.Origin.COMMAND;
            String asFound = command ? Mangling.mangle(spelled) : spelled;

            // The sos reader gives a file to every kind that matches it (ip -s -d link is details and counters).
            assertThat(kind.match(asFound, command).map(found -> new Source(kind, found)))
                    .as(taken.get().plugin() + ": " + spelled)
                    .contains(new Source(kind, args));
        }
    }

    @Test
    void sosMellanoxFirmwareCommandsWithTheirDoubleSpacesAreRead() {
        // mellanox_firmware builds "mlxconfig -d " + " " + device + " " + " -e q".
        assertThat(SourceKind.recognise(
                        Mangling.mangle("mlxconfig -d  0000:08:00.0  -e q"), true, SourceKind.Origin.COMMAND))
                .contains(Source.of(SourceKind.MLXCONFIG, "0000:08:00.0"));
        assertThat(SourceKind.recognise("mlxlink_-d_0000_08_00.0", true, SourceKind.Origin.COMMAND))
                .contains(Source.of(SourceKind.MLXLINK, "0000_08_00.0"));
    }

    /**
     * Upstream sos's nvidia plugin runs no {@code nvidia-smi topo -m} (sos/report/plugins/nvidia.py:
     * --list-gpus, -q, nvlink...), so SosPlugins names no plugin for it; NVIDIA's DOCA sosreport adds
     * {@code topo -m} to the same plugin, and its {@code sos_commands/nvidia/nvidia-smi_topo_-m} is read.
     */
    @Test
    void docaSosreportsNvidiaSmiTopologyIsReadThoughUpstreamSosTakesNone() {
        assertThat(SosPlugins.of(SourceKind.NVIDIA_SMI_TOPO)).isEmpty();
        assertThat(SourceKind.recognise(Mangling.mangle("nvidia-smi topo -m"), true, SourceKind.Origin.COMMAND))
                .contains(Source.of(SourceKind.NVIDIA_SMI_TOPO));
        assertThat(SourceKind.recognise(Mangling.mangle("nvidia-smi topo -mp"), true, SourceKind.Origin.COMMAND))
                .isEmpty();
    }

    @TestFactory
    Stream<DynamicTest> eachScenarioAsASosreportFindsWhatItsSourcesAllow() throws Exception {
        List<Path> scenarios;
        try (Stream<Path> s = Files.list(Path.of("fixtures/bundles"))) {
            scenarios = s.filter(p -> Files.isRegularFile(p.resolve("expected.yaml")))
                    .sorted()
                    .toList();
        }
        return scenarios.stream()
                .map(dir -> DynamicTest.dynamicTest(dir.getFileName().toString(), () -> compare(dir)));
    }

    private void compare(Path nativeBundle) throws Exception {
        Path sos = sosShaped(
                nativeBundle, scratch.resolve("sosreport-" + nativeBundle.getFileName() + "-2026-11-20-abcdefg"));
        JsonNode fromNative = analyse(nativeBundle);
        JsonNode fromSos = analyse(sos);

        assertThat(fromSos.at("/bundle/layout").asText()).isEqualTo("sosreport");
        Set<String> nativeFindings = findings(fromNative);
        Set<String> sosFindings = findings(fromSos);
        assertThat(nativeFindings).containsAll(sosFindings);
        Set<String> notEvaluated = new TreeSet<>();
        fromSos.path("notEvaluated")
                .forEach(n -> notEvaluated.add(n.path("rule").asText()));
        for (String lost : nativeFindings) {
            if (!sosFindings.contains(lost)) {
                assertThat(notEvaluated)
                        .as("a finding the sosreport lacks must be a rule not evaluated")
                        .contains(lost.split("@")[0]);
            }
        }
        assertThat(fromSos.at("/sources/notes").toString())
                .contains("no sos plugin takes")
                .contains("mlnx_qos -i *")
                .doesNotContain("{");
    }

    private static JsonNode analyse(Path bundle) throws Exception {
        Cli cli = Cli.run("analyze", bundle.toString(), "--format", "json");
        assertThat(cli.exit()).as(cli.err()).isZero();
        return JSON.readTree(cli.out());
    }

    private static Set<String> findings(JsonNode report) {
        Set<String> out = new TreeSet<>();
        report.path("findings")
                .forEach(f ->
                        out.add(f.path("id").asText() + "@" + f.path("subject").asText()));
        return out;
    }

    /** What sos would have written on that host: sample 0 of each source a sos plugin takes, at sos's place and spelling. */
    static Path sosShaped(Path nativeBundle, Path root) throws Exception {
        try (Bundle b = new BundleReader().read(nativeBundle)) {
            for (Source s : b.allSources()) {
                Optional<SosPlugins.Taken> taken = SosPlugins.of(s.kind());
                Optional<Capture> first = b.capture(s, 0).filter(Capture::collected);
                if (taken.isEmpty() || first.isEmpty()) {
                    continue;
                }
                String spelled = render(taken.get().spelling(), s.kind(), s.args());
                Path target = s.kind().origin() == SourceKind.Origin.FILE
                        ? root.resolve(spelled.substring(1))
                        : root.resolve("sos_commands/" + taken.get().plugin() + "/" + Mangling.mangle(spelled));
                Files.createDirectories(target.getParent());
                if (!Files.exists(target)) {
                    Files.copy(first.get().file(), target);
                }
            }
            Files.writeString(root.resolve("hostname"), b.host() + "\n");
        }
        return root;
    }

    private static String render(String spelling, SourceKind kind, List<String> args) {
        String out = spelling;
        for (int i = 0; i < args.size(); i++) {
            out = out.replace("{" + kind.parameters().get(i) + "}", args.get(i));
        }
        return out;
    }
}
