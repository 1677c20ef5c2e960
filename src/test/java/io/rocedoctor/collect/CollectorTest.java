package io.rocedoctor.collect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.bundle.BundleException;
import io.rocedoctor.bundle.BundleReader;
import io.rocedoctor.bundle.Capture;
import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A capture of a host-shaped folder, read back through the same reader that analyses bundles. */
class CollectorTest {
    /** Files of the fake host, and one tool every Debian has and one no test machine has. */
    private static final Set<SourceKind> KINDS = EnumSet.of(
            SourceKind.PROC_INTERRUPTS,
            SourceKind.IRQ_AFFINITY,
            SourceKind.BONDING,
            SourceKind.NETDEV_NUMA_NODE,
            SourceKind.ECN_NOTIFICATION_POINT,
            SourceKind.LSCPU,
            SourceKind.MLNX_QOS);

    @TempDir
    Path root;

    @TempDir
    Path out;

    private final List<String> phases = new ArrayList<>();
    private final List<String> ticks = new ArrayList<>();

    private Path collect(boolean redact) throws IOException {
        FakeHost.create(root);
        Collector.Settings settings = new Collector.Settings(
                Duration.ofSeconds(1), 2, redact, KINDS, Duration.ofSeconds(20), "roce-doctor test");
        Path bundle = out.resolve("host.tar.gz");
        new Collector(root, settings, new Collector.Progress() {
                    @Override
                    public void phase(String line) {
                        phases.add(line);
                    }

                    @Override
                    public void tick(String line) {
                        ticks.add(line);
                    }
                })
                .collect(bundle);
        return bundle;
    }

    @Test
    void theBundleReadsBackWithTwoTimedSamplesOfTheCounters() throws IOException, BundleException {
        try (Bundle b = new BundleReader().read(collect(false))) {
            assertThat(b.sampleCount()).isEqualTo(2);
            assertThat(b.secondsBetween(0, 1))
                    .hasValueSatisfying(s -> assertThat(s).isPositive());
            assertThat(b.samplesOf(Source.of(SourceKind.PROC_INTERRUPTS)))
                    .extracting(Capture::relativePath)
                    .containsExactly("fs/proc/interrupts", "samples/1/fs/proc/interrupts");
            assertThat(b.samplesOf(Source.of(SourceKind.IRQ_AFFINITY, "140"))).hasSize(1);
            assertThat(b.read(
                            b.capture(Source.of(SourceKind.PROC_INTERRUPTS), 1).orElseThrow()))
                    .isEqualTo(FakeHost.INTERRUPTS);
            assertThat(b.collector()).isEqualTo("roce-doctor test");
            assertThat(b.host()).isEqualTo("gpu-node-17");
            assertThat(b.unknownFiles()).isEmpty();
        }
    }

    @Test
    void aMissingToolIsRecordedWithItsExitCodeAndTheCaptureGoesOn() throws IOException, BundleException {
        try (Bundle b = new BundleReader().read(collect(false))) {
            assertThat(b.failedCaptures())
                    .extracting(c -> c.source().display(), Capture::exitCode, Capture::error)
                    .containsExactly(
                            tuple("mlnx_qos -i ens1f0np0", 127, "command not found"),
                            tuple("mlnx_qos -i ens1f1np1", 127, "command not found"));
            assertThat(b.sources(SourceKind.ECN_NOTIFICATION_POINT)).hasSize(16);
        }
    }

    @Test
    void theManifestSaysWhichRdmaDevicesWereFound() throws IOException, BundleException {
        try (Bundle b = new BundleReader().read(collect(false))) {
            assertThat(b.discoveredRdmaDevices()).contains(List.of("mlx5_0", "mlx5_1"));
            assertThat(b.redacted()).isEmpty();
        }
    }

    @Test
    void redactionReplacesTheHostAndAddressesAndTheManifestSaysSo() throws IOException, BundleException {
        try (Bundle b = new BundleReader().read(collect(true))) {
            assertThat(b.host()).isEqualTo("host-1");
            assertThat(b.redacted()).containsExactly("hostnames", "ipv4", "ipv6", "mac", "guid", "serial");
            assertThat(b.read(
                            b.capture(Source.of(SourceKind.BONDING, "bond0"), 0).orElseThrow()))
                    .contains("Permanent HW addr: 02:00:00:00:00:01")
                    .doesNotContain("0c:42:a1");
        }
    }

    /**
     * The manifest names the host by a hash of its machine id, redacted or not: apply.sh recognises
     * the host of a redacted bundle by it (printf 'roce-doctor:%s' ID | sha256sum, first 32 digits),
     * and the id itself never leaves the host.
     */
    @Test
    void theManifestRecordsTheMachineIdHashedNeverTheIdItself() throws Exception {
        Process p = new ProcessBuilder(
                        "bash", "-c", "printf 'roce-doctor:%s' " + FakeHost.MACHINE_ID + " | sha256sum | cut -c1-32")
                .start();
        String expected =
                new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.US_ASCII).strip();
        assertThat(p.waitFor()).isZero();
        try (Bundle b = new BundleReader().read(collect(true))) {
            assertThat(b.machine()).isEqualTo(expected).hasSize(32).isNotEqualTo(FakeHost.MACHINE_ID.substring(0, 32));
        }
        Files.writeString(root.resolve("etc/machine-id"), "not-an-id\n");
        assertThat(Collector.machineHash(root))
                .as("a file that is no machine id is not recorded")
                .isNull();
    }

    @Test
    void everyEntrySitsInOneFolderNamedAfterTheArchive() throws IOException {
        List<String> names = new ArrayList<>();
        try (InputStream in = Files.newInputStream(collect(false));
                TarArchiveInputStream tar = new TarArchiveInputStream(new GzipCompressorInputStream(in))) {
            for (TarArchiveEntry e = tar.getNextEntry(); e != null; e = tar.getNextEntry()) {
                names.add(e.getName());
            }
        }
        assertThat(names)
                .allMatch(n -> n.startsWith("host/"))
                .contains("host/manifest.yaml", "host/fs/proc/interrupts");
        assertThat(out.resolve("host.tar.gz.partial")).doesNotExist();
    }

    @Test
    void theProgressCountsDownToTheNextSample() throws IOException {
        collect(false);

        assertThat(phases.get(0)).startsWith("found 2 RDMA devices (mlx5_0, mlx5_1), 2 netdevs");
        assertThat(phases).anyMatch(p -> p.startsWith("waiting ") && p.endsWith("for sample 2/2"));
        assertThat(ticks).anyMatch(t -> t.matches("  sample 2/2 in [0-9]+ s"));
    }
}
