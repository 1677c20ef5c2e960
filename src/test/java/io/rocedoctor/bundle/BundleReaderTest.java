package io.rocedoctor.bundle;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a directory bundle's files become sources: the manifest's captures list decides when there is one. */
class BundleReaderTest {
    @TempDir
    Path dir;

    private void write(String rel, String text) throws Exception {
        Path p = dir.resolve(rel);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }

    private void twoSamplesOfInterrupts() throws Exception {
        write("fs/proc/interrupts", "           CPU0\n 142:   10   mlx5_comp0@pci:0000:3b:00.0\n");
        write("samples/1/fs/proc/interrupts", "           CPU0\n 142:   99   mlx5_comp0@pci:0000:3b:00.0\n");
    }

    @Test
    void aManifestWithCapturesIsTheAuthorityAndAFileItDoesNotListIsNotRead() throws Exception {
        twoSamplesOfInterrupts();
        write(
                "manifest.yaml",
                "format: 1\nhost: h1\ncaptures:\n"
                        + "  - {source: \"/proc/interrupts\", sample: 0, path: fs/proc/interrupts, exit: 0}\n");
        try (Bundle b = new BundleReader().read(dir)) {
            Source interrupts = Source.of(SourceKind.PROC_INTERRUPTS);
            assertThat(b.samplesOf(interrupts)).extracting(Capture::sample).containsExactly(0);
            assertThat(b.unknownFiles())
                    .as("an unlisted file is not looked at, so not listed either")
                    .isEmpty();
        }
    }

    @Test
    void aManifestWithoutCapturesLeavesFilesToBeMatchedByName() throws Exception {
        twoSamplesOfInterrupts();
        write("manifest.yaml", "format: 1\nhost: h1\n");
        try (Bundle b = new BundleReader().read(dir)) {
            assertThat(b.samplesOf(Source.of(SourceKind.PROC_INTERRUPTS)))
                    .extracting(Capture::sample)
                    .containsExactly(0, 1);
            assertThat(b.unknownFiles()).isEmpty();
        }
    }

    @Test
    void aFileListedUnderAnotherNameIsReadOnceAsTheManifestSays() throws Exception {
        write("commands/ib_write_bw_-d_mlx5_0", "bw\n");
        write(
                "manifest.yaml",
                "format: 1\ncaptures:\n"
                        + "  - {source: \"ib_read_lat -d mlx5_0\", sample: 0, path: commands/ib_write_bw_-d_mlx5_0, exit: 0}\n");
        try (Bundle b = new BundleReader().read(dir)) {
            assertThat(b.allSources()).extracting(Source::display).containsExactly("ib_read_lat -d mlx5_0");
        }
    }

