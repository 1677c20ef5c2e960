package io.rocedoctor.bundle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.archivers.tar.TarConstants;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.AnnotatedElementContext;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.io.TempDirFactory;

/**
 * Every hostile archive of {@link HostileArchives} is refused or read safely: the reason is
 * named, nothing appears outside the scratch folder, the scratch folder is gone afterwards, the
 * disk used stays bounded, and the input is unchanged.
 */
class HostileArchiveTest {

    /** A hang guard only; the whole class runs in seconds. */
    private static final Duration HANG_GUARD = Duration.ofSeconds(60);

    @TempDir(factory = InMemoryWhenRoomy.class)
    static Path base;

    private static List<HostileArchives.Hostile> corpus;
    private static Path scratchParent;

    @BeforeAll
    static void generate() throws IOException {
        corpus = HostileArchives.generate(base);
        scratchParent = Files.createDirectories(HostileArchives.scratchParent(base));
        System.setProperty(ScratchFolder.PROPERTY, scratchParent.toString());
    }

    @AfterAll
    static void restore() {
        System.clearProperty(ScratchFolder.PROPERTY);
    }

    /** What a read gave: the exception's message, or the bundle's refusals and the files its captures point at. */
    private record Outcome(
            String failure, List<String> refusals, List<Path> captureFiles, Path root, long peakScratchBytes) {
        String said() {
            return failure != null ? failure : String.join("\n", refusals);
        }
    }

    @TestFactory
    Stream<DynamicTest> everyHostileInputIsRefusedOrReadWithoutHarm() {
        return corpus.stream()
                .map(h -> dynamicTest(h.label(), () -> {
                    Map<String, String> before = listing(base);
                    String checksum = sha256(h.file());

                    Outcome outcome = read(h.file());

                    for (String reason : h.reasons()) {
                        assertThat(outcome.said())
                                .as("what the reader said about %s", h.label())
                                .contains(reason);
                    }
                    if (outcome.failure() != null) {
                        assertThat(outcome.failure())
                                .as("the refusal names the file")
                                .startsWith(h.file().toString() + ": ");
                    }
                    for (String refusal : outcome.refusals()) {
                        assertThat(refusal).as("one printable line").doesNotContainPattern("\\p{Cntrl}");
                    }
                    for (Path file : outcome.captureFiles()) {
                        assertThat(file.toRealPath())
                                .as("a capture is read from inside the scratch folder")
                                .startsWith(outcome.root().toRealPath());
                    }
                    assertThat(listing(base))
                            .as("nothing written outside the scratch folder, which is deleted")
                            .isEqualTo(before);
                    try (Stream<Path> left = Files.list(scratchParent)) {
                        assertThat(left).as("scratch folders left behind").isEmpty();
                    }
                    assertThat(sha256(h.file()))
                            .as("the input is never modified")
                            .isEqualTo(checksum);
                    assertThat(outcome.peakScratchBytes())
                            .as("scratch bytes on disk")
                            .isLessThanOrEqualTo(ArchiveLimits.DEFAULT.maxExpandedBytes())
                            .isLessThanOrEqualTo(ArchiveLimits.DEFAULT.ratioGraceBytes() + (1 << 20));
                }));
    }

    @Test
    void theGzipBombIsStoppedEarly() {
        Outcome outcome = read(find("gzip-bomb.tar.gz"));
        assertThat(outcome.failure())
                .contains("fs/proc/interrupts")
                .doesNotContain("stopped after 1024 MiB")
                .contains("stopped after " + (ArchiveLimits.DEFAULT.ratioGraceBytes() >> 20) + " MiB");
    }

