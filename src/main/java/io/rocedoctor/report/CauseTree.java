package io.rocedoctor.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The findings as people read them: each root cause with the symptoms it explains under it, and
 * theirs under them (a downgraded link -> a PCIe ceiling -> low bandwidth), in the report's order.
 * Relations name findings by {@code ID@subject}, so a cause on one port never adopts the same
 * symptom on another. A finding whose causes are all absent from the report stands on its own;
 * each finding appears once, under its first cause.
 */
record CauseTree(Report.ReportFinding cause, List<CauseTree> symptoms) {

    static List<CauseTree> of(Report report) {
        Set<String> present =
                report.findings().stream().map(Report.ReportFinding::ref).collect(Collectors.toSet());
        Map<String, List<Report.ReportFinding>> symptomsOf = new HashMap<>();
        for (Report.ReportFinding f : report.findings()) {
            for (String cause : f.explainedBy()) {
                symptomsOf.computeIfAbsent(cause, k -> new ArrayList<>()).add(f);
            }
        }
        Set<String> placed = new HashSet<>();
        List<CauseTree> trees = new ArrayList<>();
        for (Report.ReportFinding f : report.findings()) {
            if (f.explainedBy().stream().noneMatch(present::contains)) {
                trees.add(grow(f, symptomsOf, placed));
            }
        }
        return trees;
    }

    private static CauseTree grow(
            Report.ReportFinding f, Map<String, List<Report.ReportFinding>> symptomsOf, Set<String> placed) {
        placed.add(f.ref());
        List<CauseTree> under = new ArrayList<>();
        for (Report.ReportFinding s : symptomsOf.getOrDefault(f.ref(), List.of())) {
            if (!placed.contains(s.ref())) {
                under.add(grow(s, symptomsOf, placed));
            }
        }
        return new CauseTree(f, List.copyOf(under));
    }

    /** This finding's symptoms at every depth, nearest first. */
    List<Report.ReportFinding> allSymptoms() {
        List<Report.ReportFinding> all = new ArrayList<>();
        for (CauseTree t : symptoms) {
            all.add(t.cause());
            all.addAll(t.allSymptoms());
        }
        return all;
    }
}
