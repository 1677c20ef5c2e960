package io.rocedoctor.report;

import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.engine.ActionProposal;
import io.rocedoctor.engine.Diagnosis;
import io.rocedoctor.engine.Explains;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.engine.NotEvaluated;
import io.rocedoctor.engine.Profile;
import io.rocedoctor.engine.RuleDocs;
import io.rocedoctor.engine.RuleInfo;
import io.rocedoctor.engine.Severity;
import io.rocedoctor.facts.Facts;
import io.rocedoctor.facts.SourceLedger;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** Assembles the report model from a bundle's facts and diagnosis; deterministic order throughout. */
public final class ReportBuilder {
    public static final String VERSION = "0.1.0";
    public static final List<String> SEVERITIES = Severity.labels();

    private ReportBuilder() {
    }

    public static int rank(String severity) {
        return Severity.rank(severity);
    }

    public static Report build(Bundle bundle, Facts facts, Diagnosis diagnosis, Map<String, RuleInfo> catalog,
                               Profile profile, Object plan) {
        SourceLedger ledger = facts.ledger();
        Report.BundleInfo info = new Report.BundleInfo(bundle.input().toString(), bundle.layout().label(), bundle.host(),
                facts.host().samples(), facts.host().intervalSeconds(), bundle.refusals());
        Report.Sources sources = new Report.Sources(ledger.parsed(), ledger.missing(),
                ledger.failures().stream().map(f -> new Report.FailedSource(f.source(), f.file(),
                        f.line() > 0 ? f.line() : null, f.error())).toList(), ledger.notes());

        Map<Finding, Set<String>> explains = new HashMap<>();
        Map<Finding, Set<String>> explainedBy = new HashMap<>();
        for (Explains e : diagnosis.explains()) {
            explains.computeIfAbsent(e.cause(), k -> new TreeSet<>()).add(e.symptom().id() + "@" + e.symptom().subject());
            explainedBy.computeIfAbsent(e.symptom(), k -> new TreeSet<>()).add(e.cause().id() + "@" + e.cause().subject());
        }
        List<Finding> ordered = new ArrayList<>(diagnosis.findings());
        ordered.sort(Comparator.comparingInt((Finding f) -> rank(f.severity()))
                .thenComparing(f -> explainedBy.containsKey(f) ? 1 : 0)
                .thenComparing(Finding::id).thenComparing(Finding::subject));
        List<Report.ReportFinding> findings = new ArrayList<>();
        for (Finding f : ordered) {
            RuleInfo rule = catalog.get(f.id());
            findings.add(new Report.ReportFinding(f.id(), f.severity(), f.confidence(),
                    rule == null ? "custom" : rule.layer().label(), f.subject(), rule == null ? f.id() : rule.summary(),
                    RuleDocs.explanation(f.id()),
                    f.evidence().stream().map(e -> new Report.Evidence(e.source(), e.value(), e.note())).toList(),
                    List.copyOf(explains.getOrDefault(f, Set.of())), List.copyOf(explainedBy.getOrDefault(f, Set.of())),
                    f.actions().stream().map(ActionProposal::action).distinct().toList()));
        }
        List<Report.NotEvaluatedRule> notEvaluated = diagnosis.notEvaluated().stream()
                .sorted(Comparator.comparing(NotEvaluated::rule))
                .map(n -> notEvaluated(n, catalog.get(n.rule()), ledger)).toList();
        FigureData figures = FigureData.from(facts, profile.thresholds().values().get("pcie.overheadFactor"));
        return new Report("roce-doctor", VERSION, profile.name(), info, sources, findings, notEvaluated,
                diagnosis.evaluatedRules(), plan, figures);
    }

    /**
     * A rule kept out for its sources, each unmet requirement told as not collected, or as collected
     * but unreadable with the file, line and reason of each capture of it that failed.
     */
    private static Report.NotEvaluatedRule notEvaluated(NotEvaluated n, RuleInfo rule, SourceLedger ledger) {
        if (rule == null || n.missing().isEmpty()) {
            return new Report.NotEvaluatedRule(n.rule(), n.missing(), n.reason());
        }
        Set<Enum<?>> usable = new java.util.HashSet<>(ledger.usableKinds());
        usable.addAll(ledger.usableSwitchKinds());
        List<RuleInfo.Requirement> unmet = rule.requirements().stream().filter(r -> !r.metBy(usable)).toList();
        if (unmet.size() != n.missing().size()) {
            return new Report.NotEvaluatedRule(n.rule(), n.missing(), n.reason());
        }
        List<String> missing = new ArrayList<>();
        List<String> unreadable = new ArrayList<>();
        for (int i = 0; i < unmet.size(); i++) {
            String needed = n.missing().get(i);
            List<String> failed = unmet.get(i).alternatives().stream().flatMap(Set::stream).distinct()
                    .flatMap(kind -> ledger.unreadable(kind).stream()).distinct().toList();
            if (failed.isEmpty()) {
                missing.add(needed);
            } else {
                failed.forEach(f -> unreadable.add(needed + " (" + f + ")"));
            }
        }
        String reason = unreadable.isEmpty() ? n.reason()
                : missing.isEmpty() ? "sources collected but unreadable" : "sources not collected or unreadable";
        return new Report.NotEvaluatedRule(n.rule(), missing, unreadable, reason);
    }
}
