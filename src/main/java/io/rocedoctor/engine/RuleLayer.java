package io.rocedoctor.engine;

import java.util.Locale;

/**
 * The part of the stack a catalog rule judges ({@code @layer} in the DRL), in the order an engineer
 * works through them (the catalog's order). Not the planner's action layers ({@code plan.ActionLayer}),
 * which order remediation steps and have a vocabulary of their own.
 */
public enum RuleLayer {
    PHYSICAL,
    PCIE,
    QUEUES,
    IRQ,
    TRANSPORT,
    MULTIPATH,
    CONGESTION,
    HOST_QOS,
    SWITCH_QOS,
    END_TO_END,
    BASELINE,
    FLEET;

    /** {@code host-qos}: as {@code @layer} and reports write it. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    @Override
    public String toString() {
        return label();
    }

    /** The layer of a label ({@code host-qos}, any case); an unknown one is a mistake in a rule. */
    public static RuleLayer of(String label) {
        for (RuleLayer l : values()) {
            if (l.label().equalsIgnoreCase(label)) {
                return l;
            }
        }
        throw new IllegalArgumentException("layer '" + label + "' is not a rule layer: "
                + java.util.Arrays.stream(values()).map(RuleLayer::label).toList());
    }
}
