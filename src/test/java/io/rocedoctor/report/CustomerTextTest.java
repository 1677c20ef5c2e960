package io.rocedoctor.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What customers read (the body of every rule page, every report of every fixture in every format)
 * carries no template left unfilled, no internal word and no fixture's name. A page's header line
 * (line 3) is checked against the rule's metadata by RulebaseTest and spells sources as commands
 * with parameter words; it is not in any report.
 */
class CustomerTextTest {
    /**
     * A value the reader must find and type in themselves, as {@code <peer address>}: a command with
     * it cannot be run as printed (one word in brackets, as {@code switches/<name>/}, names a path's
     * part and is allowed).
     */
    private static final Pattern ANGLED = Pattern.compile("(<|&lt;)[A-Za-z][A-Za-z0-9']*( [A-Za-z0-9']+)+(>|&gt;)");

    /** Template leftovers and internal words, each with the reason a reader would trip on it. */
    private static final List<Pattern> TEMPLATES = List.of(
            Pattern.compile("\\{[A-Za-z_][A-Za-z0-9_]*\\}"), // {program}, {if}
            Pattern.compile("\\b(IF|DEV|BDF|PROFILE|GID_INDEX|QPS|SECONDS)\\b"), // command parameter words
            Pattern.compile("\\bnode N\\b|(?<![-\\w]|Annex )N(?![-\\w])"), // a number never filled in
            Pattern.compile("(?i)\\bthe seed\\b|\\bseed's\\b|\\bscenario\\b|\\bfixtures?\\b|\\bpitfall \\d"),
            // the design brief's files and the code's words for its parts
            Pattern.compile("\\b[A-Z][A-Z-]+\\.md\\b|\\bthe catalog's\\b|\\bledger\\b"),
            ANGLED);

    private static final List<String> BUNDLES = bundles();
    /** Fixture names a reader could not mistake for a word (not {@code healthy}). */
    private static final List<String> FIXTURES =
            BUNDLES.stream().filter(n -> n.contains("-")).toList();

    /** Every match of a template or internal word, and every fixture's name, in {@code text}. */
    static List<String> problems(String text) {
        List<String> found = new ArrayList<>();
        for (Pattern p : TEMPLATES) {
            Matcher m = p.matcher(text);
            while (m.find()) {
                int from = Math.max(0, m.start() - 40);
                found.add("'" + m.group() + "' in: "
                        + text.substring(from, Math.min(text.length(), m.end() + 40))
                                .replace('\n', ' '));
            }
        }
        FIXTURES.stream().filter(text::contains).forEach(f -> found.add("fixture name " + f));
        return found;
    }

    @Test
    void theCheckFindsEachKindOfLeftover() {
        assertThat(problems("missing {program} on host")).hasSize(1);
        assertThat(problems("ethtool IF: 200.0 Gb/s")).hasSize(1);
        assertThat(problems("CPUs of node N")).isNotEmpty();
        assertThat(problems("the seed's case")).isNotEmpty();
        assertThat(problems("as in cross-numa-irq")).containsExactly("fixture name cross-numa-irq");
        assertThat(problems("see BUNDLE-FORMAT.md")).hasSize(1);
        assertThat(problems("ib_write_bw -d mlx5_0 <peer address>")).hasSize(1);
        assertThat(problems("nmcli connection modify &lt;the port's connection&gt; ipv4.routes"))
                .hasSize(1);
        // near misses: real words that look alike
        assertThat(problems("go-back-N retransmission, IEEE 802.1Q Annex N, an IFG of 12 bytes, awk '{print $1}', "
                        + "switches/<name>/, a < b and c > d"))
                .isEmpty();
    }

    private static Stream<String> fileNames(String folder) throws IOException {
        try (Stream<Path> s = Files.list(Path.of(folder))) {
            return s.map(p -> p.getFileName().toString()).sorted().toList().stream();
        }
    }

    static Stream<String> pages() throws IOException {
        return fileNames("docs/rules");
    }

    @ParameterizedTest
    @MethodSource("pages")
    void aRulePageBodyIsWrittenForCustomers(String page) throws IOException {
        String body = RulePage.body(Files.readString(Path.of("docs/rules", page)));
        assertThat(body).isNotBlank();
        assertThat(problems(body)).as(page).isEmpty();
    }

    static Stream<String> actions() throws IOException {
        return fileNames("rules/actions");
    }

    /** Every step's text, also of actions no fixture proposes, is a command a person can run as printed. */
    @ParameterizedTest
    @MethodSource("actions")
    void noActionAsksThePersonToFillInAPlaceholder(String action) throws IOException {
        Matcher m = ANGLED.matcher(Files.readString(Path.of("rules/actions", action)));
        assertThat(m.find() ? m.group() : null).as(action).isNull();
    }

    static Stream<String> bundleNames() {
        return BUNDLES.stream();
    }

    /**
     * The report with its plan steps' {@code reference} left out: a reference cites the man page or
     * guide a command follows in that source's own synopsis ({@code ethtool(8) -G DEV rx N}), which
     * is what a reader looks up there, not a template of ours.
     */
    private static Report withoutReferences(Report r) {
        ObjectNode plan = new ObjectMapper().valueToTree(r.plan());
        plan.path("steps").forEach(step -> ((ObjectNode) step).remove("reference"));
        return new Report(
                r.tool(),
                r.version(),
                r.profile(),
                r.bundle(),
                r.analysed(),
                r.sources(),
                r.findings(),
                r.notEvaluated(),
                r.notEvaluatedSummary(),
                r.evaluated(),
                plan,
                r.figures());
    }

    @ParameterizedTest
    @MethodSource("bundleNames")
    void everyReportOfAFixtureInEveryFormatIsWrittenForCustomers(String fixture) throws Exception {
        Report report = withoutReferences(ReportFixtures.planned(fixture));
        for (String format : Renderers.NAMES) {
            // the path the bundle was read from is what was analysed, not an internal name
            String out = Renderers.of(format, null, false, 100, true)
                    .render(report)
                    .replace(report.bundle().path(), "BUNDLE_PATH");
            assertThat(problems(out)).as(fixture + " as " + format).isEmpty();
        }
    }

    private static List<String> bundles() {
        try (Stream<Path> s = Files.list(Path.of("fixtures/bundles"))) {
            return s.filter(Files::isDirectory)
                    .map(p -> p.getFileName().toString())
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
