package io.rocedoctor.cli;

import io.rocedoctor.engine.RuleDocs;
import io.rocedoctor.engine.RuleInfo;
import io.rocedoctor.report.RulePage;
import java.io.PrintWriter;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The rule catalog as the engine holds it: one line per rule, or one rule's documentation page. */
@Command(
        name = "rules",
        mixinStandardHelpOptions = true,
        description = "Lists the rule catalog (id, layer, severity, summary), or shows one rule's page.",
        subcommands = RulesCommand.Show.class,
        footer = {
            "",
            "Examples:",
            "  roce-doctor rules",
            "  roce-doctor rules --layer irq",
            "  roce-doctor rules show IRQ_CROSS_NUMA",
            "  roce-doctor rules --rules my-rules/   # the catalog with your own rules added"
        })
final class RulesCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--layer",
            paramLabel = "LAYER",
            completionCandidates = CompletionCommand.Layers.class,
            description = "Only the rules of this layer.")
    String layer;

    @CommandLine.Mixin
    RulesOption userRules;

    /** The width the summaries wrap to: the terminal's (tests set it). */
    int width = Terminal.width();

    @Override
    public Integer call() throws BadInputException {
        List<RuleInfo> rules = userRules.engine().catalog().values().stream()
                .filter(r -> layer == null || r.layer().label().equalsIgnoreCase(layer))
                .sorted(Comparator.comparing(RuleInfo::layer).thenComparing(RuleInfo::id))
                .toList();
        if (rules.isEmpty()) {
            throw new BadInputException("no rule in layer '" + layer + "'");
        }
        int idWidth = rules.stream().mapToInt(r -> r.id().length()).max().orElse(2);
        int layerWidth =
                rules.stream().mapToInt(r -> r.layer().label().length()).max().orElse(5);
        PrintWriter out = spec.commandLine().getOut();
        String columns = "%-" + idWidth + "s  %-" + layerWidth + "s  ";
        String hang = " ".repeat(idWidth + layerWidth + 14);
        // Too narrow for a summary column beside the others: each summary goes under its row, indented.
        boolean beside = width - hang.length() >= 30;
        String indent = beside ? hang : "    ";
        out.printf(Locale.ROOT, columns + (beside ? "%-8s  SUMMARY%n" : "%s%n"), "ID", "LAYER", "SEVERITY");
        for (RuleInfo r : rules) {
            List<String> summary = wrap(r.summary(), width - indent.length());
            String severity = String.valueOf(r.severity());
            String first = beside ? String.format(Locale.ROOT, "%-8s  %s", severity, summary.get(0)) : severity;
            out.printf(Locale.ROOT, columns + "%s%n", r.id(), r.layer(), first);
            summary.stream().skip(beside ? 1 : 0).forEach(line -> out.println(indent + line));
        }
        out.printf(Locale.ROOT, "%d rules. 'roce-doctor rules show ID' explains one.%n", rules.size());
        return Main.OK;
    }

    /**
     * {@code text} in lines of at most {@code columns} characters, broken between words; a word
     * longer than a line stays whole. Below 20 columns wrapping helps no one: one line.
     */
    static List<String> wrap(String text, int columns) {
        if (columns < 20) {
            return List.of(text);
        }
        List<String> lines = new java.util.ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.trim().split("\\s+")) {
            if (line.length() > 0 && line.length() + 1 + word.length() > columns) {
                lines.add(line.toString());
                line.setLength(0);
            }
            line.append(line.length() > 0 ? " " : "").append(word);
        }
        lines.add(line.toString());
        return lines;
    }

    @Command(
            name = "show",
            mixinStandardHelpOptions = true,
            description = "Prints one rule's documentation page.",
            footer = {
                "",
                "Examples:",
                "  roce-doctor rules show PCIE_CEILING_BELOW_PORTS",
                "  roce-doctor rules show IRQ_CROSS_NUMA --format html > IRQ_CROSS_NUMA.html"
            })
    static final class Show implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Parameters(
                paramLabel = "ID",
                completionCandidates = CompletionCommand.RuleIds.class,
                description = "A rule id, e.g. HASH_SINGLE_PATH_CONCENTRATION.")
        String id;

        @Option(
                names = {"-f", "--format"},
                paramLabel = "FORMAT",
                description = "markdown (the page as written, default) or html (one self-contained file).")
        PageFormat format = PageFormat.markdown;

        enum PageFormat {
            markdown,
            html
        }

        @Override
        public Integer call() throws BadInputException {
            String wanted = id.toUpperCase(Locale.ROOT);
            var page = RuleDocs.page(wanted);
            if (page.isEmpty()) {
                throw new BadInputException("no rule '" + id + "'; 'roce-doctor rules' lists them");
            }
            spec.commandLine()
                    .getOut()
                    .print(format == PageFormat.html ? RulePage.standalone(wanted, page.get()) : page.get());
            return Main.OK;
        }
    }
}
