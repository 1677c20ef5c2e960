package io.rocedoctor.bundle;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SwitchDumpReaderTest {

    @TempDir
    Path tmp;

    private static Path write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        return Files.writeString(file, text);
    }

    @Test
    void manifestNamesPlatformAndCapturesAndFilesAreMatchedByName() throws IOException {
        Path sw = tmp.resolve("switches/leaf07");
        write(sw.resolve("manifest.yaml"), """
                platform: sonic
                captures:
                  - {source: "show pfc counters", sample: 0, path: out/pfc0.txt}
                  - {source: "show pfc counters", sample: 1, path: out/pfc1.txt}
                  - {source: "show ecn", sample: 0, path: ../../../secret.txt}
                """);
        write(sw.resolve("out/pfc0.txt"), "first");
        write(sw.resolve("out/pfc1.txt"), "second");
        write(sw.resolve("commands/show_pfcwd_stats"), "stats0");
        write(sw.resolve("samples/2/commands/show_pfcwd_stats"), "stats2");
        write(sw.resolve("fs/etc/sonic/config_db.json"), "{}");
        write(sw.resolve("commands/uptime"), "unknown");
        write(tmp.resolve("secret.txt"), "outside");

        SwitchDump dump = SwitchDumpReader.read(sw);
        assertThat(dump.name()).isEqualTo("leaf07");
        assertThat(dump.platform()).isEqualTo(SwitchPlatform.SONIC);
        assertThat(dump.text(SwitchSource.of(SwitchSourceKind.SONIC_PFC_COUNTERS), 0))
                .contains("first");
        assertThat(dump.text(SwitchSource.of(SwitchSourceKind.SONIC_PFC_COUNTERS), 1))
                .contains("second");
        assertThat(dump.text(SwitchSource.of(SwitchSourceKind.SONIC_PFCWD_STATS), 2))
                .contains("stats2");
        assertThat(dump.text(SwitchSource.of(SwitchSourceKind.SONIC_PFCWD_STATS), 1))
                .isEmpty();
        assertThat(dump.text(SwitchSource.of(SwitchSourceKind.SONIC_CONFIG_DB), 0))
                .contains("{}");
        assertThat(dump.text(SwitchSource.of(SwitchSourceKind.SONIC_ECN), 0)).isEmpty();
        assertThat(dump.problems()).anyMatch(p -> p.contains("leaves the switch folder"));
        assertThat(dump.sampleCount()).isEqualTo(3);
        assertThat(dump.sources()).hasSize(3);
    }

    @Test
    void withoutManifestThePlatformComesFromTheFiles() throws IOException {
        Path sw = tmp.resolve("spine02");
        write(sw.resolve("commands/nv_show_interface_swp31_qos_pfc"), "pfc");
        SwitchDump dump = SwitchDumpReader.read(sw);
        assertThat(dump.platform()).isEqualTo(SwitchPlatform.CUMULUS_NVUE);
        assertThat(dump.text(SwitchSource.of(SwitchSourceKind.NVUE_INTERFACE_PFC, "swp31"), 0))
                .contains("pfc");
    }

    @Test
    void linksLeavingTheFolderAreNotRead() throws IOException {
        Path sw = tmp.resolve("leaf09");
        Files.createDirectories(sw.resolve("commands"));
        Path outside = write(tmp.resolve("elsewhere/pfc.txt"), "outside");
        Files.createSymbolicLink(sw.resolve("commands/show_pfc_counters"), outside);
        SwitchDump dump = SwitchDumpReader.read(sw);
        assertThat(dump.text(SwitchSource.of(SwitchSourceKind.SONIC_PFC_COUNTERS), 0))
                .isEmpty();
        assertThat(dump.problems()).anyMatch(p -> p.contains("link leaving"));
        assertThat(dump.platform()).isEqualTo(SwitchPlatform.OTHER);
    }

    @Test
    void badManifestIsReportedAndFilesStillMatched() throws IOException {
        Path sw = tmp.resolve("leaf10");
        write(sw.resolve("manifest.yaml"), "platform: [unclosed\n");
        write(sw.resolve("commands/show_ecn"), "ecn");
        SwitchDump dump = SwitchDumpReader.read(sw);
        assertThat(dump.problems()).anyMatch(p -> p.startsWith("manifest.yaml"));
        assertThat(dump.text(SwitchSource.of(SwitchSourceKind.SONIC_ECN), 0)).contains("ecn");
        assertThat(dump.platform()).isEqualTo(SwitchPlatform.SONIC);
    }
}
