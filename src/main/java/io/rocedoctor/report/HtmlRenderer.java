package io.rocedoctor.report;

import io.rocedoctor.engine.RuleDocs;
import io.rocedoctor.engine.RuleLayer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One self-contained HTML file: no script, no external font, style sheet or image (a content
 * security policy forbids them too), printable. Summary first, then root causes with their
 * symptoms nested, the pictures, the plan with copyable commands, what was not evaluated and
 * what was collected. All bundle text goes through {@link Html}'s escaping.
 */
public final class HtmlRenderer implements Renderer {
    private static final int WORST = 3;
    private static final String STYLE = """
            :root{--critical:#b71c1c;--high:#ad1457;--medium:#e65100;--low:#00838f;--info:#546e7a;--line:#cfd8dc}
            body{font:15px/1.45 system-ui,sans-serif;color:#263238;max-width:1100px;margin:0 auto;padding:24px}
            h1{font-size:1.6em;margin:0 0 4px}h2{border-bottom:2px solid var(--line);padding-bottom:4px;margin-top:2em}
            h3{margin:4px 0}table{border-collapse:collapse;width:100%;margin:8px 0}
            th,td{border:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}th{background:#eceff1}
            td.value{font-family:ui-monospace,monospace;overflow-wrap:break-word}
            .rule-page pre{background:#eceff1;padding:8px 12px;white-space:pre-wrap;overflow-wrap:anywhere}
            .rule-page{border-top:1px solid var(--line);margin-top:12px}
            .muted{color:#607d8b}.summary{font-weight:bold}.headline{font-size:1.15em;font-weight:bold}
            .alarm{color:var(--critical)}
            .sev{display:inline-block;min-width:5.5em;text-align:center;color:#fff;border-radius:3px;padding:0 6px;
            font-weight:bold;font-size:.8em;text-transform:uppercase}
            .finding{border-left:6px solid #90a4ae;padding:4px 12px;margin:12px 0;background:#fafafa}
            .symptoms{margin-left:28px}
            .critical .sev,.sev.critical{background:var(--critical)}.finding.critical{border-color:var(--critical)}
            .high .sev,.sev.high{background:var(--high)}.finding.high{border-color:var(--high)}
            .medium .sev,.sev.medium{background:var(--medium)}.finding.medium{border-color:var(--medium)}
            .low .sev,.sev.low{background:var(--low)}.finding.low{border-color:var(--low)}
            .info .sev,.sev.info{background:var(--info)}.finding.info{border-color:var(--info)}
            pre.cmd{background:#263238;color:#eceff1;padding:8px 12px;white-space:pre-wrap;overflow-wrap:break-word}
            pre.cmd .line{display:block}pre.cmd code{user-select:all}pre.cmd .comment{color:#90a4ae;user-select:none}
            .part{margin-left:12px}h5{margin:8px 0 2px;font-size:.9em;color:#607d8b}
            details.host{border:1px solid var(--line);padding:4px 12px;margin:8px 0}details.host>summary{font-weight:bold;cursor:pointer}
            figure{margin:16px 0}figcaption{color:#607d8b;font-size:.9em}svg{max-width:100%;height:auto}
            @media print{body{max-width:none;padding:0;font-size:10pt}.finding,figure,tr,pre{break-inside:avoid}
            pre.cmd{background:#fff;color:#000;border:1px solid #999}pre.cmd .comment{color:#555}h2{break-after:avoid}}
            """;

    @Override
    public String render(Report r) {
        Html h = head("roce-doctor: " + r.bundle().host());
        body(h, r);
        rulePages(h, List.of(r), List.of());
        return foot(h, r.version());
    }