    /** A damaged entry is never parsed: it is gone from the bundle, the entries around it are read. */
    @Test
    void damagedEntriesAreDroppedAndTheRestRead() throws Exception {
        try (Bundle zip = new BundleReader().read(find("data-damaged.zip"))) {
            assertThat(zip.root().resolve("fs/proc/net/dev")).doesNotExist();
            assertThat(zip.root().resolve("fs/etc/hostname")).hasContent(HostileArchives.HOST);
        }
        try (Bundle tar = new BundleReader().read(find("header-damaged.tar.gz"))) {
            assertThat(tar.root().resolve("fs/etc/damaged")).doesNotExist();
            assertThat(tar.root().resolve("fs/etc/after")).hasContent("read as usual");
            assertThat(tar.root().resolve("fs/proc/net/dev")).isRegularFile();
        }
    }

    /**
     * The limits stop reading where they are crossed, not at the end: the entry flood is refused at
     * entry max-entries + 1, its first half read, and a lower limit stops it earlier still.
     */
    @Test
    void theEntryLimitStopsReadingAtTheEntryOverIt() throws Exception {
        Path flood = find("entry-flood.tar.gz");
        long size = Files.size(flood);
        assertThatThrownBy(() -> new BundleReader().read(flood))
                .isInstanceOf(BundleException.class)
                .hasMessageContaining("stopped at entry " + (ArchiveLimits.DEFAULT.maxEntries() + 1) + ", byte ")
                .satisfies(e -> assertThat(stoppedAtByte(e.getMessage())).isLessThan(size * 6 / 10));
        ArchiveLimits few = ArchiveLimits.fromProperties(Map.of(ArchiveLimits.MAX_ENTRIES, "1000"));
        assertThatThrownBy(() -> new BundleReader(few).read(flood))
                .isInstanceOf(BundleException.class)
                .hasMessageContaining("more than 1000 entries")
                .hasMessageContaining("stopped at entry 1001, byte ")
                .satisfies(e -> assertThat(stoppedAtByte(e.getMessage())).isLessThan(size / 50));
    }

    @Test
    void theEntrySizeLimitStopsInsideTheEntry() {
        Path bomb = find("gzip-bomb.tar.gz");
        ArchiveLimits small = ArchiveLimits.fromProperties(Map.of(ArchiveLimits.MAX_ENTRY_BYTES, "1M"));
        assertThatThrownBy(() -> new BundleReader(small).read(bomb))
                .isInstanceOf(BundleException.class)
                .hasMessageContaining("is larger than 1048576 bytes")
                .hasMessageContaining("stopped at entry 3, byte ");
    }

    private static long stoppedAtByte(String message) {
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("byte ([0-9]+) of ([0-9]+)").matcher(message);
        assertThat(m.find()).as(message).isTrue();
        return Long.parseLong(m.group(1));
    }

