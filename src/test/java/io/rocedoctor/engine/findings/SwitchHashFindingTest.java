package io.rocedoctor.engine.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.engine.ActionProposal;
import io.rocedoctor.engine.Evidence;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.SwitchHash;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SwitchHashFindingTest {
    @Test
    void anEcmpHashWithoutTheUdpSourcePortIsEvidenceAndALagHashWithItIsNot() {
        Finding f = SwitchHashFinding.of(new SwitchHash(
                        "leaf1",
                        "sonic",
                        "config_db.json SWITCH_HASH",
                        List.of("SRC_IP", "DST_IP"),
                        List.of("SRC_IP", "L4_SRC_PORT"),
                        List.of("p0")))
                .build("SWITCH_ECMP_HASH_NO_L4");
        assertThat(f.evidence()).extracting(Evidence::value).containsExactly("SRC_IP,DST_IP");
        assertThat(f.evidence().get(0).note()).startsWith("ECMP hash fields");
        assertThat(f.actions())
                .containsExactly(
                        new ActionProposal("switch-ecmp-hash-l4", Map.of("switch", "leaf1", "platform", "sonic")));
    }

    @Test
    void nearMissAnUnconfiguredEcmpHashIsThePlatformDefaultNotEvidence() {
        Finding f = SwitchHashFinding.of(new SwitchHash(
                        "leaf1", "sonic", "config_db.json SWITCH_HASH", List.of(), List.of("SRC_IP"), List.of("p0")))
                .build("SWITCH_ECMP_HASH_NO_L4");
        assertThat(f.evidence())
                .extracting(Evidence::note)
                .singleElement()
                .asString()
                .startsWith("LAG hash fields");
    }
}
