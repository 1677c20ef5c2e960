package io.rocedoctor.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class MarkdownRendererTest {
    private static final Pattern UNESCAPED_PIPE = Pattern.compile("(?<!\\\\)\\|");
    private final String md = new MarkdownRenderer().render(ReportFixtures.hostile(ReportFixtures.plan()));

    @Test
    void opensWithAHeadlineAndTheOneLineSummary() {
        assertThat(md)
                .startsWith("# RoCE diagnosis of host&lt;script&gt;")
                .contains(
                        "\n**3 findings (1 critical, 1 medium, 1 low), 2 rules not evaluated, 1 sources parsed, 1 failed.**\n");
    }

    @Test
    void theFindingsTableHasOneRowOfFiveCellsPerFindingWhateverPipesTheBundleHolds() {
        String[] rows = md.lines()
                .filter(l -> l.startsWith("| ") && !l.startsWith("| Severity") && !l.startsWith("| Why"))
                .filter(l -> !l.contains("PHY_BER_HIGH") && !l.contains("PAUSE_STORM"))
                .toArray(String[]::new);
        assertThat(rows).hasSize(3);
        for (String row : rows) {
            assertThat(UNESCAPED_PIPE.matcher(row).results().count()).as(row).isEqualTo(6);
        }
        assertThat(md)
                .contains(
                        "| MEDIUM | `BASELINE_LATENCY_JITTER` | eth0\\|x | Latency varies | IRQ\\_CROSS\\_NUMA@eth0&lt;script&gt;alert('x')&lt;/script&gt; \"quoted\" &amp; co |");
    }

    @Test
    void evidenceIsBulletedWithSourcesAndValuesAsCode() {
        assertThat(md)
                .contains(
                        "- `/proc/irq/140/smp_affinity_list`: `<script>alert('x')</script> \"quoted\" & co` \u2014 note &lt;script&gt;");
    }

    @Test
    void aSymptomFollowsItsCause() {
        assertThat(md.indexOf("### CRITICAL `IRQ_CROSS_NUMA`"))
                .isPositive()
                .isLessThan(md.indexOf("#### Symptom: MEDIUM `BASELINE_LATENCY_JITTER`"));
    }

    @Test
    void planCommandsAreFencedShellBlocks() {
        assertThat(md)
                .contains("### Step 1: irq-affinity-local-numa")
                .contains("```sh\necho 32-39 > /proc/irq/140/smp_affinity_list\n```");
    }

    @Test
    void codeSpansOutrunTheBackticksInside() {
        assertThat(MarkdownRenderer.code("a`b")).isEqualTo("``a`b``");
        assertThat(MarkdownRenderer.code("`x`")).isEqualTo("`` `x` ``");
        assertThat(MarkdownRenderer.text("*bold* [link](x) <b>")).isEqualTo("\\*bold\\* \\[link\\](x) &lt;b&gt;");
    }

    @Test
    void refusedValuesAreListedWithTheSubjectEscaped() {
        assertThat(md)
                .contains("## Refused values (not in the plan)\n\n- bond-xmit-hash-layer34 for "
                        + "HASH\\_SINGLE\\_PATH\\_CONCENTRATION on bond0;reboot&lt;script&gt;alert('x')&lt;/script&gt;")
                .contains(": parameter bond: 'bond0;reboot' is not a network interface name\n");
    }

    @Test
    void rulesNotEvaluatedAreListedOncePerReasonWithTheRulesItBlocks() {
        assertThat(md)
                .contains(
                        "| not collected: mlxlink -d mlx5\\_0 -m -e -c | `PHY_BER_HIGH` |  |",
                        "| the audit profile evaluates configuration only | `PAUSE_STORM` |  |");
    }

    @Test
    void aNicWithoutModelOrFirmwareSaysTheyWereNotReported() {
        assertThat(new MarkdownRenderer().render(ReportFixtures.withUnreportedNic()))
                .contains("model not reported (virtio\\_net, firmware not reported)")
                .doesNotContain("null");
    }
}
