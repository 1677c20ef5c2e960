package io.rocedoctor.plan;

import io.rocedoctor.engine.ActionProposal;
import io.rocedoctor.engine.Diagnosis;
import io.rocedoctor.engine.Figures;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.engine.Severity;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Turns a diagnosis's proposals into an ordered plan (docs/planner.md): validates every value, merges
 * proposals that change the same thing (one affinity step per NIC), resolves conflicts in favour
 * of the more severe finding and says so, pairs host and switch QoS changes into one step
 * (switch first), and orders steps by layer, then by the catalog's {@code before} within a layer.
 */
public final class Planner {
    private static final Map<String, String> SCRIPT_VALUE = Map.of("value", "\"$1\"");
    /** A write at the item the boot script located: the value in "$1", the item in "$2". */
    private static final Map<String, String> AT_ITEM = Map.of("value", "\"$1\"", "item", "\"$2\"");

    private final ActionCatalog catalog;

    public Planner(ActionCatalog catalog) {
        this.catalog = catalog;
    }

    private record Candidate(ActionSpec spec, Finding finding, Map<String, String> params) {
        List<String> mergeBy() {
            return spec.mergeByFor(params.get("platform"));
        }
    }

    /** Proposals merged into one step; {@code switchSide} holds the switch drafts a host QoS draft was paired with. */
    private record Draft(
            ActionSpec spec,
            List<Candidate> members,
            List<Plan.Change> changes,
            List<String> notes,
            List<Draft> switchSide) {
        /**
         * The values the step's texts show. A manual step merged over several subjects (one investigation
         * for every port) lists each parameter outside merge-by with all its members' values, as a reader
         * lists them ("mlx5_0 and mlx5_1", "a, b and c"); a step that changes something shows its first
         * member's (conflicts are in the notes).
         */
        Map<String, String> params() {
            Map<String, String> out = new LinkedHashMap<>(members.get(0).params());
            out.putAll(merged());
            return out;
        }

        /**
         * The lists of a manual step merged over several subjects, by parameter: prose for a person, so
         * the texts take them as they are (each member is a validated value; the list is not one).
         */
        Map<String, String> merged() {
            Map<String, String> first = members.get(0).params();
            Map<String, String> out = new LinkedHashMap<>();
            if (!spec.manual() || members.size() == 1) {
                return out;
            }
            for (String p : first.keySet()) {
                if (!members.get(0).mergeBy().contains(p)) {
                    TreeSet<String> values = new TreeSet<>();
                    members.forEach(m -> values.add(m.params().get(p)));
                    out.put(p, Figures.listed(values));
                }
            }
            return out;
        }

        Map<String, String> identity() {
            Map<String, String> out = new TreeMap<>();
            members.get(0).mergeBy().forEach(p -> {
                if (params().containsKey(p)) {
                    out.put(p, params().get(p));
                }
            });
            return out;
        }

        List<String> because() {
            TreeSet<String> ids = new TreeSet<>();
            members.forEach(m -> ids.add(m.finding().id()));
            switchSide.forEach(s -> ids.addAll(s.because()));
            return List.copyOf(ids);
        }
    }

    public Plan plan(Diagnosis diagnosis, Snapshot snapshot) {
        List<Plan.Refusal> refusals = new ArrayList<>();
        List<Finding> findings = new ArrayList<>(diagnosis.findings());
        findings.sort(Comparator.comparingInt((Finding f) -> rank(f.severity()))
                .thenComparing(Finding::id)
                .thenComparing(Finding::subject));
        Map<String, List<Candidate>> groups = new LinkedHashMap<>();
        for (Finding f : findings) {
            for (ActionProposal p : f.actions()) {
                validated(p, f, refusals)
                        .ifPresent(c -> groups.computeIfAbsent(groupKey(c), k -> new ArrayList<>())
                                .add(c));
            }
        }
        List<Draft> drafts = new ArrayList<>();
        for (List<Candidate> members : groups.values()) {
            drafts.add(draft(members, snapshot));
        }
        drafts = withoutConflicts(drafts);
        drafts = paired(drafts);
        drafts = ordered(drafts);
        List<Plan.Step> steps = new ArrayList<>();
        for (int i = 0; i < drafts.size(); i++) {
            steps.add(step(i + 1, drafts.get(i), Plan.validHost(snapshot.host())));
        }
        return Plan.of(snapshot, steps, refusals);
    }

