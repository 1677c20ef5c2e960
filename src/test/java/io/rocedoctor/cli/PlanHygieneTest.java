package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** The plan checks every scenario and synthesized bundle is held to, each shown failing on the plan it exists to refuse. */
class PlanHygieneTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static final String PER_PORT = """
            {"step": 1, "id": "switch-pfc-priority", "summary": "Set the lossless (PFC) priorities of leaf4 swp12 to exactly 3",
             "target": {"switch": "leaf4", "platform": "nvue", "switch_port": "swp12"},
             "apply": [], "verify": [], "rollback": [],
             "switches": [{"name": "leaf4", "platform": "nvue",
               "apply": ["nv set qos pfc roce-doctor-swp12 switch-priority 3", "nv set interface swp12 qos pfc profile roce-doctor-swp12",
                         "nv config apply -y", "nv config save"],
               "rollback": ["nv unset qos pfc roce-doctor-swp12", "nv config apply -y", "nv config save"]}]}""";

    private static JsonNode plan(String... steps) throws Exception {
        return JSON.readTree("{\"steps\": [" + String.join(",", steps) + "]}");
    }

    @Test
    void aScopedSavedPlanPasses() throws Exception {
        assertThatCode(() -> PlanHygiene.check("plan", plan(PER_PORT))).doesNotThrowAnyException();
    }

    @Test
    void theSameStepTwiceFails() throws Exception {
        assertThatThrownBy(
                        () -> PlanHygiene.check("plan", plan(PER_PORT, PER_PORT.replace("\"step\": 1", "\"step\": 2"))))
                .hasMessageContaining("appears once");
    }

    @Test
    void aSnippetWithoutItsSaveFails() throws Exception {
        assertThatThrownBy(() -> PlanHygiene.check("plan", plan(PER_PORT.replace(", \"nv config save\"]}]}", "]}]}"))))
                .hasMessageContaining("rollback ends with the save");
    }

    @Test
    void aPortsStepEditingDefaultGlobalFails() throws Exception {
        assertThatThrownBy(() -> PlanHygiene.check(
                        "plan",
                        plan(PER_PORT.replace(
                                "nv set qos pfc roce-doctor-swp12 switch-priority 3",
                                "nv set qos mapping default-global trust l3"))))
                .hasMessageContaining("names no port");
    }

    @Test
    void anInvalidFormFails() throws Exception {
        assertThatThrownBy(() -> PlanHygiene.check(
                        "plan",
                        plan(PER_PORT.replace(
                                "nv set interface swp12 qos pfc profile roce-doctor-swp12",
                                "nv set qos roce mode lossless"))))
                .hasMessageContaining("nv set qos roce mode");
    }
}
