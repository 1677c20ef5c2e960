package io.rocedoctor.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;

import java.util.List;
import java.util.Map;

/**
 * The ordered remediation plan of one bundle (PLANNER.md): steps a customer runs one at a time,
 * and the proposals refused because a value failed validation or no catalog entry exists.
 */
public record Plan(String host, List<Step> steps, List<Refusal> refusals) {
    public Plan {
        steps = List.copyOf(steps);
        refusals = List.copyOf(refusals);
    }

    /**
     * One step: the catalog actions it runs (a switch action first when host and switch must
     * agree), the findings it addresses, the commands a person reads (apply, verify, rollback),
     * and, not serialised, the changes the scripts make.
     */
    public record Step(int step, String id, List<String> actions, String layer, String summary, List<String> because,
                       Map<String, String> target, String risk, boolean window, String reference, boolean manual, List<String> apply,
                       List<String> verify, List<String> rollback, String persist, String measure, List<String> notes,
                       List<SwitchPart> switches, @JsonIgnore List<Change> changes) {
        public Step {
            actions = List.copyOf(actions);
            because = List.copyOf(because);
            target = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(target));
            apply = List.copyOf(apply);
            verify = List.copyOf(verify);
            rollback = List.copyOf(rollback);
            notes = List.copyOf(notes);
            switches = List.copyOf(switches);
            changes = List.copyOf(changes);
        }
    }

    /**
     * One host value a step sets, in script form: {@code read} prints the live value, {@code write}
     * sets the value given as {@code "$1"}; {@code prior} is what the snapshot saw (null when it
     * did not). A change without {@code read} cannot be read back and is undone by {@code undo}.
     */
    public record Change(String name, String read, String write, String target, String prior, String undo,
                         String check) {
    }

    /** The commands one switch runs for a step, on its platform, with their rollback. */
    public record SwitchPart(String name, String platform, List<String> apply, List<String> verify, List<String> rollback) {
        public SwitchPart {
            apply = List.copyOf(apply);
            verify = List.copyOf(verify);
            rollback = List.copyOf(rollback);
        }
    }

    /** A proposal that produced no command, and why. */
    public record Refusal(String action, List<String> because, String subject, String reason) {
        public Refusal {
            because = List.copyOf(because);
        }
    }
}
