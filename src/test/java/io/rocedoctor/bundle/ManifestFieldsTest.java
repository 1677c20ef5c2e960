package io.rocedoctor.bundle;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;

/**
 * The manifest read straight from its regular shape is the manifest its tree gives, with the same
 * notes (none): whatever the text, the fields are the tree's or the reader declines.
 */
class ManifestFieldsTest {
    private static final String COLLECTED = """
            format: 1
            host: "gpu-node-21"
            collected_at: 2026-11-20T10:15:00Z
            collector: "roce-doctor-collect 0.1.0"
            samples:
              - {n: 0, at: 2026-11-20T10:15:00.250Z}
              - {n: 1, at: 2026-11-20T10:15:10Z}
            captures:
              - {source: "show_gids", sample: 0, path: null, millis: 3, error: "show_gids: not found"}
              - {source: "/proc/interrupts", sample: 0, path: "fs/proc/interrupts", millis: 1}
              - {source: "/proc/interrupts", sample: 1, path: samples/1/fs/proc/interrupts, exit: 0}
              - {source: "ethtool -S ens1f0np0", sample: 1, path: samples/1/commands/ethtool_-S_ens1f0np0, exit: 0}
            links:
              - {host_port: ens1f0np0, switch: leaf3, switch_port: Ethernet8}
            redacted: ["hostname"]
            discovered:
              rdma_devices: ["mlx5_0", "mlx5_1"]
              irqs: [140, 141]
              bonds: []
            """;

    private static void assertSameAsTree(String text) {
        List<String> straight = new ArrayList<>();
        List<String> fromTree = new ArrayList<>();
        BundleReader.Manifest manifest = BundleReader.manifestOf(text, straight);
        assertThat(manifest).as(text).isEqualTo(BundleReader.manifestOfTree(text, fromTree));
        assertThat(straight).as(text).isEqualTo(fromTree);
    }

    private static boolean readStraight(String text) {
        return RegularManifestYaml.fields(text, BundleReader.MANIFEST_KEYS, BundleReader.CAPTURE_KEYS) != null;
    }

    @Test
    void theCollectorsAndTheFixturesManifestsAreReadStraightAsTheirTreesSay() throws IOException {
        List<Path> manifests;
        try (Stream<Path> files = Files.walk(Path.of("fixtures"))) {
            manifests = files.filter(p -> p.getFileName().toString().equals("manifest.yaml"))
                    .toList();
        }
        assertThat(manifests).isNotEmpty();
        int straight = 0;
        for (Path manifest : manifests) {
            String text = Files.readString(manifest);
            assertSameAsTree(text);
            straight += readStraight(text) ? 1 : 0;
        }
        assertThat(straight).as("fixture manifests read straight").isGreaterThan(manifests.size() / 2);
        assertThat(readStraight(COLLECTED)).isTrue();
        assertSameAsTree(COLLECTED);
    }

    /** The manifest is scanned as Latin-1 bytes, where a character beyond Latin-1 is a '?'. */
    @Test
    void aQuestionMarkIsReadStraightAndACharacterBeyondLatin1IsLeftToTheTree() {
        for (String text : List.of("host: \"a?b\"\n", "host: a\nredacted: [\"?\", b]")) {
            assertThat(readStraight(text)).as(text).isTrue();
            assertThat(RegularManifestYaml.read(text)).as(text).isNotNull();
            assertSameAsTree(text);
        }
        for (String text : List.of("host: \"a\u0100\"\n", "host: \"\u2603?\"\n", "host: \"a\ud800\"\n")) {
            assertThat(readStraight(text)).as(text).isFalse();
            assertThat(RegularManifestYaml.read(text)).as(text).isNull();
            assertSameAsTree(text);
        }
    }

    @Test
    void whatTheChecksWouldNoteIsLeftToTheTree() {
        for (String text : List.of(
                "machine: m1\n",
                "hostname: a\n",
                "host: [a]\n",
                "samples:\n  - {n: \"0\", at: 2026-11-20T10:15:00Z}\n",
                "samples:\n  - {n: 0, at: 2026-11-31T10:15:00Z}\n",
                "samples:\n  - {n: 0}\n",
                "captures:\n  - {source: 5}\n",
                "captures:\n  - {source: lscpu, sample: 1000}\n",
                "captures:\n  - {source: lscpu, exit: \"1\"}\n",
                "captures:\n  - {source: lscpu, mode: x}\n",
                "captures:\n  - lscpu\n",
                "links:\n  - {host_port: a, switch: b}\n",
                "redacted: null\n",
                "redacted: [null]\n",
                "discovered:\n  rdma_devices: mlx5_0\n",
                "discovered:\n  - a\n",
                "captures: []\n")) {
            assertThat(readStraight(text)).as(text).isFalse();
            assertSameAsTree(text);
        }
    }

    @Property(tries = 3000)
    void aDamagedManifestIsReadAsItsTreeSays(@ForAll long seed) {
        Random random = new Random(seed);
        StringBuilder text = new StringBuilder(random.nextBoolean() ? COLLECTED : generated(random));
        String noise = " :-,{}\"'#\n\t0123456789aZyn.~/_\\[]";
        for (int i = random.nextInt(4); i > 0; i--) {
            int at = random.nextInt(text.length() + 1);
            switch (random.nextInt(3)) {
                case 0 -> text.insert(at, noise.charAt(random.nextInt(noise.length())));
                case 1 -> text.delete(at, Math.min(text.length(), at + 1 + random.nextInt(3)));
                default ->
                    text.replace(
                            at,
                            Math.min(text.length(), at + 1),
                            String.valueOf(noise.charAt(random.nextInt(noise.length()))));
            }
        }
        Statistics.collect(readStraight(text.toString()) ? "read straight" : "left to the tree");
        assertSameAsTree(text.toString());
    }

