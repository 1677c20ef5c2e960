package io.rocedoctor.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MultipathRulesTest {
    private static final String ID = "HASH_SINGLE_PATH_CONCENTRATION@bond0";

    @Test
    void skewWithLayer23HashIsConfirmed() {
        Diagnosis d = RuleHarness.diagnose(HostFacts.healthy().bond("layer2+3", 0.9, 0.55).facts);
        assertThat(RuleHarness.ids(d)).containsExactly(ID);
        assertThat(d.findings().get(0).confidence()).isEqualTo("confirmed");
        assertThat(d.findings().get(0).severity()).isEqualTo("critical");
        assertThat(d.findings().get(0).actions().get(0).parameters()).containsEntry("current", "layer2+3");
    }

    @Test
    void nearMissBusiestShareJustBelowThresholdDoesNotFireOnSkew() {
        // 79% on one member, group loaded: the spread is judged and found acceptable.
        assertThat(RuleHarness.ids(RuleHarness.diagnose(HostFacts.healthy().bond("layer2+3", 0.79, 0.55).facts))).isEmpty();
    }

    @Test
    void layer23HashWithAnIdleGroupIsLikelyFromConfigAlone() {
        Diagnosis d = RuleHarness.diagnose(HostFacts.healthy().bond("layer2+3", 0.5, 0.02).facts);
        assertThat(RuleHarness.ids(d)).containsExactly(ID);
        assertThat(d.findings().get(0).confidence()).isEqualTo("likely");
    }

    @Test
    void nearMissLayer34HashIsNotAHashingProblemEvenWhenSkewed() {
        assertThat(RuleHarness.ids(RuleHarness.diagnose(HostFacts.healthy().bond("layer3+4", 0.95, 0.55).facts))).isEmpty();
    }

    @Test
    void nearMissSkewOnAnAlmostIdleGroupProvesNothing() {
        assertThat(RuleHarness.ids(RuleHarness.diagnose(HostFacts.healthy().bond("layer3+4", 0.95, 0.05).facts))).isEmpty();
    }
}