    private Optional<Candidate> validated(ActionProposal p, Finding f, List<Plan.Refusal> refusals) {
        Optional<ActionSpec> found = catalog.find(p.action());
        if (found.isEmpty()) {
            refusals.add(new Plan.Refusal(
                    ParameterType.visible(p.action()),
                    List.of(f.id()),
                    f.subject(),
                    "the action catalog has no such action"));
            return Optional.empty();
        }
        ActionSpec spec = found.get();
        Map<String, String> given = p.parameters();
        List<String> problems = new ArrayList<>();
        for (String name : spec.parameters().keySet()) {
            if (!given.containsKey(name) && !spec.optional().contains(name)) {
                problems.add("parameter " + name + " is missing");
            }
        }
        given.forEach((name, value) -> {
            if (!spec.parameters().containsKey(name)) {
                problems.add("parameter " + ParameterType.visible(name) + " is not declared by the catalog");
            } else {
                spec.type(name).problem(value).ifPresent(problem -> problems.add("parameter " + name + ": " + problem));
            }
        });
        String platform = given.get("platform");
        if (problems.isEmpty() && spec.switchSide() && !spec.switchSnippets().containsKey(platform)) {
            problems.add("the catalog has no " + platform + " commands for this action");
        } else if (problems.isEmpty() && spec.switchSide()) {
            // An optional parameter one platform's commands need (the SONiC map a port uses) must be there for it.
            for (String name : platformNames(spec, platform)) {
                if (spec.parameters().containsKey(name) && !given.containsKey(name)) {
                    problems.add("parameter " + name + " is missing: the dump does not show it, and the " + platform
                            + " commands need it");
                }
            }
        }
        if (!problems.isEmpty()) {
            refusals.add(new Plan.Refusal(spec.id(), List.of(f.id()), f.subject(), String.join("; ", problems)));
            return Optional.empty();
        }
        return Optional.of(new Candidate(spec, f, given));
    }

    /** The parameters one platform's snippet and summary refer to. */
    private static java.util.Set<String> platformNames(ActionSpec spec, String platform) {
        ActionSpec.SwitchSnippet snippet = spec.switchSnippets().get(platform);
        java.util.Set<String> out = new java.util.TreeSet<>(Template.names(spec.summaryFor(platform)));
        if (snippet.others() != null) {
            out.add(snippet.others());
        }
        for (List<String> lines : List.of(snippet.apply(), snippet.verify(), snippet.rollback())) {
            lines.forEach(l -> out.addAll(Template.names(l)));
        }
        return out;
    }

    private static String groupKey(Candidate c) {
        StringBuilder key = new StringBuilder(c.spec().group());
        for (String p : c.mergeBy()) {
            key.append('\u0000').append(p).append('=').append(c.params().getOrDefault(p, ""));
        }
        return key.toString();
    }

    /** Merges a group's proposals; two values for one setting are a conflict the more severe finding wins. */
    private static Draft draft(List<Candidate> members, Snapshot snapshot) {
        Map<String, Plan.Change> byName = new LinkedHashMap<>();
        Map<String, Candidate> owner = new LinkedHashMap<>();
        List<String> notes = new ArrayList<>();
        for (Candidate c : members) {
            for (Plan.Change change : changes(c, snapshot, notes)) {
                Plan.Change kept = byName.get(change.name());
                if (kept == null) {
                    byName.put(change.name(), change);
                    owner.put(change.name(), c);
                } else if (!kept.target().equals(change.target())) {
                    Finding winner = owner.get(change.name()).finding();
                    Finding loser = c.finding();
                    notes.add("conflict: " + winner.id() + " wants " + change.name() + " = " + kept.target() + ", "
                            + loser.id() + " wants " + change.target() + "; kept " + kept.target() + " because "
                            + winner.id()
                            + (rank(winner.severity()) < rank(loser.severity())
                                    ? " is more severe (" + winner.severity() + " over " + loser.severity() + ")"
                                    : " is as severe and comes first by id")
                            + ". Re-measure: the other finding may remain.");
                }
            }
        }
        List<String> unknown = byName.values().stream()
                .filter(ch -> ch.read() != null && ch.prior() == null)
                .map(Plan.Change::name)
                .toList();
        if (!unknown.isEmpty()) {
            notes.add("the snapshot lacks the prior value of "
                    + (unknown.size() == 1
                            ? unknown.get(0)
                            : unknown.size() + " settings (" + unknown.get(0) + ", ...)")
                    + ": apply.sh reads it live before changing it and rollback.sh restores what it read");
        }
        if (members.get(0).spec().switchSide() && members.size() > 1) {
            members = switchMembers(members, notes);
        }
        Candidate first = members.get(0);
        // The action's notes, then those of the platform the step runs on (an NVUE profile caveat is not a SONiC one).
        List<String> specNotes = new ArrayList<>(first.spec().notes());
        String platform = first.params().get("platform");
        ActionSpec.SwitchSnippet snippet =
                platform == null ? null : first.spec().switchSnippets().get(platform);
        if (snippet != null) {
            specNotes.addAll(snippet.notes());
        }
        notes.addAll(specNotes.stream()
                .map(n -> Template.render(n, first.params(), Map.of()))
                .toList());
        return new Draft(first.spec(), List.copyOf(members), List.copyOf(byName.values()), notes, List.of());
    }

