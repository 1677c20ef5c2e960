package io.rocedoctor.report;

import io.rocedoctor.plan.GeneratedText;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * JUnit XML for CI-driven audits: one testcase per evaluated rule per subject (classname the rule,
 * name the subject; a rule that found nothing passes once, for the host), a failure for each finding
 * at or above the threshold, and each rule not evaluated as skipped with its reason. Without a
 * threshold every finding fails: a finding is what an audit is looking for. Each action the plan
 * refused (a bundle value failed validation) is a failing testcase of classname {@code plan.refused}
 * whatever the threshold: the bundle carried a value no script may hold.
 */
public final class JunitRenderer implements Renderer {
    private final int threshold;

    /** {@code failOn} is {@code --fail-on}'s severity, or null for every finding. */
    public JunitRenderer(String failOn) {
        this.threshold = ReportBuilder.rank(failOn == null ? "info" : failOn);
    }

    private record Testcase(String rule, String name, Report.ReportFinding finding, String skipped) {}

    /** One testsuite: its name, host, properties, testcases and the plan's refusals. */
    private record Suite(
            String name,
            String host,
            List<String[]> properties,
            List<Testcase> cases,
            List<PlanView.Refusal> refusals,
            List<Fleet.Unreadable> unreadable) {}

    @Override
    public String render(Report r) {
        return document(List.of(suite(r)));
    }

    /** A fleet: one testsuite per host (in input order), then the fleet's own (fleet findings, unreadable bundles as errors). */
    public String renderFleet(Fleet fleet, List<Report> hosts) {
        List<Suite> suites = new ArrayList<>();
        hosts.forEach(h -> suites.add(suite(h)));
        List<Testcase> cases = new ArrayList<>();
        fleet.findings().forEach(f -> cases.add(new Testcase(f.id(), GeneratedText.line(f.subject()), f, null)));
        fleet.notEvaluated().forEach(n -> cases.add(new Testcase(n.rule(), "fleet", null, n.why())));
        if (cases.isEmpty() && fleet.unreadable().isEmpty()) {
            cases.add(new Testcase("fleet", "fleet", null, null));
        }
        suites.add(new Suite(
                "roce-doctor fleet",
                "fleet",
                List.of(
                        new String[] {"headline", GeneratedText.line(fleet.headline())},
                        new String[] {"fail-on", ReportBuilder.SEVERITIES.get(threshold)}),
                cases,
                List.of(),
                fleet.unreadable()));
        return document(suites);
    }

    private Suite suite(Report r) {
        // Attribute values from the bundle, in printable ASCII (the generated-files rule, docs/security.md):
        // an XML parser turns a raw newline in an attribute into a space, and a bidi control would mislead.
        String host = GeneratedText.line(r.bundle().host());
        Map<String, List<Report.ReportFinding>> byRule = new TreeMap<>();
        r.findings()
                .forEach(f ->
                        byRule.computeIfAbsent(f.id(), k -> new ArrayList<>()).add(f));
        Set<String> rules = new TreeSet<>(r.evaluated());
        rules.addAll(byRule.keySet()); // a user rule's finding counts even if the catalog does not know it
        List<Testcase> cases = new ArrayList<>();
        for (String rule : rules) {
            List<Report.ReportFinding> found = byRule.getOrDefault(rule, List.of());
            if (found.isEmpty()) {
                cases.add(new Testcase(rule, host, null, null));
            }
            found.forEach(f -> cases.add(new Testcase(rule, GeneratedText.line(f.subject()), f, null)));
        }
        r.notEvaluated().forEach(n -> cases.add(new Testcase(n.rule(), host, null, n.why())));
        List<PlanView.Refusal> refusals =
                r.plan() == null ? List.of() : PlanView.of(r.plan()).refusals();
        List<String[]> properties = List.of(
                new String[] {"headline", GeneratedText.line(r.analysed().headline())},
                new String[] {"analysed", GeneratedText.line(r.analysed().scope())},
                new String[] {"profile", r.profile()},
                new String[] {"bundle", r.bundle().path()},
                new String[] {"version", r.version()},
                new String[] {"fail-on", ReportBuilder.SEVERITIES.get(threshold)});
        return new Suite("roce-doctor " + host, host, properties, cases, refusals, List.of());
    }

