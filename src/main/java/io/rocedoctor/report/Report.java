package io.rocedoctor.report;

import java.util.List;
import java.util.Locale;

/**
 * The one report model every format renders from (the JSON of docs/reports.md is its direct serialisation).
 * Field order here is the JSON's field order. {@code evaluated} lists the rules that were judged
 * (the JUnit format needs the ones that passed); {@code figures} holds what the pictures draw.
 */
public record Report(String tool, String version, String profile, BundleInfo bundle, Sources sources,
                     List<ReportFinding> findings, List<NotEvaluatedRule> notEvaluated, List<String> evaluated,
                     Object plan, FigureData figures) {

    /** Which bundle, how it was laid out, which host, how many samples and how far apart. */
    public record BundleInfo(String path, String layout, String host, int samples, Double intervalSeconds,
                             List<String> refused) {

        /** "2 samples 10.0 s apart", as the human formats say it. */
        public String sampling() {
            return samples + " sample" + (samples == 1 ? "" : "s")
                    + (intervalSeconds == null ? "" : String.format(Locale.ROOT, " %.1f s apart", intervalSeconds));
        }
    }

    /** What was read: parsed sources, missing ones, and failures with file and line. */
    public record Sources(List<String> parsed, List<String> missing, List<FailedSource> failed, List<String> notes) {
    }

    public record FailedSource(String source, String file, Integer line, String error) {
    }

    public record Evidence(String source, String value, String note) {
    }

    public record ReportFinding(String id, String severity, String confidence, String layer, String subject,
                                String title, String explanation, List<Evidence> evidence, List<String> explains,
                                List<String> explainedBy, List<String> actions) {

        /** How relations name this finding: {@code ID@subject} (one rule fires once per subject). */
        public String ref() {
            return id + "@" + subject;
        }
    }

    /**
     * A rule not judged: the sources it needs that were not collected ({@code missing}), those
     * collected but unreadable ({@code unreadable}: the source, then {@code file:line: reason}), or
     * only the reason (the profile's choice, a rule's own account).
     */
    public record NotEvaluatedRule(String rule, List<String> missing, List<String> unreadable, String reason) {

        public NotEvaluatedRule(String rule, List<String> missing, String reason) {
            this(rule, missing, List.of(), reason);
        }

        /** "not collected: A; collected but unreadable: B (file:line: reason)", else the reason. */
        public String why() {
            if (missing.isEmpty() && unreadable.isEmpty()) {
                return reason;
            }
            List<String> parts = new java.util.ArrayList<>();
            if (!missing.isEmpty()) {
                parts.add("not collected: " + String.join(", ", missing));
            }
            if (!unreadable.isEmpty()) {
                parts.add("collected but unreadable: " + String.join("; ", unreadable));
            }
            return String.join("; ", parts);
        }
    }
}
