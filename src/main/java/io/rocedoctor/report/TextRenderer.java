package io.rocedoctor.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.fusesource.jansi.Ansi;

/**
 * The terminal report: root causes first with their symptoms indented under them, evidence
 * aligned, colour by severity (off for pipes and NO_COLOR), wrapped to the terminal width, and
 * one summary line at the end.
 */
public final class TextRenderer implements Renderer {
    private static final Pattern ANSI = Pattern.compile("\u001b\\[[;\\d]*m");

    private final boolean colour;
    private final int width;
    private final boolean everyRuleNotEvaluated;

    public TextRenderer(boolean colour, int width) {
        this(colour, width, false);
    }

    /** {@code everyRuleNotEvaluated}: one line per rule not evaluated ({@code --show-not-evaluated}), not per source. */
    public TextRenderer(boolean colour, int width, boolean everyRuleNotEvaluated) {
        this.colour = colour;
        this.width = Math.max(60, width);
        this.everyRuleNotEvaluated = everyRuleNotEvaluated;
    }

    @Override
    public String render(Report r) {
        StringBuilder out = new StringBuilder();
        List<String> opening = r.analysed().opening();
        wrap(
                out,
                "",
                r.analysed().rdmaDevices().isEmpty() ? colourFor("critical", opening.get(0)) : bold(opening.get(0)),
                "  ");
        opening.stream().skip(1).forEach(line -> wrap(out, "", line, "  "));
        wrap(out, "", summary(r), "  ");
        wrap(
                out,
                "roce-doctor " + r.version() + "  ",
                "host " + r.bundle().host() + "  (" + r.bundle().layout() + ", "
                        + r.bundle().sampling() + ", profile " + r.profile() + ")",
                "  ");
        out.append('\n');
        if (r.findings().isEmpty()) {
            out.append(r.analysed().noFinding()).append('\n');
        }
        CauseTree.of(r).forEach(t -> tree(out, t, ""));
        if (r.plan() != null) {
            PlanView plan = PlanView.of(r.plan());
            if (!plan.steps().isEmpty()) {
                plan(out, plan);
            }
            refusals(out, plan.refusals());
        }
        if (!r.notEvaluated().isEmpty() && everyRuleNotEvaluated) {
            out.append('\n').append(bold("Not evaluated")).append('\n');
            r.notEvaluated().forEach(n -> wrap(out, "  " + n.rule() + ": ", n.why(), "    "));
        } else if (!r.notEvaluated().isEmpty()) {
            out.append('\n')
                    .append(bold("Not evaluated: "
                            + Report.count(r.notEvaluated().size(), "rule") + " (--show-not-evaluated lists each)"))
                    .append('\n');
            for (Report.NotEvaluatedGroup g : r.notEvaluatedSummary()) {
                wrap(out, "  ", g.why() + ": " + NotEvaluatedText.rules(g), "    ");
                if (g.hint() != null) {
                    wrap(out, "    ", g.hint(), "      ");
                }
            }
        }
        if (!r.sources().failed().isEmpty()) {
            out.append('\n').append(bold("Sources that could not be read")).append('\n');
            for (Report.FailedSource f : r.sources().failed()) {
                wrap(
                        out,
                        "  " + f.source() + ": ",
                        (f.file() == null ? "" : f.file() + (f.line() == null ? "" : ":" + f.line()) + ": ")
                                + f.error(),
                        "    ");
            }
        }
        if (!r.sources().notes().isEmpty()) {
            out.append('\n').append(bold("Notes on the data")).append('\n');
            r.sources().notes().forEach(line -> wrap(out, "  ", line, "    "));
        }
        if (!r.bundle().refused().isEmpty()) {
            out.append('\n').append(bold("Refused from the bundle")).append('\n');
            r.bundle().refused().forEach(line -> wrap(out, "  ", line, "    "));
        }
        out.append('\n');
        wrap(out, "", summary(r), "");
        return out.toString();
    }