    /**
     * Several bundles in one file: the fleet's headline, the host table (each host a link to its
     * section), the fleet findings, then each host's report collapsed in a {@code <details>}.
     */
    public String renderFleet(Fleet fleet, List<Report> hosts) {
        Html h = head("roce-doctor: fleet of " + fleet.hosts());
        h.element("h1", "RoCE fleet report");
        h.element("p", fleet.headline(), "class", "headline");
        h.element("h2", "Hosts")
                .open("table", "class", "hosts")
                .open("tr")
                .element("th", "Host")
                .element("th", "Worst")
                .element("th", "Findings")
                .element("th", "Top finding")
                .close("tr");
        for (int i = 0; i < fleet.hostTable().size(); i++) {
            Fleet.HostRow row = fleet.hostTable().get(i);
            h.open("tr")
                    .open("td")
                    .open("a", "href", "#host-" + i)
                    .text(row.host())
                    .close("a")
                    .close("td")
                    .open("td");
            if (row.worst() != null) {
                h.element("span", row.worst(), "class", "sev " + row.worst());
            }
            h.close("td")
                    .element("td", row.countText())
                    .element("td", row.top() == null ? "" : row.top(), "class", "value")
                    .close("tr");
        }
        h.close("table");
        h.element("h2", "Fleet findings");
        if (fleet.findings().isEmpty()) {
            h.element("p", "No fleet finding.");
        }
        for (Report.ReportFinding f : fleet.findings()) {
            h.open("article", "class", "finding " + f.severity());
            finding(h, f);
            h.close("article");
        }
        list(
                h,
                "Bundles that could not be read",
                fleet.unreadable().stream().map(Fleet.Unreadable::error).toList());
        h.element("h2", "Hosts, one by one");
        for (int i = 0; i < hosts.size(); i++) {
            Report r = hosts.get(i);
            Fleet.HostRow row = Fleet.HostRow.of(r);
            h.open("details", "id", "host-" + i, "class", "host")
                    .element(
                            "summary",
                            r.bundle().host() + " \u2014 " + row.countText()
                                    + (row.top() == null ? "" : " \u2014 " + row.top()));
            body(h, r);
            h.close("details");
        }
        rulePages(h, hosts, fleet.findings());
        return foot(h, ReportBuilder.VERSION);
    }

    static Html head(String title) {
        Html h = new Html();
        h.markup("<!DOCTYPE html>\n").open("html", "lang", "en").open("head").empty("meta", "charset", "utf-8");
        h.empty(
                "meta",
                "http-equiv",
                "Content-Security-Policy",
                "content",
                "default-src 'none'; style-src 'unsafe-inline'");
        h.empty("meta", "name", "viewport", "content", "width=device-width, initial-scale=1");
        h.element("title", title);
        return h.open("style").markup(STYLE).close("style").close("head").open("body");
    }

    static String foot(Html h, String version) {
        h.element(
                "p",
                "Written by roce-doctor " + version + " from the bundle alone; this file loads nothing.",
                "class",
                "muted");
        return h.close("body").close("html").markup("\n").toString();
    }

    /** One host's report: headline, summary, findings, pictures, plan, not evaluated, what was collected. */
    private static void body(Html h, Report r) {
        h.element("h1", "RoCE diagnosis of " + r.bundle().host());
        List<String> opening = r.analysed().opening();
        h.element("p", opening.get(0), "class", r.analysed().rdmaDevices().isEmpty() ? "headline alarm" : "headline");
        opening.stream().skip(1).forEach(line -> h.element("p", line));
        h.element(
                "p",
                r.tool() + " " + r.version() + " \u00b7 profile " + r.profile() + " \u00b7 "
                        + r.bundle().path() + " (" + r.bundle().layout() + ", "
                        + r.bundle().sampling() + ")",
                "class",
                "muted");
        h.element("p", TextRenderer.summary(r), "class", "summary");
        summary(h, r);
        findings(h, r);
        if (r.figures() != null && drawable(r.figures())) {
            h.element("h2", "Pictures");
            SvgFigures.all(h, r.figures(), telling(r));
        }
        if (r.plan() != null) {
            PlanView plan = PlanView.of(r.plan());
            if (!plan.steps().isEmpty()) {
                plan(h, plan);
            }
            refusals(h, plan.refusals());
        }
        notEvaluated(h, r);
        collected(h, r);
    }

