package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.rocedoctor.collect.Redactor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Redaction keeps the diagnosis: every golden scenario of fixtures/bundles, its captures redacted
 * as {@code collect --redact} would have written them, gives the findings the scenario gives
 * (id, subject, severity, confidence), subjects read through the same tokens. Switch dumps are
 * not the collector's and stay as they are.
 */
class RedactedScenarioTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Pattern HOST_LINE = Pattern.compile("(?m)^host: (.*)$");
    /** The folders of a bundle the collector writes captures into. */
    private static final List<String> CAPTURE_FOLDERS = List.of("commands", "fs", "samples");

    @TempDir
    Path scratch;

    @TestFactory
    Stream<DynamicTest> aRedactedScenarioGivesTheSameFindings() throws IOException {
        return scenarios().stream()
                .map(dir -> DynamicTest.dynamicTest(dir.getFileName().toString(), () -> {
                    Redactor redactor = new Redactor(List.of(host(dir)));
                    Path redacted = redactedCopy(dir, redactor);
                    String profile = YAML.readTree(dir.resolve("expected.yaml").toFile())
                            .path("profile")
                            .asText("throughput");

                    Set<String> original = findings(dir, profile);
                    Set<String> expected = new TreeSet<>();
                    original.forEach(f -> expected.add(redactor.redact(f)));

                    assertThat(findings(redacted, profile)).as(dir.toString()).isEqualTo(expected);
                }));
    }

    @Test
    void theScenariosHoldEveryKindOfValueTheCollectorRedacts() throws IOException {
        Set<String> kinds = new TreeSet<>();
        for (Path dir : scenarios()) {
            Path redacted = redactedCopy(dir, new Redactor(List.of(host(dir))));
            try (Stream<Path> files = Files.walk(redacted)) {
                for (Path f : files.filter(Files::isRegularFile).toList()) {
                    kinds.addAll(RedactionTokens.kinds(Files.readString(f, StandardCharsets.ISO_8859_1)));
                }
            }
        }

        assertThat(kinds).containsExactlyInAnyOrder("hostnames", "ipv4", "ipv6", "mac", "guid", "serial", "eui64");
    }

    private static List<Path> scenarios() throws IOException {
        try (Stream<Path> s = Files.list(Path.of("fixtures/bundles"))) {
            // the collector writes native bundles; a sosreport scenario has no manifest to redact by
            return s.filter(p -> Files.isRegularFile(p.resolve("expected.yaml"))
                            && Files.isRegularFile(p.resolve("manifest.yaml")))
                    .sorted()
                    .toList();
        }
    }

    private static String host(Path dir) throws IOException {
        Matcher m = HOST_LINE.matcher(Files.readString(dir.resolve("manifest.yaml")));
        assertThat(m.find()).as(dir + ": host").isTrue();
        return m.group(1).strip();
    }

    /** The bundle as the collector would have written it with --redact: captures and the manifest's host redacted, in path order. */
    private Path redactedCopy(Path dir, Redactor redactor) throws IOException {
        Path copy = Files.createTempDirectory(scratch, dir.getFileName().toString());
        List<Path> files;
        try (Stream<Path> s = Files.walk(dir)) {
            files = s.filter(Files::isRegularFile).sorted().toList();
        }
        for (Path f : files) {
            Path rel = dir.relativize(f);
            Path target = copy.resolve(rel.toString());
            Files.createDirectories(target.getParent());
            byte[] bytes = Files.readAllBytes(f);
            if (CAPTURE_FOLDERS.contains(rel.getName(0).toString())) {
                bytes = redactor.redact(bytes);
            }
            Files.write(target, bytes);
        }
        Path manifest = copy.resolve("manifest.yaml");
        String text = Files.readString(manifest);
        Matcher m = HOST_LINE.matcher(text);
        Files.writeString(manifest, m.replaceFirst(Matcher.quoteReplacement("host: " + redactor.redact(host(dir)))));
        return copy;
    }

    private static Set<String> findings(Path bundle, String profile) throws IOException {
        Cli cli = Cli.run("analyze", bundle.toString(), "--format", "json", "--profile", profile);
        assertThat(cli.exit()).as(cli.err()).isZero();
        Set<String> out = new TreeSet<>();
        JSON.readTree(cli.out())
                .path("findings")
                .forEach(f -> out.add(f.path("id").asText() + "@"
                        + f.path("subject").asText() + " " + f.path("severity").asText() + " "
                        + f.path("confidence").asText()));
        return out;
    }
}
