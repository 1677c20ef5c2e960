package io.rocedoctor.bundle;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 15: every path the shell accepts for a bundle folder names the same bundle, shown as given. */
class BundlePathShapesTest {
    @TempDir
    Path tmp;

    private Path bundle;
    private List<String> plain;

    @BeforeEach
    void copyAScenario() throws Exception {
        bundle = tmp.resolve("case 123").resolve("the bundle");
        BundleTrees.copy(Path.of("fixtures/bundles/pfc-not-on-roce-prio-doca"), bundle);
        Files.createDirectories(tmp.resolve("case 123/x"));
        plain = captures(bundle);
        assertThat(plain).hasSizeGreaterThan(20);
    }

    @Test
    void aDotDotSegmentNamesTheSameBundle() throws Exception {
        assertSameBundle(tmp.resolve("case 123/x/../the bundle"));
    }

    @Test
    void aRelativePathClimbingOutOfTheWorkingFolderNamesTheSameBundle() throws Exception {
        Path relative = Path.of("").toAbsolutePath().relativize(bundle.toAbsolutePath());
        assertThat(relative.toString()).startsWith("..");
        assertSameBundle(Path.of(".").resolve(relative));
    }

    @Test
    void dotSegmentsAndATrailingSlashNameTheSameBundle() throws Exception {
        assertSameBundle(Path.of(bundle + "/."));
        assertSameBundle(Path.of(tmp + "/./case 123/./the bundle/"));
    }

    @Test
    void aSymlinkedFolderAndADotDotBehindItNameTheSameBundle() throws Exception {
        Path link =
                Files.createSymbolicLink(tmp.resolve("link"), bundle.getParent().resolve("x"));
        assertSameBundle(Files.createSymbolicLink(tmp.resolve("latest"), bundle));
        // The system resolves "link/.." from the link's target: the bundle's own folder.
        assertSameBundle(link.resolve("../the bundle"));
    }

    @Test
    void theBundleFolderNamedByDotDotTakesTheFolderNameForAHostlessManifest() throws Exception {
        Path hostless = tmp.resolve("gpu-7");
        Files.createDirectories(hostless.resolve("commands"));
        Files.writeString(hostless.resolve("commands/lscpu"), "CPU(s): 4\n");
        Files.createDirectories(hostless.resolve("sub"));
        try (Bundle b = new BundleReader().read(hostless.resolve("sub/.."))) {
            assertThat(b.host()).isEqualTo("gpu-7");
        }
    }

    private void assertSameBundle(Path given) throws Exception {
        try (Bundle b = new BundleReader().read(given)) {
            assertThat(b.input()).as("the path as given").isEqualTo(given);
            assertThat(b.refusals()).isEmpty();
            assertThat(b.host()).isEqualTo("ai-node-58");
        }
        assertThat(captures(given)).isEqualTo(plain);
    }

    /** What the bundle holds: every capture with its sample and the file it was read from. */
    private static List<String> captures(Path path) throws Exception {
        try (Bundle b = new BundleReader().read(path)) {
            return b.allSources().stream()
                    .flatMap(s -> b.samplesOf(s).stream())
                    .map(c -> c.source().display() + "#" + c.sample() + "=" + c.relativePath()
                            + (c.collected() ? "" : " failed"))
                    .sorted()
                    .toList();
        }
    }
}