    private static void summary(Html h, Report r) {
        h.element("h2", "Summary").open("table");
        row(h, "Host", r.bundle().host());
        h.open("tr").element("th", "NICs").open("td");
        if (r.figures() == null || r.figures().nics().isEmpty()) {
            h.text("none found in the bundle");
        }
        for (FigureData.NicSummary n : r.figures() == null
                ? List.<FigureData.NicSummary>of()
                : r.figures().nics()) {
            h.open("div")
                    .element("code", n.id())
                    .text(" " + n.description()
                            + ", NUMA node " + (n.numaNode() == null || n.numaNode() < 0 ? "unknown" : n.numaNode())
                            + ", ports " + String.join(", ", n.ports()) + ", " + SvgFigures.gbps(n.activeGbps())
                            + " up")
                    .close("div");
        }
        h.close("td").close("tr");
        row(
                h,
                "Collected",
                r.sources().parsed().size() + " sources parsed, "
                        + r.sources().missing().size()
                        + " missing, " + r.sources().failed().size() + " failed; "
                        + r.evaluated().size() + " rules evaluated, "
                        + r.notEvaluated().size() + " not");
        h.open("tr").element("th", "Worst findings").open("td");
        List<CauseTree> roots = CauseTree.of(r);
        if (roots.isEmpty()) {
            h.text(r.analysed().rdmaDevices().isEmpty() ? "none among the generic checks that ran" : "none");
        }
        for (CauseTree t : roots.subList(0, Math.min(WORST, roots.size()))) {
            Report.ReportFinding f = t.cause();
            h.open("div")
                    .element("span", f.severity(), "class", "sev " + f.severity())
                    .text(" ")
                    .element("code", f.id())
                    .text(" " + f.subject() + ": " + f.title())
                    .close("div");
        }
        h.close("td").close("tr").close("table");
    }

    private static void findings(Html h, Report r) {
        h.element("h2", "Root causes and their symptoms");
        if (r.findings().isEmpty()) {
            h.element("p", r.analysed().noFinding());
        }
        for (CauseTree t : CauseTree.of(r)) {
            h.open("article", "class", "finding " + t.cause().severity());
            finding(h, t.cause());
            if (!t.symptoms().isEmpty()) {
                h.open("div", "class", "symptoms").element("h4", "Symptoms it explains");
                for (Report.ReportFinding s : t.allSymptoms()) {
                    h.open("article", "class", "finding " + s.severity());
                    finding(h, s);
                    h.close("article");
                }
                h.close("div");
            }
            h.close("article");
        }
    }

    private static void finding(Html h, Report.ReportFinding f) {
        h.open("h3")
                .element("span", f.severity(), "class", "sev")
                .text(" ")
                .open("a", "href", RuleDocs.page(f.id()).isPresent() ? "#rule-" + f.id() : null)
                .element("code", f.id())
                .close("a")
                .text(" on " + f.subject() + " ")
                .element("span", "[" + f.confidence() + ", " + f.layer() + "]", "class", "muted")
                .close("h3");
        h.open("p").element("strong", f.title()).close("p");
        if (!f.explanation().isBlank()) {
            h.open("p").rendered(RulePage.inlineHtml(f.explanation())).close("p");
        }
        if (!f.explainedBy().isEmpty()) {
            h.element("p", "Explained by " + String.join(", ", f.explainedBy()) + ".", "class", "muted");
        }
        if (!f.evidence().isEmpty()) {
            h.open("table")
                    .open("tr")
                    .element("th", "Evidence")
                    .element("th", "Value")
                    .element("th", "Note")
                    .close("tr");
            List<EvidenceSummary.Line> lines = EvidenceSummary.of(f.evidence());
            for (EvidenceSummary.Line line : lines) {
                evidenceRow(h, line.evidence());
            }
            h.close("table");
            if (lines.stream().anyMatch(EvidenceSummary.Line::summarises)) {
                h.open("details")
                        .element(
                                "summary",
                                "Every line of evidence (" + f.evidence().size() + ")")
                        .open("table");
                f.evidence().forEach(e -> evidenceRow(h, e));
                h.close("table").close("details");
            }
        }
        if (!f.actions().isEmpty()) {
            h.open("p").text("Fix: ");
            for (int i = 0; i < f.actions().size(); i++) {
                h.text(i == 0 ? "" : ", ").element("code", f.actions().get(i));
            }
            h.close("p");
        }
    }

