package io.rocedoctor.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The contract of docs/action-ids.md: every action a DRL file proposes has a catalog entry that
 * declares the parameters the rule passes, every entry is listed in the document (and every
 * listed id has an entry), and every entry is well-formed and reachable from the classpath.
 */
class ActionCatalogTest {
    private static final Pattern DOC_ROW = Pattern.compile("^\\| ([a-z0-9-]+) \\|", Pattern.MULTILINE);

    @Test
    void everyEntryLoadsFromTheClasspathAndIsWellFormed() throws IOException {
        ActionCatalog catalog = new ActionCatalog();
        for (String id : CatalogSamples.ids()) {
            assertThat(catalog.find(id)).as(id).isPresent();
            assertThat(CatalogSamples.read(id).problems()).as(id).isEmpty();
        }
        assertThat(catalog.find("no-such-action")).isEmpty();
        assertThat(catalog.find("../profiles/throughput"))
                .as("an id is never a path")
                .isEmpty();
    }

    @Test
    void theDocumentListsExactlyTheCatalog() throws IOException {
        String doc = Files.readString(Path.of("docs/action-ids.md"));
        Set<String> listed = new TreeSet<>();
        Matcher m = DOC_ROW.matcher(doc);
        while (m.find()) {
            if (!m.group(1).equals("id")) {
                listed.add(m.group(1));
            }
        }
        assertThat(listed).isEqualTo(new TreeSet<>(CatalogSamples.ids()));
    }

    @Test
    void theDocumentStatesEachEntrysLayerAndParameters() throws IOException {
        String doc = Files.readString(Path.of("docs/action-ids.md"));
        for (String id : CatalogSamples.ids()) {
            ActionSpec spec = CatalogSamples.read(id);
            String row = doc.lines()
                    .filter(l -> l.startsWith("| " + id + " |"))
                    .findFirst()
                    .orElseThrow();
            String[] cells = row.split("\\|");
            assertThat(cells[2].strip()).as(id + " layer").isEqualTo(spec.layer());
            assertThat(cells[3].strip()).as(id + " risk").startsWith(spec.risk());
            assertThat(cells[3].contains("(manual)")).as(id + " manual").isEqualTo(spec.manual());
            assertThat(List.of(cells[4].strip().split(",\\s*")))
                    .as(id + " parameters")
                    .containsExactlyInAnyOrderElementsOf(spec.parameters().keySet());
        }
    }

    @Test
    void everyActionARuleProposesExistsWithTheParametersTheRulePasses() throws IOException {
        // Rules are thin: their actions are proposed by the finding builders they call.
        List<Path> drl = new java.util.ArrayList<>();
        for (String folder : List.of("rules", "src/main/java/io/rocedoctor/engine/findings")) {
            try (Stream<Path> s = Files.list(Path.of(folder))) {
                s.filter(p -> p.toString().endsWith(".drl") || p.toString().endsWith(".java"))
                        .sorted()
                        .forEach(drl::add);
            }
        }
        Set<String> ids = new TreeSet<>(CatalogSamples.ids());
        int proposals = 0;
        for (Path file : drl) {
            String text = Files.readString(file);
            int at = text.indexOf(".action(\"");
            while (at >= 0) {
                List<String> args = arguments(text, at + ".action(".length());
                String id = unquote(args.get(0));
                assertThat(ids).as(file + " proposes " + id).contains(id);
                ActionSpec spec = CatalogSamples.read(id);
                for (int i = 1; i < args.size(); i += 2) {
                    assertThat(spec.parameters())
                            .as(file + ": " + id + " parameter " + args.get(i))
                            .containsKey(unquote(args.get(i)));
                }
                proposals++;
                at = text.indexOf(".action(\"", at + 1);
            }
        }
        assertThat(proposals).as("the rulebase proposes actions").isPositive();
    }

    /**
     * EOS dumps show no headroom and no hash fields: no finding on an EOS switch proposes these. NVUE has
     * no headroom field (its PFC profile derives the headroom from the cable length).
     */
    private static final java.util.Map<String, Set<String>> PLATFORMS =
            java.util.Map.of("switch-headroom-size", Set.of("sonic"), "switch-ecmp-hash-l4", Set.of("sonic", "nvue"));

