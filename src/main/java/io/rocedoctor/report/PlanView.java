package io.rocedoctor.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The plan as the human formats show it, read through its JSON form so that it renders whatever
 * record the planner fills {@code Report.plan} with. Each step shows its summary, its short facts
 * (because, risk, what to measure...), its notes as prose and its commands in parts: one part per
 * switch it changes (the planner's {@code switches}), then the host's. Consecutive steps of the same
 * action that differ only in their target (one per port, one per RDMA device) are shown as one,
 * their targets listed, each member's commands in its own part. Command lines and comments are told
 * apart ({@link Line}), so no renderer puts a prompt on a comment. Empty lists and false flags are
 * left out. The proposals refused because a value from the bundle failed validation are shown in a
 * section of their own (a hostile value is refused with a finding, never emitted).
 */
record PlanView(List<Step> steps, List<Refusal> refusals, Map<String, String> notes) {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final List<String> COMMAND_LISTS = List.of("apply", "verify", "rollback");
    /** Fields a step shows in its title, summary, parts or notes rather than among its facts. */
    private static final Set<String> NOT_FACTS =
            Set.of("step", "id", "summary", "manual", "apply", "verify", "rollback", "notes", "switches");
    /** A command's trailing comment, as the planner writes it: {@code cat FILE   # expect 3}. */
    private static final Pattern TRAILING_COMMENT = Pattern.compile("^(.*?\\S)\\s{2,}(#.*)$");

    /**
     * One step as shown, or several merged: {@code summary} is null when merged (each part then
     * carries its member's); {@code manual} steps carry instructions, not commands, in their parts.
     */
    record Step(
            String title,
            String summary,
            Map<String, String> facts,
            List<String> notes,
            List<Part> parts,
            boolean manual) {}

    /**
     * The commands of one place (a switch, the host) by list (apply, verify, rollback); {@code
     * heading} is empty for the host part of a step that changes nothing else, {@code summary} is a
     * merged member's own summary, else null.
     */
    record Part(String heading, String summary, Map<String, List<Line>> commands) {}

    /** A line to run with an optional trailing comment, or a comment alone ({@code command} null). */
    record Line(String command, String comment) {
        static Line of(String text) {
            if (text.startsWith("#")) {
                return new Line(null, text.substring(1).strip());
            }
            Matcher m = TRAILING_COMMENT.matcher(text);
            return m.matches() ? new Line(m.group(1), m.group(2).substring(1).strip()) : new Line(text, null);
        }

        /** The line as a shell reads it: the command, then {@code # comment}. */
        String shell() {
            if (command == null) {
                return "# " + comment;
            }
            return comment == null ? command : command + "   # " + comment;
        }
    }

    /** An action the plan left out, the findings that wanted it, their subject, and why (values escaped). */
    record Refusal(String action, List<String> because, String subject, String reason) {

        /** One line: {@code bond-xmit-hash-layer34 for HASH_SINGLE_PATH_CONCENTRATION on bond0;reboot}. */
        String title() {
            return action
                    + (because.isEmpty() ? "" : " for " + String.join(", ", because))
                    + (subject.isEmpty() ? "" : " on " + subject);
        }
    }

    static PlanView of(Object plan) {
        JsonNode tree = MAPPER.valueToTree(plan);
        List<JsonNode> raw = new ArrayList<>();
        List<Refusal> refusals = new ArrayList<>();
        Map<String, String> notes = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = tree.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            if (field.getKey().equals("steps") && field.getValue().isArray()) {
                field.getValue().forEach(raw::add);
            } else if (field.getKey().equals("refusals") && field.getValue().isArray()) {
                field.getValue().forEach(r -> refusals.add(refusal(r)));
            } else if (shown(field.getValue())) {
                notes.put(field.getKey(), flat(field.getValue()));
            }
        }
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < raw.size(); ) {
            int end = i + 1;
            while (end < raw.size() && sameAction(raw.get(i), raw.get(end))) {
                end++;
            }
            steps.add(step(raw.subList(i, end), i + 1));
            i = end;
        }
        return new PlanView(List.copyOf(steps), List.copyOf(refusals), notes);
    }

    /** A false flag, a null or an empty list or text says nothing a reader needs. */
    private static boolean shown(JsonNode v) {
        return !(v.isNull()
                || v.isMissingNode()
                || (v.isBoolean() && !v.asBoolean())
                || (v.isContainerNode() && v.isEmpty())
                || (v.isTextual() && v.asText().isBlank()));
    }

    /** The same action for the same findings, with the same facts but for the target it acts on. */
    private static boolean sameAction(JsonNode a, JsonNode b) {
        return a.hasNonNull("id")
                && a.path("id").equals(b.path("id"))
                && a.path("target").isObject()
                && b.path("target").isObject()
                && facts(a, false).equals(facts(b, false))
                && a.path("notes").equals(b.path("notes"));
    }

    private static Refusal refusal(JsonNode r) {
        List<String> because = new ArrayList<>();
        r.path("because").forEach(b -> because.add(b.asText()));
        return new Refusal(
                r.path("action").asText(""),
                List.copyOf(because),
                r.path("subject").asText(""),
                r.path("reason").asText(""));
    }

    private static Step step(List<JsonNode> members, int position) {
        JsonNode first = members.get(0);
        boolean manual = first.path("manual").asBoolean(false);
        List<String> notes = new ArrayList<>();
        first.path("notes").forEach(n -> notes.add(n.asText()));
        String id = first.hasNonNull("id") ? first.path("id").asText() : null;
        if (members.size() == 1) {
            String title = "Step " + number(first, position) + (id == null ? "" : ": " + id);
            return new Step(
                    title + (manual ? " (by hand)" : ""),
                    first.path("summary").asText(null),
                    facts(first, true),
                    List.copyOf(notes),
                    parts(first, manual, "", null),
                    manual);
        }
        List<String> targets = targets(members);
        List<Part> parts = new ArrayList<>();
        for (int i = 0; i < members.size(); i++) {
            JsonNode m = members.get(i);
            String heading = "Step " + number(m, position + i) + ", " + targets.get(i);
            parts.addAll(parts(m, manual, heading, m.path("summary").asText(null)));
        }
        String title = "Steps " + number(first, position) + "-" + number(members.get(members.size() - 1), position)
                + ": " + id + (manual ? " (by hand)" : "") + ", for " + String.join(", ", targets);
        return new Step(title, null, facts(first, false), List.copyOf(notes), List.copyOf(parts), manual);
    }

    private static String number(JsonNode step, int position) {
        return step.path("step").asText(String.valueOf(position));
    }

    /**
     * Each member's target by the values that tell the members apart ({@code ens1f0np0 mlx5_0}
     * where device and RDMA device differ and the host does not; {@code ib0 port 1}).
     */
    private static List<String> targets(List<JsonNode> members) {
        List<String> keys = new ArrayList<>();
        members.get(0).path("target").fieldNames().forEachRemaining(k -> {
            if (members.stream().map(m -> m.path("target").path(k)).distinct().count() > 1) {
                keys.add(k);
            }
        });
        List<String> out = new ArrayList<>();
        for (JsonNode m : members) {
            List<String> values = new ArrayList<>();
            keys.forEach(k -> values.add(labelled(k, m.path("target").path(k).asText())));
            out.add(String.join(" ", values));
        }
        return out;
    }

    /** A name stands for itself ({@code ib0}); a bare number says what it counts ({@code port 1}). */
    private static String labelled(String key, String value) {
        return !value.isEmpty() && value.chars().allMatch(Character::isDigit) ? key + " " + value : value;
    }

    /**
     * The step's facts in the JSON's order, less those shown elsewhere; {@code withTarget} false
     * leaves out the target too (a merged step lists its members' targets in its title).
     * {@code actions} is left out when it only repeats the step's id.
     */
    private static Map<String, String> facts(JsonNode step, boolean withTarget) {
        Map<String, String> facts = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = step.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            String key = field.getKey();
            JsonNode v = field.getValue();
            boolean onlyTheId =
                    key.equals("actions") && v.size() == 1 && v.get(0).equals(step.path("id"));
            if (NOT_FACTS.contains(key) || !shown(v) || onlyTheId || (!withTarget && key.equals("target"))) {
                continue;
            }
            facts.put(key, flat(v));
        }
        return facts;
    }

    /**
     * The step's command lists split by place: each switch's lines (found in the lists under their
     * comment naming the switch), then what is left, the host's; a comment opening the host's lines
     * after the switches' ({@code then on host H}) becomes its heading.
     */
    private static List<Part> parts(JsonNode step, boolean manual, String heading, String summary) {
        Map<String, List<String>> rest = new LinkedHashMap<>();
        for (String list : COMMAND_LISTS) {
            List<String> lines = new ArrayList<>();
            step.path(list).forEach(l -> lines.add(l.asText()));
            rest.put(list, lines);
        }
        List<Part> parts = new ArrayList<>();
        for (JsonNode sw : step.path("switches")) {
            String name = sw.path("name").asText();
            String platform = sw.path("platform").asText();
            Map<String, List<Line>> commands = new LinkedHashMap<>();
            for (String list : COMMAND_LISTS) {
                List<String> own = new ArrayList<>();
                sw.path(list).forEach(l -> own.add(l.asText()));
                cut(rest.get(list), name, platform, own);
                put(commands, list, own, false);
            }
            String place = "On switch " + name + (platform.isEmpty() ? "" : " (" + platform + ")");
            parts.add(new Part(
                    heading.isEmpty() ? place : heading + ", " + place.toLowerCase(Locale.ROOT),
                    parts.isEmpty() ? summary : null,
                    commands));
        }
        String hostHeading = heading;
        List<String> apply = rest.get("apply");
        if (!parts.isEmpty() && !apply.isEmpty() && apply.get(0).startsWith("#")) {
            String place = apply.remove(0).substring(1).strip();
            hostHeading = heading.isEmpty() ? capitalised(place) : heading + ", " + place;
        }
        Map<String, List<Line>> commands = new LinkedHashMap<>();
        rest.forEach((list, lines) -> put(commands, list, lines, manual));
        if (!commands.isEmpty()) {
            parts.add(new Part(hostHeading, parts.isEmpty() ? summary : null, commands));
        }
        return List.copyOf(parts);
    }

    /** Removes from {@code lines} the switch's comment and the switch's own lines under it. */
    private static void cut(List<String> lines, String name, String platform, List<String> own) {
        for (int i = 0; i + own.size() < lines.size(); i++) {
            String head = lines.get(i);
            if (head.startsWith("#")
                    && head.contains(name)
                    && head.contains(platform)
                    && lines.subList(i + 1, i + 1 + own.size()).equals(own)) {
                lines.subList(i, i + 1 + own.size()).clear();
                return;
            }
        }
    }

    /** A manual step's lines are instructions for a person: no comment is split off them. */
    private static void put(Map<String, List<Line>> commands, String list, List<String> lines, boolean manual) {
        if (!lines.isEmpty()) {
            commands.put(
                    list,
                    lines.stream()
                            .map(l -> manual ? new Line(l, null) : Line.of(l))
                            .toList());
        }
    }

    private static String capitalised(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /** A value on one line: text as is, lists joined by commas, objects as {@code k=v} pairs. */
    private static String flat(JsonNode v) {
        if (v.isValueNode()) {
            return v.asText();
        }
        List<String> parts = new ArrayList<>();
        if (v.isArray()) {
            v.forEach(e -> parts.add(flat(e)));
        } else {
            v.properties().iterator().forEachRemaining(e -> parts.add(e.getKey() + "=" + flat(e.getValue())));
        }
        return String.join(", ", parts);
    }
}