    /**
     * Several bundles: the fleet's headline, one row per bundle (host, worst severity, counts, top
     * finding), the fleet findings and unreadable bundles, then each host's report as for one bundle.
     */
    public String renderFleet(Fleet fleet, List<Report> hosts) {
        StringBuilder out = new StringBuilder();
        wrap(out, "", bold(fleet.headline()), "  ");
        out.append('\n').append(bold("Hosts")).append('\n');
        int hostWidth = Math.max(
                4,
                fleet.hostTable().stream()
                        .mapToInt(r -> visible(r.host()).length())
                        .max()
                        .orElse(4));
        out.append(String.format(
                Locale.ROOT, "  %-" + hostWidth + "s  %-8s  %-28s  %s%n", "HOST", "WORST", "FINDINGS", "TOP FINDING"));
        for (Fleet.HostRow row : fleet.hostTable()) {
            String worst = row.worst() == null ? "-" : row.worst().toUpperCase(Locale.ROOT);
            String line = String.format(
                    Locale.ROOT,
                    "  %-" + hostWidth + "s  %s  %-28s  %s",
                    visible(row.host()),
                    row.worst() == null
                            ? String.format(Locale.ROOT, "%-8s", worst)
                            : colourFor(row.worst(), String.format(Locale.ROOT, "%-8s", worst)),
                    row.countText(),
                    row.top() == null ? "" : visible(row.top()));
            out.append(line.stripTrailing()).append('\n');
        }
        out.append('\n').append(bold("Fleet findings")).append('\n');
        if (fleet.findings().isEmpty()) {
            out.append("No fleet finding.\n");
        }
        fleet.findings().forEach(f -> finding(out, f, ""));
        if (!fleet.unreadable().isEmpty()) {
            out.append('\n').append(bold("Bundles that could not be read")).append('\n');
            fleet.unreadable().forEach(u -> wrap(out, "  ", u.error(), "    "));
        }
        for (Report host : hosts) {
            out.append('\n')
                    .append(bold("=== " + visible(host.bundle().host()) + " ("
                            + visible(host.bundle().path()) + ")"))
                    .append('\n');
            out.append(render(host));
        }
        return out.toString();
    }

    /** A cause, then the symptoms it explains one level deeper, and theirs. */
    private void tree(StringBuilder out, CauseTree t, String indent) {
        finding(out, t.cause(), indent);
        t.symptoms().forEach(s -> tree(out, s, indent + "    "));
    }

    private void finding(StringBuilder out, Report.ReportFinding f, String indent) {
        String tag = String.format(Locale.ROOT, "%-8s", f.severity().toUpperCase(Locale.ROOT));
        wrap(
                out,
                indent + colourFor(f.severity(), tag) + ' ' + bold(f.id()) + "  ",
                f.subject() + "  [" + f.confidence() + "]",
                indent + "         ");
        wrap(out, indent + "         ", f.title(), indent + "         ");
        for (EvidenceSummary.Line line : EvidenceSummary.of(f.evidence())) {
            Report.Evidence e = line.evidence();
            wrap(
                    out,
                    indent + "         - ",
                    e.source() + ": " + e.value() + (e.note() == null ? "" : "  " + e.note()),
                    indent + "           ");
        }
        if (!f.actions().isEmpty()) {
            wrap(out, indent + "         fix: ", String.join(", ", f.actions()), indent + "              ");
        }
    }

    private void plan(StringBuilder out, PlanView plan) {
        out.append('\n').append(bold("Plan")).append('\n');
        plan.notes().forEach((k, v) -> wrap(out, "  " + k + ": ", v, "    "));
        for (PlanView.Step step : plan.steps()) {
            wrap(out, "  ", bold(step.title()), "    ");
            if (step.summary() != null) {
                wrap(out, "    ", step.summary(), "    ");
            }
            step.facts().forEach((k, v) -> wrap(out, "    " + k + ": ", v, "      "));
            if (!step.notes().isEmpty()) {
                out.append("    notes:\n");
                step.notes().forEach(n -> wrap(out, "      - ", n, "        "));
            }
            for (PlanView.Part part : step.parts()) {
                String indent = part.heading().isEmpty() ? "    " : "      ";
                if (!part.heading().isEmpty()) {
                    wrap(out, "    ", part.heading() + (part.summary() == null ? "" : ": " + part.summary()), "      ");
                }
                part.commands().forEach((k, lines) -> {
                    out.append(indent).append(k).append(":\n");
                    // commands stay on one line each, whatever the width: they are meant to be copied
                    lines.forEach(line -> out.append(indent)
                            .append("  ")
                            .append(step.manual() ? "- " + visible(line.command()) : prompted(line))
                            .append('\n'));
                });
            }
        }
    }

