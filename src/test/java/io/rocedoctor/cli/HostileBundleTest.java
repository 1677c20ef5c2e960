package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Golden scenarios turned hostile: a bond, netdevs, an RDMA device and switch ports renamed with
 * shell metacharacters, markup, look-alike letters and over-long names, in every file name and
 * every file of the bundle, and an IRQ affinity value carrying a command. Through the real command
 * line, the rules still find what they found; the plan refuses the proposal that would carry the
 * name, says which parameter and why, and every report format shows that refusal; nothing hostile
 * reaches apply.sh, rollback.sh or a switch snippet, and both scripts are valid bash.
 */
class HostileBundleTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @TempDir
    static Path tmp;

    /**
     * One hostile variant of a scenario: names replaced everywhere, some files overwritten, the
     * finding that must still fire, the action it proposes and the parameter that must be refused.
     */
    private record Variant(
            String scenario,
            Map<String, String> renamed,
            Map<String, String> overwritten,
            String finding,
            String action,
            String parameter) {}

    private static final List<Variant> VARIANTS = List.of(
            new Variant(
                    "dual-port-hash-concentration",
                    Map.of("bond0", "bond0;reboot", "ens1f1np1", "ens1f1np1" + "p".repeat(200)),
                    Map.of(),
                    "HASH_SINGLE_PATH_CONCENTRATION",
                    "bond-xmit-hash-layer34",
                    "bond"),
            new Variant(
                    "cross-numa-irq",
                    Map.of("ens1f0np0", "eth$(id)<i>", "ens1f1np1", "eth1\u0435"),
                    Map.of("fs/proc/irq/142/smp_affinity_list", "0-3`reboot`\n"),
                    "IRQ_CROSS_NUMA",
                    "irq-affinity-local-numa",
                    "device"),
            new Variant(
                    "roce-v1-tos-unset",
                    Map.of("mlx5_0", "ml\u04455_0"),
                    Map.of(),
                    "ROCE_V1_DEFAULT",
                    "roce-mode-v2",
                    "ibdev"),
            new Variant(
                    "switch-pfc-watchdog-off-sonic",
                    Map.of("Ethernet8", "Ethernet8;reboot", "Ethernet12", "Ethernet12" + "x".repeat(40)),
                    Map.of(),
                    "SWITCH_PFC_WATCHDOG_OFF",
                    "switch-pfc-watchdog-enable",
                    "switch_port"));

    /** Pieces of the hostile names: none may appear in a script. */
    private static final List<String> NEVER_IN_A_SCRIPT =
            List.of(";reboot", "$(id)", "<i>", "`", "\u0435", "\u0445", "p".repeat(20), "x".repeat(20));

    private static Path hostile(Variant v) throws IOException {
        Path from = Path.of("fixtures/bundles", v.scenario());
        Path to = tmp.resolve(v.scenario());
        try (Stream<Path> files = Files.walk(from)) {
            for (Path p : files.filter(Files::isRegularFile).toList()) {
                String rel = renamed(from.relativize(p).toString(), v);
                if (rel.equals("expected.yaml")) {
                    continue;
                }
                Path target = to.resolve(rel);
                Files.createDirectories(target.getParent());
                String text = v.overwritten().getOrDefault(rel, renamed(Files.readString(p), v));
                Files.writeString(target, text, StandardCharsets.UTF_8);
            }
        }
        return to;
    }

    private static String renamed(String text, Variant v) {
        String out = text;
        for (Map.Entry<String, String> e : v.renamed().entrySet()) {
            out = out.replace(e.getKey(), e.getValue());
        }
        return out;
    }

    @TestFactory
    Stream<DynamicTest> aHostileNameIsRefusedByThePlanShownByEveryReportAndAbsentFromEveryScript() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (Variant v : VARIANTS) {
            Path bundle = hostile(v);
            tests.add(DynamicTest.dynamicTest(
                    v.scenario() + ": plan --out", () -> planRefusesAndScriptsStayClean(v, bundle)));
            for (AnalyzeCommand.Format format : AnalyzeCommand.Format.values()) {
                tests.add(DynamicTest.dynamicTest(
                        v.scenario() + ": analyze --format " + format,
                        () -> reportShowsTheRefusal(v, bundle, format.name())));
            }
        }
        return tests.stream();
    }

    private static void planRefusesAndScriptsStayClean(Variant v, Path bundle) throws Exception {
        Path out = Files.createTempDirectory(tmp, "plan");
        Cli cli = Cli.run("plan", bundle.toString(), "--out", out.toString());
        assertThat(cli.exit()).as(cli.err()).isZero();
        assertThat(cli.out())
                .contains("refused " + v.action() + " for " + v.finding(), "parameter " + v.parameter() + ": ");

        JsonNode refusals = YAML.readTree(out.resolve("plan.yaml").toFile()).path("refusals");
        assertThat(refusals.findValuesAsText("action")).contains(v.action());
        for (JsonNode r : refusals) {
            assertThat(r.path("reason").asText())
                    .as("a reason names the parameter and shows the value in printable ASCII")
                    .matches("parameter [a-z_]+: '[\\x20-\\x7e]*'[\\x20-\\x7e]*");
        }

        List<Path> scripts = new ArrayList<>(List.of(out.resolve("apply.sh"), out.resolve("rollback.sh")));
        if (Files.isDirectory(out.resolve("switch"))) {
            try (Stream<Path> snippets = Files.list(out.resolve("switch"))) {
                scripts.addAll(snippets.toList());
            }
        }
        for (Path script : scripts) {
            String text = Files.readString(script);
            for (String piece : NEVER_IN_A_SCRIPT) {
                assertThat(text).as(out.relativize(script) + " holds " + piece).doesNotContain(piece);
            }
            for (String name : v.renamed().values()) {
                assertThat(text).as(out.relativize(script).toString()).doesNotContain(name);
            }
        }
        for (String sh : List.of("apply.sh", "rollback.sh")) {
            Process bash = new ProcessBuilder("bash", "-n", out.resolve(sh).toString())
                    .redirectErrorStream(true)
                    .start();
            String said = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(bash.waitFor()).as(sh + ": " + said).isZero();
        }
    }

    private static void reportShowsTheRefusal(Variant v, Path bundle, String format) throws Exception {
        Cli cli = Cli.run("analyze", bundle.toString(), "--format", format);
        assertThat(cli.exit()).as(cli.err()).isZero();
        String report = cli.out();
        assertThat(report).as("the finding still fires").contains(v.finding());
        switch (format) {
            case "json" ->
                assertThat(JSON.readTree(report).path("plan").path("refusals").findValuesAsText("action"))
                        .contains(v.action());
            case "yaml" ->
                assertThat(YAML.readTree(report).path("plan").path("refusals").findValuesAsText("action"))
                        .contains(v.action());
            case "junit" ->
                assertThat(report)
                        .contains(
                                "classname=\"plan.refused\" name=\"" + v.action() + " for " + v.finding(),
                                "type=\"refused\" message=\"refused: parameter " + v.parameter() + ": ");
            default ->
                assertThat(report)
                        .contains(
                                "Refused values (not in the plan)",
                                v.action(),
                                "parameter " + v.parameter().replace("_", format.equals("markdown") ? "\\_" : "_")
                                        + ": ");
        }
        if (format.equals("html")) {
            assertThat(report).as("bundle text is escaped").doesNotContain("<i>");
        }
        if (format.equals("markdown")) {
            // A code span shows its content literally; everywhere else markup must be escaped.
            assertThat(report.replaceAll("(`+).*?\\1", ""))
                    .as("bundle text is escaped")
                    .doesNotContain("<i>");
        }
    }
}
