package io.rocedoctor.plan;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One entry of the action catalog (rules/actions/ID.yaml): what the action changes, at which
 * layer, how disruptive it is, its typed parameters, and either the host settings it changes,
 * the switch snippets it runs, or, when no safe command exists, instructions for a person.
 */
public record ActionSpec(
        String id,
        String layer,
        String risk,
        boolean window,
        String reference,
        String summary,
        Map<String, String> parameters,
        List<String> optional,
        boolean manual,
        List<String> instructions,
        List<String> rollback,
        List<SettingSpec> settings,
        String group,
        @JsonProperty("merge-by") List<String> mergeBy,
        @JsonProperty("keep-largest") String keepLargest,
        List<String> before,
        PairSpec pair,
        @JsonProperty("switch") Map<String, SwitchSnippet> switchSnippets,
        List<String> notes,
        Persist persist,
        String measure,
        ClaimSpec claims) {

    /**
     * What a step can do to traffic, mildest first: {@code apply.sh --execute} runs the first two
     * and refuses the others unless {@code --allow RISK} names them (docs/planner.md).
     */
    public static final List<String> RISKS = List.of("none", "traffic-pause", "link-flap", "outage", "reboot");

    public ActionSpec {
        parameters =
                parameters == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        optional = optional == null ? List.of() : List.copyOf(optional);
        instructions = instructions == null ? List.of() : List.copyOf(instructions);
        rollback = rollback == null ? List.of() : List.copyOf(rollback);
        settings = settings == null ? List.of() : List.copyOf(settings);
        mergeBy = mergeBy == null
                ? parameters.keySet().stream().filter(p -> !p.equals("current")).toList()
                : List.copyOf(mergeBy);
        before = before == null ? List.of() : List.copyOf(before);
        switchSnippets = switchSnippets == null
                ? Map.of()
                : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(switchSnippets));
        notes = notes == null ? List.of() : List.copyOf(notes);
        group = group == null ? id : group;
    }

    /**
     * A value one host setting should take: read it, write it, and where its prior value comes from;
     * {@code check} is the command a person runs to see it (the verify hint), {@code read} the scripts'.
     */
    public record SettingSpec(
            String name,
            String each,
            String read,
            String write,
            String target,
            String value,
            boolean spread,
            String prior,
            @JsonProperty("prior-source") String priorSource,
            String undo,
            String check,
            IdentitySpec identity) {}

    /**
     * What the item of a setting is, where the kernel may give its number to something else (an IRQ
     * number is allocated when the driver probes: a reboot or a driver reload can renumber it):
     * {@code source} the snapshot's name for the item (of {@code type}), {@code present} a shell test
     * that the item still is that ({@code {identity}}), {@code locate} a command printing the item
     * that is it now. apply.sh and rollback.sh leave an item alone that is no longer it; the boot
     * script of persist/ locates it by name.
     */
    public record IdentitySpec(String source, String type, String present, String locate) {}

    /**
     * What a step decides that a step of another action may decide otherwise: {@code object} a template
     * naming it ({@code the lossless priority of RoCE on {switch}}), {@code value} the priority or
     * priority-list parameter holding the priorities the step leaves it on. Two steps of different
     * actions whose objects render alike and whose priorities share none undo each other (a DSCP moved
     * to the switch's lossless priority while PFC moves to the host's): the planner keeps one.
     */
    public record ClaimSpec(String object, String value) {}

    /** The host action that must agree with a switch action; {@code on} names the parameters both share. */
    public record PairSpec(String with, List<String> on) {
        public PairSpec {
            on = on == null ? List.of() : List.copyOf(on);
        }
    }

    /**
     * The commands of a switch action on one platform; lines holding {item} repeat for each member of {@code each},
     * lines holding {other} for each member of {@code others} that is not in {@code each} (EOS: the port's
     * no-drop priorities that are not wanted, set back to drop so the lossless set is exactly {@code each}).
     * Where the platform's commands change a switch-wide object (NVUE default-global, a SONiC WRED or buffer
     * profile shared by many ports), {@code summary} says so and {@code merge-by} merges the proposals of every
     * port into one step; both default to the action's.
     */
    public record SwitchSnippet(
            String each,
            String others,
            String summary,
            @JsonProperty("merge-by") List<String> mergeBy,
            List<String> apply,
            List<String> verify,
            List<String> rollback,
            List<String> notes) {
        public SwitchSnippet {
            notes = notes == null ? List.of() : List.copyOf(notes);
            mergeBy = mergeBy == null ? null : List.copyOf(mergeBy);
            apply = apply == null ? List.of() : List.copyOf(apply);
            verify = verify == null ? List.of() : List.copyOf(verify);
            rollback = rollback == null ? List.of() : List.copyOf(rollback);
        }
    }

    /** The summary of a step on {@code platform} (null for a host action): the snippet's own, else the action's. */
    public String summaryFor(String platform) {
        SwitchSnippet s = platform == null ? null : switchSnippets.get(platform);
        return s != null && s.summary() != null ? s.summary() : summary;
    }

    /** The parameters whose values make two proposals on {@code platform} one step: the snippet's, else the action's. */
    public List<String> mergeByFor(String platform) {
        SwitchSnippet s = platform == null ? null : switchSnippets.get(platform);
        return s != null && s.mergeBy() != null ? s.mergeBy() : mergeBy;
    }

    public ParameterType type(String parameter) {
        return ParameterType.byLabel(parameters.get(parameter)).orElseThrow();
    }

    public boolean switchSide() {
        return !switchSnippets.isEmpty();
    }

    /** What is wrong with this entry; empty when it can be planned. */
    public List<String> problems() {
        List<String> out = new ArrayList<>();
        if (!ActionLayer.labels().contains(layer)) {
            out.add("layer " + layer + " is not one of " + ActionLayer.labels());
        }
        if (!RISKS.contains(risk)) {
            out.add("risk " + risk + " is not one of " + RISKS);
        }
        // Every entry names the tool source or vendor document that defines its commands.
        if (reference == null || reference.isBlank()) {
            out.add("an action needs a reference: the tool source or vendor document its commands follow");
        }
        parameters.forEach((name, type) -> {
            if (ParameterType.byLabel(type).isEmpty()) {
                out.add("parameter " + name + " has unknown type " + type);
            }
        });
        if (keepLargest != null && !"integer".equals(parameters.get(keepLargest))) {
            out.add("keep-largest must name an integer parameter");
        }
        if (!parameters.keySet().containsAll(optional) || !parameters.keySet().containsAll(mergeBy)) {
            out.add("optional and merge-by must name declared parameters");
        }
        int kinds = (manual ? 1 : 0) + (settings.isEmpty() ? 0 : 1) + (switchSnippets.isEmpty() ? 0 : 1);
        if (kinds != 1) {
            out.add("an action is exactly one of: manual (with instructions), host settings, switch snippets");
        }
        if (settings.isEmpty() != (persist == null)) {
            out.add("an action with host settings needs persist: (how they survive a reboot), and only it");
        }
        if (persist != null) {
            out.addAll(persist.problems(parameters));
        }
        if (manual && instructions.isEmpty()) {
            out.add("a manual action needs instructions");
        }
        if (claims != null) {
            String type = parameters.get(claims.value());
            if (claims.object() == null || !("priority".equals(type) || "priority-list".equals(type))) {
                out.add("claims needs an object and a value naming a priority or priority-list parameter");
            } else {
                checkTemplate(claims.object(), new HashSet<>(parameters.keySet()), out);
            }
        }
        Set<String> known = new HashSet<>(parameters.keySet());
        for (String text : texts()) {
            checkTemplate(text, known, out);
        }
        for (SettingSpec s : settings) {
            Set<String> names = new HashSet<>(known);
            if (s.each() != null) {
                names.add("item");
                if (!parameters.containsKey(s.each())) {
                    out.add("setting " + s.name() + " iterates over undeclared " + s.each());
                }
            }
            if (s.write() == null || (s.read() == null) == (s.undo() == null)) {
                out.add("setting " + s.name() + " needs write and exactly one of read or undo");
            }
            if ((s.target() == null) == (s.value() == null)
                    || (s.target() != null && !parameters.containsKey(s.target()))) {
                out.add("setting " + s.name()
                        + " takes its value from exactly one declared target parameter or literal value");
            }
            if (s.prior() != null && !parameters.containsKey(s.prior())) {
                out.add("setting " + s.name() + " takes its prior value from undeclared " + s.prior());
            }
            for (String t : new String[] {s.name(), s.read(), s.undo(), s.check(), s.priorSource()}) {
                checkTemplate(t, names, out);
            }
            if (s.identity() != null) {
                ActionSpec.IdentitySpec id = s.identity();
                if (s.each() == null
                        || id.source() == null
                        || id.present() == null
                        || id.locate() == null
                        || ParameterType.byLabel(id.type()).isEmpty()) {
                    out.add("setting " + s.name() + ": identity needs each, source, a known type, present and locate");
                } else {
                    checkTemplate(id.source(), names, out);
                    Set<String> identified = new HashSet<>(names);
                    identified.add("identity");
                    checkTemplate(id.present(), identified, out);
                    identified.remove("item");
                    checkTemplate(id.locate(), identified, out);
                }
            }
            Set<String> writeNames = new HashSet<>(names);
            writeNames.add("value");
            checkTemplate(s.write(), writeNames, out);
        }
        switchSnippets.forEach((platform, snippet) -> {
            if (ParameterType.PLATFORM.problem(platform).isPresent()) {
                out.add("switch platform " + platform + " is not sonic, nvue or eos");
            }
            if (snippet.apply().isEmpty() || snippet.rollback().isEmpty()) {
                out.add(platform + " snippet needs apply and rollback");
            }
            if (snippet.mergeBy() != null && !parameters.keySet().containsAll(snippet.mergeBy())) {
                out.add(platform + " merge-by must name declared parameters");
            }
            checkTemplate(snippet.summary(), known, out);
            Set<String> names = new HashSet<>(known);
            names.add("step");
            if (snippet.each() != null) {
                names.add("item");
            }
            if (snippet.others() != null) {
                names.add("other");
                if (snippet.each() == null || !parameters.containsKey(snippet.others())) {
                    out.add(platform + " others must name a declared parameter, beside each");
                }
            }
            for (List<String> lines : List.of(snippet.apply(), snippet.verify(), snippet.rollback())) {
                lines.forEach(l -> checkTemplate(l, names, out));
            }
        });
        return out;
    }

    private List<String> texts() {
        List<String> out = new ArrayList<>(instructions);
        out.addAll(rollback);
        out.addAll(notes);
        switchSnippets.values().forEach(snippet -> out.addAll(snippet.notes()));
        for (String t : new String[] {summary, measure}) {
            if (t != null) {
                out.add(t);
            }
        }
        return out;
    }

    private static void checkTemplate(String template, Set<String> names, List<String> out) {
        if (template == null) {
            return;
        }
        for (String n : Template.names(template)) {
            if (!names.contains(n)) {
                out.add("template refers to {" + n + "}, which it cannot have: " + template);
            }
        }
        if (Template.quotesPlaceholder(template)) {
            out.add("placeholder inside double quotes (a quoted value would keep its quotes): " + template);
        }
    }
}
