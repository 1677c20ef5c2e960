package io.rocedoctor.report;

import java.util.List;
import java.util.Locale;

/**
 * Ticket-ready Markdown (GitHub flavour): a headline, the findings table, each finding with its
 * evidence as bullets, the plan's commands in fenced blocks, and what was not evaluated. Bundle
 * text is escaped so that it cannot become markup, a table cell border or a raw HTML tag.
 */
public final class MarkdownRenderer implements Renderer {

    @Override
    public String render(Report r) {
        StringBuilder md = new StringBuilder();
        md.append("# RoCE diagnosis of ").append(text(r.bundle().host())).append("\n\n");
        r.analysed()
                .opening()
                .forEach(line -> md.append("**").append(text(line)).append("**\n\n"));
        md.append("**").append(text(TextRenderer.summary(r))).append("**\n\n");
        md.append(r.tool())
                .append(' ')
                .append(r.version())
                .append(", profile ")
                .append(code(r.profile()))
                .append(", bundle ")
                .append(code(r.bundle().path()))
                .append(" (")
                .append(text(r.bundle().layout()))
                .append(", ")
                .append(r.bundle().sampling())
                .append(")\n\n");
        if (r.figures() != null) {
            for (FigureData.NicSummary n : r.figures().nics()) {
                md.append("- NIC ")
                        .append(code(n.id()))
                        .append(' ')
                        .append(text(n.description()))
                        .append(", NUMA node ")
                        .append(n.numaNode() == null || n.numaNode() < 0 ? "unknown" : n.numaNode())
                        .append(", ports ")
                        .append(text(String.join(", ", n.ports())))
                        .append('\n');
            }
            md.append(r.figures().nics().isEmpty() ? "" : "\n");
        }

        md.append("## Findings\n\n");
        if (r.findings().isEmpty()) {
            md.append(r.analysed().noFinding()).append("\n\n");
        } else {
            md.append("| Severity | Rule | Subject | Title | Explained by |\n|---|---|---|---|---|\n");
            for (Report.ReportFinding f : r.findings()) {
                md.append("| ")
                        .append(f.severity().toUpperCase(Locale.ROOT))
                        .append(" | ")
                        .append(cell(code(f.id())))
                        .append(" | ")
                        .append(cell(text(f.subject())))
                        .append(" | ")
                        .append(cell(text(f.title())))
                        .append(" | ")
                        .append(cell(text(String.join(", ", f.explainedBy()))))
                        .append(" |\n");
            }
            md.append('\n');
            for (CauseTree t : CauseTree.of(r)) {
                finding(md, t.cause(), "### ");
                t.allSymptoms().forEach(s -> finding(md, s, "#### Symptom: "));
            }
        }
        if (r.plan() != null) {
            PlanView plan = PlanView.of(r.plan());
            if (!plan.steps().isEmpty()) {
                plan(md, plan);
            }
            if (!plan.refusals().isEmpty()) {
                md.append("## Refused values (not in the plan)\n\n");
                plan.refusals()
                        .forEach(x -> md.append("- ")
                                .append(text(x.title()))
                                .append(": ")
                                .append(text(x.reason()))
                                .append('\n'));
                md.append('\n');
            }
        }
        if (!r.notEvaluated().isEmpty()) {
            md.append("## Not evaluated\n\n| Why | Rules it blocks | Where it comes from |\n|---|---|---|\n");
            r.notEvaluatedSummary()
                    .forEach(g -> md.append("| ")
                            .append(cell(text(g.why())))
                            .append(" | ")
                            .append(cell(String.join(
                                    ", ",
                                    g.rules().stream()
                                            .map(MarkdownRenderer::code)
                                            .toList())))
                            .append(" | ")
                            .append(cell(g.hint() == null ? "" : text(g.hint())))
                            .append(" |\n"));
            md.append('\n');
        }
        if (!r.sources().failed().isEmpty()) {
            md.append("## Sources that could not be read\n\n");
            r.sources()
                    .failed()
                    .forEach(f -> md.append("- ")
                            .append(code(f.source()))
                            .append(": ")
                            .append(
                                    f.file() == null
                                            ? ""
                                            : code(f.file() + (f.line() == null ? "" : ":" + f.line())) + ": ")
                            .append(text(f.error()))
                            .append('\n'));
            md.append('\n');
        }
        return md.toString().stripTrailing() + "\n";
    }

    /** Several bundles: the fleet's headline, host table and findings, then each host's report one heading level down. */
    public String renderFleet(Fleet fleet, List<Report> hosts) {
        StringBuilder md = new StringBuilder("# RoCE fleet report\n\n**")
                .append(text(fleet.headline()))
                .append("**\n\n");
        md.append("## Hosts\n\n| Host | Worst | Findings | Top finding |\n|---|---|---|---|\n");
        for (Fleet.HostRow row : fleet.hostTable()) {
            md.append("| ")
                    .append(cell(text(row.host())))
                    .append(" | ")
                    .append(row.worst() == null ? "" : row.worst().toUpperCase(Locale.ROOT))
                    .append(" | ")
                    .append(cell(text(row.countText())))
                    .append(" | ")
                    .append(row.top() == null ? "" : cell(text(row.top())))
                    .append(" |\n");
        }
        md.append("\n## Fleet findings\n\n");
        if (fleet.findings().isEmpty()) {
            md.append("No fleet finding.\n\n");
        }
        fleet.findings().forEach(f -> finding(md, f, "### "));
        if (!fleet.unreadable().isEmpty()) {
            md.append("## Bundles that could not be read\n\n");
            fleet.unreadable()
                    .forEach(u -> md.append("- ").append(text(u.error())).append('\n'));
            md.append('\n');
        }
        hosts.forEach(h -> md.append(demoted(render(h))).append('\n'));
        return md.toString().stripTrailing() + "\n";
    }

