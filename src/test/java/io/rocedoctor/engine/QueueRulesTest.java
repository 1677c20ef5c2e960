package io.rocedoctor.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.facts.CounterMeaning;
import io.rocedoctor.facts.CounterRate;
import io.rocedoctor.facts.QueueConfig;
import io.rocedoctor.plan.ActionCatalog;
import io.rocedoctor.plan.ActionSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Layer 3 on the healthy host of {@link HostFacts}, with port p0's queues changed one value at a time. */
class QueueRulesTest {

    /** 32 NIC-local CPUs (32 cores: no SMT), 32 of 63 channels, RSS spread evenly, hashes on L4 ports, 1024 of 8192 RX descriptors. */
    private static final class Queues {
        Integer localCpus = 32;
        Integer localCores = 32;
        Integer rxQueues = 32;
        Integer maxRxQueues = 63;
        Long ringRx = 1024L;
        Long maxRingRx = 8192L;
        Integer rssUsed = 32;
        Double rssRatio = 1.0;
        Map<String, String> hash = new TreeMap<>(Map.of("udp4", "sdfn", "tcp4", "sdfn"));

        QueueConfig build() {
            List<String> withoutL4 = new ArrayList<>();
            hash.forEach((type, fields) -> {
                if (!fields.contains("f") || !fields.contains("n")) {
                    withoutL4.add(type);
                }
            });
            return new QueueConfig(
                    "p0",
                    HostFacts.NIC,
                    localCpus,
                    localCores,
                    rxQueues,
                    maxRxQueues,
                    ringRx,
                    maxRingRx,
                    rssUsed,
                    rssRatio,
                    hash,
                    withoutL4);
        }
    }

    private static CounterRate counter(String name, long delta) {
        return new CounterRate(
                "p0",
                name,
                CounterMeaning.ofEthtool("mlx5_core", name),
                1000,
                1000 + delta,
                delta,
                delta / 10.0,
                false,
                false);
    }

    /** p0's drop counters as a healthy port shows them between two samples. */
    private static final List<CounterRate> NO_DROPS =
            List.of(counter("rx_out_of_buffer", 0), counter("rx_discards_phy", 0));

    private static Diagnosis diagnose(String profile, QueueConfig q, List<CounterRate> counters) {
        HostFacts h = HostFacts.healthy();
        h.facts.add(q);
        h.facts.addAll(counters);
        return RuleHarness.diagnose(h.facts, profile);
    }

    private static Diagnosis diagnose(QueueConfig q) {
        return diagnose("throughput", q, NO_DROPS);
    }

    @Test
    void healthyQueuesHaveNoFindingUnderAnyProfile() {
        for (String profile : Profile.BUILT_IN) {
            assertThat(RuleHarness.ids(diagnose(profile, new Queues().build(), NO_DROPS)))
                    .as(profile)
                    .isEmpty();
        }
    }

    // RSS_HASH_NO_L4

