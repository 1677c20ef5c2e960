package io.rocedoctor.report;

import java.util.List;

/** How the human formats name the rules of a not-evaluated group: all of them when few, else a count and the first ones. */
final class NotEvaluatedText {
    private static final int NAMED = 4;

    private NotEvaluatedText() {}

    /** "blocks 2 rules: PHY_BER_HIGH, PHY_FEC_OFF"; "blocks 9 rules: A, B, C, D and 5 more". */
    static String rules(Report.NotEvaluatedGroup g) {
        List<String> rules = g.rules();
        String named = String.join(", ", rules.subList(0, Math.min(NAMED, rules.size())));
        return "blocks " + Report.count(rules.size(), "rule") + ": " + named
                + (rules.size() > NAMED ? " and " + (rules.size() - NAMED) + " more" : "");
    }
}
