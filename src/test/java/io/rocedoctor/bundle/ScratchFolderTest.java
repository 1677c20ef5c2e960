package io.rocedoctor.bundle;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where scratch folders go, and that none outlives its process: a process killed with SIGKILL
 * leaves its folder, the next one sweeps it, and a live process's folder is never touched. Archives
 * no longer need one: they are read in memory ({@link MemoryFileSystem}).
 */
class ScratchFolderTest {
    @TempDir
    Path tmp;

    @Test
    void thePropertyThenRoceDoctorScratchThenTmpdirThenTheJvmsTempDirectory() {
        Map<String, String> both = Map.of(ScratchFolder.ENVIRONMENT, "/scratch/env", "TMPDIR", "/scratch/tmpdir");
        assertThat(ScratchFolder.parent("/scratch/property", both, "/tmp")).isEqualTo(Path.of("/scratch/property"));
        assertThat(ScratchFolder.parent(null, both, "/tmp")).isEqualTo(Path.of("/scratch/env"));
        assertThat(ScratchFolder.parent(" ", Map.of("TMPDIR", "/scratch/tmpdir"), "/tmp"))
                .isEqualTo(Path.of("/scratch/tmpdir"));
        assertThat(ScratchFolder.parent(null, Map.of(), "/tmp")).isEqualTo(Path.of("/tmp"));
    }

    /**
     * A folder left by a process that is gone (killed with SIGKILL: no shutdown hook, no finally)
     * is swept by the next one; a live process's folder and a folder whose owner cannot be told stay.
     */
    @Test
    void aFolderLeftByAProcessThatIsGoneIsSweptAndALiveOnesIsNot() throws Exception {
        Path parent = Files.createDirectories(tmp.resolve("scratch"));
        Process child = new ProcessBuilder("sleep", "30").start();
        long childStart = child.info().startInstant().orElseThrow().toEpochMilli();
        Path left = Files.createDirectory(parent.resolve("roce-doctor-" + child.pid() + "-" + childStart + "-7"));
        assertThat(ScratchFolder.sweep(parent))
                .as("the folder of a live process")
                .isZero();
        child.destroyForcibly();
        assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();

        System.setProperty(ScratchFolder.PROPERTY, parent.toString());
        try {
            Path mine = ScratchFolder.create(); // sweeps, then makes this process's own
            assertThat(left).as("the dead process's folder is swept").doesNotExist();
            // The same pid with another start time is a later process reusing the pid: its folder is stale too.
            String[] parts = mine.getFileName().toString().split("-");
            Path reused = Files.createDirectory(
                    parent.resolve("roce-doctor-" + parts[2] + "-" + (Long.parseLong(parts[3]) - 5000) + "-1"));
            assertThat(ScratchFolder.sweep(parent)).isEqualTo(1);
            assertThat(reused).doesNotExist();
            assertThat(mine).as("a live process's folder stays").isDirectory();
            Path notOurs = Files.createDirectory(parent.resolve("roce-doctor-notes"));
            ScratchFolder.sweep(parent);
            assertThat(notOurs).as("a folder whose owner cannot be told stays").isDirectory();
            ScratchFolder.delete(mine);
        } finally {
            System.clearProperty(ScratchFolder.PROPERTY);
        }
    }

    /**
     * An archive is read in memory: a scratch disk with no room changes nothing, and nothing is
     * written there while the bundle is open (before, the archive was expanded into it).
     */
    @Test
    void anArchiveIsReadWithoutWritingToTheScratchDisk() throws Exception {
        Path small = Files.createDirectories(tmp.resolve("small"));
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", small.toString())
                .redirectErrorStream(true)
                .start();
        boolean mounted = mount.waitFor(10, TimeUnit.SECONDS) && mount.exitValue() == 0;
        System.setProperty(ScratchFolder.PROPERTY, small.toString());
        try {
            Path bundle = Files.createDirectories(tmp.resolve("big/fs/proc"));
            Files.write(
                    bundle.resolve("interrupts"),
                    new java.util.Random(1)
                            .ints(200_000)
                            .mapToObj(Integer::toString)
                            .reduce(new StringBuilder(), (b, s) -> b.append(s).append('\n'), StringBuilder::append)
                            .toString()
                            .getBytes());
            Path archive = tarGz(tmp.resolve("big"), tmp.resolve("big.tar.gz"));
            try (Bundle read = new BundleReader().read(archive)) {
                Capture interrupts =
                        read.capture(Source.of(SourceKind.PROC_INTERRUPTS), 0).orElseThrow();
                assertThat(read.read(interrupts)).isEqualTo(Files.readString(bundle.resolve("interrupts")));
                try (Stream<Path> written = Files.list(small)) {
                    assertThat(written)
                            .as("written to the scratch disk" + (mounted ? " (64 KiB tmpfs)" : ""))
                            .isEmpty();
                }
            }
        } finally {
            System.clearProperty(ScratchFolder.PROPERTY);
            if (mounted) {
                new ProcessBuilder("umount", small.toString()).start().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    private static Path tarGz(Path bundle, Path file) throws IOException {
        try (TarArchiveOutputStream tar =
                        new TarArchiveOutputStream(new GzipCompressorOutputStream(Files.newOutputStream(file)));
                Stream<Path> files = Files.walk(bundle)) {
            for (Path p : files.filter(Files::isRegularFile).sorted().toList()) {
                byte[] bytes = Files.readAllBytes(p);
                TarArchiveEntry e = new TarArchiveEntry(bundle.relativize(p).toString());
                e.setSize(bytes.length);
                tar.putArchiveEntry(e);
                tar.write(bytes);
                tar.closeArchiveEntry();
            }
        }
        return file;
    }
}
