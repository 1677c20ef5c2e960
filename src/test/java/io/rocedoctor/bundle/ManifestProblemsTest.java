package io.rocedoctor.bundle;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each problem of a manifest.yaml is a note with its reason in the bundle's refusals (which the
 * report lists), never a silent default: the rest of the bundle is still read.
 */
class ManifestProblemsTest {
    private static final String CAPTURE =
            "  - {source: \"/proc/interrupts\", sample: 0, path: fs/proc/interrupts, exit: 0}\n";

    @TempDir
    Path dir;

    private record Case(String what, String manifest, String note) {}

    private static String aliasBomb() {
        StringBuilder y =
                new StringBuilder("a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
        for (char c = 'b'; c <= 'i'; c++) {
            char p = (char) (c - 1);
            y.append(c)
                    .append(": &")
                    .append(c)
                    .append(" [*")
                    .append(p)
                    .append(", *")
                    .append(p)
                    .append(", *")
                    .append(p)
                    .append(", *")
                    .append(p)
                    .append(", *")
                    .append(p)
                    .append(", *")
                    .append(p)
                    .append(", *")
                    .append(p)
                    .append(", *")
                    .append(p)
                    .append(", *")
                    .append(p)
                    .append("]\n");
        }
        return y.toString();
    }

    @TestFactory
    Stream<DynamicTest> eachManifestProblemIsANoteWithItsReason() {
        return Stream.of(
                        new Case("a YAML alias bomb", aliasBomb(), "manifest.yaml: not valid YAML ("),
                        new Case(
                                "5,000 nested brackets",
                                "host: " + "[".repeat(5000) + "]".repeat(5000) + "\n",
                                "manifest.yaml: not valid YAML ("),
                        new Case(
                                "a host that is a list",
                                "host: [a, b]\n",
                                "manifest.yaml: host is not a scalar: ignored"),
                        new Case(
                                "captures that is not a list",
                                "captures: 5\n",
                                "manifest.yaml: captures is not a list: ignored"),
                        new Case(
                                "an unknown top-level key",
                                "host: h1\nhots: h2\n",
                                "manifest.yaml: unknown key 'hots': ignored"),
                        new Case(
                                "an unknown capture key",
                                "captures:\n  - {source: \"/proc/interrupts\", sample: 0, path: fs/proc/interrupts, exti: 0}\n",
                                "manifest.yaml: captures[0]: unknown key 'exti': ignored"),
                        new Case(
                                "sample -5",
                                "captures:\n" + CAPTURE.replace("sample: 0", "sample: -5"),
                                "manifest.yaml: captures[0]: sample -5 is not a whole number from 0 to 999: ignored"),
                        new Case(
                                "a sample that is text",
                                "captures:\n" + CAPTURE.replace("sample: 0", "sample: first"),
                                "manifest.yaml: captures[0]: sample \"first\" is not a whole number from 0 to 999: ignored"),
                        new Case(
                                "an exit that is text",
                                "captures:\n" + CAPTURE.replace("exit: 0", "exit: ok"),
                                "manifest.yaml: captures[0]: exit \"ok\" is not a whole number: read as unknown"))
                .map(c -> DynamicTest.dynamicTest(c.what(), () -> {
                    Files.createDirectories(dir.resolve("fs/proc"));
                    Files.writeString(dir.resolve("fs/proc/interrupts"), "           CPU0\n 142:   10   mlx5_comp0\n");
                    Files.writeString(dir.resolve("manifest.yaml"), c.manifest());
                    try (Bundle b = new BundleReader().read(dir)) {
                        assertThat(b.refusals())
                                .as(c.what())
                                .anySatisfy(r -> assertThat(r).startsWith(c.note()));
                        assertThat(b.refusals())
                                .allSatisfy(
                                        r -> assertThat(r).hasSizeLessThan(400).doesNotContain("\n"));
                    }
                }));
    }

    @Test
    void aManifestThatIsNotAFileIsANote() throws Exception {
        Files.createDirectories(dir.resolve("manifest.yaml"));
        Files.createDirectories(dir.resolve("commands"));
        try (Bundle b = new BundleReader().read(dir)) {
            assertThat(b.refusals())
                    .containsExactly("manifest.yaml: not a regular file: ignored; files are matched by name");
        }
    }

    @Test
    void aRegularManifestHasNoNote() throws Exception {
        Files.createDirectories(dir.resolve("fs/proc"));
        Files.writeString(dir.resolve("fs/proc/interrupts"), "           CPU0\n 142:   10   mlx5_comp0\n");
        Files.writeString(
                dir.resolve("manifest.yaml"),
                "format: 1\nhost: h1\ncollected_at: 2026-11-20T10:15:00Z\n"
                        + "samples:\n  - {n: 0, at: 2026-11-20T10:15:00.000Z}\ncaptures:\n"
                        + CAPTURE.replace("exit: 0", "exit: 0, millis: 4")
                        + "redacted: []\ndiscovered:\n  rdma_devices: []\n");
        try (Bundle b = new BundleReader().read(dir)) {
            assertThat(b.refusals()).isEmpty();
            assertThat(b.samplesOf(Source.of(SourceKind.PROC_INTERRUPTS))).hasSize(1);
        }
    }

    @Test
    void snakeYamlLimitsAreSetExplicitly() {
        var options = BundleReader.manifestLoaderOptions();
        assertThat(options.getMaxAliasesForCollections()).isEqualTo(10);
        assertThat(options.getNestingDepthLimit()).isEqualTo(20);
        assertThat(options.getCodePointLimit()).isEqualTo(4 << 20);
    }
}
