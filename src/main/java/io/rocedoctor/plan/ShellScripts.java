package io.rocedoctor.plan;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * apply.sh and rollback.sh of a plan (docs/planner.md has their contract). Every value in them
 * passed validation and is shell-quoted here; anything else the scripts print is quoted too.
 */
public final class ShellScripts {
    private static final String FUNCTIONS = resource("functions.sh");
    /**
     * For shellcheck: the scripts call their read_, write_ and undo_ functions by name ("write_$key"),
     * and single quotes are Shell.quote's, whose text is literal by design (a "$1" a line shows).
     */
    static final String SHELLCHECK = "# shellcheck disable=SC2317,SC2016 # functions called by name look unreachable;"
            + " quoted text is literal\n";
    /**
     * check_host: the live host name (or, for a redacted bundle, the hash of /etc/machine-id the
     * collector recorded) must be the bundle's; --execute stops otherwise unless --force-host.
     */
    private static final String HOST_CHECK = """
            # The collector's machine id: /etc/machine-id hashed, so a bundle does not carry the id itself.
            machine_hash() { local id; id=$(cat "$ROOT/etc/machine-id") && printf 'roce-doctor:%s' "$id" | sha256sum | cut -c1-32; }
            check_host() {
                local live expected what problem
                if [ "$HOST_CHECK" = machine-id ]; then
                    what="machine id (the bundle was redacted: a hash of /etc/machine-id)"
                    expected=$PLAN_MACHINE
                    live=$(machine_hash 2>/dev/null) || live=""
                else
                    what="host name"
                    expected=$PLAN_HOST
                    live=$(cat "$ROOT/proc/sys/kernel/hostname" 2>/dev/null) || live=$(uname -n)
                fi
                if [ -z "$expected" ]; then
                    problem="the bundle records no $what to check this host against"
                elif [ "$live" != "$expected" ]; then
                    problem="this host's $what is '$live', the bundle's is '$expected': the plan is for another host"
                else
                    return 0
                fi
                if [ "$FORCE_HOST" = 1 ]; then say "$problem; going on (--force-host)"; return 0; fi
                if [ "$EXECUTE" = 1 ]; then fail "$problem (--force-host to run it anyway)"; fi
                say "$problem: --execute stops here unless --force-host"
            }

            """;
    /** The functions the scripts define (pfc_write, bnxt_cc_write...): no interactive shell has them. */
    static final java.util.Set<String> FUNCTION_NAMES = java.util.regex.Pattern.compile("(?m)^([a-z0-9_]+)\\(\\) \\{")
            .matcher(FUNCTIONS)
            .results()
            .map(m -> m.group(1))
            .collect(java.util.stream.Collectors.toUnmodifiableSet());

    private ShellScripts() {}

    /** functions.sh: the helpers every generated script holds (readers and writers of the settings). */
    static String functionsScript() {
        return FUNCTIONS;
    }

    /** Why --execute refuses a step of each risk beyond traffic-pause without --allow. */
    private static final Map<String, String> RISK_REASONS = Map.of(
            "link-flap", "it takes the link down and up, which breaks the RDMA connections (QPs) on it",
            "outage", "it stops traffic through the device until it is done",
            "reboot", "it takes effect only after a reboot");

