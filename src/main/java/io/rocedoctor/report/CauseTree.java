package io.rocedoctor.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The findings as people read them: each root cause with the symptoms it explains under it, in the
 * report's order. A finding whose causes are all absent from the report stands on its own.
 */
record CauseTree(Report.ReportFinding cause, List<Report.ReportFinding> symptoms) {

    static List<CauseTree> of(Report report) {
        Set<String> present = report.findings().stream().map(Report.ReportFinding::id).collect(Collectors.toSet());
        Map<String, List<Report.ReportFinding>> symptomsOf = new HashMap<>();
        for (Report.ReportFinding f : report.findings()) {
            for (String cause : f.explainedBy()) {
                symptomsOf.computeIfAbsent(cause, k -> new ArrayList<>()).add(f);
            }
        }
        List<CauseTree> trees = new ArrayList<>();
        for (Report.ReportFinding f : report.findings()) {
            if (f.explainedBy().stream().noneMatch(present::contains)) {
                trees.add(new CauseTree(f, List.copyOf(symptomsOf.getOrDefault(f.id(), List.of()))));
            }
        }
        return trees;
    }
}
