package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.bundle.BundleReader;
import io.rocedoctor.bundle.Capture;
import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.parse.IbvDevices;
import io.rocedoctor.parse.IbvDevinfoParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Real NVIDIA sysinfo-snapshots, never kept in the repository: every {@code .tgz} (and extracted
 * folder) in the folder {@code ROCE_DOCTOR_SYSINFO_SNAPSHOTS} names is analysed as a customer's
 * would be, and must come out as the issue asks (docs/bundle-format.md, "NVIDIA sysinfo-snapshot"):
 * exit 0; layout sysinfo-snapshot with the version the snapshot's name gives; no source that failed
 * to parse; each InfiniBand port of its {@code ibv_devinfo -v} (read here on its own) named as one;
 * on a host whose RDMA ports are all InfiniBand, no RoCE finding and no RoCE perftest step. Skipped
 * when the variable is unset.
 */
class SysinfoSnapshotsConformanceTest {
    private static final Pattern VERSION_IN_NAME = Pattern.compile("sysinfo-snapshot-v([0-9][0-9.]*[0-9])-");
    /** Rule layers that judge RoCE traffic (its QoS, congestion control and transport). */
    private static final Set<String> ROCE_LAYERS = Set.of("host-qos", "congestion", "transport");

    @TestFactory
    Stream<DynamicTest> everyRealSnapshotAnalysesAsTheIssueAsks() throws IOException {
        String dir = System.getenv("ROCE_DOCTOR_SYSINFO_SNAPSHOTS");
        Assumptions.assumeTrue(
                dir != null && Files.isDirectory(Path.of(dir)),
                "ROCE_DOCTOR_SYSINFO_SNAPSHOTS is not set to a folder: real sysinfo-snapshots skipped");
        List<Path> snapshots;
        try (Stream<Path> list = Files.list(Path.of(dir))) {
            snapshots = list.filter(p -> Files.isDirectory(p)
                            || p.getFileName().toString().endsWith(".tgz")
                            || p.getFileName().toString().endsWith(".tar.gz"))
                    .sorted()
                    .toList();
        }
        assertThat(snapshots).as("snapshots in " + dir).isNotEmpty();
        return snapshots.stream()
                .map(s -> DynamicTest.dynamicTest(s.getFileName().toString(), () -> conforms(s)));
    }

    private static void conforms(Path snapshot) throws IOException {
        Cli cli = Cli.run("analyze", snapshot.toString(), "--format", "json");
        assertThat(cli.exit()).as(cli.err()).isZero();
        JsonNode report = new ObjectMapper().readTree(cli.out());

        assertThat(report.at("/bundle/layout").asText()).isEqualTo("sysinfo-snapshot");
        String notes = report.at("/sources/notes").toString();
        Matcher named = VERSION_IN_NAME.matcher(snapshot.getFileName().toString());
        assertThat(notes)
                .contains(
                        named.find()
                                ? "Read as NVIDIA sysinfo-snapshot " + named.group(1) + ","
                                : "Read as NVIDIA sysinfo-snapshot ");
        assertThat(report.at("/sources/failed"))
                .as("sources that failed to parse")
                .isEmpty();

        List<IbvDevices.IbvDevice> devices =
                devices(snapshot).map(IbvDevices::devices).orElse(List.of());
        List<String> infinibandPorts = new ArrayList<>();
        devices.forEach(d -> d.ports().stream()
                .filter(SysinfoSnapshotsConformanceTest::infiniband)
                .forEach(p -> infinibandPorts.add(d.hcaId() + " port " + p.port())));
        infinibandPorts.forEach(port ->
                assertThat(notes).containsPattern(Pattern.quote(port) + "( \\([^)]*\\))? is an InfiniBand port"));
        boolean allInfiniband = !infinibandPorts.isEmpty()
                && devices.stream()
                        .flatMap(d -> d.ports().stream())
                        .allMatch(SysinfoSnapshotsConformanceTest::infiniband);
        if (allInfiniband) {
            assertThat(report.at("/analysed/headline").asText()).contains("are InfiniBand, not RoCE");
            report.path("findings")
                    .forEach(f -> assertThat(f.path("layer").asText())
                            .as(f.path("id").asText() + " on an InfiniBand host")
                            .isNotIn(ROCE_LAYERS.toArray()));
            report.at("/plan/steps")
                    .forEach(step -> assertThat(step.path("id").asText()).isNotEqualTo("baseline-perftest"));
        }
    }

    private static boolean infiniband(IbvDevices.IbvPort port) {
        return "InfiniBand".equalsIgnoreCase(port.linkLayer());
    }

    /** The snapshot's ibv_devinfo -v, read and parsed here apart from the analysis. */
    private static Optional<IbvDevices> devices(Path snapshot) throws IOException {
        try (Bundle bundle = new BundleReader().read(snapshot)) {
            Optional<Capture> capture = bundle.capture(Source.of(SourceKind.IBV_DEVINFO), 0);
            if (capture.isEmpty() || !capture.get().collected()) {
                return Optional.empty();
            }
            return Optional.of(new IbvDevinfoParser().parse(bundle.read(capture.get())));
        } catch (io.rocedoctor.parse.ParseException | io.rocedoctor.bundle.BundleException e) {
            throw new AssertionError(snapshot + ": " + e.getMessage(), e);
        }
    }
}
