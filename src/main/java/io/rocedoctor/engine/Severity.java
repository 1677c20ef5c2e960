package io.rocedoctor.engine;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * How bad a finding is, most severe first: the one list that rule metadata ({@code @severity}),
 * profiles' overrides, the report's ordering and the planner's conflict resolution share. A
 * severity is written as its lower-case label ({@code critical}) in rules, profiles and reports.
 */
public enum Severity {
    CRITICAL,
    HIGH,
    MEDIUM,
    LOW,
    INFO;

    private static final List<String> LABELS =
            Arrays.stream(values()).map(Severity::label).toList();

    /** {@code high}: as rules, profiles and reports write it. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return label();
    }

    /** Every label, most severe first. */
    public static List<String> labels() {
        return LABELS;
    }

    /** The severity of a label, in any case; an unknown one is a mistake in a rule or a profile. */
    public static Severity of(String label) {
        int i = label == null ? -1 : LABELS.indexOf(label.toLowerCase(Locale.ROOT));
        if (i < 0) {
            throw new IllegalArgumentException("severity '" + label + "' is not one of " + LABELS);
        }
        return values()[i];
    }

    /** Whether {@code label} is a severity's label (lower case). */
    public static boolean known(String label) {
        return LABELS.contains(label);
    }

    /** The label's place, most severe first (0 = critical); an unknown label or null ranks after all. */
    public static int rank(String label) {
        int i = label == null ? -1 : LABELS.indexOf(label);
        return i < 0 ? LABELS.size() : i;
    }
}
