package io.rocedoctor.bundle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where scratch folders go, and that none outlives its process: a process killed with SIGKILL
 * leaves its folder, the next one sweeps it, and a live process's folder is never touched.
 */
class ScratchFolderTest {
    @TempDir
    Path tmp;

    @Test
    void thePropertyThenRoceDoctorScratchThenTmpdirThenTheJvmsTempDirectory() {
        Map<String, String> both = Map.of(ScratchFolder.ENVIRONMENT, "/scratch/env", "TMPDIR", "/scratch/tmpdir");
        assertThat(ScratchFolder.parent("/scratch/property", both, "/tmp")).isEqualTo(Path.of("/scratch/property"));
        assertThat(ScratchFolder.parent(null, both, "/tmp")).isEqualTo(Path.of("/scratch/env"));
        assertThat(ScratchFolder.parent(" ", Map.of("TMPDIR", "/scratch/tmpdir"), "/tmp")).isEqualTo(Path.of("/scratch/tmpdir"));
        assertThat(ScratchFolder.parent(null, Map.of(), "/tmp")).isEqualTo(Path.of("/tmp"));
    }

    @Test
    void aFolderLeftByAProcessKilledMidAnalysisIsSweptAndALiveOnesIsNot() throws Exception {
        Path parent = Files.createDirectories(tmp.resolve("scratch"));
        Path archive = tarGz(Path.of("fixtures/bundles/healthy"), tmp.resolve("healthy.tar.gz"));
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "-D" + ScratchFolder.PROPERTY + "=" + parent,
                "io.rocedoctor.cli.Main", "analyze", archive.toString())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        Optional<Path> left = Optional.empty();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (left.isEmpty() && child.isAlive() && System.nanoTime() < deadline) {
            left = folders(parent).stream().filter(f -> Files.exists(f.resolve("manifest.yaml"))).findFirst();
            Thread.sleep(2);
        }
        assertThat(left).as("the child's scratch folder, holding the expanded bundle").isPresent();
        child.destroyForcibly(); // SIGKILL: no shutdown hook, no finally
        assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(left.get()).as("SIGKILL leaves the folder").isDirectory();
        assertThat(left.get().getFileName().toString()).startsWith("roce-doctor-" + child.pid() + "-");

        System.setProperty(ScratchFolder.PROPERTY, parent.toString());
        try {
            Path mine = ScratchFolder.create(); // sweeps, then makes this process's own
            assertThat(left.get()).as("the dead process's folder is swept").doesNotExist();
            // The same pid with another start time is a later process reusing the pid: its folder is stale too.
            String[] parts = mine.getFileName().toString().split("-");
            Path reused = Files.createDirectory(parent.resolve("roce-doctor-" + parts[2] + "-" + (Long.parseLong(parts[3]) - 5000) + "-1"));
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

    /** A full disk is named as the scratch folder it is, with what to do, not as an unreadable bundle. */
    @Test
    void aFullScratchDiskNamesTheFolder() throws Exception {
        Path small = Files.createDirectories(tmp.resolve("small"));
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", small.toString())
                .redirectErrorStream(true).start();
        Assumptions.assumeTrue(mount.waitFor(10, TimeUnit.SECONDS) && mount.exitValue() == 0, "needs root to mount a small tmpfs");
        System.setProperty(ScratchFolder.PROPERTY, small.toString());
        try {
            Path bundle = Files.createDirectories(tmp.resolve("big/fs/proc"));
            Files.write(bundle.resolve("interrupts"), new java.util.Random(1).ints(200_000).mapToObj(Integer::toString)
                    .reduce(new StringBuilder(), (b, s) -> b.append(s).append('\n'), StringBuilder::append).toString().getBytes());
            Path archive = tarGz(tmp.resolve("big"), tmp.resolve("big.tar.gz"));
            assertThatThrownBy(() -> new BundleReader().read(archive)).isInstanceOf(BundleException.class)
                    .hasMessageStartingWith(archive + ": cannot expand into the scratch folder " + small + "/roce-doctor-")
                    .hasMessageContaining("No space left on device").hasMessageEndingWith(ScratchFolder.WHERE);
            assertThat(folders(small)).as("the refused archive's folder is deleted").isEmpty();
        } finally {
            System.clearProperty(ScratchFolder.PROPERTY);
            new ProcessBuilder("umount", small.toString()).start().waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static List<Path> folders(Path parent) throws IOException {
        try (Stream<Path> s = Files.list(parent)) {
            return s.filter(p -> p.getFileName().toString().startsWith("roce-doctor-")).toList();
        }
    }

    private static Path tarGz(Path bundle, Path file) throws IOException {
        try (TarArchiveOutputStream tar = new TarArchiveOutputStream(new GzipCompressorOutputStream(Files.newOutputStream(file)));
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
