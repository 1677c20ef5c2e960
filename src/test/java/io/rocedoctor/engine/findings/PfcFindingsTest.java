package io.rocedoctor.engine.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.engine.ActionProposal;
import io.rocedoctor.engine.Evidence;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.EcnState;
import io.rocedoctor.facts.LosslessBuffer;
import io.rocedoctor.facts.RocePriority;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PfcFindingsTest {
    private static final EcnState ECN_OFF = new EcnState("p0", Map.of(3, false), Map.of(3, false));

    private static RocePriority roce(boolean intended) {
        return new RocePriority("p0", "0000:3b:00", 3, intended, "ToS 106 -> DSCP 26 -> priority 3");
    }

    @Test
    void pfcIsAddedToTheRocePriorityAndDscpTrustedWhenATosIsSetUnderPcp() {
        Finding f = PfcFindings.notOnRocePriority(roce(false), EndToEndFindingsTest.hostQos("pcp", List.of(4)), ECN_OFF)
                .build("PFC_NOT_ON_ROCE_PRIO");
        assertThat(f.evidence())
                .extracting(Evidence::value)
                .containsExactly("3", "PFC on priorities 4, trust pcp", "disabled on priority 3");
        assertThat(f.actions())
                .containsExactly(
                        new ActionProposal(
                                "host-pfc-priority", Map.of("device", "p0", "priorities", "3,4", "current", "4")),
                        new ActionProposal("host-trust-dscp", Map.of("device", "p0", "current", "pcp")));
    }

    @Test
    void nearMissAnIntendedPriorityWithoutAToSIsNotMovedToDscpTrust() {
        Finding f = PfcFindings.notOnRocePriority(roce(true), EndToEndFindingsTest.hostQos("pcp", List.of()), ECN_OFF)
                .build("PFC_NOT_ON_ROCE_PRIO");
        assertThat(f.evidence().get(1).value()).isEqualTo("PFC on no priority, trust pcp");
        assertThat(f.actions())
                .containsExactly(new ActionProposal(
                        "host-pfc-priority", Map.of("device", "p0", "priorities", "3", "current", "")));
    }

    @Test
    void tooManyLosslessPrioritiesAreNarrowedToEachRocePriority() {
        Finding f = PfcFindings.tooManyPriorities(
                        EndToEndFindingsTest.hostQos("dscp", List.of(3, 4, 5)),
                        List.of(roce(false)),
                        ProfileThresholds.of("throughput"))
                .build("PFC_TOO_MANY_PRIOS");
        assertThat(f.evidence().get(0).note()).startsWith("3 lossless priorities (more than 2)");
        assertThat(f.scope()).contains("0000:3b:00");
        assertThat(f.actions())
                .containsExactly(new ActionProposal(
                        "host-pfc-priority", Map.of("device", "p0", "priorities", "3", "current", "3,4,5")));
    }

    @Test
    void nearMissWithoutAKnownRocePriorityNothingIsProposed() {
        Finding f = PfcFindings.tooManyPriorities(
                        EndToEndFindingsTest.hostQos("dscp", List.of(3, 4, 5)),
                        List.of(),
                        ProfileThresholds.of("throughput"))
                .build("PFC_TOO_MANY_PRIOS");
        assertThat(f.evidence()).hasSize(1);
        assertThat(f.actions()).isEmpty();
    }

    @Test
    void anEmptyBufferAndASharedOneSayWhatIsWrongWithEach() {
        Finding f = PfcFindings.losslessBufferMisconfigured(
                        EndToEndFindingsTest.hostQos("dscp", List.of(3, 4)),
                        List.of(
                                new LosslessBuffer("p0", "0000:3b:00", 3, 1, 0L, List.of()),
                                new LosslessBuffer("p0", "0000:3b:00", 4, 0, null, List.of(0, 1))))
                .build("LOSSLESS_BUFFER_MISCONFIGURED");
        assertThat(f.evidence())
                .extracting(Evidence::value)
                .containsExactly("priority 3 -> buffer 1 (0 bytes)", "priority 4 -> buffer 0");
        assertThat(f.evidence())
                .extracting(Evidence::note)
                .containsExactly(
                        "buffer 1 has size 0: no room for the xoff threshold and headroom",
                        "buffer 0 also holds lossy priorities 0 and 1: their traffic takes the room the pause headroom needs");
        assertThat(f.actions()).extracting(a -> a.parameters().get("priority")).containsExactly("3", "4");
    }
}
