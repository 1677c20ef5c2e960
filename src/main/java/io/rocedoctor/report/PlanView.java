package io.rocedoctor.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The plan as the human formats show it, read through its JSON form so that it renders whatever
 * record the planner fills {@code Report.plan} with: numbered steps, each with its short facts
 * (layer, risk, because...) and its command lists (apply, verify, rollback) to copy; and the
 * proposals refused because a value from the bundle failed validation, which every format shows
 * in a section of their own (a hostile value is refused with a finding, never emitted).
 */
record PlanView(List<Step> steps, List<Refusal> refusals, Map<String, String> notes) {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Set<String> TITLE_FIELDS = Set.of("step", "id");

    /** {@code manual} steps carry instructions, not commands, in their lists. */
    record Step(String title, Map<String, String> facts, Map<String, List<String>> commands, boolean manual) {}

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
        List<Step> steps = new ArrayList<>();
        List<Refusal> refusals = new ArrayList<>();
        Map<String, String> notes = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = tree.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            if (field.getKey().equals("steps") && field.getValue().isArray()) {
                int n = 0;
                for (JsonNode step : field.getValue()) {
                    steps.add(step(step, ++n));
                }
            } else if (field.getKey().equals("refusals") && field.getValue().isArray()) {
                field.getValue().forEach(r -> refusals.add(refusal(r)));
            } else if (!field.getValue().isNull()) {
                notes.put(field.getKey(), flat(field.getValue()));
            }
        }
        return new PlanView(List.copyOf(steps), List.copyOf(refusals), notes);
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

    private static Step step(JsonNode step, int position) {
        String title = "Step " + step.path("step").asText(String.valueOf(position))
                + (step.hasNonNull("id") ? ": " + step.path("id").asText() : "");
        Map<String, String> facts = new LinkedHashMap<>();
        Map<String, List<String>> commands = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = step.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            JsonNode v = field.getValue();
            if (TITLE_FIELDS.contains(field.getKey()) || v.isNull()) {
                continue;
            }
            if (v.isArray() && !field.getKey().equals("because") && allText(v)) {
                List<String> lines = new ArrayList<>();
                v.forEach(line -> lines.add(line.asText()));
                commands.put(field.getKey(), List.copyOf(lines));
            } else {
                facts.put(field.getKey(), flat(v));
            }
        }
        return new Step(title, facts, commands, step.path("manual").asBoolean(false));
    }

    private static boolean allText(JsonNode array) {
        for (JsonNode e : array) {
            if (!e.isTextual()) {
                return false;
            }
        }
        return true;
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
