package io.rocedoctor.bundle;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The streamed reading of a sosreport's manifest.json answers as {@code readTree} of the whole
 * text does: the same version, the same commands in the same order, or the same error, whatever
 * the text (duplicate keys, values of other types, truncation, garbage after it).
 */
class SosManifestJsonTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** sos 4.x's shape, as sos/report/__init__.py writes it: plugins by name, commands and files each. */
    private static final String SOS = """
            {"version": "4.5.6", "cmdline": "sos report --batch -o networking,processor",
             "start_time": "2026-12-01 13:53:00.021", "compression": "xz", "policy": "Debian",
             "components": {"report": {"sysroot": "/", "preset": "none", "profiles": [],
              "enabled_plugins": ["networking", "processor"], "disabled_plugins": ["abrt"],
              "plugins": {
               "networking": {"start_time": "2026-12-01 13:53:00.3", "timeout_hit": false,
                "commands": [
                 {"command": "ip", "parameters": ["-o", "addr"], "exec": "ip -o addr",
                  "filepath": "sos_commands/networking/ip_-o_addr", "return_code": 0, "run_time": 0.0123,
                  "tags": ["ip_addr"]},
                 {"command": "ethtool", "parameters": ["-S", "eth0"], "exec": "ethtool  -S eth0",
                  "filepath": "sos_commands/networking/ethtool_-S_eth0", "return_code": 0, "run_time": 1e-3}],
                "files": [{"specification": "/proc/net/dev", "files_copied": ["proc/net/dev"], "tags": []},
                          {"specification": "/sys/class/net/*/mtu", "files_copied": ["sys/class/net/eth0/mtu",
                           "sys/class/net/lo/mtu"], "tags": ["\\u00e9t\\u00e9 \\"q\\" \\\\"]}]},
               "processor": {"commands": [{"exec": "lscpu", "filepath": null, "return_code": 127}],
                "files": [{"specification": "/proc/cpuinfo", "files_copied": ["proc/cpuinfo"]}]}}}}}
            """;

    /** What the reader takes, streamed or from the whole tree by the same rules, or the error's message. */
    private static String answers(String text, boolean streamed) {
        try {
            return String.valueOf(streamed ? SosManifestJson.read(text) : fromTree(JSON.readTree(text)));
        } catch (Exception e) {
            return e.getClass().getName() + ": " + e.getMessage();
        }
    }

    /**
     * The rules on the whole tree: the version when text; each plugin's commands, in the tree's
     * order, with {@code exec} when text (else empty), {@code filepath} when text and
     * {@code return_code} when an int.
     */
    private static SosManifestJson.Manifest fromTree(JsonNode doc) {
        List<SosManifestJson.Command> commands = new ArrayList<>();
        for (JsonNode plugin : doc.path("components").path("report").path("plugins")) {
            for (JsonNode c : plugin.path("commands")) {
                commands.add(new SosManifestJson.Command(
                        c.path("exec").isTextual() ? c.path("exec").asText() : "",
                        c.path("filepath").isTextual() ? c.path("filepath").asText() : null,
                        c.path("return_code").isInt() ? c.path("return_code").asInt() : null));
            }
        }
        return new SosManifestJson.Manifest(
                doc.path("version").isTextual() ? doc.path("version").asText() : null, commands);
    }

    private static void assertSameAnswers(String text) {
        assertThat(answers(text, true)).as(text).isEqualTo(answers(text, false));
    }

    @Test
    void theShapeSosWritesGivesItsVersionAndEveryCommandOfEveryPlugin() throws Exception {
        SosManifestJson.Manifest manifest = SosManifestJson.read(SOS);
        assertThat(manifest.version()).isEqualTo("4.5.6");
        assertThat(manifest.commands())
                .containsExactly(
                        new SosManifestJson.Command("ip -o addr", "sos_commands/networking/ip_-o_addr", 0),
                        new SosManifestJson.Command("ethtool  -S eth0", "sos_commands/networking/ethtool_-S_eth0", 0),
                        new SosManifestJson.Command("lscpu", null, 127));
        assertSameAnswers(SOS);
    }

    @Test
    void everyPrefixOfTheManifestFailsOrAnswersAsTheWholeTreeDoes() {
        for (int end = 0; end <= SOS.length(); end++) {
            assertSameAnswers(SOS.substring(0, end));
        }
    }

    @Test
    void duplicateKeysOtherTypesAndStrayTextAnswerAsTheWholeTreeDoes() {
        List<String> cases = List.of(
                "",
                "   ",
                "null",
                "42",
                "\"4.5\"",
                "[{\"version\": \"1\"}]",
                "{}",
                "{\"version\": 4.5}",
                "{\"version\": \"4.5\", \"version\": null}",
                "{\"version\": null, \"version\": \"4.7\"}",
                "{\"version\": {\"major\": 4}}",
                "{\"version\": \"4\"} trailing garbage {",
                "{\"version\": \"4\"}{\"version\": \"5\"}",
                "{\"components\": []}",
                "{\"components\": {\"report\": [1, 2]}}",
                "{\"components\": {\"report\": {\"plugins\": \"none\"}}}",
                "{\"components\": {\"report\": {\"plugins\": [{\"commands\": [{\"exec\": \"lscpu\"}]}, 7, null]}}}",
                "{\"components\": {\"report\": {\"plugins\": {\"a\": {\"commands\": {\"x\": {\"exec\": \"lscpu\"},"
                        + " \"y\": 3, \"x\": {\"exec\": \"lspci -nnvv\"}}}}}}}",
                "{\"components\": {\"report\": {\"plugins\": {\"a\": {\"commands\": [{\"exec\": \"lscpu\"}]},"
                        + " \"b\": {\"commands\": [{\"exec\": \"ip -o addr\"}]},"
                        + " \"a\": {\"commands\": [{\"exec\": \"lspci -nnvv\"}]}}}}}",
                "{\"components\": {\"report\": {\"plugins\": {\"a\": {\"commands\": [{\"exec\": \"lscpu\"}]}}}},"
                        + " \"components\": 5}",
                "{\"components\": 5, \"components\": {\"report\": {\"plugins\": {\"a\": {\"commands\":"
                        + " [{\"exec\": \"lscpu\"}]}}}}}",
                "{\"components\": {\"report\": {\"plugins\": {\"a\": {\"commands\": [{\"exec\": \"lscpu\"}],"
                        + " \"commands\": null}}}}}",
                "{\"components\": {\"report\": {\"plugins\": {\"a\": {\"commands\": [null, 3, \"x\", [],"
                        + " {\"exec\": 12, \"filepath\": 3, \"return_code\": \"0\"},"
                        + " {\"exec\": \"lscpu\", \"return_code\": 1.0},"
                        + " {\"exec\": \"lscpu\", \"return_code\": 99999999999}]}}}}}",
                "{\"files\": [\"unterminated], \"version\": \"4\"}",
                "{\"files\": [\"bad \\q escape\"], \"version\": \"4\"}",
                "{\"files\": [\"a raw \u0001 control\"], \"version\": \"4\"}",
                "{\"files\": [01], \"version\": \"4\"}",
                "{\"files\": [1e999, -0, 1.5e-400, NaN], \"version\": \"4\"}",
                "{\"files\": {\"a\": 1,}, \"version\": \"4\"}",
                "{\"files\": [1 2], \"version\": \"4\"}",
                "{\"files\": [1], \"version\": \"4\"",
                "{\"files\": tru, \"version\": \"4\"}",
                "{\"version\": \"4\", }",
                "{'version': '4'}",
                "{\"x\": " + "[".repeat(1200) + "]".repeat(1200) + ", \"version\": \"4\"}",
                "{\"x\": " + "[".repeat(900) + "]".repeat(900) + ", \"version\": \"4\"}",
                "{\"x\": \"" + "9".repeat(1200) + "\", \"y\": " + "9".repeat(1200) + ", \"version\": \"4\"}");
        for (String text : cases) {
            assertSameAnswers(text);
        }
    }

    @Test
    void aStringOverJacksonsLimitInAListNeverBuiltFailsAsInTheWholeTree() {
        String text = "{\"files\": [\"" + "a".repeat(20_000_001) + "\"], \"version\": \"4\"}";
        assertThat(answers(text, true)).contains("String value length").isEqualTo(answers(text, false));
    }

    /** A document of the manifest's keys in any nesting, with duplicates and values of every type. */
    @Provide
    Arbitrary<String> manifests() {
        Arbitrary<String> keys = Arbitraries.of(
                "version",
                "components",
                "report",
                "plugins",
                "commands",
                "files",
                "exec",
                "filepath",
                "return_code",
                "networking",
                "x");
        Arbitrary<String> scalars = Arbitraries.of(
                "null",
                "true",
                "0",
                "-7",
                "127",
                "1.5",
                "1e3",
                "99999999999",
                "\"4.5.6\"",
                "\"lscpu\"",
                "\"ip -o addr\"",
                "\"sos_commands/x/y\"",
                "\"\\u00e9\\n\"");
        Arbitrary<String> values = Arbitraries.recursive(
                () -> scalars,
                inner -> Arbitraries.oneOf(
                        inner.list().ofMaxSize(4).map(l -> "[" + String.join(", ", l) + "]"),
                        Combinators.combine(keys, inner)
                                .as((k, v) -> "\"" + k + "\": " + v)
                                .list()
                                .ofMaxSize(4)
                                .map(l -> "{" + String.join(", ", l) + "}")),
                0,
                6);
        return values;
    }

    @Property(tries = 400)
    void anyDocumentOfTheManifestsKeysAnswersAsTheWholeTreeDoes(@ForAll("manifests") String text) {
        assertSameAnswers(text);
    }

    @Property(tries = 300)
    void theManifestWithCharactersCutOrChangedAnswersAsTheWholeTreeDoes(@ForAll("edits") List<int[]> edits) {
        StringBuilder text = new StringBuilder(SOS);
        List<Character> replacements = new ArrayList<>(List.of('"', '{', '}', '[', ']', ',', ':', 'x', '\\', '1'));
        for (int[] edit : edits) {
            int at = edit[0] % (text.length() + 1);
            switch (edit[1] % 3) {
                case 0 -> text.delete(at, Math.min(text.length(), at + 1 + edit[2] % 8));
                case 1 -> text.insert(at, replacements.get(edit[2] % replacements.size()));
                default -> {
                    if (at < text.length()) {
                        text.setCharAt(at, replacements.get(edit[2] % replacements.size()));
                    }
                }
            }
        }
        assertSameAnswers(text.toString());
    }

    @Provide
    Arbitrary<List<int[]>> edits() {
        Arbitrary<Integer> n = Arbitraries.integers().between(0, 1 << 20);
        return Combinators.combine(n, n, n)
                .as((a, b, c) -> new int[] {a, b, c})
                .list()
                .ofMinSize(1)
                .ofMaxSize(3);
    }
}