    @Fires("RSS_HASH_NO_L4")
    @Test
    void udp4HashedOnAddressesOnlyLacksL4() {
        Queues q = new Queues();
        q.hash.put("udp4", "sd");
        Finding f = RuleHarness.only(diagnose(q.build()), "RSS_HASH_NO_L4@p0");
        assertThat(f.severity()).isEqualTo("medium");
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.evidence()).singleElement().satisfies(e -> {
            assertThat(e.source()).isEqualTo("ethtool -n p0 rx-flow-hash udp4");
            assertThat(e.value()).isEqualTo("sd");
        });
        assertThat(f.actions()).singleElement().satisfies(a -> {
            assertThat(a.action()).isEqualTo("rss-hash-l4");
            assertThat(a.parameters())
                    .containsExactlyInAnyOrderEntriesOf(Map.of("device", "p0", "flow", "udp4", "current", "sd"));
        });
        assertPlannable(f);
    }

    // The planner refuses a proposal whose parameters do not fit the action's types: "udp4 sd" as
    // one "current" word left every RSS_HASH_NO_L4 without a plan step.
    @Fires("RSS_HASH_NO_L4")
    @Test
    void bothFlowTypesWithoutL4GiveOnePlannableProposalEach() {
        Queues q = new Queues();
        q.hash.put("udp4", "sd");
        q.hash.put("tcp4", "sdf");
        Finding f = RuleHarness.only(diagnose(q.build()), "RSS_HASH_NO_L4@p0");
        assertThat(f.actions()).extracting(a -> a.parameters().get("flow")).containsExactlyInAnyOrder("udp4", "tcp4");
        assertThat(f.actions()).extracting(a -> a.parameters().get("current")).containsExactlyInAnyOrder("sd", "sdf");
        assertPlannable(f);
    }

    private static void assertPlannable(Finding f) {
        for (ActionProposal a : f.actions()) {
            ActionSpec spec = new ActionCatalog().find(a.action()).orElseThrow();
            assertThat(spec.parameters().keySet())
                    .as(a.action())
                    .containsAll(a.parameters().keySet());
            a.parameters()
                    .forEach((name, value) -> assertThat(spec.type(name).problem(value))
                            .as(a.action() + " " + name + "=" + value)
                            .isEmpty());
        }
    }

    @NearMiss("RSS_HASH_NO_L4")
    @Test
    void nearMissUdp4HashedOnAddressesAndPorts() {
        Queues q = new Queues();
        q.hash.put("udp4", "sdfn");
        assertThat(RuleHarness.ids(diagnose(q.build()))).isEmpty();
    }

    // RSS_QUEUES_TOO_FEW

    @Fires("RSS_QUEUES_TOO_FEW")
    @Test
    void eightQueuesFor32LocalCpusAreTooFew() {
        Queues q = new Queues();
        q.rxQueues = 8;
        q.rssUsed = 8;
        Finding f = RuleHarness.only(diagnose(q.build()), "RSS_QUEUES_TOO_FEW@p0");
        assertThat(f.severity()).isEqualTo("medium");
        assertThat(f.actions()).singleElement().satisfies(a -> {
            assertThat(a.action()).isEqualTo("channels-combined");
            assertThat(a.parameters())
                    .containsExactlyInAnyOrderEntriesOf(Map.of("device", "p0", "combined", "32", "current", "8"));
        });
    }

    @NearMiss("RSS_QUEUES_TOO_FEW")
    @Test
    void nearMissEightQueuesAtTheDriversPresetMaximum() {
        Queues q = new Queues();
        q.rxQueues = 8;
        q.maxRxQueues = 8;
        q.rssUsed = 8;
        assertThat(RuleHarness.ids(diagnose(q.build()))).isEmpty();
    }

    /** With SMT, 32 local CPUs are 16 cores: 16 queues already give each core one. */
    @NearMiss("RSS_QUEUES_TOO_FEW")
    @Test
    void nearMissOneQueuePerCoreOfAnSmtHostIsEnough() {
        Queues q = new Queues();
        q.localCores = 16;
        q.rxQueues = 16;
        q.rssUsed = 16;
        assertThat(RuleHarness.ids(diagnose(q.build()))).isEmpty();
    }

    @Fires("RSS_QUEUES_TOO_FEW")
    @Test
    void fewerQueuesThanTheCoresOfAnSmtHostAreTooFewAndTheTargetIsTheCoreCount() {
        Queues q = new Queues();
        q.localCores = 16;
        q.rxQueues = 8;
        q.rssUsed = 8;
        Finding f = RuleHarness.only(diagnose(q.build()), "RSS_QUEUES_TOO_FEW@p0");
        assertThat(f.actions().get(0).parameters()).containsEntry("combined", "16");
        assertThat(f.evidence()).extracting(Evidence::note).anyMatch(n -> n.contains("(16 cores)"));
    }

    // RSS_INDIRECTION_SKEWED

    @Fires("RSS_INDIRECTION_SKEWED")
    @Test
    void indirectionTableUsingHalfTheQueuesIsSkewed() {
        Queues q = new Queues();
        q.rssUsed = 16;
        Finding f = RuleHarness.only(diagnose(q.build()), "RSS_INDIRECTION_SKEWED@p0");
        assertThat(f.severity()).isEqualTo("low");
        assertThat(f.evidence()).extracting(Evidence::value).contains("16 of 32 queues");
        assertThat(f.actions().get(0).parameters()).containsEntry("combined", "32");
    }

    @Fires("RSS_INDIRECTION_SKEWED")
    @Test
    void weightsDifferingByMoreThanTwofoldAreSkewed() {
        Queues q = new Queues();
        q.rssRatio = 2.5;
        RuleHarness.only(diagnose(q.build()), "RSS_INDIRECTION_SKEWED@p0");
    }

    @NearMiss("RSS_INDIRECTION_SKEWED")
    @Test
    void nearMissWeightsDifferingByExactlyTwofold() {
        Queues q = new Queues();
        q.rssRatio = 2.0;
        assertThat(RuleHarness.ids(diagnose(q.build()))).isEmpty();
    }

    // RX_BUFFER_EXHAUSTED

    @Fires("RX_BUFFER_EXHAUSTED")
    @Test
    void outOfBufferRisingIsConfirmedAndProposesARingOneStepLarger() {
        Finding f = RuleHarness.only(
                diagnose(
                        "throughput",
                        new Queues().build(),
                        List.of(counter("rx_out_of_buffer", 5000), counter("rx_discards_phy", 0))),
                "RX_BUFFER_EXHAUSTED@p0");
        assertThat(f.severity()).isEqualTo("high");
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.evidence())
                .extracting(Evidence::value)
                .contains("rx_out_of_buffer +5000 in the interval (500/s)", "RX: 1024 of 8192");
        assertThat(f.actions()).singleElement().satisfies(a -> {
            assertThat(a.action()).isEqualTo("rings-rx-size");
            assertThat(a.parameters())
                    .containsExactlyInAnyOrderEntriesOf(Map.of("device", "p0", "rx", "2048", "current", "1024"));
        });
    }

    @Fires("RX_BUFFER_EXHAUSTED")
    @Test
    void aRingOneStepBelowItsMaximumIsRaisedToTheMaximumOnly() {
        Queues q = new Queues();
        q.ringRx = 6144L;
        Finding f = RuleHarness.only(
                diagnose("throughput", q.build(), List.of(counter("rx_out_of_buffer", 5000))),
                "RX_BUFFER_EXHAUSTED@p0");
        assertThat(f.actions())
                .singleElement()
                .satisfies(a -> assertThat(a.parameters()).containsEntry("rx", "8192"));
    }

    /** mlx5's rx_discards_phy counts drops in the port buffer, before any ring: no ring step, the port buffer is looked at. */
    @Fires("RX_BUFFER_EXHAUSTED")
    @Test
    void portDiscardsRisingProposeThePortBufferInvestigationNotARing() {
        Finding f = RuleHarness.only(
                diagnose(
                        "throughput",
                        new Queues().build(),
                        List.of(counter("rx_out_of_buffer", 0), counter("rx_discards_phy", 5000))),
                "RX_BUFFER_EXHAUSTED@p0");
        assertThat(f.evidence()).extracting(Evidence::note).anyMatch(n -> n.contains("the adapter is congested"));
        assertThat(f.actions()).singleElement().satisfies(a -> {
            assertThat(a.action()).isEqualTo("rx-port-buffer-investigate");
            assertThat(a.parameters()).containsExactlyInAnyOrderEntriesOf(Map.of("device", "p0"));
        });
    }

    @Fires("RX_BUFFER_EXHAUSTED")
    @Test
    void outOfBufferFromOneSampleIsOnlyPossible() {
        Finding f = RuleHarness.only(
                diagnose(
                        "throughput",
                        new Queues().build(),
                        List.of(new CounterRate(
                                "p0",
                                "rx_out_of_buffer",
                                CounterMeaning.RX_NO_HOST_BUFFER,
                                77,
                                77,
                                77,
                                null,
                                true,
                                false))),
                "RX_BUFFER_EXHAUSTED@p0");
        assertThat(f.confidence()).isEqualTo("possible");
    }

    /** bnxt_en counts descriptor exhaustion as ring discards, ice as the port's rx_dropped.nic. */
    @Fires("RX_BUFFER_EXHAUSTED")
    @Test
    void broadcomRingDiscardsAndIntelPortDropsRisingAreBufferExhaustion() {
        for (String counter : List.of("rx_total_ring_discards", "rx_dropped.nic")) {
            Finding f = RuleHarness.only(
                    diagnose("throughput", new Queues().build(), List.of(counter(counter, 5000))),
                    "RX_BUFFER_EXHAUSTED@p0");
            assertThat(f.evidence())
                    .extracting(Evidence::note)
                    .anyMatch(n -> n.startsWith("no receive descriptor was free"));
        }
    }

    @NearMiss("RX_BUFFER_EXHAUSTED")
    @Test
    void nearMissOutOfBufferFlatBetweenSamples() {
        assertThat(RuleHarness.ids(diagnose(new Queues().build()))).isEmpty();
    }

    // TRAP_RING_INFLATED

    @Fires("TRAP_RING_INFLATED")
    @Test
    void ringsAtTheirMaximumWithoutDropsAreATrapUnderTheLatencyProfile() {
        Queues q = new Queues();
        q.ringRx = 8192L;
        Finding f = RuleHarness.only(diagnose("latency", q.build(), NO_DROPS), "TRAP_RING_INFLATED@p0");
        assertThat(f.severity()).isEqualTo("medium");
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.actions()).singleElement().satisfies(a -> {
            assertThat(a.action()).isEqualTo("rings-rx-size");
            assertThat(a.parameters())
                    .containsExactlyInAnyOrderEntriesOf(Map.of("device", "p0", "rx", "1024", "current", "8192"));
        });
    }

    @NearMiss("TRAP_RING_INFLATED")
    @Test
    void nearMissTheSameRingsUnderTheThroughputProfile() {
        Queues q = new Queues();
        q.ringRx = 8192L;
        assertThat(RuleHarness.ids(diagnose("throughput", q.build(), NO_DROPS))).isEmpty();
    }

    @NearMiss("TRAP_RING_INFLATED")
    @Test
    void nearMissRingsOneStepBelowTheirMaximum() {
        Queues q = new Queues();
        q.ringRx = 4096L;
        assertThat(RuleHarness.ids(diagnose("latency", q.build(), NO_DROPS))).isEmpty();
    }

    @Fires("RX_BUFFER_EXHAUSTED")
    @NearMiss("TRAP_RING_INFLATED")
    @Test
    void ringsAtTheirMaximumThatStillDropAreNoTrap() {
        Queues q = new Queues();
        q.ringRx = 8192L;
        Diagnosis d =
                diagnose("latency", q.build(), List.of(counter("rx_out_of_buffer", 10), counter("rx_discards_phy", 0)));
        assertThat(RuleHarness.ids(d)).containsExactly("RX_BUFFER_EXHAUSTED@p0");
        assertThat(d.findings().get(0).actions()).isEmpty(); // the ring is already at its maximum
    }

    @NearMiss("TRAP_RING_INFLATED")
    @Test
    void nearMissShallowPresetMaximumIsNoDeepQueue() {
        Queues q = new Queues();
        q.ringRx = 1024L;
        q.maxRingRx = 1024L;
        assertThat(RuleHarness.ids(diagnose("latency", q.build(), NO_DROPS))).isEmpty();
    }
}