    private static void evidenceRow(Html h, Report.Evidence e) {
        h.open("tr")
                .element("td", e.source(), "class", "value")
                .element("td", e.value(), "class", "value")
                .element("td", e.note() == null ? "" : e.note())
                .close("tr");
    }

    private static void plan(Html h, PlanView plan) {
        h.element("h2", "Plan");
        if (!plan.notes().isEmpty()) {
            h.open("table");
            plan.notes().forEach((k, v) -> row(h, k, v));
            h.close("table");
        }
        for (PlanView.Step step : plan.steps()) {
            h.open("section", "class", "step").element("h3", step.title());
            if (step.summary() != null) {
                h.element("p", step.summary());
            }
            if (!step.facts().isEmpty()) {
                h.open("table");
                step.facts().forEach((k, v) -> row(h, k, v));
                h.close("table");
            }
            list(h, "Notes", step.notes());
            for (PlanView.Part part : step.parts()) {
                h.open("div", "class", "part");
                if (!part.heading().isEmpty()) {
                    h.element("h4", part.heading() + (part.summary() == null ? "" : ": " + part.summary()));
                }
                part.commands().forEach((list, lines) -> commands(h, list, lines, step.manual()));
                h.close("div");
            }
            h.close("section");
        }
    }

    /**
     * A manual step's instructions as a list; commands in a block where one click selects a whole
     * command and not its comment, comments set apart.
     */
    private static void commands(Html h, String list, List<PlanView.Line> lines, boolean manual) {
        h.element("h5", list);
        if (manual) {
            h.open("ul");
            lines.forEach(line -> h.element("li", line.command()));
            h.close("ul");
            return;
        }
        h.open("pre", "class", "cmd");
        for (PlanView.Line line : lines) {
            h.open("span", "class", "line");
            if (line.command() != null) {
                h.element("code", line.command());
            }
            if (line.comment() != null) {
                h.element("span", (line.command() == null ? "# " : "   # ") + line.comment(), "class", "comment");
            }
            h.close("span");
        }
        h.close("pre");
    }

    private static void refusals(Html h, List<PlanView.Refusal> refusals) {
        if (refusals.isEmpty()) {
            return;
        }
        h.element("h2", "Refused values (not in the plan)")
                .open("table")
                .open("tr")
                .element("th", "Action")
                .element("th", "Findings")
                .element("th", "Subject")
                .element("th", "Why")
                .close("tr");
        for (PlanView.Refusal x : refusals) {
            h.open("tr")
                    .open("td")
                    .element("code", x.action())
                    .close("td")
                    .element("td", String.join(", ", x.because()))
                    .element("td", x.subject(), "class", "value")
                    .element("td", x.reason(), "class", "value")
                    .close("tr");
        }
        h.close("table");
    }

    private static void notEvaluated(Html h, Report r) {
        if (r.notEvaluated().isEmpty()) {
            return;
        }
        h.element("h2", "Not evaluated")
                .open("table")
                .open("tr")
                .element("th", "Why")
                .element("th", "Rules it blocks")
                .element("th", "Where it comes from")
                .close("tr");
        for (Report.NotEvaluatedGroup g : r.notEvaluatedSummary()) {
            h.open("tr").element("td", g.why()).open("td");
            for (int i = 0; i < g.rules().size(); i++) {
                h.text(i == 0 ? "" : ", ").element("code", g.rules().get(i));
            }
            h.close("td").element("td", g.hint() == null ? "" : g.hint()).close("tr");
        }
        h.close("table");
        h.open("details")
                .element(
                        "summary",
                        "Each rule not evaluated (" + r.notEvaluated().size() + ")")
                .open("table")
                .open("tr")
                .element("th", "Rule")
                .element("th", "Why")
                .close("tr");
        for (Report.NotEvaluatedRule n : r.notEvaluated()) {
            h.open("tr")
                    .open("td")
                    .element("code", n.rule())
                    .close("td")
                    .element("td", n.why())
                    .close("tr");
        }
        h.close("table").close("details");
    }