    /**
     * A switch step merged over several ports (one shared profile) runs with one set of values: the
     * largest of {@code keep-largest} when the ports differ (a headroom that covers every port), else
     * the first finding's; either way a note says who wanted what.
     */
    private static List<Candidate> switchMembers(List<Candidate> members, List<String> notes) {
        ActionSpec spec = members.get(0).spec();
        List<Candidate> out = new ArrayList<>(members);
        if (spec.keepLargest() != null) {
            out.sort(Comparator.comparingLong(
                            (Candidate c) -> Long.parseLong(c.params().get(spec.keepLargest())))
                    .reversed());
        }
        for (String p : platformNames(spec, out.get(0).params().get("platform"))) {
            if (p.equals("switch_port")
                    || out.get(0).mergeBy().contains(p)
                    || out.stream().map(c -> c.params().get(p)).distinct().count() < 2) {
                continue;
            }
            List<String> wants = out.stream()
                    .map(c -> c.finding().subject() + " wants " + c.params().get(p))
                    .toList();
            notes.add("conflict: one step for all of them, " + p + ": " + String.join(", ", wants) + "; kept "
                    + out.get(0).params().get(p)
                    + (p.equals(spec.keepLargest())
                            ? ", the largest, which covers every port"
                            : ", the first by severity and id")
                    + ".");
        }
        return out;
    }

    private static List<Plan.Change> changes(Candidate c, Snapshot snapshot, List<String> notes) {
        List<Plan.Change> out = new ArrayList<>();
        ActionSpec spec = c.spec();
        for (ActionSpec.SettingSpec s : spec.settings()) {
            List<String> items = s.each() == null
                    ? java.util.Collections.singletonList(null)
                    : spec.type(s.each()).items(c.params().get(s.each()));
            List<String> spread =
                    s.spread() ? spec.type(s.target()).items(c.params().get(s.target())) : List.of();
            for (int i = 0; i < items.size(); i++) {
                Map<String, String> values = new LinkedHashMap<>(c.params());
                if (items.get(i) != null) {
                    values.put("item", items.get(i));
                }
                String target = s.value() != null
                        ? s.value()
                        : s.spread()
                                ? spread.get(i % spread.size())
                                : c.params().get(s.target());
                String name = Template.render(s.name(), values, Map.of());
                String prior = null;
                if (s.prior() != null) {
                    prior = c.params().get(s.prior());
                } else if (s.priorSource() != null) {
                    prior = snapshot.value(Template.render(s.priorSource(), values, Map.of()))
                            .orElse(null);
                    ParameterType type = s.target() == null ? ParameterType.WORD : spec.type(s.target());
                    if (prior != null && type.problem(prior).isPresent()) {
                        // The value itself stays out: notes are printed by the scripts.
                        notes.add("the snapshot's value of " + name + " is refused (not " + type.description()
                                + "); apply.sh reads it live instead");
                        prior = null;
                    }
                }
                out.add(new Plan.Change(
                        name,
                        render(s.read(), values),
                        Template.render(s.write(), values, SCRIPT_VALUE),
                        target,
                        prior,
                        render(s.undo(), values),
                        render(s.check(), values),
                        s.identity() != null,
                        located(s, values, snapshot)));
            }
        }
        List<String> unnamed = out.stream()
                .filter(ch -> ch.numbered() && ch.located() == null)
                .map(Plan.Change::name)
                .toList();
        if (!unnamed.isEmpty()) {
            // One note for the step, not one per IRQ: a NIC has dozens.
            notes.add("the snapshot does not name what "
                    + (unnamed.size() == 1
                            ? unnamed.get(0) + " belongs to"
                            : unnamed.size() + " of this step's settings belong to (" + unnamed.get(0) + ", ...)")
                    + ": apply.sh cannot check they are still the same, and persist/ leaves them out");
        }
        return out;
    }

