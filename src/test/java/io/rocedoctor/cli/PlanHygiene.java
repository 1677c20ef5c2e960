package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.rocedoctor.plan.SwitchCommands;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A plan read as a field engineer would before running it: no step twice, every switch snippet and
 * its rollback ending with the platform's save, none of the invalid forms of issue 16, and no
 * per-port step that changes a switch-wide object. ScenarioTest holds every fixture's plan to it and
 * SynthesizedBundlesTest every synthesized bundle's, on the report they analyse anyway.
 */
public final class PlanHygiene {
    /** A switch port as the fixtures and the synthesizer name them (SONiC, NVUE, EOS). */
    private static final Pattern PORT = Pattern.compile("\\b(Ethernet\\d+(/\\d+)*|swp\\d+(s\\d+)?)\\b");

    private PlanHygiene() {}

    /** Fails, naming the step, where {@code plan} (the report's {@code plan} object) breaks one of the rules above. */
    static void check(String what, JsonNode plan) {
        Set<String> seen = new HashSet<>();
        for (JsonNode step : plan.path("steps")) {
            String name = what + " step " + step.path("step").asInt() + " ("
                    + step.path("id").asText() + ")";
            String key = step.path("id").asText() + "|" + step.path("summary").asText() + "|" + step.path("target");
            assertThat(seen.add(key)).as(name + " appears once").isTrue();
            noInvalidLine(name, step);
            for (JsonNode part : step.path("switches")) {
                noInvalidLine(name + " on switch " + part.path("name").asText(), part);
                String platform = part.path("platform").asText();
                List<String> save = SwitchCommands.SAVE.get(platform);
                assertThat(tail(part.path("apply"), save.size()))
                        .as(name + " apply ends with the save")
                        .isEqualTo(save);
                assertThat(tail(part.path("rollback"), save.size()))
                        .as(name + " rollback ends with the save")
                        .isEqualTo(save);
                if (SwitchCommands.changesSharedObject(platform, lines(part.path("apply")))) {
                    String switchSummary = step.path("summary").asText().split("; then on the host")[0];
                    assertThat(switchSummary)
                            .as(name + ": a switch-wide change names no port")
                            .doesNotContainPattern(PORT);
                    assertThat(step.path("target").has("switch_port"))
                            .as(name + ": a switch-wide change is not one port's")
                            .isFalse();
                }
            }
        }
    }

    private static void noInvalidLine(String name, JsonNode node) {
        for (String field : List.of("apply", "verify", "rollback")) {
            for (JsonNode line : node.path(field)) {
                assertThat(SwitchCommands.invalid(line.asText()))
                        .as(name + " " + field + ": " + line.asText())
                        .isFalse();
            }
        }
    }

    private static List<String> lines(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(l -> out.add(l.asText()));
        return out;
    }

    private static List<String> tail(JsonNode array, int n) {
        List<String> all = lines(array);
        return all.subList(Math.max(0, all.size() - n), all.size());
    }
}
