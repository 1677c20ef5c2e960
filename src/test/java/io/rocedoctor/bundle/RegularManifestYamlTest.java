package io.rocedoctor.bundle;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * The hand reader of the manifest's regular shape gives the YAML parser's tree, or declines: it
 * never gives another tree, whatever the text, so the manifest's checks on wrong types still apply.
 */
class RegularManifestYamlTest {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final String SAMPLE = """
            format: 1
            host: node-000
            collected_at: 2026-11-20T10:15:00Z
            collector: roce-doctor 0.1.0
            samples:
              - {n: 0, at: 2026-11-20T10:15:00.000Z}
              - {n: 1, at: 2026-11-20T10:15:10Z}
            captures:
              - {source: "ethtool -S ens1f0np0", sample: 1, path: samples/1/commands/ethtool_-S_ens1f0np0, exit: 0}
              - {source: "show_gids", sample: 0, path: null, exit: 127, error: "not found, skipped"}
            links:
              - {host_port: ens1f0np0, switch: leaf3, switch_port: Ethernet8}
            redacted:
              - hostname
              - /etc/hosts
            """;
    /** As the collector writes it: strings quoted, a null path, flow lists, a nested mapping. */
    private static final String COLLECTED = """
            format: 1
            host: "gpu-node-21"
            collected_at: 2026-11-20T10:15:00Z
            collector: "roce-doctor-collect 0.1.0"
            samples:
              - {n: 0, at: 2026-11-20T10:15:00.250Z}
            captures:
              - {source: "show_gids", sample: 0, path: null, millis: 3, error: "show_gids: not found"}
              - {source: "/proc/interrupts", sample: 0, path: "fs/proc/interrupts", millis: 1}
            redacted: []
            discovered:
              rdma_devices: ["mlx5_0", "mlx5_1"]
              irqs: [140, 141]
              bonds: []
            """;

    @Test
    void everyFixtureManifestIsReadByHandAsTheYamlParserReadsIt() throws IOException {
        List<Path> manifests;
        try (Stream<Path> files = Files.walk(Path.of("fixtures"))) {
            manifests = files.filter(p -> p.getFileName().toString().equals("manifest.yaml"))
                    .toList();
        }
        assertThat(manifests).isNotEmpty();
        for (Path manifest : manifests) {
            String text = Files.readString(manifest);
            assertThat(RegularManifestYaml.read(text))
                    .as(manifest.toString())
                    .isNotNull()
                    .isEqualTo(YAML.readTree(text));
        }
        assertThat(RegularManifestYaml.read(SAMPLE)).isNotNull().isEqualTo(YAML.readTree(SAMPLE));
        assertThat(RegularManifestYaml.read(COLLECTED)).isNotNull().isEqualTo(YAML.readTree(COLLECTED));
    }

    @Test
    void wrongTypesGiveTheYamlParsersTreeSoTheManifestChecksStillSeeThem() throws IOException {
        for (String text : List.of(
                "captures: 5\n",
                "host: null\n",
                "samples: \"x\"\n",
                "host:\n  - a\n",
                "links: [a, 1]\n",
                "captures:\n  - lscpu\n  - {source: 5, sample: \"x\"}\n")) {
            assertThat(RegularManifestYaml.read(text)).as(text).isNotNull().isEqualTo(YAML.readTree(text));
        }
    }

    @Test
    void unusualSpellingsAreLeftToTheYamlParser() {
        for (String text : List.of(
                "samples: yes\n",
                "host: {a: 1}\n",
                "host: 0x1f\n",
                "format: 007\n",
                "captures:\nhost: a\n",
                "host: a # note\n",
                "host: 'a'\n",
                "host: \"a\\tb\"\n",
                "---\nhost: a\n",
                "host: a\r\n",
                "host: \u00e9\n",
                "host: \"\u0100\"\n",
                "host: \"a\ud800\"\n",
                "host: \"\u2603?\"\n",
                "captures:\n  - {source: lscpu, source: x}\n",
                "captures:\n    - {source: lscpu}\n",
                "captures:\n  - {}\n",
                "host: a\nhost: b\n",
                "captures:\n  - ",
                "discovered:\n  irqs: [1, 2\n",
                "discovered:\n  - a\n  irqs: []\n",
                "redacted: [a,b]\n",
                "host: Null\n",
                "host: FALSE\n")) {
            assertThat(RegularManifestYaml.read(text)).as(text).isNull();
        }
    }

    @Property(tries = 2000)
    void aDamagedManifestGivesTheYamlParsersTreeOrNone(@ForAll long seed) {
        Random random = new Random(seed);
        StringBuilder text = new StringBuilder(random.nextBoolean() ? SAMPLE : COLLECTED);
        String noise = " :-,{}\"'#\n\t0123456789aZyn.~/_\\[]";
        for (int i = 1 + random.nextInt(4); i > 0; i--) {
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
        JsonNode byHand = RegularManifestYaml.read(text.toString());
        if (byHand != null) {
            JsonNode parsed;
            try {
                parsed = YAML.readTree(text.toString());
            } catch (IOException | RuntimeException e) {
                throw new AssertionError("read by hand, refused by the YAML parser: " + text, e);
            }
            assertThat(byHand).as(text.toString()).isEqualTo(parsed);
        }
    }
}
