package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files a user may not read, met by the packaged jar run as an unprivileged user: root reads
 * everything, so the tests drop to {@code nobody} with util-linux's setpriv (skipped where the
 * tests do not run as root). A bundle's unreadable file costs its source only, with the reason;
 * an unreadable bundle is refused with exit 2, naming it.
 */
class UnreadableInputIT {
    private static final Path FIXTURE = Path.of("fixtures/bundles/pfc-storm-ecn-off");

    @TempDir
    static Path tmp;

    @BeforeAll
    static void asNobody() throws Exception {
        assumeThat(new com.sun.security.auth.module.UnixSystem().getUid())
                .as("run as root, so that the test can drop to nobody")
                .isZero();
        assumeThat(Path.of("/usr/bin/setpriv")).exists();
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @Test
    void anUnreadableManifestIsANoteAndTheFilesAreMatchedByName() throws Exception {
        Path bundle = copy("manifest-unreadable");
        unreadable(bundle.resolve("manifest.yaml"));

        SeparateProcess r = asNobody("analyze", bundle.toString());

        assertThat(r.exit()).isZero();
        assertThat(r.out())
                .contains("manifest.yaml: cannot be read (permission denied): ignored; files are matched by name")
                .contains("ECN_DISABLED_ON_ROCE_PRIO");
    }

    @Test
    void anUnreadableCaptureCostsItsSourceOnlyAndSaysWhy() throws Exception {
        Path bundle = copy("capture-unreadable");
        unreadable(bundle.resolve("commands/mlnx_qos_-i_ens1f0np0"));

        SeparateProcess r = asNobody("analyze", bundle.toString(), "--format", "json");

        assertThat(r.exit()).isZero();
        assertThat(r.err())
                .contains("commands/mlnx_qos_-i_ens1f0np0: mlnx_qos -i ens1f0np0: cannot be read: permission denied");
        var sources = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(r.out())
                .get("sources");
        assertThat(sources.get("parsed").toString())
                .contains("\"mlnx_qos -i ens1f1np1\"")
                .doesNotContain("\"mlnx_qos -i ens1f0np0\"");
        assertThat(sources.toString()).contains("cannot be read: permission denied");
    }

    @Test
    void anUnreadableBundleFolderIsRefusedNamingIt() throws Exception {
        Path bundle = copy("folder-unreadable");
        Files.setPosixFilePermissions(bundle, PosixFilePermissions.fromString("---------"));

        SeparateProcess r = asNobody("analyze", bundle.toString());

        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains(bundle + ": permission denied");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void anUnreadableArchiveIsRefusedNamingIt() throws Exception {
        Path archive = Files.write(tmp.resolve("bundle.tar.gz"), new byte[] {0x1f, (byte) 0x8b, 8, 0});
        unreadable(archive);

        SeparateProcess r = asNobody("analyze", archive.toString());

        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains(archive + ": cannot be read (permission denied)");
    }

    private static Path copy(String name) throws Exception {
        Path target = tmp.resolve(name);
        try (var files = Files.walk(FIXTURE)) {
            for (Path p : files.toList()) {
                Path to = target.resolve(FIXTURE.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to);
                    Files.setPosixFilePermissions(to, PosixFilePermissions.fromString("rwxr-xr-x"));
                } else {
                    Files.copy(p, to);
                    Files.setPosixFilePermissions(to, PosixFilePermissions.fromString("rw-r--r--"));
                }
            }
        }
        return target;
    }

    private static void unreadable(Path file) throws Exception {
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("---------"));
    }

    private static SeparateProcess asNobody(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                "/usr/bin/setpriv",
                "--reuid=65534",
                "--regid=65534",
                "--clear-groups",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar",
                Path.of("target/roce-doctor.jar").toAbsolutePath().toString()));
        command.addAll(List.of(args));
        return SeparateProcess.run(command, Map.of("TMPDIR", tmp.toString()));
    }
}