    private String[] counts(Suite s) {
        long failures =
                s.cases().stream().filter(this::fails).count() + s.refusals().size();
        long skipped = s.cases().stream().filter(c -> c.skipped() != null).count();
        return new String[] {
            "tests",
            String.valueOf(
                    s.cases().size() + s.refusals().size() + s.unreadable().size()),
            "failures",
            String.valueOf(failures),
            "errors",
            String.valueOf(s.unreadable().size()),
            "skipped",
            String.valueOf(skipped),
            "time",
            "0"
        };
    }

    private String document(List<Suite> suites) {
        long[] total = new long[4];
        for (Suite s : suites) {
            String[] c = counts(s);
            for (int i = 0; i < 4; i++) {
                total[i] += Long.parseLong(c[2 * i + 1]);
            }
        }
        Html x = new Html();
        x.markup("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        x.open(
                        "testsuites",
                        "name",
                        "roce-doctor",
                        "tests",
                        String.valueOf(total[0]),
                        "failures",
                        String.valueOf(total[1]),
                        "errors",
                        String.valueOf(total[2]),
                        "skipped",
                        String.valueOf(total[3]),
                        "time",
                        "0")
                .markup("\n");
        for (Suite s : suites) {
            x.open("testsuite", with(counts(s), "name", s.name(), "hostname", s.host()))
                    .markup("\n");
            x.markup("  ").open("properties");
            s.properties().forEach(p -> property(x, p[0], p[1]));
            x.close("properties").markup("\n");
            for (Testcase c : s.cases()) {
                x.markup("  ").open("testcase", "classname", c.rule(), "name", c.name(), "time", "0");
                if (c.skipped() != null) {
                    x.empty("skipped", "message", c.skipped());
                } else if (fails(c)) {
                    Report.ReportFinding f = c.finding();
                    x.element(
                            "failure",
                            details(f),
                            "type",
                            f.severity(),
                            "message",
                            GeneratedText.line(f.severity() + ": " + f.title()));
                } else if (c.finding() != null) {
                    x.element("system-out", c.finding().severity() + " (below the threshold): " + details(c.finding()));
                }
                x.close("testcase").markup("\n");
            }
            for (PlanView.Refusal refusal : s.refusals()) {
                x.markup("  ").open("testcase", "classname", "plan.refused", "name", refusal.title(), "time", "0");
                x.element("failure", refusal.reason(), "type", "refused", "message", "refused: " + refusal.reason());
                x.close("testcase").markup("\n");
            }
            for (Fleet.Unreadable u : s.unreadable()) {
                x.markup("  ")
                        .open(
                                "testcase",
                                "classname",
                                "bundle.unreadable",
                                "name",
                                GeneratedText.line(u.path()),
                                "time",
                                "0");
                x.element("error", u.error(), "type", "unreadable", "message", GeneratedText.line(u.error()));
                x.close("testcase").markup("\n");
            }
            x.close("testsuite").markup("\n");
        }
        return x.close("testsuites").markup("\n").toString();
    }

    private boolean fails(Testcase c) {
        return c.finding() != null && ReportBuilder.rank(c.finding().severity()) <= threshold;
    }

    private static void property(Html x, String name, String value) {
        x.empty("property", "name", name, "value", value);
    }

    private static String[] with(String[] counts, String... first) {
        String[] all = new String[first.length + counts.length];
        System.arraycopy(first, 0, all, 0, first.length);
        System.arraycopy(counts, 0, all, first.length, counts.length);
        return all;
    }

    private static String details(Report.ReportFinding f) {
        StringBuilder b = new StringBuilder(GeneratedText.line(f.subject()))
                .append(": ")
                .append(f.title())
                .append(" [")
                .append(f.confidence())
                .append("]\n");
        f.evidence()
                .forEach(e -> b.append("- ")
                        .append(e.source())
                        .append(": ")
                        .append(e.value())
                        .append(e.note() == null ? "" : "  " + e.note())
                        .append('\n'));
        if (!f.explainedBy().isEmpty()) {
            b.append("explained by: ")
                    .append(String.join(", ", f.explainedBy()))
                    .append('\n');
        }
        if (!f.actions().isEmpty()) {
            b.append("fix: ").append(String.join(", ", f.actions())).append('\n');
        }
        return b.toString();
    }
}
