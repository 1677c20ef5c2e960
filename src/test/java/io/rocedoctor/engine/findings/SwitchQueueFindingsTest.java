package io.rocedoctor.engine.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.engine.ActionProposal;
import io.rocedoctor.engine.Evidence;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.SwitchLosslessQueue;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SwitchQueueFindingsTest {
    private static SwitchLosslessQueue queue(
            Boolean watchdogOn,
            Long stormsDetected,
            Long stormsDuring,
            boolean stormed,
            long drops,
            boolean sinceBoot) {
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
                true,
                150_000L,
                1_500_000L,
                10,
                watchdogOn,
                "show pfcwd config",
                stormsDetected,
                stormsDuring,
                stormed,
                "show pfcwd stats",
                drops,
                sinceBoot,
                "SAI_INGRESS_PRIORITY_GROUP_STAT_DROPPED_PACKETS",
                List.of("p0"),
                "p",
                "RDMA_LOSSLESS");
    }

    private static final ActionProposal INVESTIGATE = new ActionProposal(
            "switch-storm-investigate", Map.of("switch", "leaf1", "switch_port", "Ethernet8", "priority", "3"));

    @Test
    void eachQueueWithoutAWatchdogIsEvidenceAndThePortsPrioritiesAreTurnedOn() {
        Finding f = SwitchQueueFindings.watchdogOff(
                        EndToEndFindingsTest.switchPort("dscp", List.of(3, 4), Map.of(), Set.of()),
                        List.of(queue(false, null, null, false, 0, false)))
                .build("SWITCH_PFC_WATCHDOG_OFF");
        assertThat(f.subject()).isEqualTo("leaf1/Ethernet8");
        assertThat(f.scope()).contains("p0");
        assertThat(f.evidence())
                .containsExactly(new Evidence(
                        "switch leaf1: show pfcwd config",
                        "off",
                        "no PFC watchdog on Ethernet8 lossless priority 3 (queue 3)"));
        assertThat(f.actions().get(0).parameters()).containsEntry("priorities", "3,4");
    }

    @Test
    void stormsCountedDuringTheCaptureAreConfirmed() {
        Finding f = SwitchQueueFindings.stormDetected(queue(true, 5L, 2L, false, 0, false))
                .build("SWITCH_PFC_STORM_DETECTED");
        assertThat(f.subject()).isEqualTo("leaf1/Ethernet8:3");
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.evidence()).extracting(Evidence::note).last().isEqualTo("storms detected, 2 during the capture");
        assertThat(f.actions()).containsExactly(INVESTIGATE);
    }

    @Test
    void nearMissStormsOnlyInTheHistoryAreLikely() {
        Finding during = SwitchQueueFindings.stormDetected(queue(true, 5L, 0L, false, 0, false))
                .build("SWITCH_PFC_STORM_DETECTED");
        assertThat(during.confidence()).isEqualTo("likely");
        Finding oneSample = SwitchQueueFindings.stormDetected(queue(true, 5L, null, false, 0, false))
                .build("SWITCH_PFC_STORM_DETECTED");
        assertThat(oneSample.confidence()).isEqualTo("likely");
        assertThat(oneSample.evidence())
                .extracting(Evidence::note)
                .last()
                .isEqualTo("storms detected (since the counters started)");
        // In storm at the last sample: confirmed whatever the counts.
        assertThat(SwitchQueueFindings.stormDetected(queue(true, null, null, true, 0, false))
                        .build("SWITCH_PFC_STORM_DETECTED")
                        .confidence())
                .isEqualTo("confirmed");
    }

    @Test
    void dropsBetweenTheSamplesAreConfirmedAndSinceTheCountersStartedLikely() {
        Finding between = SwitchQueueFindings.losslessDrops(queue(true, 0L, 0L, false, 7, false))
                .build("SWITCH_LOSSLESS_DROPS");
        assertThat(between.confidence()).isEqualTo("confirmed");
        assertThat(between.evidence().get(0).note())
                .isEqualTo("dropped on lossless priority 3 (PG 3, queue 3) between the samples");
        assertThat(between.actions()).containsExactly(INVESTIGATE);
        Finding sinceBoot = SwitchQueueFindings.losslessDrops(queue(true, 0L, null, false, 7, true))
                .build("SWITCH_LOSSLESS_DROPS");
        assertThat(sinceBoot.confidence()).isEqualTo("likely");
        assertThat(sinceBoot.evidence().get(0).note()).endsWith(", since the counters started (one sample)");
    }
}