    @Test
    void pairsAndDependenciesNameExistingActionsOfTheRightSide() throws IOException {
        Set<String> ids = new TreeSet<>(CatalogSamples.ids());
        for (String id : ids) {
            ActionSpec spec = CatalogSamples.read(id);
            assertThat(ids).as(id + " before").containsAll(spec.before());
            if (spec.pair() != null) {
                ActionSpec other = CatalogSamples.read(spec.pair().with());
                assertThat(other.switchSide())
                        .as(id + " pairs with a switch action")
                        .isTrue();
                assertThat(other.parameters().keySet()).containsAll(spec.pair().on());
            }
            if (spec.switchSide()) {
                Set<String> platforms = PLATFORMS.getOrDefault(id, Set.of("sonic", "nvue", "eos"));
                assertThat(spec.switchSnippets().keySet())
                        .as(id + " platforms")
                        .containsExactlyInAnyOrderElementsOf(platforms);
            }
        }
    }

    /**
     * A rollback restores what was there before the step, not the NOS default: every switch snippet
     * saves the state it changes before its first change, its rollback reads that save, and an
     * nv unset only runs where the saved state shows the setting was not set, or removes the
     * profile of the port's own the step created ({@code roce-doctor-PORT}).
     */
    @Test
    void everySwitchSnippetSavesTheStateFirstAndRollsBackFromIt() throws IOException {
        for (String id : CatalogSamples.ids()) {
            CatalogSamples.read(id).switchSnippets().forEach((platform, snippet) -> {
                String what = id + " on " + platform;
                assertThat(snippet.apply().get(0))
                        .as(what + " saves first")
                        .contains("roce-doctor-before-step-{step}.");
                assertThat(snippet.rollback())
                        .as(what + " rolls back from the save")
                        .anyMatch(l -> l.contains("roce-doctor-before-step-{step}."));
                assertThat(snippet.rollback())
                        .as(what + ": nv unset only where the save shows it unset")
                        .allMatch(l -> !l.startsWith("nv unset")
                                || l.contains("only if roce-doctor-before-step-{step}.txt")
                                || l.matches("nv unset qos \\S+ roce-doctor-\\{switch_port}"));
            });
        }
    }

    /** The helpers of functions.sh exist only inside the scripts: a verify hint a person runs never calls one. */
    @Test
    void everyVerifyHintIsACommandAnInteractiveShellHas() throws IOException {
        Set<String> helpers = new TreeSet<>();
        Matcher m = Pattern.compile("^([a-z_0-9]+)\\(\\)", Pattern.MULTILINE)
                .matcher(Files.readString(Path.of("src/main/resources/io/rocedoctor/plan/functions.sh")));
        while (m.find()) {
            helpers.add(m.group(1));
        }
        assertThat(helpers).contains("pfc_read", "bnxt_cc_read", "trust_read");
        for (String id : CatalogSamples.ids()) {
            for (ActionSpec.SettingSpec s : CatalogSamples.read(id).settings()) {
                String hint = s.check() != null ? s.check() : s.read();
                if (hint != null) {
                    assertThat(hint.split("[\\s|;&()$\"]+"))
                            .as(id + ": " + hint)
                            .doesNotContainAnyElementsOf(helpers);
                }
            }
        }
    }

    /** The top-level comma-separated arguments of a call, from just after its parenthesis. */
    private static List<String> arguments(String text, int from) {
        List<String> args = new ArrayList<>();
        int depth = 0;
        boolean quoted = false;
        StringBuilder current = new StringBuilder();
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                current.append(c);
                if (c == '\\') {
                    current.append(text.charAt(++i));
                } else if (c == '"') {
                    quoted = false;
                }
                continue;
            }
            if (c == '"') {
                quoted = true;
            } else if (c == '(') {
                depth++;
            } else if (c == ')' && depth-- == 0) {
                args.add(current.toString().strip());
                return args;
            } else if (c == ',' && depth == 0) {
                args.add(current.toString().strip());
                current.setLength(0);
                continue;
            }
            current.append(c);
        }
        throw new IllegalStateException("unbalanced call at " + from);
    }

    private static String unquote(String literal) {
        assertThat(literal).as("a string literal").startsWith("\"").endsWith("\"");
        return literal.substring(1, literal.length() - 1);
    }
}