    /** A command after a {@code $} prompt, a comment alone after {@code #} with no prompt. */
    private static String prompted(PlanView.Line line) {
        return line.command() == null ? "# " + visible(line.comment()) : "$ " + visible(line.shell());
    }

    private void refusals(StringBuilder out, List<PlanView.Refusal> refusals) {
        if (refusals.isEmpty()) {
            return;
        }
        out.append('\n').append(bold("Refused values (not in the plan)")).append('\n');
        for (PlanView.Refusal r : refusals) {
            wrap(out, "  ", r.title(), "    ");
            wrap(out, "    ", r.reason(), "    ");
        }
    }

    static String summary(Report r) {
        Map<String, Integer> counts = new HashMap<>();
        r.findings().forEach(f -> counts.merge(f.severity(), 1, Integer::sum));
        List<String> parts = new ArrayList<>();
        for (String s : ReportBuilder.SEVERITIES) {
            if (counts.containsKey(s)) {
                parts.add(counts.get(s) + " " + s);
            }
        }
        return r.findings().size() + " finding" + (r.findings().size() == 1 ? "" : "s")
                + (parts.isEmpty() ? "" : " (" + String.join(", ", parts) + ")")
                + ", " + r.notEvaluated().size() + " rule" + (r.notEvaluated().size() == 1 ? "" : "s")
                + " not evaluated, "
                + r.sources().parsed().size() + " sources parsed, "
                + r.sources().failed().size() + " failed.";
    }

    /**
     * Appends {@code head + text}, wrapping the text at the width with {@code hang} on continuation
     * lines. The text comes from the bundle: control, format and line-separator characters are
     * shown as {@code \\uXXXX}, so a name cannot move the cursor, recolour or reorder the terminal.
     */
    private void wrap(StringBuilder out, String head, String text, String hang) {
        text = visible(text);
        StringBuilder line = new StringBuilder(head);
        int visible = ANSI.matcher(head).replaceAll("").length();
        for (String word : text.split(" ")) {
            if (visible + word.length() > width && visible > hang.length()) {
                out.append(line.toString().stripTrailing()).append('\n');
                line = new StringBuilder(hang);
                visible = hang.length();
            }
            line.append(word).append(' ');
            visible += word.length() + 1;
        }
        out.append(line.toString().stripTrailing()).append('\n');
    }

    static String visible(String text) {
        StringBuilder b = new StringBuilder(text.length());
        text.codePoints().forEach(c -> {
            int type = Character.getType(c);
            if (Character.isISOControl(c)
                    || type == Character.FORMAT
                    || type == Character.LINE_SEPARATOR
                    || type == Character.PARAGRAPH_SEPARATOR) {
                b.append(String.format(Locale.ROOT, "\\u%04x", c));
            } else {
                b.appendCodePoint(c);
            }
        });
        return b.toString();
    }

    private String bold(String s) {
        return colour ? Ansi.ansi().bold().a(s).reset().toString() : s;
    }

    private String colourFor(String severity, String s) {
        if (!colour) {
            return s;
        }
        Ansi.Color c = switch (severity) {
            case "critical" -> Ansi.Color.RED;
            case "high" -> Ansi.Color.MAGENTA;
            case "medium" -> Ansi.Color.YELLOW;
            case "low" -> Ansi.Color.CYAN;
            default -> Ansi.Color.DEFAULT;
        };
        return Ansi.ansi().fg(c).bold().a(s).reset().toString();
    }
}
