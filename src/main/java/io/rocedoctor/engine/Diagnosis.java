package io.rocedoctor.engine;

import java.util.List;

/** What the rulebase concluded about one bundle: findings, cause/symptom links, rules not evaluated and rules evaluated. */
public record Diagnosis(
        List<Finding> findings, List<Explains> explains, List<NotEvaluated> notEvaluated, List<String> evaluatedRules) {
    public Diagnosis {
        findings = List.copyOf(findings);
        explains = List.copyOf(explains);
        notEvaluated = List.copyOf(notEvaluated);
        evaluatedRules = List.copyOf(evaluatedRules);
    }
}