    public static String apply(Plan plan, String planId) {
        StringBuilder s = new StringBuilder();
        header(
                s,
                "apply.sh",
                plan,
                planId,
                "Applies the plan step by step. Dry run unless --execute; --step N runs one step, --from N the rest;\n"
                        + "# --force goes on when a live value differs from the snapshot's; --allow RISK (link-flap, outage,\n"
                        + "# reboot; repeat it or give a comma list) lets --execute run steps of that risk; --force-host runs on\n"
                        + "# a host other than the bundle's. Before each change the live value is kept in the state folder;\n"
                        + "# rollback.sh restores it. Stops at the first failure.");
        s.append("""
                FORCE=0
                ONLY=""
                FROM=""
                ALLOW=","
                LEFT=()
                usage() { say "usage: apply.sh [--execute] [--force] [--force-host] [--allow RISK[,RISK]] [--step N | --from N]"; }
                while [ $# -gt 0 ]; do
                    case "$1" in
                        --execute) EXECUTE=1 ;;
                        --force) FORCE=1 ;;
                        --force-host) FORCE_HOST=1 ;;
                        --allow)
                            if [ $# -lt 2 ]; then usage >&2; exit 2; fi
                            for risk in ${2//,/ }; do
                                case "$risk" in
                                    none|traffic-pause|link-flap|outage|reboot) ALLOW="$ALLOW$risk," ;;
                                    *) say "apply.sh: --allow takes none, traffic-pause, link-flap, outage or reboot" >&2; exit 2 ;;
                                esac
                            done
                            shift ;;
                        --step|--from)
                            if [ $# -lt 2 ]; then usage >&2; exit 2; fi
                            case "$2" in ''|*[!0-9]*) say "apply.sh: $1 takes a step number" >&2; exit 2 ;; esac
                            if [ "$1" = --step ]; then ONLY=$2; else FROM=$2; fi
                            shift ;;
                        -h|--help) usage; exit 0 ;;
                        *) say "apply.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
                    esac
                    shift
                done
                check_host
                trap 'say "apply.sh: stopped at the first failure; rollback.sh --execute restores what $STATE recorded" >&2' ERR

                # gate STEP RISK WHY: --execute refuses a step that can take a link or the host down unless --allow RISK.
                gate() {
                    case "$2" in none|traffic-pause) return 0 ;; esac
                    case "$ALLOW" in *",$2,"*) say "  risk $2 allowed (--allow $2)"; return 0 ;; esac
                    if [ "$EXECUTE" = 1 ]; then
                        fail "step $1 is refused: its risk is $2: $3. Run it in a maintenance window with --allow $2"
                    fi
                    say "  --execute refuses this step unless --allow $2: $3"
                }

                # left WHAT: a step, or part of one, that a person has to do; the run's summary lists them.
                left() { LEFT+=("$1"); }

                # record KEY NAME [VALUE]: keeps a change's prior value (none for changes undone by command), newest last.
                record() {
                    local seq=0 base
                    mkdir -p "$STATE"
                    if [ -f "$STATE/plan" ] && [ "$(cat "$STATE/plan")" != "$PLAN" ]; then
                        fail "$STATE holds the state of another plan; roll it back or set ROCE_DOCTOR_STATE"
                    fi
                    printf '%s\\n' "$PLAN" > "$STATE/plan"
                    if [ -f "$STATE/sequence" ]; then seq=$(cat "$STATE/sequence"); fi
                    seq=$((10#$seq + 1))
                    printf '%s\\n' "$seq" > "$STATE/sequence"
                    base="$STATE/$(printf '%04d' "$seq")"
                    printf '%s\\n' "$2" > "$base.name"
                    if [ $# -ge 3 ]; then printf '%s' "$3" > "$base.value"; fi
                    printf '%s\\n' "$1" > "$base.key"
                }

                # same STEP KEY NAME: true unless the change's item (an IRQ number) now belongs to something other
                # than the bundle saw (a reboot or driver reload renumbers IRQs); --force does not override it.
                same() {
                    if ! declare -F "same_$2" > /dev/null || "same_$2"; then return 0; fi
                    if [ "$EXECUTE" = 1 ]; then
                        fail "step $1: $3 no longer belongs to what the bundle saw there (renumbered since the capture): collect a new bundle and plan again"
                    fi
                    say "  $3 no longer belongs to what the bundle saw there (renumbered since the capture): --execute stops here"
                    return 1
                }

                # change STEP KEY NAME TARGET [SNAPSHOT]: reads the live value, compares it with the snapshot's,
                # records it, writes the target and reads it back.
                change() {
                    local step=$1 key=$2 name=$3 target=$4 live now
                    if ! same "$step" "$key" "$name"; then return 0; fi
                    if ! live=$("read_$key"); then
                        if [ "$EXECUTE" = 1 ]; then fail "step $step: cannot read $name"; fi
                        say "  $name: cannot read the live value here; would set it to '$target'"
                        return 0
                    fi
                    if [ $# -ge 5 ] && [ "$live" != "$5" ]; then
                        if [ "$FORCE" = 1 ]; then
                            say "  $name is '$live' now but was '$5' in the snapshot; going on (--force)"
                        elif [ "$EXECUTE" = 1 ]; then
                            fail "step $step: $name is '$live' now but was '$5' in the snapshot: the host changed since the capture (--force to go on)"
                        else
                            say "  $name is '$live' now but was '$5' in the snapshot: --execute stops here unless --force"
                        fi
                    fi
                    if [ "$EXECUTE" = 0 ]; then say "  would set $name: '$live' -> '$target'"; return 0; fi
                    record "$key" "$name" "$live"
                    "write_$key" "$target"
                    now=$("read_$key") || fail "verify: failed: cannot read $name back"
                    if [ "$now" != "$target" ]; then fail "verify: failed: $name is '$now', expected '$target'"; fi
                    say "  $name: '$live' -> '$target' (verified)"
                }

                # act STEP KEY NAME TARGET: a change that cannot be read back; rollback.sh runs its undo command.
                act() {
                    if ! same "$1" "$2" "$3"; then return 0; fi
                    if [ "$EXECUTE" = 0 ]; then say "  would change $3 (to '$4')"; return 0; fi
                    record "$2" "$3"
                    "write_$2" "$4"
                    say "  $3: changed; rollback.sh undoes it"
                }

                """);
        for (Plan.Step step : plan.steps()) {
            applyStep(s, step);
        }
        s.append("STEPS=(");
        plan.steps().forEach(st -> s.append(st.step() == 1 ? "" : " ").append(st.step()));
        s.append(")\n");
        s.append("""
                ran=0
                for n in ${STEPS[@]+"${STEPS[@]}"}; do
                    if [ -n "$ONLY" ] && [ "$n" != "$((10#$ONLY))" ]; then continue; fi
                    if [ -n "$FROM" ] && [ "$n" -lt "$((10#$FROM))" ]; then continue; fi
                    "step_$n"
                    ran=1
                done
                if [ "$ran" = 0 ]; then
                    if [ -n "$ONLY$FROM" ]; then fail "no such step in this plan (steps: ${STEPS[*]-none})"; fi
                    say "nothing to do: the plan has no steps"
                    exit 0
                fi
                if [ "${#LEFT[@]}" -gt 0 ]; then
                    say "left for a person (this script changed nothing for them):"
                    for what in "${LEFT[@]}"; do say "  $what"; done
                fi
                if [ "$EXECUTE" = 0 ]; then say "dry run: nothing was changed. Add --execute to apply (one step at a time: --step N)."; fi
                """);
        return s.toString();
    }