    @Test
    void perftestProgramsOfOneDeviceAreDistinctSourcesThatDisplayTheirProgram() throws Exception {
        write("commands/ib_write_bw_-d_mlx5_0", "bw\n");
        write("commands/ib_read_lat_-d_mlx5_0", "lat\n");
        write("commands/ib_send_lat", "lat\n");
        try (Bundle b = new BundleReader().read(dir)) {
            assertThat(b.sources(SourceKind.PERFTEST))
                    .extracting(Source::display)
                    .containsExactlyInAnyOrder("ib_write_bw -d_mlx5_0", "ib_read_lat -d_mlx5_0", "ib_send_lat");
        }
        assertThat(SourceKind.recognise("ib_read_lat -d mlx5_0", false, SourceKind.Origin.COMMAND))
                .hasValueSatisfying(s -> assertThat(s.args()).containsExactly("ib_read_lat", "-d mlx5_0"));
        assertThat(SourceKind.recognise("ib_write_bwx -d mlx5_0", false, SourceKind.Origin.COMMAND))
                .isEmpty();
    }
    /** An upload wrapped in folders (case/upload/host/bundle): the bundle is found, up to the bound. */
    @Test
    void aBundleInsideThreeWrappingFoldersIsFoundAndSixAreTooMany() throws Exception {
        String wrapped = "case-4711/upload/host17/bundle/";
        write(wrapped + "manifest.yaml", "format: 1\nhost: h1\n");
        write(wrapped + "fs/proc/interrupts", "           CPU0\n 142:   10   mlx5_comp0@pci:0000:3b:00.0\n");
        Path tgz = dir.resolveSibling(dir.getFileName() + "-wrapped.tar.gz");
        try (var tar = new org.apache.commons.compress.archivers.tar.TarArchiveOutputStream(
                new java.util.zip.GZIPOutputStream(Files.newOutputStream(tgz)))) {
            for (String name : java.util.List.of(wrapped + "manifest.yaml", wrapped + "fs/proc/interrupts")) {
                byte[] bytes = Files.readAllBytes(dir.resolve(name));
                var e = new org.apache.commons.compress.archivers.tar.TarArchiveEntry(name);
                e.setSize(bytes.length);
                tar.putArchiveEntry(e);
                tar.write(bytes);
                tar.closeArchiveEntry();
            }
        }
        try (Bundle b = new BundleReader().read(dir);
                Bundle fromArchive = new BundleReader().read(tgz)) {
            assertThat(b.host()).isEqualTo("h1");
            assertThat(fromArchive.host()).isEqualTo("h1");
            assertThat(fromArchive.samplesOf(Source.of(SourceKind.PROC_INTERRUPTS)))
                    .hasSize(1);
        } finally {
            Files.delete(tgz);
        }
        Path deep = dir.resolve("d1/d2/d3/d4/d5/d6");
        Files.createDirectories(deep);
        Files.move(dir.resolve("case-4711"), deep.resolve("case-4711"));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new BundleReader().read(dir.resolve("d1")))
                .isInstanceOf(BundleException.class)
                .hasMessageContaining("up to " + BundleReader.MAX_WRAPPING_FOLDERS
                        + " single wrapping folders): not a roce-doctor bundle");
    }

    private void sosreport() throws Exception {
        write("sos_commands/networking/ethtool_-S_eth0", "NIC statistics:\n     rx_packets: 1\n");
        write("sos_commands/networking/ethtool_-i_eth0", "driver: mlx5_core\n");
        write("sys/devices/pci0000:00/0000:00:01.0/net/eth0/mtu", "9000\n");
        Files.createDirectories(dir.resolve("sys/class/net"));
        Files.createSymbolicLink(
                dir.resolve("sys/class/net/eth0"), Path.of("../../devices/pci0000:00/0000:00:01.0/net/eth0"));
        Files.createDirectories(dir.resolve("var/lib"));
        Files.createSymbolicLink(dir.resolve("var/lib/elsewhere"), Path.of("/etc"));
    }

    /**
     * A sosreport is looked up, not walked: its copied files at the paths the source table names
     * (a link leaving the bundle there is refused), nothing else visited (a link leaving it
     * elsewhere is never reached), and its commands as its manifest.json lists them.
     */
    @Test
    void aSosreportIsLookedUpAtTheSourceTablesPathsAndItsManifestsCommands() throws Exception {
        sosreport();
        Files.createSymbolicLink(dir.resolve("sys/class/net/eth9"), Path.of("/sys/class/net/lo"));
        try (Bundle b = new BundleReader().read(dir)) {
            assertThat(b.capture(Source.of(SourceKind.NETDEV_MTU, "eth0"), 0))
                    .hasValueSatisfying(c -> assertThat(c.relativePath()).isEqualTo("sys/class/net/eth0/mtu"));
            assertThat(b.sources(SourceKind.ETHTOOL_STATS))
                    .extracting(Source::display)
                    .containsExactly("ethtool -S eth0");
            assertThat(b.sources(SourceKind.ETHTOOL_DRIVER)).hasSize(1);
            assertThat(b.refusals()).containsExactly("sys/class/net/eth9: link leaving the bundle: not followed");
        }
        write(
                "sos_reports/manifest.json",
                "{\"version\": \"4.5.0\", \"components\": {\"report\": {\"plugins\": {\"networking\": "
                        + "{\"commands\": [{\"exec\": \"ethtool -S eth0\", \"filepath\": \"sos_commands/networking/ethtool_-S_eth0\", "
                        + "\"return_code\": 0}]}}}}}");
        try (Bundle b = new BundleReader().read(dir)) {
            assertThat(b.sources(SourceKind.ETHTOOL_STATS)).hasSize(1);
            assertThat(b.sources(SourceKind.ETHTOOL_DRIVER))
                    .as("a file the manifest does not list")
                    .isEmpty();
            assertThat(b.sources(SourceKind.NETDEV_MTU)).hasSize(1);
            assertThat(b.collector()).isEqualTo("sosreport 4.5.0");
        }
    }
}
