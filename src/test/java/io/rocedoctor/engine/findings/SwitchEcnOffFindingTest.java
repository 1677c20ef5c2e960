package io.rocedoctor.engine.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.engine.ActionProposal;
import io.rocedoctor.engine.Evidence;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.EcnState;
import io.rocedoctor.facts.SwitchLosslessQueue;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SwitchEcnOffFindingTest {
    private static SwitchLosslessQueue queue(String ecnProfile) {
        return new SwitchLosslessQueue(
                "leaf1",
                "Ethernet8",
                "sonic",
                3,
                3,
                3,
                1_000_000L,
                "profile p",
                50_176L,
                18_825L,
                9100,
                100000,
                false,
                150_000L,
                1_500_000L,
                10,
                true,
                "show pfcwd config",
                null,
                null,
                false,
                "show pfcwd stats",
                0,
                false,
                "",
                List.of("p0"),
                "p",
                ecnProfile);
    }

    @Test
    void theSwitchQueueAndEachHostWaitingForMarksAreEvidence() {
        Finding f = SwitchEcnOffFinding.of(
                        queue("RDMA_LOSSLESS"), List.of(new EcnState("p0", Map.of(3, true), Map.of(3, true))))
                .build("SWITCH_ECN_OFF_LOSSLESS");
        assertThat(f.subject()).isEqualTo("leaf1/Ethernet8:3");
        assertThat(f.scope()).contains("leaf1/Ethernet8", "p0");
        assertThat(f.evidence()).extracting(Evidence::value).containsExactly("off (RDMA_LOSSLESS)", "enabled");
        assertThat(f.evidence().get(1).source()).isEqualTo("/sys/class/net/p0/ecn/roce_np|roce_rp/enable/3");
        assertThat(f.actions())
                .containsExactly(new ActionProposal(
                        "switch-ecn-enable",
                        Map.of(
                                "switch",
                                "leaf1",
                                "platform",
                                "sonic",
                                "switch_port",
                                "Ethernet8",
                                "queue",
                                "3",
                                "ecn_profile",
                                "RDMA_LOSSLESS")));
    }

    @Test
    void aQueueWithoutAProfileNameHasNoProfileParameter() {
        Finding f = SwitchEcnOffFinding.of(queue(null), List.of(new EcnState("p0", Map.of(3, true), Map.of(3, true))))
                .build("SWITCH_ECN_OFF_LOSSLESS");
        assertThat(f.evidence().get(0).value()).isEqualTo("off");
        assertThat(f.actions().get(0).parameters()).doesNotContainKey("ecn_profile");
    }
}