    public static String rollback(Plan plan, String planId) {
        StringBuilder s = new StringBuilder();
        header(
                s,
                "rollback.sh",
                plan,
                planId,
                "Restores what apply.sh recorded in the state folder, newest first, reading each value back.\n"
                        + "# Dry run unless --execute; --step N restores one step's changes only; --force-host runs on a host\n"
                        + "# other than the bundle's.");
        s.append("""
                ONLY=""
                usage() { say "usage: rollback.sh [--execute] [--force-host] [--step N]"; }
                while [ $# -gt 0 ]; do
                    case "$1" in
                        --execute) EXECUTE=1 ;;
                        --force-host) FORCE_HOST=1 ;;
                        --step)
                            if [ $# -lt 2 ]; then usage >&2; exit 2; fi
                            case "$2" in ''|*[!0-9]*) say "rollback.sh: --step takes a step number" >&2; exit 2 ;; esac
                            ONLY=$((10#$2))
                            shift ;;
                        -h|--help) usage; exit 0 ;;
                        *) say "rollback.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
                    esac
                    shift
                done
                check_host
                trap 'say "rollback.sh: stopped at the first failure; what is left is still in $STATE" >&2' ERR

                """);
        for (Plan.Step step : plan.steps()) {
            functions(s, step);
        }
        s.append("""
                restore() {
                    local base=$1 key name value now
                    key=$(cat "$base.key")
                    name=$(cat "$base.name")
                    if ! declare -F "write_$key" > /dev/null; then fail "$base.key names $key, which is not a change of this plan"; fi
                    if [ -n "$ONLY" ] && [ "${key%%_*}" != "s$ONLY" ]; then return 0; fi
                    if declare -F "same_$key" > /dev/null && ! "same_$key"; then
                        # Renumbered (a reboot or driver reload): the change is gone with it, and the number is another's now.
                        say "left $name alone: it no longer belongs to what the plan changed (renumbered since); nothing of it is in force"
                        if [ "$EXECUTE" = 1 ]; then rm -f "$base.key" "$base.name" "$base.value"; fi
                        return 0
                    fi
                    if [ -f "$base.value" ]; then
                        value=$(cat "$base.value")
                        if [ "$EXECUTE" = 0 ]; then say "would restore $name to '$value'"; return 0; fi
                        "write_$key" "$value"
                        now=$("read_$key") || fail "verify: failed: cannot read $name back"
                        if [ "$now" != "$value" ]; then fail "verify: failed: $name is '$now', expected '$value'"; fi
                        say "restored $name to '$value'"
                    else
                        if [ "$EXECUTE" = 0 ]; then say "would undo $name"; return 0; fi
                        "undo_$key"
                        say "undid $name"
                    fi
                    rm -f "$base.key" "$base.name" "$base.value"
                }

                if [ ! -d "$STATE" ]; then say "nothing to roll back: no state folder $STATE"; exit 0; fi
                if [ -f "$STATE/plan" ] && [ "$(cat "$STATE/plan")" != "$PLAN" ]; then
                    fail "$STATE holds the state of another plan"
                fi
                shopt -s nullglob
                records=("$STATE"/*.key)
                for ((i = ${#records[@]} - 1; i >= 0; i--)); do
                    restore "${records[i]%.key}"
                done
                if [ "${#records[@]}" = 0 ]; then say "nothing to roll back: $STATE records no change"; exit 0; fi
                left=("$STATE"/*.key)
                if [ "$EXECUTE" = 1 ] && [ "${#left[@]}" = 0 ]; then rm -f "$STATE/plan" "$STATE/sequence"; fi
                if [ "$EXECUTE" = 0 ]; then say "dry run: nothing was restored. Add --execute to restore."; fi
                if [ -f "$ROOT/etc/roce-doctor/steps" ]; then
                    say "note: persist/ is installed on this host and would set its steps again at boot: run persist/persist.sh --remove --execute, then persist.sh --execute to keep what is still applied"
                fi
                """);
        return s.toString();
    }

