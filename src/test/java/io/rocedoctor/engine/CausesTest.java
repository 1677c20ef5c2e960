package io.rocedoctor.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The explains relations of causes.drl: a cause explains a symptom when both concern the same
 * thing, never across unrelated NICs or ports.
 */
class CausesTest {

    private static Finding finding(String id, String subject, String... scope) {
        return Finding.of(id, subject).scope(scope).build();
    }

    private static List<String> explains(Finding... findings) {
        return RuleHarness.diagnose(List.of((Object[]) findings)).explains().stream()
                .map(e -> e.cause().id() + "@" + e.cause().subject() + " -> "
                        + e.symptom().id() + "@" + e.symptom().subject())
                .toList();
    }

    @ParameterizedTest(name = "{0} explains {1} on the same NIC")
    @CsvSource({
        "PCIE_CEILING_BELOW_PORTS, HOST_ORIGINATED_PAUSE",
        "PCIE_CEILING_BELOW_PORTS, BASELINE_BW_LOW",
        "PCIE_LINK_DOWNGRADED, PCIE_CEILING_BELOW_PORTS",
        "HASH_SINGLE_PATH_CONCENTRATION, BASELINE_BW_LOW",
        "IRQ_CROSS_NUMA, BASELINE_LATENCY_JITTER",
        "PFC_DOMINATES_ECN, BASELINE_LATENCY_JITTER",
        "PFC_NOT_ON_ROCE_PRIO, ROCE_RETRANSMITTING",
        "PAUSE_STORM, ROCE_RETRANSMITTING"
    })
    void causeExplainsARelatedSymptom(String cause, String symptom) {
        assertThat(explains(finding(cause, "c", "0000:3b:00"), finding(symptom, "s", "0000:3b:00")))
                .containsExactly(cause + "@c -> " + symptom + "@s");
        assertThat(explains(finding(cause, "c", "0000:3b:00"), finding(symptom, "s", "0000:af:00")))
                .as("a cause on another NIC explains nothing")
                .isEmpty();
    }

    @ParameterizedTest(name = "{0} explains {1} on the same port only")
    @CsvSource({"ECN_DISABLED_ON_ROCE_PRIO, PFC_DOMINATES_ECN", "ECN_DISABLED_ON_ROCE_PRIO, CNP_LOOP_BROKEN"})
    void perPortCauseExplainsOnlyTheSamePort(String cause, String symptom) {
        assertThat(explains(finding(cause, "p0", "0000:3b:00"), finding(symptom, "p0", "0000:3b:00")))
                .containsExactly(cause + "@p0 -> " + symptom + "@p0");
        assertThat(explains(finding(cause, "p1", "0000:3b:00"), finding(symptom, "p0", "0000:3b:00")))
                .isEmpty();
    }

    @ParameterizedTest(name = "{1} does not explain {0}")
    @CsvSource({"PCIE_CEILING_BELOW_PORTS, HOST_ORIGINATED_PAUSE", "ECN_DISABLED_ON_ROCE_PRIO, PFC_DOMINATES_ECN"})
    void symptomsDoNotExplainTheirCauses(String cause, String symptom) {
        assertThat(explains(finding(symptom, "p0", "0000:3b:00"))).isEmpty();
        assertThat(explains(finding(cause, "p0", "0000:3b:00"), finding(symptom, "p0", "0000:3b:00")))
                .containsExactly(cause + "@p0 -> " + symptom + "@p0");
    }
}
