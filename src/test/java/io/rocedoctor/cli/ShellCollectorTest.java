package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.collect.Redactor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The POSIX shell collector and the Java one: one table of sources, one layout. */
class ShellCollectorTest {
    private static final Path SCRIPT = Path.of("scripts/roce-doctor-collect.sh");
    /** Sources quick on any machine, present or not, so both runs stay short. */
    private static final String ONLY = "lscpu,proc-interrupts,irq-affinity,ethtool-stats,ethtool-driver,netdev-mtu,"
            + "netdev-numa-node,rdma-link,ip-link-stats,bonding,cpufreq-governor,mlnx-qos,cma-roce-mode";

    @TempDir
    Path out;

    @Test
    void theScriptsTableIsTheRegistrysCollectorSpelling() throws IOException {
        List<String> table = new ArrayList<>();
        boolean inside = false;
        for (String line : Files.readAllLines(SCRIPT)) {
            if (line.equals("# sources:end")) {
                inside = false;
            }
            if (inside) {
                table.add(line);
            }
            if (line.equals("# sources:begin")) {
                inside = true;
            }
        }

        assertThat(table)
                .containsExactlyElementsOf(Arrays.stream(SourceKind.values())
                        .map(k -> k.name() + " " + (k.counter() ? 1 : 0) + " "
                                + k.templates().get(0))
                        .toList());
    }

    @Test
    void bothCollectorsWriteTheSameFilesAndManifestKeysOnThisMachine() throws IOException, InterruptedException {
        CollectedArchive j = collectWithJava(ONLY);
        CollectedArchive s = collectWithShell(ONLY);

        assertThat(s.files()).isEqualTo(j.files());
        assertThat(fieldNames(s.manifest())).isEqualTo(fieldNames(j.manifest()));
        assertThat(captureKeys(s.manifest())).isEqualTo(captureKeys(j.manifest()));
        assertThat(s.manifest().get("discovered")).isEqualTo(j.manifest().get("discovered"));
        assertThat(s.manifest().get("samples")).hasSize(2);
        assertThat(s.manifest().get("host")).isEqualTo(j.manifest().get("host"));
        // Both hash /etc/machine-id the same way, so a plan recognises the host whichever collected it.
        assertThat(s.manifest().get("machine")).isEqualTo(j.manifest().get("machine"));
        if (java.nio.file.Files.isReadable(java.nio.file.Path.of("/etc/machine-id"))) {
            assertThat(j.manifest().path("machine").asText()).matches("[0-9a-f]{32}");
        }
    }

    /**
     * The two redactors follow one set of rules and number tokens in the order values are met,
     * and both collectors take the sources in the registry's order: the same host gives the same
     * tokens, file by file, whatever the counters did between the two runs.
     */
    @Test
    void redactingBothCollectorsGiveTheSameTokensAndLeaveNoneOfTheHostsNamesOrMacs()
            throws IOException, InterruptedException {
        String only = ONLY + ",sysctl,ip-link-details";
        CollectedArchive j = collectWithJava(only, "--redact");
        CollectedArchive s = collectWithShell(only, "--redact");

        assertThat(s.files()).isEqualTo(j.files());
        assertThat(s.manifest().get("redacted")).isEqualTo(j.manifest().get("redacted"));
        assertThat(j.manifest().get("redacted")).extracting(JsonNode::asText).isEqualTo(Redactor.CATEGORIES);
        assertThat(s.manifest().get("host")).isEqualTo(j.manifest().get("host"));
        assertThat(j.texts().values())
                .as("tokens in the Java collector's bundle")
                .anyMatch(t -> !RedactionTokens.all(t).isEmpty());
        for (String file : j.files()) {
            assertThat(RedactionTokens.all(s.texts().get(file)))
                    .as(file)
                    .isEqualTo(RedactionTokens.all(j.texts().get(file)));
        }
        for (String value : identifiersOfThisHost()) {
            Pattern word = Pattern.compile("(?<![A-Za-z0-9-])" + Pattern.quote(value) + "(?![A-Za-z0-9-])");
            for (CollectedArchive bundle : List.of(j, s)) {
                bundle.texts()
                        .forEach((file, text) -> assertThat(word.matcher(text).find())
                                .as(file + " holds " + value)
                                .isFalse());
            }
        }
    }

    private CollectedArchive collectWithJava(String only, String... options) throws IOException {
        Path bundle = Files.createTempDirectory(out, "java").resolve("java.tar.gz");
        List<String> args =
                new ArrayList<>(List.of("collect", "--out", bundle.toString(), "--interval", "1s", "--only", only));
        args.addAll(List.of(options));
        Cli cli = Cli.run(args.toArray(String[]::new));
        assertThat(cli.exit()).as(cli.err()).isZero();
        return CollectedArchive.read(bundle);
    }

    private CollectedArchive collectWithShell(String only, String... options) throws IOException, InterruptedException {
        Path bundle = Files.createTempDirectory(out, "shell").resolve("shell.tar.gz");
        List<String> command = new ArrayList<>(List.of(
                posixShell(), SCRIPT.toString(), "--out", bundle.toString(), "--interval", "1s", "--only", only));
        command.addAll(List.of(options));
        Process p = new ProcessBuilder(command)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(err).isZero();
        return CollectedArchive.read(bundle);
    }

    /** The host name and the MACs of this machine, which a redacted bundle of it must not hold. */
    private static List<String> identifiersOfThisHost() throws IOException {
        List<String> values = new ArrayList<>();
        Path hostname = Path.of("/proc/sys/kernel/hostname");
        if (Files.isReadable(hostname)) {
            values.add(Files.readString(hostname).strip());
        }
        try (DirectoryStream<Path> netdevs = Files.newDirectoryStream(Path.of("/sys/class/net"))) {
            for (Path netdev : netdevs) {
                Path address = netdev.resolve("address");
                if (Files.isReadable(address)) {
                    values.add(Files.readString(address).strip());
                }
            }
        }
        values.removeIf(v -> v.isEmpty() || v.startsWith("localhost") || v.equals("00:00:00:00:00:00"));
        assertThat(values).as("this machine's host name and MACs").isNotEmpty();
        return values;
    }

    /** dash where it is installed, as a strict POSIX shell; sh otherwise. */
    private static String posixShell() {
        return Files.isExecutable(Path.of("/bin/dash")) ? "/bin/dash" : "/bin/sh";
    }

    private static TreeSet<String> fieldNames(JsonNode node) {
        TreeSet<String> names = new TreeSet<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** For each capture (source and sample), the keys its manifest entry has. */
    private static Map<String, TreeSet<String>> captureKeys(JsonNode manifest) {
        Map<String, TreeSet<String>> out = new TreeMap<>();
        for (JsonNode c : manifest.get("captures")) {
            out.put(c.get("source").asText() + " @" + c.get("sample").asInt(), fieldNames(c));
        }
        return out;
    }
}
