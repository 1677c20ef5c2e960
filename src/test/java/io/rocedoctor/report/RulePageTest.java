package io.rocedoctor.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.engine.RuleDocs;
import org.junit.jupiter.api.Test;

class RulePageTest {
    private static final String PAGE = """
            # SOME_RULE

            Layer: irq · Default severity: high · Sources: `/proc/interrupts`

            ## What it means

            Interrupts of `mlx5_comp0@pci:0000:3b:00.0` run <b>off</b> node, see [the kernel](https://www.kernel.org/doc/) \
            or [this](javascript:alert(1)).

                cat /proc/irq/140/smp_affinity_list

            - one
            - two
            """;

    @Test
    void codeSpansListsCodeBlocksAndLinksAreHtmlAndRawHtmlIsText() {
        String html = RulePage.bodyHtml(PAGE, 0);
        assertThat(html)
                .contains("<h2>What it means</h2>")
                .contains("<code>mlx5_comp0@pci:0000:3b:00.0</code>")
                .contains("&lt;b&gt;off&lt;/b&gt;")
                .contains("<a rel=\"nofollow\" href=\"https://www.kernel.org/doc/\">the kernel</a>")
                .contains("<ul>\n<li>one</li>\n<li>two</li>\n</ul>")
                .contains("<pre><code>cat /proc/irq/140/smp_affinity_list\n</code></pre>")
                .doesNotContain("<b>")
                .doesNotContain("javascript:")
                .doesNotContain("SOME_RULE")
                .doesNotContain("Layer: irq");
    }

    @Test
    void headingsMoveDownInsideAReport() {
        assertThat(RulePage.bodyHtml(PAGE, 2))
                .contains("<h4>What it means</h4>")
                .doesNotContain("<h2>");
    }

    @Test
    void anExplanationIsInlineHtml() {
        assertThat(RulePage.inlineHtml("Its `smp_affinity_list` is *off* node."))
                .isEqualTo("Its <code>smp_affinity_list</code> is <em>off</em> node.");
    }

    @Test
    void theStandalonePageIsLockedDownLikeTheReportAndHoldsTheWholePage() {
        String html = RulePage.standalone(
                "IRQ_CROSS_NUMA", RuleDocs.page("IRQ_CROSS_NUMA").orElseThrow());
        assertThat(html)
                .startsWith("<!DOCTYPE html>")
                .contains("default-src &#39;none&#39;; style-src &#39;unsafe-inline&#39;")
                .contains("<h1>IRQ_CROSS_NUMA</h1>")
                .contains("<h2>What it means</h2>")
                .contains("<code>set_irq_affinity_cpulist.sh</code>")
                .doesNotContain("`");
    }
}