    /**
     * The start every generated script shares: what it is (values shown as comments may show them,
     * {@link GeneratedText#comment}), strict mode, the plan's identity and state folder (none for
     * persist.sh: {@code planId} null), the helpers, and
     * {@code check_host}, which refuses a host other than the bundle's unless {@code --force-host}.
     */
    static void header(StringBuilder s, String script, Plan plan, String planId, String purpose) {
        s.append("#!/usr/bin/env bash\n");
        s.append(SHELLCHECK);
        s.append("# ").append(script).append(": roce-doctor remediation plan");
        if (plan.host() != null) {
            s.append(" for ").append(GeneratedText.comment(plan.host()));
        }
        s.append(", ").append(plan.steps().size()).append(" step(s). Generated; review before running.\n");
        s.append("# ").append(purpose).append('\n');
        s.append(
                "# ROCE_DOCTOR_ROOT: a folder standing in for / in file paths (tests); ROCE_DOCTOR_STATE: the state\n");
        s.append("# folder (default: state/ next to the plan's apply.sh).\n");
        s.append("set -Eeuo pipefail\n\n");
        s.append("SCRIPT=").append(script).append('\n');
        if (planId != null) {
            s.append("PLAN=").append(Shell.quote(planId)).append('\n');
        }
        // Both passed their ParameterType (Plan checks): nothing but [A-Za-z0-9_.-] and hex reaches these lines.
        s.append("PLAN_HOST=")
                .append(Shell.quote(plan.host() == null ? "" : plan.host()))
                .append('\n');
        s.append("PLAN_MACHINE=")
                .append(Shell.quote(plan.machine() == null ? "" : plan.machine()))
                .append('\n');
        s.append("HOST_CHECK=")
                .append(plan.redacted() ? "machine-id" : "hostname")
                .append('\n');
        s.append("EXECUTE=0\n");
        s.append("FORCE_HOST=0\n");
        s.append("ROOT=\"${ROCE_DOCTOR_ROOT:-}\"\n");
        if (planId != null) {
            s.append("STATE=\"${ROCE_DOCTOR_STATE:-$(cd \"$(dirname \"$0\")\" && pwd)/state}\"\n");
        }
        s.append('\n');
        s.append(FUNCTIONS).append('\n');
        s.append(HOST_CHECK);
    }

