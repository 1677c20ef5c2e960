package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.engine.RuleEngine;
import org.junit.jupiter.api.Test;

/** The catalog a user sees is the one the engine runs, and every rule has its page. */
class RulesCommandTest {
    @Test
    void theCatalogListsEveryRuleOfTheEngineWithLayerSeverityAndSummary() {
        Cli cli = Cli.run("rules");
        assertThat(cli.exit()).isZero();
        // A summary wrapped onto the next lines reads back as one line once the hanging indent is joined.
        String joined = cli.out().replaceAll("\n {20,}", " ");
        for (var r : RuleEngine.builtIn().catalog().values()) {
            assertThat(joined)
                    .containsPattern(r.id() + " +" + r.layer() + " +" + r.severity() + " +\\Q" + r.summary() + "\\E");
        }
        assertThat(cli.out()).contains(RuleEngine.builtIn().catalog().size() + " rules.");
    }

    @Test
    void theCatalogFitsTheWidthItWasGiven() {
        Cli cli = Cli.run("rules");
        assertThat(cli.out().lines())
                .allSatisfy(line -> assertThat(line.length()).as(line).isLessThanOrEqualTo(Terminal.width()));
    }

    /** At 60 columns a summary column would be a dozen characters wide: the summaries go under their rows. */
    @Test
    void onANarrowTerminalEachSummaryGoesUnderItsRow() {
        RulesCommand narrow = new RulesCommand();
        narrow.width = 60;
        java.io.StringWriter out = new java.io.StringWriter();
        picocli.CommandLine cl = new picocli.CommandLine(narrow);
        cl.setOut(new java.io.PrintWriter(out, true));
        assertThat(cl.execute()).isZero();
        assertThat(out.toString().lines())
                .allSatisfy(line -> assertThat(line.length()).as(line).isLessThanOrEqualTo(60));
        var rule = RuleEngine.builtIn().catalog().get("IRQ_CROSS_NUMA");
        String summaryStart = rule.summary().split(" ")[0];
        assertThat(out.toString())
                .containsPattern("IRQ_CROSS_NUMA +irq +" + rule.severity() + "\\n    \\Q" + summaryStart + "\\E");
    }

    @Test
    void summariesWrapBetweenWordsAndKeepEveryWord() {
        String summary = "Completion interrupts of a NIC run on CPUs of another NUMA node than the NIC's own";
        assertThat(RulesCommand.wrap(summary, 30))
                .containsExactly(
                        "Completion interrupts of a NIC", "run on CPUs of another NUMA", "node than the NIC's own");
        assertThat(RulesCommand.wrap(summary, 200)).containsExactly(summary);
        assertThat(RulesCommand.wrap("a-word-longer-than-the-line-stays-whole x", 20))
                .containsExactly("a-word-longer-than-the-line-stays-whole", "x");
        assertThat(RulesCommand.wrap(summary, 10)).as("too narrow to help").containsExactly(summary);
    }

    @Test
    void aLayerFilterKeepsOnlyThatLayer() {
        Cli cli = Cli.run("rules", "--layer", "irq");
        assertThat(cli.out()).contains("IRQ_CROSS_NUMA").doesNotContain("PCIE_CEILING_BELOW_PORTS");
        assertThat(Cli.run("rules", "--layer", "nonsense").exit()).isEqualTo(2);
    }

    @Test
    void showPrintsTheRulePageAndRefusesAnUnknownId() {
        Cli cli = Cli.run("rules", "show", "pcie_ceiling_below_ports");
        assertThat(cli.exit()).isZero();
        assertThat(cli.out()).contains("# PCIE_CEILING_BELOW_PORTS").contains("## What it means");
        Cli unknown = Cli.run("rules", "show", "NO_SUCH_RULE");
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.err()).contains("NO_SUCH_RULE");
    }

    @Test
    void showWritesThePageAsOneHtmlFileOnAsk() {
        Cli html = Cli.run("rules", "show", "IRQ_CROSS_NUMA", "--format", "html");
        assertThat(html.exit()).isZero();
        assertThat(html.out())
                .startsWith("<!DOCTYPE html>")
                .contains(
                        "<h1>IRQ_CROSS_NUMA</h1>", "<h2>What it means</h2>", "<code>set_irq_affinity_cpulist.sh</code>")
                .doesNotContain("## What it means");
        assertThat(Cli.run("rules", "show", "IRQ_CROSS_NUMA", "-f", "pdf").exit())
                .isEqualTo(2);
    }
}
