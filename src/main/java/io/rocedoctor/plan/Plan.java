package io.rocedoctor.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.List;
import java.util.Map;

/**
 * The ordered remediation plan of one bundle (docs/planner.md): steps a customer runs one at a time,
 * and the proposals refused because a value failed validation or no catalog entry exists.
 * {@code host} and {@code machine} say which host the scripts may run on: apply.sh compares the
 * live host name with {@code host}, or, when the bundle was redacted (its host name is a token),
 * the hash of /etc/machine-id with {@code machine}. Both passed their {@link ParameterType}; a
 * bundle's host name that does not is left out (a refusal says so) and the scripts refuse to run
 * without {@code --force-host}.
 */
public record Plan(String host, String machine, boolean redacted, List<Step> steps, List<Refusal> refusals) {
    public Plan {
        steps = List.copyOf(steps);
        refusals = List.copyOf(refusals);
        if (host != null && ParameterType.HOST_NAME.problem(host).isPresent()) {
            throw new IllegalArgumentException("not a host name: " + ParameterType.visible(host));
        }
        if (machine != null && ParameterType.MACHINE_ID.problem(machine).isPresent()) {
            throw new IllegalArgumentException("not a machine id: " + ParameterType.visible(machine));
        }
    }

    public Plan(String host, List<Step> steps, List<Refusal> refusals) {
        this(host, null, false, steps, refusals);
    }

    /**
     * The plan of a snapshot's host: a host name or machine id that is not one is left out, with a
     * refusal naming it escaped, so no bundle value reaches a generated file unchecked.
     */
    static Plan of(Snapshot snapshot, List<Step> steps, List<Refusal> refusals) {
        List<Refusal> all = new java.util.ArrayList<>(refusals);
        String host = identity(snapshot.host(), ParameterType.HOST_NAME, "host name", all);
        String machine = identity(snapshot.machine(), ParameterType.MACHINE_ID, "machine id", all);
        return new Plan(host, machine, snapshot.redacted(), steps, all);
    }

    /** The host name when it is one, else null: steps name their host only when it passed HOST_NAME. */
    static String validHost(String host) {
        return host != null && ParameterType.HOST_NAME.problem(host).isEmpty() ? host : null;
    }

    private static String identity(String value, ParameterType type, String what, List<Refusal> refusals) {
        if (value == null) {
            return null;
        }
        java.util.Optional<String> problem = type.problem(value);
        if (problem.isEmpty()) {
            return value;
        }
        refusals.add(
                new Refusal(
                        "host-check",
                        List.of(),
                        "host",
                        "the bundle's " + what + " " + problem.get()
                                + ": the scripts cannot check they run on the bundle's host and refuse to without --force-host"));
        return null;
    }

    /**
     * One step: the catalog actions it runs (a switch action first when host and switch must
     * agree), the findings it addresses, the commands a person reads (apply, verify, rollback),
     * and, not serialised, the changes the scripts make.
     */
    public record Step(
            int step,
            String id,
            List<String> actions,
            String layer,
            String summary,
            List<String> because,
            Map<String, String> target,
            String risk,
            boolean window,
            String reference,
            boolean manual,
            List<String> apply,
            List<String> verify,
            List<String> rollback,
            String persist,
            String measure,
            List<String> notes,
            List<SwitchPart> switches,
            @JsonIgnore List<Change> changes,
            @JsonIgnore Persist persistence) {
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
    public record Change(
            String name,
            String read,
            String write,
            String target,
            String prior,
            String undo,
            String check,
            boolean numbered,
            Located located) {}

    /**
     * A numbered change's item by name ({@code numbered}: the kernel may renumber it, see
     * {@link ActionSpec.IdentitySpec}): {@code present} tests the number still is {@code identity},
     * {@code locate} prints the number it has now, {@code writeAt} writes "$1" at the number "$2".
     * Null on a numbered change whose item the snapshot did not name.
     */
    public record Located(String identity, String present, String locate, String writeAt) {}

    /** The commands one switch runs for a step, on its platform, with their rollback. */
    public record SwitchPart(
            String name, String platform, List<String> apply, List<String> verify, List<String> rollback) {
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
            // A finding's subject comes from the bundle: shown, never carried.
            subject = subject == null ? null : GeneratedText.comment(subject);
        }
    }
}
