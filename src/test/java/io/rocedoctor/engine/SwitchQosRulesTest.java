package io.rocedoctor.engine;

import static io.rocedoctor.engine.SwitchedHost.diagnose;
import static io.rocedoctor.engine.SwitchedHost.ids;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Layer 9: each switch QoS rule on a host and switch that agree, changed in one value. */
class SwitchQosRulesTest {
    private static final String QUEUE = SwitchedHost.LABEL + ":3";

    @Test
    void aSwitchThatAgreesWithItsHostGivesNoFinding() {
        assertThat(ids(SwitchedHost.healthy())).isEmpty();
    }

    @Fires("SWITCH_ECN_ABOVE_XOFF")
    @Test
    void ecnMinimumAtTheXoffPointNeverMarksBeforePfc() {
        Diagnosis d = diagnose(SwitchedHost.healthy().with(s -> s.ecnMinBytes = s.xoffBytes));
        Finding f = RuleHarness.only(d, "SWITCH_ECN_ABOVE_XOFF@" + QUEUE);
        // An egress queue threshold against an ingress PG's: different buffers, so likely.
        assertThat(f.confidence()).isEqualTo("likely");
        assertThat(f.scope()).contains("p0", SwitchedHost.LABEL);
        assertThat(f.actions().get(0).parameters())
                .containsEntry("switch", "leaf1")
                .containsEntry("platform", "sonic")
                .containsEntry("switch_port", "Ethernet8")
                .containsEntry("queue", "3")
                .containsEntry("ecn_profile", "RDMA_LOSSLESS");
    }

    @Fires("SWITCH_ECN_ABOVE_XOFF")
    @Test
    void ecnMinimumOneByteBelowXoffIsTheSameCell() {
        assertThat(ids(SwitchedHost.healthy().with(s -> s.ecnMinBytes = s.xoffBytes - 1)))
                .containsExactly("SWITCH_ECN_ABOVE_XOFF@" + QUEUE);
    }

    @NearMiss("SWITCH_ECN_ABOVE_XOFF")
    @Test
    void nearMissEcnMinimumOneCellBelowXoff() {
        assertThat(ids(SwitchedHost.healthy().with(s -> s.ecnMinBytes = s.xoffBytes - 144)))
                .isEmpty();
    }