    /** The item by name where the kernel may renumber it; null when the snapshot does not name it. */
    private static Plan.Located located(ActionSpec.SettingSpec s, Map<String, String> values, Snapshot snapshot) {
        ActionSpec.IdentitySpec id = s.identity();
        if (id == null) {
            return null;
        }
        String identity =
                snapshot.value(Template.render(id.source(), values, Map.of())).orElse(null);
        if (identity == null
                || ParameterType.byLabel(id.type())
                        .orElseThrow()
                        .problem(identity)
                        .isPresent()) {
            return null;
        }
        Map<String, String> named = new LinkedHashMap<>(values);
        named.put("identity", identity);
        String present = Template.render(id.present(), named, Map.of());
        named.remove("item");
        return new Plan.Located(
                identity,
                present,
                Template.render(id.locate(), named, Map.of()),
                Template.render(s.write(), named, AT_ITEM));
    }

    private static String render(String template, Map<String, String> values) {
        return render(template, values, Map.of());
    }

    private static String render(String template, Map<String, String> values, Map<String, String> verbatim) {
        return template == null ? null : Template.render(template, values, verbatim);
    }

    /**
     * Steps of different actions that claim one object (the catalog's {@code claims}) for priorities
     * they share none of undo each other: moving a DSCP onto the switch's lossless priority while PFC
     * moves to the host's leaves RoCE lossy. The step of the more severe finding stays (on a tie, the
     * first by finding id, then action id) with a conflict note saying who wanted what; the other
     * leaves the plan.
     */
    private static List<Draft> withoutConflicts(List<Draft> drafts) {
        List<Draft> byPrecedence = new ArrayList<>(drafts);
        byPrecedence.sort(Comparator.comparingInt(Planner::severest)
                .thenComparing(d -> d.because().get(0))
                .thenComparing(d -> d.spec().id()));
        Map<Draft, List<String>> kept = new LinkedHashMap<>();
        for (Draft d : byPrecedence) {
            Draft winner =
                    kept.keySet().stream().filter(k -> undoes(k, d)).findFirst().orElse(null);
            if (winner == null) {
                kept.put(d, new ArrayList<>(d.notes()));
                continue;
            }
            String object = claimed(d);
            kept.get(winner)
                    .add("conflict: " + String.join(", ", d.because()) + " wants '" + summary(d) + "', "
                            + String.join(", ", winner.because()) + " wants '" + summary(winner) + "': both set "
                            + object + ", to "
                            + d.params().get(d.spec().claims().value()) + " and to "
                            + winner.params().get(winner.spec().claims().value())
                            + ", and together would undo each other; kept this step because "
                            + winner.because().get(0)
                            + (severest(winner) < severest(d)
                                    ? " is more severe"
                                    : " is as severe and comes first by id")
                            + ". Re-measure: the other finding may remain.");
        }
        List<Draft> out = new ArrayList<>();
        for (Draft d : drafts) {
            List<String> notes = kept.get(d);
            if (notes != null) {
                out.add(new Draft(d.spec(), d.members(), d.changes(), notes, d.switchSide()));
            }
        }
        return out;
    }

    /** Whether two steps of different actions claim one object for disjoint priorities. */
    private static boolean undoes(Draft a, Draft b) {
        if (a.spec().claims() == null
                || b.spec().claims() == null
                || a.spec().id().equals(b.spec().id())
                || !claimed(a).equals(claimed(b))) {
            return false;
        }
        Set<String> left = priorities(a);
        return priorities(b).stream().noneMatch(left::contains);
    }

    private static String claimed(Draft d) {
        return Template.render(d.spec().claims().object(), d.params(), Map.of());
    }