    @Test
    void nestedTarballsAreKeptAsPlainFiles() throws IOException {
        Path archive = find("nested.tar.gz");
        try (Bundle bundle = new BundleReader().read(archive)) {
            Path inner = bundle.root().resolve("fs/tmp/inner.tar.gz");
            assertThat(inner).isRegularFile();
            assertThat(ArchiveExtractor.sniff(inner)).isEqualTo(ArchiveExtractor.Format.TAR_GZ);
            assertThat(bundle.root().resolve("samples/1/fs/tmp/inner.tar")).isRegularFile();
            assertThat(bundle.refusals()).isEmpty();
            try (Stream<Path> all = Files.walk(base)) {
                assertThat(all.map(p -> p.getFileName().toString())).doesNotContain("evil-nested");
            }
        } catch (BundleException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void validUtf8NamesAreKept() throws Exception {
        try (Bundle bundle = new BundleReader().read(find("non-utf8.tar.gz"))) {
            assertThat(bundle.root().resolve("fs/etc/\u00e9t\u00e9")).hasContent("valid UTF-8 bytes: \u00e9t\u00e9");
            assertThat(bundle.unknownFiles()).contains("fs/etc/\u00e9t\u00e9");
        }
    }

    @Test
    void aTruncatedArchiveKeepsWhatCameBeforeAndDropsThePartialFile() throws Exception {
        try (Bundle bundle = new BundleReader().read(find("truncated.tar.gz"))) {
            assertThat(bundle.host()).isEqualTo(HostileArchives.HOST);
            assertThat(bundle.root().resolve("fs/proc/net/dev")).isRegularFile();
            assertThat(bundle.root().resolve("fs/var/log/noise")).doesNotExist();
        }
    }

    /** The links sosreports need (sysfs class entries pointing into devices/) still work. */
    @Test
    void linksThatStayInsideAreKeptAndRead() throws Exception {
        Path archive = base.resolve("sysfs-links.tar.gz");
        try (TarArchiveOutputStream tar =
                new TarArchiveOutputStream(new GzipCompressorOutputStream(Files.newOutputStream(archive)))) {
            entry(tar, "manifest.yaml", "format: 1\nhost: lab-sysfs-3\n");
            entry(tar, "fs/sys/devices/pci0000:40/0000:40:01.1/0000:41:00.0/net/enp65s0f1/mtu", "4200\n");
            TarArchiveEntry link = new TarArchiveEntry("fs/sys/class/net/enp65s0f1", TarConstants.LF_SYMLINK);
            link.setLinkName("../../devices/pci0000:40/0000:40:01.1/0000:41:00.0/net/enp65s0f1");
            tar.putArchiveEntry(link);
            tar.closeArchiveEntry();
        }
        try (Bundle bundle = new BundleReader().read(archive)) {
            assertThat(bundle.refusals()).isEmpty();
            assertThat(bundle.root().resolve("fs/sys/class/net/enp65s0f1")).isSymbolicLink();
            Capture mtu = bundle.capture(Source.of(SourceKind.NETDEV_MTU, "enp65s0f1"), 0)
                    .orElseThrow();
            assertThat(bundle.read(mtu)).isEqualTo("4200\n");
        } finally {
            Files.delete(archive);
        }
    }

    @Test
    void configuredLimitsApply() throws Exception {
        Path archive = find("nested.tar.gz");
        ArchiveLimits fewEntries = ArchiveLimits.fromProperties(Map.of(ArchiveLimits.MAX_ENTRIES, "2"));
        assertThatThrownBy(() -> new BundleReader(fewEntries).read(archive))
                .isInstanceOf(BundleException.class)
                .hasMessageContaining("more than 2 entries");
        ArchiveLimits fewBytes = ArchiveLimits.fromProperties(Map.of(ArchiveLimits.MAX_EXPANDED_BYTES, "1k"));
        assertThatThrownBy(() -> new BundleReader(fewBytes).read(archive))
                .isInstanceOf(BundleException.class)
                .hasMessageContaining("expands to more than 1024 bytes");
        try (Stream<Path> left = Files.list(scratchParent)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void limitsParseFromProperties() {
        assertThat(ArchiveLimits.fromProperties(Map.of())).isEqualTo(ArchiveLimits.DEFAULT);
        ArchiveLimits limits = ArchiveLimits.fromProperties(Map.of(
                "max-expanded-bytes",
                "2G",
                "max-entry-bytes",
                "64M",
                "max-entries",
                "5000",
                "max-depth",
                "12",
                "max-ratio",
                "50",
                "ratio-grace-bytes",
                "512k"));
        assertThat(limits).isEqualTo(new ArchiveLimits(2L << 30, 64L << 20, 5000, 12, 50, 512L << 10));
        assertThatThrownBy(() -> ArchiveLimits.fromProperties(Map.of("max-size", "1")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown archive limit 'max-size'");
        assertThatThrownBy(() -> ArchiveLimits.fromProperties(Map.of("max-entries", "-3")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("max-entries");
        assertThatThrownBy(() -> ArchiveLimits.fromProperties(Map.of("max-expanded-bytes", "99999999999T")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("out of range");
        assertThatThrownBy(() -> ArchiveLimits.fromProperties(Map.of("max-ratio", "0")))
                .isInstanceOf(IllegalArgumentException.class);
    }

    // ---- helpers --------------------------------------------------------------------------

    private static Path find(String name) {
        return corpus.stream()
                .map(HostileArchives.Hostile::file)
                .filter(f -> f.getFileName().toString().equals(name))
                .findFirst()
                .orElseThrow();
    }

    /** Reads and closes a bundle, watching how many bytes its scratch folder holds meanwhile. */
    private static Outcome read(Path file) {
        ScratchWatch watch = new ScratchWatch(scratchParent);
        watch.start();
        try {
            return assertTimeoutPreemptively(HANG_GUARD, () -> {
                try (Bundle bundle = new BundleReader().read(file)) {
                    List<Path> files = new ArrayList<>();
                    for (Source s : bundle.allSources()) {
                        bundle.samplesOf(s).stream()
                                .map(Capture::file)
                                .filter(f -> f != null)
                                .forEach(files::add);
                    }
                    return new Outcome(null, bundle.refusals(), files, bundle.root(), watch.finish());
                } catch (BundleException e) {
                    return new Outcome(e.getMessage(), List.of(), List.of(), null, watch.finish());
                }
            });
        } finally {
            watch.finish();
        }
    }

    /** Every path under a folder, links not followed, with its kind, size and modification time. */
    private static Map<String, String> listing(Path root) throws IOException {
        Map<String, String> out = new TreeMap<>();
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                out.put(root.relativize(dir).toString(), "dir");
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                out.put(
                        root.relativize(file).toString(),
                        (attrs.isSymbolicLink() ? "link " : "file ") + attrs.size() + " "
                                + attrs.lastModifiedTime().toMillis());
                return FileVisitResult.CONTINUE;
            }
        });
        return out;
    }

    private static String sha256(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 16];
            int n;
            while ((n = in.read(buffer)) > 0) {
                digest.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void entry(TarArchiveOutputStream tar, String name, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        TarArchiveEntry e = new TarArchiveEntry(name);
        e.setSize(bytes.length);
        tar.putArchiveEntry(e);
        tar.write(bytes);
        tar.closeArchiveEntry();
    }

    /**
     * Puts the corpus and the scratch folders in /dev/shm when it has room: the flood of 100,000
     * empty files costs tens of seconds of file creation on a slow virtual disk, and nothing here
     * depends on the medium. A small /dev/shm (64 MiB in a default container) falls back to the
     * temp directory.
     */
    static final class InMemoryWhenRoomy implements TempDirFactory {
        @Override
        public Path createTempDirectory(AnnotatedElementContext element, ExtensionContext context) throws IOException {
            Path shm = Path.of("/dev/shm");
            if (Files.isDirectory(shm)
                    && Files.isWritable(shm)
                    && Files.getFileStore(shm).getUsableSpace() > (1L << 30)) {
                return Files.createTempDirectory(shm, "hostile-archives-");
            }
            return Files.createTempDirectory("hostile-archives-");
        }
    }

    /**
     * Samples the bytes held under the scratch parent every few milliseconds. A sample can only
     * miss a peak, never invent one, so a bound it reports holds.
     */
    private static final class ScratchWatch extends Thread {
        private final Path folder;
        private final AtomicLong peak = new AtomicLong();
        private volatile boolean running = true;

        ScratchWatch(Path folder) {
            this.folder = folder;
            setDaemon(true);
        }

        @Override
        public void run() {
            while (running) {
                long start = System.nanoTime();
                peak.accumulateAndGet(bytesUnder(folder), Math::max);
                try {
                    // Resting twice as long as a walk took keeps the watch from slowing a 100,000-file extraction.
                    Thread.sleep(Math.max(5, 2 * (System.nanoTime() - start) / 1_000_000));
                } catch (InterruptedException e) {
                    return;
                }
            }
        }

        long finish() {
            running = false;
            return peak.get();
        }

        private static long bytesUnder(Path folder) {
            AtomicLong total = new AtomicLong();
            try {
                Files.walkFileTree(folder, new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                        total.addAndGet(attrs.size());
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFileFailed(Path file, IOException exc) {
                        return FileVisitResult.CONTINUE; // files come and go while extraction runs
                    }
                });
            } catch (IOException ignored) {
                // the folder itself vanished: nothing held
            }
            return total.get();
        }
    }
}
