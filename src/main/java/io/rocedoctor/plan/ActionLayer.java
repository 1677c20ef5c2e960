package io.rocedoctor.plan;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Where a catalog action ({@code rules/actions/<id>.yaml}, {@code layer:}) sits in a plan: ceilings
 * first, then queues, interrupts, congestion control and QoS (docs/planner.md). Steps are ordered
 * by it. Not the rules' layers ({@code engine.RuleLayer}), which say what a rule judges.
 */
public enum ActionLayer {
    BASELINE,
    PHYSICAL,
    PLATFORM,
    QUEUES,
    IRQ,
    KERNEL,
    TRANSPORT,
    CONGESTION,
    HOST_QOS,
    SWITCH_QOS;

    private static final List<String> LABELS =
            Arrays.stream(values()).map(ActionLayer::label).toList();

    /** {@code host-qos}: as the action catalog and plan.yaml write it. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    @Override
    public String toString() {
        return label();
    }

    /** Every label, in plan order. */
    public static List<String> labels() {
        return LABELS;
    }

    /** A label's place in plan order; an unknown one (refused by the catalog's check) sorts last. */
    public static int rank(String label) {
        int i = LABELS.indexOf(label);
        return i < 0 ? LABELS.size() : i;
    }
}