    private static Set<String> priorities(Draft d) {
        return Set.of(d.params().getOrDefault(d.spec().claims().value(), "").split(","));
    }

    private static String summary(Draft d) {
        return Template.render(d.spec().summaryFor(d.params().get("platform")), d.params(), Map.of());
    }

    /** The rank of the most severe finding a step answers (0 for critical). */
    private static int severest(Draft d) {
        return d.members().stream()
                .mapToInt(m -> rank(m.finding().severity()))
                .min()
                .orElse(Integer.MAX_VALUE);
    }

    /** Host QoS actions that must agree with the switch take the matching switch drafts into their step. */
    private static List<Draft> paired(List<Draft> drafts) {
        List<Draft> out = new ArrayList<>();
        List<Draft> taken = new ArrayList<>();
        for (Draft d : drafts) {
            ActionSpec.PairSpec pair = d.spec().pair();
            if (pair == null) {
                continue;
            }
            List<Draft> switches = drafts.stream()
                    .filter(s -> s.spec().id().equals(pair.with())
                            && !taken.contains(s)
                            && pair.on().stream()
                                    .allMatch(p -> java.util.Objects.equals(
                                            s.params().get(p), d.params().get(p))))
                    .toList();
            taken.addAll(switches);
            List<String> notes = new ArrayList<>(d.notes());
            if (switches.isEmpty()) {
                notes.add("the switch side (" + pair.with()
                        + ") must agree too; the bundle has no switch dump to plan it from,"
                        + " so check the switch by hand before this step");
            } else {
                notes.add("apply the switch side first (switch/<name>.txt, step of the same number), then the host side"
                        + " right after: until both sides agree, traffic on the affected priority may pause or drop");
            }
            out.add(new Draft(d.spec(), d.members(), d.changes(), notes, switches));
        }
        for (Draft d : drafts) {
            if (d.spec().pair() == null && !taken.contains(d)) {
                out.add(d);
            }
        }
        return out;
    }

    /** By layer; within a layer, an action named in another's {@code before} waits for it; then by id and target. */
    private static List<Draft> ordered(List<Draft> drafts) {
        List<Draft> remaining = new ArrayList<>(drafts);
        remaining.sort(
                Comparator.comparingInt((Draft d) -> ActionLayer.rank(d.spec().layer()))
                        .thenComparing(d -> d.spec().id())
                        .thenComparing(d -> d.identity().toString()));
        List<Draft> out = new ArrayList<>();
        while (!remaining.isEmpty()) {
            Draft next = remaining.stream()
                    .filter(d -> remaining.stream()
                            .noneMatch(o -> o != d
                                    && o.spec().layer().equals(d.spec().layer())
                                    && o.spec().before().contains(d.spec().id())))
                    .findFirst()
                    .orElse(remaining.get(0));
            remaining.remove(next);
            out.add(next);
        }
        return out;
    }

