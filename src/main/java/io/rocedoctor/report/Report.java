package io.rocedoctor.report;

import java.util.List;
import java.util.Locale;

/**
 * The one report model every format renders from (the JSON of docs/reports.md is its direct serialisation).
 * Field order here is the JSON's field order. {@code evaluated} lists the rules that were judged
 * (the JUnit format needs the ones that passed); {@code figures} holds what the pictures draw.
 */
public record Report(
        String tool,
        String version,
        String profile,
        BundleInfo bundle,
        Analysed analysed,
        Sources sources,
        List<ReportFinding> findings,
        List<NotEvaluatedRule> notEvaluated,
        List<NotEvaluatedGroup> notEvaluatedSummary,
        List<String> evaluated,
        Object plan,
        FigureData figures) {

    /**
     * What was analysed, for the headline every format opens with: the host's NICs and how many of
     * them carry an RDMA device, the RDMA devices, the switches dumped with it ({@code scope} says it
     * in a line). {@code headline} is the first line: when no RDMA device is present it says so, and
     * that only generic checks ran; otherwise it is the scope.
     */
    public record Analysed(
            String headline,
            String scope,
            int nics,
            int nicsWithRdma,
            List<String> rdmaDevices,
            List<String> switches) {

        /** The lines a report opens with: the headline, then what was analysed when the headline is not that. */
        public List<String> opening() {
            return headline.equals(scope) ? List.of(headline) : List.of(headline, scope);
        }

        /** What a report without findings says: without an RDMA device, only the generic checks found nothing. */
        public String noFinding() {
            return rdmaDevices.isEmpty() ? "No finding among the generic checks that ran." : "No finding.";
        }
    }

    /**
     * The rules not evaluated for one reason: a source not collected (with where it would come from:
     * the sos plugin for a sosreport), a source unreadable, or a reason of its own (the profile, no
     * RDMA device). The people's view of {@code notEvaluated}, which keeps one entry per rule.
     */
    public record NotEvaluatedGroup(String why, List<String> rules, String hint) {}

    static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : noun.endsWith("h") ? "es" : "s");
    }

    /** Which bundle, how it was laid out, which host, how many samples and how far apart. */
    public record BundleInfo(
            String path, String layout, String host, int samples, Double intervalSeconds, List<String> refused) {

        /** "2 samples 10.0 s apart", as the human formats say it. */
        public String sampling() {
            return samples + " sample" + (samples == 1 ? "" : "s")
                    + (intervalSeconds == null ? "" : " " + tenths(intervalSeconds) + " s apart");
        }
    }

    /**
     * {@code String.format(Locale.ROOT, "%.1f", x)}: a whole number of tenths (10.0, 2.5, the intervals
     * bundles have) spelt directly, since a Formatter per report cost more than the rest of its headline.
     * Ten times such a number rounds to a whole one well below 10^12, and then it is within a
     * hundredth of that many tenths, which is what {@code %.1f} prints; anything else is formatted.
     */
    static String tenths(double x) {
        double t = x * 10;
        if (Double.compare(x, 0.0) >= 0 && t < 1e12 && t == Math.rint(t)) {
            long whole = (long) t;
            return whole / 10 + "." + whole % 10;
        }
        return String.format(Locale.ROOT, "%.1f", x);
    }

    /** What was read: parsed sources, missing ones, and failures with file and line. */
    public record Sources(List<String> parsed, List<String> missing, List<FailedSource> failed, List<String> notes) {}

    public record FailedSource(String source, String file, Integer line, String error) {}

    public record Evidence(String source, String value, String note) {}

    public record ReportFinding(
            String id,
            String severity,
            String confidence,
            String layer,
            String subject,
            String title,
            String explanation,
            List<Evidence> evidence,
            List<String> explains,
            List<String> explainedBy,
            List<String> actions) {

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