    @Fires("SWITCH_ECN_OFF_LOSSLESS")
    @Test
    void ecnOffOnALosslessQueueWhoseHostRunsDcqcn() {
        Diagnosis d = diagnose(SwitchedHost.healthy().with(s -> s.switchEcnMarking = false));
        Finding f = RuleHarness.only(d, "SWITCH_ECN_OFF_LOSSLESS@" + QUEUE);
        assertThat(f.severity()).isEqualTo("high");
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.actions()).extracting(ActionProposal::action).containsExactly("switch-ecn-enable");
    }

    @NearMiss("SWITCH_ECN_OFF_LOSSLESS")
    @Test
    void nearMissEcnOffWhereTheHostRunsNoDcqcnOrMarkingUnknown() {
        // Without DCQCN on the host the host's own rule speaks; the switch queue is not this rule's.
        assertThat(ids(SwitchedHost.healthy().with(s -> {
                    s.switchEcnMarking = false;
                    s.hostEcn = false;
                })))
                .doesNotContain("SWITCH_ECN_OFF_LOSSLESS@" + QUEUE);
        assertThat(ids(SwitchedHost.healthy().with(s -> s.switchEcnMarking = null)))
                .isEmpty();
    }

    @Fires("SWITCH_PFC_WATCHDOG_OFF")
    @Test
    void watchdogOffOnALosslessQueue() {
        Diagnosis d = diagnose(SwitchedHost.healthy().with(s -> s.watchdogOn = false));
        assertThat(RuleHarness.ids(d)).containsExactly("SWITCH_PFC_WATCHDOG_OFF@" + SwitchedHost.LABEL);
        assertThat(d.findings().get(0).actions().get(0).parameters()).containsEntry("priorities", "3");
    }

    @NearMiss("SWITCH_PFC_WATCHDOG_OFF")
    @Test
    void nearMissWatchdogStateUnknownIsNotReportedOff() {
        assertThat(ids(SwitchedHost.healthy().with(s -> s.watchdogOn = null))).isEmpty();
    }

    @Fires("SWITCH_PFC_STORM_DETECTED")
    @Test
    void stormCountedDuringTheCaptureIsConfirmed() {
        Diagnosis d = diagnose(SwitchedHost.healthy().with(s -> {
            s.stormsDetected = 4L;
            s.stormsDuring = 1L;
        }));
        assertThat(RuleHarness.ids(d)).containsExactly("SWITCH_PFC_STORM_DETECTED@" + QUEUE);
        assertThat(d.findings().get(0).confidence()).isEqualTo("confirmed");
        assertThat(d.findings().get(0).severity()).isEqualTo("critical");
    }

    @Fires("SWITCH_PFC_STORM_DETECTED")
    @Test
    void stormsOnlyInTheHistoryAreLikely() {
        Diagnosis d = diagnose(SwitchedHost.healthy().with(s -> s.stormsDetected = 2L));
        assertThat(RuleHarness.ids(d)).containsExactly("SWITCH_PFC_STORM_DETECTED@" + QUEUE);
        assertThat(d.findings().get(0).confidence()).isEqualTo("likely");
    }

    @Fires("SWITCH_PFC_STORM_DETECTED")
    @Test
    void aQueueInStormStateIsConfirmed() {
        Diagnosis d = diagnose(SwitchedHost.healthy().with(s -> s.stormed = true));
        assertThat(d.findings()).singleElement().satisfies(f -> {
            assertThat(f.id()).isEqualTo("SWITCH_PFC_STORM_DETECTED");
            assertThat(f.confidence()).isEqualTo("confirmed");
        });
    }

    @NearMiss("SWITCH_PFC_STORM_DETECTED")
    @Test
    void nearMissAnOperationalQueueWithNoStormCountedOrNoCounterIsNoStorm() {
        assertThat(ids(SwitchedHost.healthy().with(s -> {
                    s.stormsDetected = 0L;
                    s.stormsDuring = 0L;
                })))
                .isEmpty();
        assertThat(ids(SwitchedHost.healthy().with(s -> {
                    s.stormsDetected = null;
                    s.stormsDuring = null;
                })))
                .isEmpty();
    }

    @Fires("SWITCH_HEADROOM_SHORT")
    @Test
    void headroomOneByteShortOfTheFormula() {
        Diagnosis d = diagnose(SwitchedHost.healthy().with(s -> s.headroomBytes = SwitchedHost.headroomNeeded() - 1));
        assertThat(RuleHarness.ids(d)).containsExactly("SWITCH_HEADROOM_SHORT@" + QUEUE);
        assertThat(d.findings().get(0).actions().get(0).parameters())
                .containsEntry("size", String.valueOf(SwitchedHost.headroomNeeded()));
    }

    @NearMiss("SWITCH_HEADROOM_SHORT")
    @Test
    void nearMissHeadroomExactlyAsTheFormulaNeeds() {
        assertThat(ids(SwitchedHost.healthy().with(s -> s.headroomBytes = SwitchedHost.headroomNeeded())))
                .isEmpty();
    }

    @Fires("SWITCH_HEADROOM_SHORT")
    @Test
    void longerCableNeedsMoreHeadroom() {
        // 300 m at 100G: 2 x 300 x 5 ns = 3 µs of propagation, 37500 B more than 5 m would need.
        assertThat(ids(SwitchedHost.healthy().with(s -> s.cableMeters = 300)))
                .containsExactly("SWITCH_HEADROOM_SHORT@" + QUEUE);
    }

    @Fires("SWITCH_BUFFER_POOL_SKEWED")
    @Test
    void losslessPoolUnderHalfTheLossyPools() {
        Diagnosis d = diagnose(SwitchedHost.healthy().with(s -> s.losslessPoolBytes = s.lossyPoolBytes / 2 - 1));
        assertThat(RuleHarness.ids(d)).containsExactly("SWITCH_BUFFER_POOL_SKEWED@leaf1");
        assertThat(d.findings().get(0).severity()).isEqualTo("medium");
    }

    @NearMiss("SWITCH_BUFFER_POOL_SKEWED")
    @Test
    void nearMissLosslessPoolExactlyHalfTheLossyPools() {
        assertThat(ids(SwitchedHost.healthy().with(s -> s.losslessPoolBytes = s.lossyPoolBytes / 2)))
                .isEmpty();
    }

    @Fires("SWITCH_BUFFER_POOL_SKEWED")
    @Test
    void sharedHeadroomPoolSmallerThanOnePgsHeadroom() {
        assertThat(ids(SwitchedHost.healthy().with(s -> s.headroomPoolBytes = s.headroomBytes - 1)))
                .containsExactly("SWITCH_BUFFER_POOL_SKEWED@leaf1");
    }

    @Fires("SWITCH_LOSSLESS_DROPS")
    @Test
    void oneDropOnALosslessQueueBetweenSamplesIsConfirmed() {
        Diagnosis d = diagnose(SwitchedHost.healthy().with(s -> s.drops = 1));
        assertThat(RuleHarness.ids(d)).containsExactly("SWITCH_LOSSLESS_DROPS@" + QUEUE);
        assertThat(d.findings().get(0).confidence()).isEqualTo("confirmed");
    }

    @Fires("SWITCH_LOSSLESS_DROPS")
    @Test
    void dropsSinceBootWithOneSampleAreLikely() {
        Diagnosis d = diagnose(SwitchedHost.healthy().with(s -> {
            s.drops = 12;
            s.dropsSinceBoot = true;
        }));
        assertThat(d.findings())
                .singleElement()
                .satisfies(f -> assertThat(f.confidence()).isEqualTo("likely"));
    }

    @NearMiss("SWITCH_LOSSLESS_DROPS")
    @Test
    void nearMissNoDropOnTheLosslessQueue() {
        assertThat(ids(SwitchedHost.healthy().with(s -> s.drops = 0))).isEmpty();
    }

    @Fires("SWITCH_ECMP_HASH_NO_L4")
    @Test
    void ecmpHashWithoutTheUdpSourcePort() {
        Diagnosis d = diagnose(SwitchedHost.healthy()
                .with(s -> s.ecmpFields = List.of("SRC_IP", "DST_IP", "IP_PROTOCOL", "L4_DST_PORT")));
        assertThat(RuleHarness.ids(d)).containsExactly("SWITCH_ECMP_HASH_NO_L4@leaf1");
        assertThat(d.findings().get(0).scope()).contains("p0");
        assertThat(d.findings().get(0).actions().get(0).parameters()).containsOnlyKeys("switch", "platform");
    }

    @NearMiss("SWITCH_ECMP_HASH_NO_L4")
    @Test
    void nearMissEcmpHashWithTheUdpSourcePortOnly() {
        assertThat(ids(SwitchedHost.healthy().with(s -> s.ecmpFields = List.of("L4_SRC_PORT"))))
                .isEmpty();
    }
}