    static void functions(StringBuilder s, Plan.Step step) {
        List<Plan.Change> changes = step.changes();
        for (int i = 0; i < changes.size(); i++) {
            Plan.Change c = changes.get(i);
            String key = key(step, i);
            if (c.read() != null) {
                s.append("read_").append(key).append("() { ").append(c.read()).append("; }\n");
            } else {
                s.append("undo_").append(key).append("() { ").append(c.undo()).append("; }\n");
            }
            s.append("write_").append(key).append("() { ").append(c.write()).append("; }\n");
            if (c.located() != null) {
                s.append("same_")
                        .append(key)
                        .append("() { ")
                        .append(c.located().present())
                        .append("; }\n");
            }
        }
    }

    /** The boot script's: where the item of a numbered change is now, and its write there. */
    static void locatedFunctions(StringBuilder s, Plan.Step step) {
        for (int i = 0; i < step.changes().size(); i++) {
            Plan.Located l = step.changes().get(i).located();
            if (l != null) {
                String key = key(step, i);
                s.append("locate_")
                        .append(key)
                        .append("() { ")
                        .append(l.locate())
                        .append("; }\n");
                s.append("write_at_")
                        .append(key)
                        .append("() { ")
                        .append(l.writeAt())
                        .append("; }\n");
            }
        }
    }

    private static void applyStep(StringBuilder s, Plan.Step step) {
        int n = step.step();
        functions(s, step);
        s.append("step_").append(n).append("() {\n");
        say(s, "step " + n + " [" + step.layer() + "] " + (step.manual() ? "MANUAL: " : "") + step.summary());
        say(
                s,
                "  because " + String.join(", ", step.because()) + "; risk: " + step.risk()
                        + (step.window() ? " (maintenance window)" : ""));
        step.notes().forEach(note -> say(s, "  note: " + note));
        if (!step.changes().isEmpty() && RISK_REASONS.containsKey(step.risk())) {
            s.append("    gate ")
                    .append(n)
                    .append(' ')
                    .append(step.risk())
                    .append(' ')
                    .append(Shell.quote(RISK_REASONS.get(step.risk())))
                    .append('\n');
        }
        for (Plan.SwitchPart part : step.switches()) {
            // Nothing here reaches the switch: a person runs these lines there.
            say(
                    s,
                    "  MANUAL: run on switch " + part.name() + " (" + part.platform() + ", see switch/" + part.name()
                            + ".txt):");
            part.apply().forEach(l -> say(s, "    " + l));
            left(
                    s,
                    "step " + n + ": on switch " + part.name() + " (switch/" + part.name() + ".txt)"
                            + (step.changes().isEmpty() ? "" : ", before this step's host part"));
        }
        if (!step.switches().isEmpty() && !step.changes().isEmpty()) {
            s.append("    if [ \"$EXECUTE\" = 1 ] && [ \"$ONLY\" != ").append(n).append(" ]; then\n");
            s.append("        fail ")
                    .append(Shell.quote("step " + n + " changes the switch first: apply its switch"
                            + " commands, then run apply.sh --execute --step " + n + " and go on with --from "
                            + (n + 1)))
                    .append('\n');
            s.append("    fi\n");
            say(s, "  then on this host:");
        }
        if (step.manual()) {
            step.apply().forEach(l -> say(s, "  " + l));
            left(s, "step " + n + ": " + step.summary());
        }
        for (int i = 0; i < step.changes().size(); i++) {
            Plan.Change c = step.changes().get(i);
            List<String> args = new ArrayList<>(List.of(Integer.toString(n), key(step, i), c.name(), c.target()));
            if (c.read() != null && c.prior() != null) {
                args.add(c.prior());
            }
            s.append("    ").append(c.read() == null ? "act" : "change");
            args.forEach(a -> s.append(' ').append(Shell.quote(a)));
            s.append('\n');
        }
        if (!step.verify().isEmpty()) {
            say(s, "  verify:");
            step.verify().forEach(l -> say(s, "    " + l));
        }
        if (step.measure() != null) {
            say(s, "  measure: " + step.measure());
        }
        s.append("}\n\n");
    }

    /** A line the script prints: one shell word of printable ASCII, whatever the text held. */
    static void say(StringBuilder s, String text) {
        s.append("    say ").append(Shell.quote(GeneratedText.line(text))).append('\n');
    }

    private static void left(StringBuilder s, String what) {
        s.append("    left ").append(Shell.quote(GeneratedText.line(what))).append('\n');
    }

    static String key(Plan.Step step, int index) {
        return "s" + step.step() + "_" + (index + 1);
    }

    private static String resource(String name) {
        try (InputStream in = ShellScripts.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
