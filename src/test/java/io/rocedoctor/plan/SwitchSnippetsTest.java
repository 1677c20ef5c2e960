package io.rocedoctor.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every switch snippet of the catalog as a field engineer would check it before running it: it ends
 * with its platform's save step and so does its rollback, it uses none of the forms issue 16 found
 * invalid, and a step whose summary names one port changes that port only (a change of an object
 * every port shares says so and is merged into one step for the switch).
 */
class SwitchSnippetsTest {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @Test
    void everySnippetAndItsRollbackEndWithThePlatformsSaveStep() throws IOException {
        int snippets = 0;
        for (String id : CatalogSamples.ids()) {
            for (var e : CatalogSamples.read(id).switchSnippets().entrySet()) {
                List<String> save = SwitchCommands.SAVE.get(e.getKey());
                String what = id + " on " + e.getKey();
                assertThat(tail(e.getValue().apply(), save.size()))
                        .as(what + " apply ends with the save")
                        .isEqualTo(save);
                assertThat(tail(e.getValue().rollback(), save.size()))
                        .as(what + " rollback ends with the save")
                        .isEqualTo(save);
                snippets++;
            }
        }
        assertThat(snippets)
                .as("the catalog has switch snippets on every platform")
                .isGreaterThanOrEqualTo(20);
    }

    @Test
    void noSnippetUsesAnInvalidOrUnscopedForm() throws IOException {
        for (String id : CatalogSamples.ids()) {
            CatalogSamples.read(id).switchSnippets().forEach((platform, snippet) -> {
                for (List<String> lines : List.of(snippet.apply(), snippet.verify(), snippet.rollback())) {
                    for (String line : lines) {
                        assertThat(SwitchCommands.invalid(line))
                                .as(id + " on " + platform + ": " + line)
                                .isFalse();
                        assertThat(line)
                                .as(id + " on " + platform + " names the map or profile by parameter")
                                .doesNotContainPattern(SwitchCommands.HARD_CODED_NAME);
                    }
                }
            });
        }
    }

    /** The guard itself: each form the issue lists is caught, its documented replacement is not. */
    @Test
    void theInvalidFormsAreRecognisedAndTheirReplacementsAreNot() {
        assertThat(
                        List.of(
                                "sudo config interface buffer priority-group lossless set Ethernet12 3-4 --headroom-size 90000",
                                "nv set qos advance-buffer-config default-global ingress-lossless-buffer headroom 90000",
                                "nv set qos roce mode lossless",
                                "nv unset qos roce",
                                "sudo config interface pfc priority Ethernet0 3 on",
                                "nv set qos pfc default-global switch-priority 3",
                                "nv set qos congestion-control default-global traffic-class 3 min-threshold 150KB max-threshold 1500KB probability 5"))
                .allMatch(SwitchCommands::invalid);
        assertThat(List.of(
                        "sudo sonic-db-cli CONFIG_DB hset 'PORT_QOS_MAP|'Ethernet0 pfc_enable 3",
                        "nv set qos pfc roce-doctor-swp12 switch-priority 3",
                        "nv set qos congestion-control default-global traffic-class 3 min-threshold 150000",
                        "nv show qos roce   # not nv set qos roce mode",
                        "sudo config interface pfc priority Ethernet0 3 off"))
                .noneMatch(SwitchCommands::invalid);
    }

    @Test
    void everySwitchActionCitesItsReference() throws IOException {
        for (String id : CatalogSamples.ids()) {
            ActionSpec spec = CatalogSamples.read(id);
            if (spec.switchSide() || spec.id().startsWith("switch-")) {
                assertThat(spec.reference()).as(id + " reference").isNotBlank();
                spec.switchSnippets()
                        .keySet()
                        .forEach(p -> assertThat(spec.reference())
                                .as(id + " cites " + p)
                                .contains(p.equals("sonic") ? "SONiC" : p.equals("nvue") ? "NVUE" : "EOS"));
            }
        }
    }

    /** A change of a shared object is merged per switch and its summary names no port; a per-port change keeps the port. */
    @Test
    void aPerPortSummaryNeverComesWithASwitchWideChange() throws IOException {
        int shared = 0;
        for (String id : CatalogSamples.ids()) {
            ActionSpec spec = CatalogSamples.read(id);
            for (String platform : spec.switchSnippets().keySet()) {
                assertThat(scopeProblem(spec, platform))
                        .as(id + " on " + platform)
                        .isNull();
                shared += SwitchCommands.changesSharedObject(
                                platform, spec.switchSnippets().get(platform).apply())
                        ? 1
                        : 0;
            }
        }
        assertThat(shared)
                .as("the catalog has switch-wide changes (NVUE default-global, SONiC profiles)")
                .isGreaterThanOrEqualTo(5);
    }

    /** The near miss: NVUE's default-global edited under a summary naming one port, as the catalog had it. */
    @Test
    void theScopeCheckCatchesAGlobalChangeUnderAPortsSummary() throws IOException {
        ActionSpec unscoped = YAML.readValue("""
                id: x
                layer: switch-qos
                risk: none
                summary: Classify traffic from {switch_port} of {switch} by DSCP
                parameters: {switch: switch-name, platform: platform, switch_port: switch-port}
                switch:
                  nvue:
                    apply: ["nv set qos mapping default-global trust l3", "nv config apply -y", "nv config save"]
                    rollback: ["nv config apply -y", "nv config save"]
                """, ActionSpec.class);
        assertThat(scopeProblem(unscoped, "nvue")).contains("names a port");
        ActionSpec ownProfile = YAML.readValue("""
                id: x
                layer: switch-qos
                risk: none
                summary: PFC of {switch} {switch_port}
                parameters: {switch: switch-name, platform: platform, switch_port: switch-port}
                switch:
                  nvue:
                    apply: ["nv set qos pfc roce-doctor-{switch_port} switch-priority 3",
                            "nv set interface {switch_port} qos pfc profile roce-doctor-{switch_port}"]
                    rollback: ["nv unset qos pfc roce-doctor-{switch_port}"]
                """, ActionSpec.class);
        assertThat(scopeProblem(ownProfile, "nvue"))
                .as("a profile of the port's own is the port's")
                .isNull();
    }

    /** Why a platform's snippet is scoped wrong, or null. */
    private static String scopeProblem(ActionSpec spec, String platform) {
        boolean shared = SwitchCommands.changesSharedObject(
                platform, spec.switchSnippets().get(platform).apply());
        boolean namesPort = Template.names(spec.summaryFor(platform)).contains("switch_port");
        boolean mergedByPort = spec.mergeByFor(platform).contains("switch_port");
        if (shared && namesPort) {
            return "changes a shared object but its summary names a port";
        }
        if (shared && mergedByPort) {
            return "changes a shared object but is one step per port";
        }
        if (!mergedByPort && namesPort) {
            return "its summary names one port of a step merged over ports";
        }
        return null;
    }

    private static List<String> tail(List<String> lines, int n) {
        return lines.subList(Math.max(0, lines.size() - n), lines.size());
    }
}
