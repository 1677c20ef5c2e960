package io.rocedoctor.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The fleet's part of a report of several bundles: how many hosts, the bundles that could not be
 * read, the fleet rules' findings and rules not evaluated, then the headline (bundles analysed,
 * distinct hosts, duplicates, hosts with critical or high findings) and one row per bundle. Every
 * format renders it before the hosts' own reports; the JSON keeps its first four fields first.
 */
public record Fleet(
        int hosts,
        List<Unreadable> unreadable,
        List<Report.ReportFinding> findings,
        List<Report.NotEvaluatedRule> notEvaluated,
        String headline,
        List<HostRow> hostTable) {

    /** A bundle that could not be read, and why. */
    public record Unreadable(String path, String error) {}

    /** One analysed bundle: its host, worst severity (null without findings), counts per severity, top finding. */
    public record HostRow(
            String host, String bundle, String worst, Map<String, Integer> counts, int findings, String top) {

        public static HostRow of(Report r) {
            Map<String, Integer> counts = new LinkedHashMap<>();
            ReportBuilder.SEVERITIES.forEach(s -> {
                int n = (int) r.findings().stream()
                        .filter(f -> f.severity().equals(s))
                        .count();
                if (n > 0) {
                    counts.put(s, n);
                }
            });
            List<CauseTree> roots = CauseTree.of(r);
            String top = roots.isEmpty()
                    ? null
                    : roots.get(0).cause().id() + " on " + roots.get(0).cause().subject();
            String worst = counts.isEmpty() ? null : counts.keySet().iterator().next();
            return new HostRow(
                    r.bundle().host(),
                    r.bundle().path(),
                    worst,
                    counts,
                    r.findings().size(),
                    top);
        }

        /** "2 critical, 1 high", or "none". */
        public String countText() {
            List<String> parts = new ArrayList<>();
            counts.forEach((s, n) -> parts.add(n + " " + s));
            return parts.isEmpty() ? "none" : String.join(", ", parts);
        }
    }

    /** The fleet section with its headline and host table made from the rows (in input order). */
    public static Fleet of(
            List<HostRow> rows,
            List<Unreadable> unreadable,
            List<Report.ReportFinding> findings,
            List<Report.NotEvaluatedRule> notEvaluated) {
        Map<String, Integer> perHost = new TreeMap<>();
        rows.forEach(r -> perHost.merge(r.host(), 1, Integer::sum));
        List<String> repeated = perHost.entrySet().stream()
                .filter(e -> e.getValue() > 1)
                .map(e -> e.getKey() + " \u00d7" + e.getValue())
                .toList();
        long critical = rows.stream()
                .filter(r -> "critical".equals(r.worst()))
                .map(HostRow::host)
                .distinct()
                .count();
        long high = rows.stream()
                .filter(r -> "high".equals(r.worst()))
                .map(HostRow::host)
                .distinct()
                .count();
        int duplicates = rows.size() - perHost.size();
        String headline = "Fleet: " + Report.count(rows.size() + unreadable.size(), "bundle") + " analysed, "
                + Report.count(perHost.size(), "distinct host")
                + (duplicates == 0
                        ? ""
                        : " (" + duplicates
                                + (duplicates == 1 ? " bundle repeats a host: " : " bundles repeat a host: ")
                                + String.join(", ", repeated.subList(0, Math.min(5, repeated.size())))
                                + (repeated.size() > 5 ? " and " + (repeated.size() - 5) + " more" : "") + ")")
                + "; " + critical + " with critical findings, " + high + " with high at worst; "
                + Report.count(findings.size(), "fleet finding")
                + (unreadable.isEmpty() ? "" : "; " + unreadable.size() + " unreadable") + ".";
        return new Fleet(
                rows.size(),
                List.copyOf(unreadable),
                List.copyOf(findings),
                List.copyOf(notEvaluated),
                headline,
                List.copyOf(rows));
    }
}