    @Property(tries = 2000)
    void aGeneratedManifestIsReadAsItsTreeSays(@ForAll long seed) {
        String text = generated(new Random(seed));
        Statistics.collect(readStraight(text) ? "read straight" : "left to the tree");
        assertSameAsTree(text);
    }

    @Property(tries = 3000)
    void aTimeIsReadAsInstantParseReadsIt(@ForAll long seed) {
        Random random = new Random(seed);
        String time = String.format(
                "%04d-%02d-%02dT%02d:%02d:%02d%sZ",
                random.nextInt(10_000),
                random.nextInt(14),
                random.nextInt(33),
                random.nextInt(26),
                random.nextInt(61),
                random.nextInt(62),
                random.nextBoolean() ? "" : "." + "0123456789012".substring(0, random.nextInt(12)));
        Instant parsed;
        try {
            parsed = Instant.parse(time);
        } catch (DateTimeParseException e) {
            parsed = null;
        }
        assertThat(RegularManifestYaml.utcTime(time)).as(time).isEqualTo(parsed);
    }

    /**
     * A manifest of the format's keys (and rarely others), each mostly of its regular shape and its
     * fields mostly of their types, else of any shape and any scalar.
     */
    private static String generated(Random random) {
        String[] scalars = {
            "1",
            "0",
            "007",
            "999",
            "1000",
            "null",
            "\"x\"",
            "\"\"",
            "lscpu",
            "/proc/interrupts",
            "yes",
            "2026-11-20T10:15:00Z",
            "2026-02-29T10:15:00.5Z",
            "2028-02-29T23:59:59Z",
            "[a, 1]",
            "[]",
            "{a: 1}",
            "fs/proc/interrupts",
            "\"ethtool -S x\""
        };
        List<String> keys = new ArrayList<>(List.of(
                "format",
                "host",
                "collected_at",
                "collector",
                "samples",
                "captures",
                "links",
                "redacted",
                "discovered"));
        if (random.nextInt(16) == 0) {
            keys.add(random.nextBoolean() ? "machine" : "hostname");
        }
        java.util.Collections.shuffle(keys, random);
        StringBuilder text = new StringBuilder();
        for (String key : keys.subList(0, 1 + random.nextInt(keys.size()))) {
            boolean regular = random.nextInt(12) > 0;
            String shape = switch (key) {
                case "samples", "captures", "links" -> "mappings";
                case "discovered" -> "entries";
                case "redacted" -> random.nextBoolean() ? "items" : "inline";
                default -> "inline";
            };
            if (!regular) {
                shape = List.of("inline", "items", "entries", "mappings").get(random.nextInt(4));
            }
            if (shape.equals("inline")) {
                String value = key.equals("redacted") && regular ? "[hostname, \"/etc/hosts\"]" : pick(random, scalars);
                text.append(key).append(": ").append(value).append('\n');
                continue;
            }
            text.append(key).append(":\n");
            for (int i = random.nextInt(4); i >= 0; i--) {
                switch (shape) {
                    case "entries" ->
                        text.append("  ")
                                .append(random.nextBoolean() ? "rdma_devices" : "irqs")
                                .append(": ")
                                .append(random.nextBoolean() ? "[mlx5_0, \"mlx5_1\"]" : pick(random, scalars))
                                .append('\n');
                    case "items" ->
                        text.append("  - ").append(pick(random, scalars)).append('\n');
                    default ->
                        text.append("  - {").append(pairs(random, key, scalars)).append("}\n");
                }
            }
        }
        return text.toString();
    }

    /** A flow mapping's pairs for an item of {@code key}'s list, each mostly of its type. */
    private static String pairs(Random random, String key, String[] scalars) {
        String[][] fields = switch (key) {
            case "samples" ->
                new String[][] {{"n", "0", "1"}, {"at", "2026-11-20T10:15:00Z", "2026-11-20T10:15:10.125Z"}, {"x"}};
            case "links" ->
                new String[][] {
                    {"host_port", "ens1f0np0"}, {"switch", "\"leaf 3\""}, {"switch_port", "Ethernet8"}, {"speed"}
                };
            default ->
                new String[][] {
                    {"source", "\"lscpu\"", "\"/proc/interrupts\"", "\"ethtool -S ens1f0np0\"", "\"no such tool\""},
                    {"sample", "0", "1", "null"},
                    {"path", "commands/lscpu", "null", "\"fs/proc/interrupts\""},
                    {"exit", "0", "127", "null"},
                    {"millis", "3"},
                    {"error", "\"not found\"", "null"},
                    {"mode"}
                };
        };
        List<String> pairs = new ArrayList<>();
        for (String[] field : fields) {
            if (random.nextInt(15) == 0 || field.length == 1 && random.nextInt(8) > 0) {
                continue;
            }
            String value = field.length > 1 && random.nextInt(15) > 0
                    ? field[1 + random.nextInt(field.length - 1)]
                    : pick(random, scalars);
            if (!value.startsWith("[") && !value.startsWith("{")) {
                pairs.add(field[0] + ": " + value);
            }
        }
        java.util.Collections.shuffle(pairs, random);
        return String.join(", ", pairs);
    }

    private static String pick(Random random, String[] values) {
        return values[random.nextInt(values.length)];
    }
}