    private static Plan.Step step(int number, Draft d, String host) {
        ActionSpec spec = d.spec();
        Map<String, String> params = d.params();
        Map<String, String> lists = d.merged();
        List<String> apply = new ArrayList<>();
        List<String> verify = new ArrayList<>();
        List<String> rollback = new ArrayList<>();
        List<Plan.SwitchPart> switches = new ArrayList<>();
        List<Draft> switchDrafts = spec.switchSide() ? List.of(d) : d.switchSide();
        for (Draft s : switchDrafts) {
            Plan.SwitchPart part = switchPart(number, s);
            switches.add(part);
            String header = "# on switch " + part.name() + " (" + part.platform() + ")";
            apply.add(header);
            apply.addAll(part.apply());
            verify.add(header);
            verify.addAll(part.verify());
        }
        if (spec.manual()) {
            spec.instructions().forEach(i -> apply.add(Template.render(i, params, lists)));
            spec.rollback().forEach(r -> rollback.add(Template.render(r, params, lists)));
        }
        if (!switchDrafts.isEmpty() && !d.changes().isEmpty()) {
            apply.add("# then on host " + (host == null ? "" : host));
        }
        for (Plan.Change c : d.changes()) {
            apply.add(scriptOnly(shown(c.write(), c.target()), "./apply.sh --execute --step " + number));
            // The hint is for a person: check is a command a shell has, read may be a helper only the scripts define.
            String hint = c.check() != null ? c.check() : c.read();
            if (hint != null) {
                verify.add(shown(hint, null) + (c.read() == null ? "" : "   # expect " + c.target()));
            }
        }
        for (Plan.Change c : reversed(d.changes())) {
            if (c.read() == null) {
                rollback.add(shown(c.undo(), null));
            } else if (c.prior() != null) {
                rollback.add(scriptOnly(shown(c.write(), c.prior()), "./rollback.sh --step " + number));
            } else {
                rollback.add("# " + c.name() + ": restore the value apply.sh recorded (the snapshot lacks it)");
            }
        }
        for (Plan.SwitchPart part : reversed(switches)) {
            rollback.add("# on switch " + part.name() + " (" + part.platform() + ")");
            rollback.addAll(part.rollback());
        }
        List<String> actions = new ArrayList<>();
        String summary = Template.render(spec.summaryFor(params.get("platform")), params, lists);
        for (Draft s : d.switchSide()) {
            actions.add(s.spec().id());
        }
        if (!d.switchSide().isEmpty()) {
            Draft s = d.switchSide().get(0);
            summary = Template.render(s.spec().summaryFor(s.params().get("platform")), s.params(), Map.of())
                    + "; then on the host: " + summary;
        }
        actions.add(spec.id());
        Map<String, String> target = new TreeMap<>(d.identity());
        if (host != null && !spec.switchSide()) {
            target.put("host", host);
        }
        Persist persist = spec.persist() == null ? null : spec.persist().resolve(params);
        return new Plan.Step(
                number,
                spec.id(),
                actions,
                spec.layer(),
                summary,
                d.because(),
                target,
                spec.risk(),
                spec.window(),
                spec.reference(),
                spec.manual(),
                apply,
                verify,
                rollback,
                persist == null ? null : persist.describe(d.changes()),
                render(spec.measure(), params, lists),
                d.notes(),
                switches,
                d.changes(),
                persist);
    }

    private static Plan.SwitchPart switchPart(int step, Draft s) {
        Map<String, String> params = new LinkedHashMap<>(s.params());
        params.put("step", Integer.toString(step));
        String platform = params.get("platform");
        ActionSpec.SwitchSnippet snippet = s.spec().switchSnippets().get(platform);
        Map<String, List<String>> lists = new LinkedHashMap<>();
        List<String> items = snippet.each() == null
                ? List.of()
                : s.spec().type(snippet.each()).items(params.get(snippet.each()));
        lists.put("item", items);
        if (snippet.others() != null) {
            List<String> others =
                    new ArrayList<>(s.spec().type(snippet.others()).items(params.get(snippet.others())));
            others.removeAll(items);
            lists.put("other", others);
        }
        return new Plan.SwitchPart(
                params.get("switch"),
                platform,
                lines(snippet.apply(), params, lists),
                lines(snippet.verify(), params, lists),
                lines(snippet.rollback(), params, lists));
    }

    /** Renders snippet lines; a line holding {item} (or {other}) is written once per member of that list. */
    private static List<String> lines(
            List<String> templates, Map<String, String> params, Map<String, List<String>> lists) {
        List<String> out = new ArrayList<>();
        for (String t : templates) {
            String list = lists.keySet().stream()
                    .filter(Template.names(t)::contains)
                    .findFirst()
                    .orElse(null);
            if (list != null) {
                for (String member : lists.get(list)) {
                    Map<String, String> values = new LinkedHashMap<>(params);
                    values.put(list, member);
                    out.add(Template.render(t, values, Map.of()));
                }
            } else {
                out.add(Template.render(t, params, Map.of()));
            }
        }
        return out;
    }

    /** A script command as a person reads it: the fake root gone, the value written in. */
    /** A command line that calls one of the scripts' own functions says which script runs it. */
    private static String scriptOnly(String line, String run) {
        String first = line.split(" ", 2)[0];
        return ShellScripts.FUNCTION_NAMES.contains(first)
                ? line + "   # a function of the plan's scripts: " + run
                : line;
    }

    static String shown(String command, String value) {
        String out = command.replace("\"$ROOT\"", "");
        return value == null ? out : out.replace("\"$1\"", Shell.quote(value));
    }

    private static <T> List<T> reversed(List<T> list) {
        List<T> out = new ArrayList<>(list);
        java.util.Collections.reverse(out);
        return out;
    }

    static int rank(String severity) {
        return Severity.rank(severity);
    }
}
