package io.rocedoctor.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fusesource.jansi.Ansi;

/**
 * The terminal report: root causes first with their symptoms indented under them, evidence
 * aligned, colour by severity (off for pipes and NO_COLOR), wrapped to the terminal width, and
 * one summary line at the end.
 */
public final class TextRenderer implements Renderer {
    private final boolean colour;
    private final int width;

    public TextRenderer(boolean colour, int width) {
        this.colour = colour;
        this.width = Math.max(60, width);
    }

    @Override
    public String render(Report r) {
        StringBuilder out = new StringBuilder();
        out.append(bold("roce-doctor " + r.version())).append("  host ").append(r.bundle().host())
                .append("  (").append(r.bundle().layout()).append(", ").append(r.bundle().samples()).append(" sample")
                .append(r.bundle().samples() == 1 ? "" : "s");
        if (r.bundle().intervalSeconds() != null) {
            out.append(String.format(Locale.ROOT, ", %.1f s apart", r.bundle().intervalSeconds()));
        }
        out.append(", profile ").append(r.profile()).append(")\n\n");

        Map<String, List<Report.ReportFinding>> symptomsOf = new HashMap<>();
        for (Report.ReportFinding f : r.findings()) {
            for (String cause : f.explainedBy()) {
                symptomsOf.computeIfAbsent(cause, k -> new ArrayList<>()).add(f);
            }
        }
        if (r.findings().isEmpty()) {
            out.append("No finding.\n");
        }
        for (Report.ReportFinding f : r.findings()) {
            boolean rootPresent = f.explainedBy().stream().anyMatch(c -> r.findings().stream().anyMatch(x -> x.id().equals(c)));
            if (rootPresent) {
                continue; // printed under its cause
            }
            withSymptoms(out, f, "", symptomsOf, new java.util.HashSet<>());
        }
        if (!r.notEvaluated().isEmpty()) {
            out.append('\n').append(bold("Not evaluated")).append('\n');
            for (Report.NotEvaluatedRule n : r.notEvaluated()) {
                String why = n.missing().isEmpty() ? n.reason() : "missing " + String.join(", ", n.missing());
                wrap(out, "  " + n.rule() + ": ", why, "    ");
            }
        }
        if (!r.sources().failed().isEmpty()) {
            out.append('\n').append(bold("Sources that could not be read")).append('\n');
            for (Report.FailedSource f : r.sources().failed()) {
                wrap(out, "  " + f.source() + ": ", (f.file() == null ? "" : f.file() + (f.line() == null ? "" : ":" + f.line()) + ": ") + f.error(), "    ");
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
        out.append('\n').append(summary(r)).append('\n');
        return out.toString();
    }

    /** A finding, then its symptoms one level deeper, and theirs (a cause chain), each printed once. */
    private void withSymptoms(StringBuilder out, Report.ReportFinding f, String indent,
                              Map<String, List<Report.ReportFinding>> symptomsOf, java.util.Set<Report.ReportFinding> printed) {
        if (!printed.add(f)) {
            return;
        }
        finding(out, f, indent);
        for (Report.ReportFinding s : symptomsOf.getOrDefault(f.id(), List.of())) {
            withSymptoms(out, s, indent + "    ", symptomsOf, printed);
        }
    }

    private void finding(StringBuilder out, Report.ReportFinding f, String indent) {
        String tag = String.format(Locale.ROOT, "%-8s", f.severity().toUpperCase(Locale.ROOT));
        out.append(indent).append(colourFor(f.severity(), tag)).append(' ').append(bold(f.id()))
                .append("  ").append(f.subject()).append("  [").append(f.confidence()).append("]\n");
        wrap(out, indent + "         ", f.title(), indent + "         ");
        for (Report.Evidence e : f.evidence()) {
            wrap(out, indent + "         - " + e.source() + ": " + e.value() + "  ", e.note() == null ? "" : e.note(), indent + "           ");
        }
        if (!f.actions().isEmpty()) {
            wrap(out, indent + "         fix: ", String.join(", ", f.actions()), indent + "              ");
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
                + ", " + r.notEvaluated().size() + " rule" + (r.notEvaluated().size() == 1 ? "" : "s") + " not evaluated, "
                + r.sources().parsed().size() + " sources parsed, " + r.sources().failed().size() + " failed.";
    }

    /** Appends {@code head + text}, wrapping the text at the width with {@code hang} on continuation lines. */
    private void wrap(StringBuilder out, String head, String text, String hang) {
        StringBuilder line = new StringBuilder(head);
        int visible = head.length();
        for (String word : text.split(" ")) {
            if (visible + word.length() + 1 > width && visible > hang.length()) {
                out.append(line.toString().stripTrailing()).append('\n');
                line = new StringBuilder(hang);
                visible = hang.length();
            }
            line.append(word).append(' ');
            visible += word.length() + 1;
        }
        out.append(line.toString().stripTrailing()).append('\n');
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
