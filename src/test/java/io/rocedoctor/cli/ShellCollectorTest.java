package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.rocedoctor.bundle.SourceKind;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

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

        assertThat(table).containsExactlyElementsOf(Arrays.stream(SourceKind.values())
                .map(k -> k.name() + " " + (k.counter() ? 1 : 0) + " " + k.templates().get(0)).toList());
    }

    @Test
    void bothCollectorsWriteTheSameFilesAndManifestKeysOnThisMachine() throws IOException, InterruptedException {
        Path java = out.resolve("java.tar.gz");
        Path shell = out.resolve("shell.tar.gz");
        Cli cli = Cli.run("collect", "--out", java.toString(), "--interval", "1s", "--only", ONLY);
        assertThat(cli.exit()).as(cli.err()).isZero();
        Process p = new ProcessBuilder(posixShell(), SCRIPT.toString(), "--out", shell.toString(), "--interval", "1s", "--only", ONLY)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(err).isZero();

        CollectedArchive j = CollectedArchive.read(java);
        CollectedArchive s = CollectedArchive.read(shell);

        assertThat(s.files()).isEqualTo(j.files());
        assertThat(fieldNames(s.manifest())).isEqualTo(fieldNames(j.manifest()));
        assertThat(captureKeys(s.manifest())).isEqualTo(captureKeys(j.manifest()));
        assertThat(s.manifest().get("discovered")).isEqualTo(j.manifest().get("discovered"));
        assertThat(s.manifest().get("samples")).hasSize(2);
        assertThat(s.manifest().get("host")).isEqualTo(j.manifest().get("host"));
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