    private static void collected(Html h, Report r) {
        h.element("h2", "What was collected");
        h.open("p")
                .element("strong", "Parsed: ")
                .text(
                        r.sources().parsed().isEmpty()
                                ? "nothing"
                                : String.join(", ", r.sources().parsed()))
                .close("p");
        if (!r.sources().missing().isEmpty()) {
            h.open("p")
                    .element("strong", "Missing: ")
                    .text(String.join(", ", r.sources().missing()))
                    .close("p");
        }
        if (!r.sources().failed().isEmpty()) {
            h.open("table")
                    .open("tr")
                    .element("th", "Could not be read")
                    .element("th", "Where")
                    .element("th", "Error")
                    .close("tr");
            for (Report.FailedSource f : r.sources().failed()) {
                h.open("tr")
                        .element("td", f.source())
                        .element(
                                "td",
                                f.file() == null ? "" : f.file() + (f.line() == null ? "" : ":" + f.line()),
                                "class",
                                "value")
                        .element("td", f.error())
                        .close("tr");
            }
            h.close("table");
        }
        list(h, "Notes on the data", r.sources().notes());
        list(h, "Refused from the bundle", r.bundle().refused());
    }

    /**
     * The page of each rule that found something, once per file (a fleet's hosts share them), in
     * the order the findings first name them; each finding's id links to its rule's page.
     */
    private static void rulePages(Html h, List<Report> reports, List<Report.ReportFinding> more) {
        Set<String> ids = new LinkedHashSet<>();
        reports.forEach(r -> r.findings().forEach(f -> ids.add(f.id())));
        more.forEach(f -> ids.add(f.id()));
        boolean first = true;
        for (String id : ids) {
            Optional<String> page = RuleDocs.page(id);
            if (page.isEmpty()) {
                continue;
            }
            if (first) {
                h.element("h2", "About these findings' rules");
                first = false;
            }
            h.open("section", "id", "rule-" + id, "class", "rule-page")
                    .open("h3")
                    .element("code", id)
                    .close("h3")
                    .rendered(RulePage.bodyHtml(page.get(), 2))
                    .close("section");
        }
    }

    private static void list(Html h, String heading, List<String> items) {
        if (items.isEmpty()) {
            return;
        }
        h.element("h3", heading).open("ul");
        items.forEach(i -> h.element("li", i));
        h.close("ul");
    }

    private static void row(Html h, String name, String value) {
        h.open("tr").element("th", name).element("td", value).close("tr");
    }

    /** The findings' layers, root causes first (most severe first), then the symptoms under them. */
    static List<RuleLayer> telling(Report r) {
        List<CauseTree> roots = new ArrayList<>(CauseTree.of(r));
        roots.sort(Comparator.comparingInt(
                t -> ReportBuilder.SEVERITIES.indexOf(t.cause().severity())));
        List<Report.ReportFinding> inOrder = new ArrayList<>();
        roots.forEach(t -> inOrder.add(t.cause()));
        roots.forEach(t -> inOrder.addAll(t.allSymptoms()));
        // a report built by hand may name a layer outside the catalog's: it points at no picture
        return inOrder.stream()
                .flatMap(f ->
                        Arrays.stream(RuleLayer.values()).filter(l -> l.label().equals(f.layer())))
                .toList();
    }

    static boolean drawable(FigureData f) {
        return !f.pathShares().isEmpty()
                || !f.interrupts().isEmpty()
                || !f.pause().isEmpty()
                || !f.pcie().isEmpty()
                || !f.links().isEmpty();
    }
}
