package io.rocedoctor.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TextRendererTest {
    private final Report report = ReportFixtures.hostile(ReportFixtures.plan());

    @Test
    void colourMarksSeverityOnlyWhenAskedFor() {
        String coloured = new TextRenderer(true, 100).render(report);
        assertThat(coloured).contains("\u001b[31;1mCRITICAL"); // red, bold
        assertThat(new TextRenderer(false, 100).render(report)).doesNotContain("\u001b[");
    }

    @Test
    void symptomsAreIndentedUnderTheirCause() {
        List<String> lines = new TextRenderer(false, 100).render(report).lines().toList();
        int cause = indexOf(lines, "CRITICAL IRQ_CROSS_NUMA");
        int symptom = indexOf(lines, "    MEDIUM   BASELINE_LATENCY_JITTER");
        assertThat(cause).isNotNegative();
        assertThat(symptom).isGreaterThan(cause);
        assertThat(indexOf(lines, "LOW      CPU_GOVERNOR_POWERSAVE")).isGreaterThan(symptom);
    }

    @Test
    void proseWrapsToTheWidthButCommandsStayWhole() {
        String text = new TextRenderer(false, 60).render(report);
        assertThat(text.lines()
                        .filter(l -> !l.strip().startsWith("$ "))
                        .filter(l -> l.length() > 60)
                        .toList())
                .isEmpty();
        assertThat(text).contains("      $ echo 32-39 > /proc/irq/140/smp_affinity_list\n");
    }

    @Test
    void refusedValuesHaveTheirOwnSectionAndBundleTextCannotDriveTheTerminal() {
        String text = new TextRenderer(false, 200).render(report);
        assertThat(text)
                .contains(
                        "Refused values (not in the plan)\n",
                        "  bond-xmit-hash-layer34 for HASH_SINGLE_PATH_CONCENTRATION on bond0;reboot",
                        "    parameter bond: 'bond0;reboot' is not a network interface name\n",
                        "\\u001b[2J\\u202e");
        assertThat(text).doesNotContain("\u001b", "\u202e").doesNotContain("refusals: action=");
    }

    @Test
    void endsWithTheOneLineSummary() {
        String text = new TextRenderer(false, 100).render(report);
        assertThat(text.strip().lines().reduce((a, b) -> b).orElseThrow())
                .isEqualTo(
                        "3 findings (1 critical, 1 medium, 1 low), 2 rules not evaluated, 1 sources parsed, 1 failed.");
    }

    private static int indexOf(List<String> lines, String prefix) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(prefix)) {
                return i;
            }
        }
        return -1;
    }
}