    /** Every heading one level deeper, outside fenced blocks (a shell comment there is no heading). */
    private static String demoted(String md) {
        StringBuilder out = new StringBuilder();
        String fence = null;
        for (String line : md.split("\n", -1)) {
            if (fence == null && line.startsWith("```")) {
                fence = line.replaceAll("[^`].*", "");
            } else if (fence != null && line.equals(fence)) {
                fence = null;
            } else if (fence == null && line.startsWith("#")) {
                line = "#" + line;
            }
            out.append(line).append('\n');
        }
        return out.toString();
    }

    private static void finding(StringBuilder md, Report.ReportFinding f, String heading) {
        md.append(heading)
                .append(f.severity().toUpperCase(Locale.ROOT))
                .append(' ')
                .append(code(f.id()))
                .append(" on ")
                .append(text(f.subject()))
                .append("\n\n**")
                .append(text(f.title()))
                .append("** (")
                .append(text(f.confidence()))
                .append(", ")
                .append(text(f.layer()))
                .append(")\n\n");
        if (!f.explanation().isBlank()) {
            // the rule page's own Markdown (the jar's text, not the bundle's): its code spans stay code
            md.append(oneLine(f.explanation())).append("\n\n");
        }
        if (!f.explainedBy().isEmpty()) {
            md.append("Explained by ")
                    .append(text(String.join(", ", f.explainedBy())))
                    .append(".\n\n");
        }
        for (EvidenceSummary.Line line : EvidenceSummary.of(f.evidence())) {
            Report.Evidence e = line.evidence();
            md.append("- ")
                    .append(code(e.source()))
                    .append(": ")
                    .append(code(e.value()))
                    .append(e.note() == null ? "" : " \u2014 " + text(e.note()))
                    .append('\n');
        }
        if (!f.actions().isEmpty()) {
            md.append(f.evidence().isEmpty() ? "" : "\n")
                    .append("Fix: ")
                    .append(String.join(
                            ", ",
                            f.actions().stream().map(MarkdownRenderer::code).toList()))
                    .append('\n');
        }
        md.append('\n');
    }

    private static void plan(StringBuilder md, PlanView plan) {
        md.append("## Plan\n\n");
        plan.notes()
                .forEach((k, v) -> md.append("- ")
                        .append(text(k))
                        .append(": ")
                        .append(text(v))
                        .append('\n'));
        md.append(plan.notes().isEmpty() ? "" : "\n");
        for (PlanView.Step step : plan.steps()) {
            md.append("### ").append(text(step.title())).append("\n\n");
            if (step.summary() != null) {
                md.append(text(step.summary())).append("\n\n");
            }
            step.facts()
                    .forEach((k, v) -> md.append("- ")
                            .append(text(k))
                            .append(": ")
                            .append(text(v))
                            .append('\n'));
            step.notes().forEach(n -> md.append("- note: ").append(text(n)).append('\n'));
            md.append(step.facts().isEmpty() && step.notes().isEmpty() ? "" : "\n");
            for (PlanView.Part part : step.parts()) {
                if (!part.heading().isEmpty()) {
                    md.append("#### ")
                            .append(text(part.heading()))
                            .append(part.summary() == null ? "" : ": " + text(part.summary()))
                            .append("\n\n");
                }
                part.commands().forEach((list, lines) -> commands(md, list, lines, step.manual()));
            }
        }
    }

    /** A manual step's instructions as bullets; commands in a fenced {@code sh} block, comments as shell comments. */
    private static void commands(StringBuilder md, String list, List<PlanView.Line> lines, boolean manual) {
        md.append("**").append(text(list)).append("**\n\n");
        if (manual) {
            lines.forEach(line -> md.append("- ").append(text(line.command())).append('\n'));
            md.append('\n');
            return;
        }
        String body = String.join("\n", lines.stream().map(PlanView.Line::shell).toList());
        String fence = "`".repeat(Math.max(3, longestRun(body, '`') + 1));
        md.append(fence).append("sh\n").append(body).append('\n').append(fence).append("\n\n");
    }

    /** Plain text: Markdown's punctuation and HTML's angle brackets escaped, on one line. */
    static String text(String s) {
        StringBuilder b = new StringBuilder(s.length() + 8);
        for (char c : oneLine(s).toCharArray()) {
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '\\', '`', '*', '_', '[', ']', '#', '|', '!', '~' ->
                    b.append('\\').append(c);
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /** A code span whose fence outruns any backticks inside, so the content stays literal. */
    static String code(String s) {
        String one = oneLine(s);
        String fence = "`".repeat(longestRun(one, '`') + 1);
        String pad = one.startsWith("`") || one.endsWith("`") ? " " : "";
        return fence + pad + one + pad + fence;
    }

    /** In a table cell a pipe ends the cell even inside a code span, unless escaped. */
    private static String cell(String s) {
        return s.replaceAll("(?<!\\\\)\\|", "\\\\|");
    }

    private static String oneLine(String s) {
        return s.replaceAll("[\\r\\n\\t]+", " ");
    }

    private static int longestRun(String s, char c) {
        int longest = 0;
        int run = 0;
        for (char x : s.toCharArray()) {
            run = x == c ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        return longest;
    }
}
