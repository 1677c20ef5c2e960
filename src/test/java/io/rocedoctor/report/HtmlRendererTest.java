package io.rocedoctor.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HtmlRendererTest {
    /** Anything a browser would fetch: an element that loads, a URL in an attribute or in CSS. */
    private static final Pattern RESOURCE_LOAD = Pattern.compile(
            // a link to a place in the page (a finding to its rule's page) loads nothing
            "<(script|link|img|iframe|object|embed|audio|video|source)\\b|\\b(src|srcset|action)\\s*=|\\bhref\\s*=\\s*\"(?!#)|url\\(|@import",
            Pattern.CASE_INSENSITIVE);

    private final HtmlRenderer html = new HtmlRenderer();

    @Test
    void hostileBundleTextIsEscapedEverywhere() {
        String out = html.render(ReportFixtures.hostile(ReportFixtures.plan()));
        assertThat(out)
                .doesNotContain("<script")
                .doesNotContain("\"quoted\"")
                .doesNotContain("& co")
                .contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &quot;quoted&quot; &amp; co");
        // in the SVG labels too
        assertThat(out).contains("<text x=\"8\" y=\"45\" fill=\"#263238\">eth0&lt;script&gt;");
    }

    @Test
    void refusedValuesAreATableWithTheSubjectEscaped() {
        String out = html.render(ReportFixtures.hostile(ReportFixtures.plan()));
        assertThat(out)
                .contains(
                        "<h2>Refused values (not in the plan)</h2>",
                        "<td><code>bond-xmit-hash-layer34</code></td><td>HASH_SINGLE_PATH_CONCENTRATION</td>"
                                + "<td class=\"value\">bond0;reboot&lt;script&gt;",
                        "parameter bond: &#39;bond0;reboot&#39; is not a network interface name");
        assertThat(out).doesNotContain("\u001b");
    }

    @Test
    void escapingCoversAttributesAndForbiddenControlCharacters() {
        assertThat(Html.escape("a\"b'c<d>e&f\u0001g\th")).isEqualTo("a&quot;b&#39;c&lt;d&gt;e&amp;f\uFFFDg\th");
        assertThat(new Html()
                        .empty("rect", "title", "\" onload=\"x", "skipped", null)
                        .toString())
                .isEqualTo("<rect title=\"&quot; onload=&quot;x\"/>");
    }

    @ParameterizedTest
    @ValueSource(strings = {"dual-port-hash-concentration", "cross-numa-irq", "pcie-gen3-x8-dual-100g", "healthy"})
    void aScenarioReportLoadsNothingAndForbidsLoadingAnything(String scenario) throws Exception {
        String out = html.render(ReportFixtures.scenario(scenario));
        assertThat(RESOURCE_LOAD.matcher(out).find())
                .as("a resource load in\n" + out)
                .isFalse();
        assertThat(out)
                .doesNotContain("http://")
                .doesNotContain("https://")
                .contains("content=\"default-src &#39;none&#39;; style-src &#39;unsafe-inline&#39;\"")
                .contains("@media print");
    }

    @Test
    void theHashConcentrationScenarioHasAllFourKindsOfPicture() throws Exception {
        String out = html.render(ReportFixtures.scenario("dual-port-hash-concentration"));
        for (String kind : List.of("path-shares", "interrupts", "pause", "pcie")) {
            assertThat(out).contains("<figure class=\"figure\" data-figure=\"" + kind + "\">");
        }
        assertThat(out).contains(">90.0%</text>", ">10.0%</text>", "even split 50.0%");
    }

    @Test
    void theCrossNumaPictureShadesTheNicsNodeAndMarksIt() throws Exception {
        String out = html.render(ReportFixtures.scenario("cross-numa-irq"));
        assertThat(out)
                .contains("NIC 0000:3b:00 on NUMA node 1 (shaded)", "node 1 \u2605 NIC", "node 0<")
                .contains("<title>CPU 0 (node 0): 1400000 interrupts</title>");
    }

    @Test
    void thePcieCeilingPictureShowsTheBudgetBelowTheDemand() throws Exception {
        String out = html.render(ReportFixtures.scenario("pcie-gen3-x8-dual-100g"));
        assertThat(out).contains("PCIe Gen3 x8", "63.0 Gb/s usable", "budget 53.6 Gb/s", "200.0 Gb/s asked");
    }

    @Test
    void noDataDrawsNoPicture() {
        Report bare = ReportFixtures.hostile(null);
        Report withoutFigures = new Report(
                bare.tool(),
                bare.version(),
                bare.profile(),
                bare.bundle(),
                bare.analysed(),
                bare.sources(),
                bare.findings(),
                bare.notEvaluated(),
                bare.notEvaluatedSummary(),
                bare.evaluated(),
                null,
                new FigureData(List.of(), List.of(), List.of(), List.of(), List.of(), List.of()));
        assertThat(html.render(withoutFigures))
                .doesNotContain("<figure")
                .doesNotContain("<svg")
                .doesNotContain("<h2>Pictures</h2>");
    }

    @Test
    void symptomsAreNestedUnderTheirCauseAndNotRepeated() {
        String out = html.render(ReportFixtures.hostile(null));
        int cause = out.indexOf("<code>IRQ_CROSS_NUMA</code></a> on eth0");
        int nest = out.indexOf("<div class=\"symptoms\">", cause);
        int symptom = out.indexOf("<code>BASELINE_LATENCY_JITTER</code></a> on", nest);
        assertThat(cause).isPositive();
        assertThat(nest).isGreaterThan(cause);
        assertThat(symptom).isGreaterThan(nest);
        assertThat(out.indexOf("<code>BASELINE_LATENCY_JITTER</code></a> on", symptom + 1))
                .isNegative();
    }

    @Test
    void thePlanIsRenderedWithCopyableCommandsOnlyWhenPresent() {
        String withPlan = html.render(ReportFixtures.hostile(ReportFixtures.plan()));
        assertThat(withPlan)
                .contains(
                        "<h2>Plan</h2>",
                        "<h3>Step 1: irq-affinity-local-numa</h3>",
                        "<pre class=\"cmd\"><span class=\"line\"><code>echo 32-39 &gt; /proc/irq/140/smp_affinity_list</code></span></pre>");
        assertThat(html.render(ReportFixtures.hostile(null))).doesNotContain("<h2>Plan</h2>");
    }

    @Test
    void notEvaluatedRulesSayWhy() {
        assertThat(html.render(ReportFixtures.hostile(null)))
                .contains(
                        "<h2>Not evaluated</h2>",
                        "<td>not collected: mlxlink -d mlx5_0 -m -e -c</td>",
                        "<td>the audit profile evaluates configuration only</td>");
    }

    @Test
    void theSameReportGivesTheSameBytes() throws Exception {
        assertThat(html.render(ReportFixtures.scenario("cross-numa-irq")))
                .isEqualTo(html.render(ReportFixtures.scenario("cross-numa-irq")));
    }

    @Test
    void aNicWithoutModelOrFirmwareSaysTheyWereNotReported() {
        assertThat(new HtmlRenderer().render(ReportFixtures.withUnreportedNic()))
                .contains("model not reported (virtio_net, firmware not reported)")
                .doesNotContain("null");
    }
}
