package io.rocedoctor.engine.findings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.rocedoctor.engine.ActionProposal;
import io.rocedoctor.engine.Evidence;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.CounterMeaning;
import io.rocedoctor.facts.CounterRate;
import io.rocedoctor.facts.MultipathGroup;
import io.rocedoctor.facts.PortGids;
import io.rocedoctor.facts.PortQos;
import io.rocedoctor.facts.RdmaDevice;
import io.rocedoctor.facts.RdmaPortTraffic;
import io.rocedoctor.facts.RoceMtu;
import io.rocedoctor.facts.RoceTraffic;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the RDMA transport findings say about device mlx5_0 port 1 on netdev ens1f0np0, from the facts their rules matched. */
class TransportFindingsTest {
    private static final RdmaDevice MLX5_0 =
            new RdmaDevice("mlx5_0", 1, "ens1f0np0", "0000:3b:00", "0000:3b:00.0", "ACTIVE", "Ethernet", 4096, 4096);

    private static RoceTraffic roce(String mode, Integer tos) {
        return new RoceTraffic("mlx5_0", 1, "ens1f0np0", mode, tos, 0, "dscp", 0, "ToS 0 -> DSCP 0 -> priority 0");
    }

    private static PortQos lossless(int... priorities) {
        return new PortQos(
                "ens1f0np0",
                "dscp",
                Arrays.stream(priorities).boxed().toList(),
                Map.of(),
                Map.of(),
                Map.of(),
                List.of(),
                "mlnx_qos -i ens1f0np0");
    }

    private static CounterRate retransmits(String counter, long delta, Double perSecond, boolean sinceBoot) {
        return new CounterRate(
                "mlx5_0/1",
                counter,
                CounterMeaning.RETRANSMISSION,
                100,
                100 + delta,
                delta,
                perSecond,
                sinceBoot,
                false);
    }

    private static RdmaPortTraffic traffic(String ibdev, String netdev, long bytes, Double load, boolean sinceBoot) {
        return new RdmaPortTraffic(
                ibdev,
                1,
                netdev,
                "fabric",
                bytes,
                null,
                load,
                sinceBoot,
                "rdma statistic show link " + ibdev + "/1",
                List.of("rx_bytes", "tx_bytes"));
    }

    private static List<String> values(Finding f) {
        return f.evidence().stream().map(Evidence::value).toList();
    }

    @Test
    void roceV1ByDefaultQuotesCmaRoceModeAndRollsBackToConfigfssSpelling() {
        Finding f = TransportFindings.v1Default(roce("v1", null)).build("ROCE_V1_DEFAULT");
        assertThat(f.subject()).isEqualTo("mlx5_0/1");
        assertThat(f.evidence()).extracting(Evidence::source).containsExactly("cma_roce_mode -d mlx5_0 -p 1");
        assertThat(f.actions())
                .containsExactly(new ActionProposal(
                        "roce-mode-v2", Map.of("ibdev", "mlx5_0", "port", "1", "current", "IB/RoCE v1")));
    }

    @Test
    void tosZeroOffTheLosslessPriorityProposesTheTosOfThatPriority() {
        Finding f = TransportFindings.tosUnset(roce("v2", 0), lossless(3)).build("ROCE_TOS_UNSET");
        assertThat(f.evidence())
                .containsExactly(
                        new Evidence("cma_roce_tos -d mlx5_0 -p 1", "0", "ToS 0 -> DSCP 0 -> priority 0"),
                        new Evidence(
                                "mlnx_qos -i ens1f0np0",
                                "3",
                                "PFC enabled on priority 3, not on 0 where RDMA CM traffic lands"));
        assertThat(f.actions().get(0).parameters()).containsEntry("tos", "106");
    }

    @Test
    void nearMissWithSeveralLosslessPrioritiesTheFirstIsProposed() {
        Finding f = TransportFindings.tosUnset(roce("v2", 0), lossless(4, 5)).build("ROCE_TOS_UNSET");
        assertThat(values(f)).containsExactly("0", "4,5");
        assertThat(f.actions().get(0).parameters()).containsEntry("tos", "138");
    }

    @Test
    void anActiveMtuBelowTheNetdevsRoomNamesBothAndTheHeaders() {
        Finding f = TransportFindings.mtuBelowNetdev(new RoceMtu("mlx5_0", 1, "ens1f0np0", 9000, 1024, 4096, 4096))
                .build("ROCE_MTU_BELOW_NETDEV");
        assertThat(f.evidence())
                .containsExactly(
                        new Evidence("ibv_devinfo -v", "1024", "active_mtu of mlx5_0/1 (max_mtu 4096)"),
                        new Evidence(
                                "/sys/class/net/ens1f0np0/mtu",
                                "9000",
                                "netdev MTU: room for a RoCE MTU of 4096 after 96 bytes of RoCEv2 headers"));
        assertThat(f.actions())
                .containsExactly(new ActionProposal(
                        "roce-mtu-match",
                        Map.of("ibdev", "mlx5_0", "device", "ens1f0np0", "mtu", "4096", "netdev_mtu", "9000")));
    }

    @Test
    void nearMissWithoutMaxMtuTheActiveMtuStandsAlone() {
        Finding f = TransportFindings.mtuBelowNetdev(new RoceMtu("mlx5_0", 1, "ens1f0np0", 1500, 1024, null, 1024))
                .build("ROCE_MTU_BELOW_NETDEV");
        assertThat(f.evidence().get(0).note()).isEqualTo("active_mtu of mlx5_0/1");
    }

    @Test
    void eachAddressWithoutAV2GidIsOneLineOfEvidence() {
        PortGids g = new PortGids(
                "mlx5_0",
                1,
                "ens1f0np0",
                List.of("192.168.1.10", "fe80::1"),
                List.of("fe80::1"),
                List.of("192.168.1.10"),
                "show_gids");
        Finding f = TransportFindings.gidV2Missing(g).build("ROCE_GID_V2_MISSING");
        assertThat(f.evidence())
                .extracting(Evidence::source, Evidence::value)
                .containsExactly(tuple("show_gids", "192.168.1.10"));
        assertThat(f.actions().get(0).parameters()).containsEntry("device", "ens1f0np0");
    }

    @Test
    void nearMissAGidTableWithoutNetdevChecksTheDeviceItself() {
        PortGids g =
                new PortGids("mlx5_0", 1, null, List.of("10.0.0.1"), List.of(), List.of("10.0.0.1"), "ibv_devinfo -v");
        assertThat(TransportFindings.gidV2Missing(g)
                        .build("ROCE_GID_V2_MISSING")
                        .actions()
                        .get(0)
                        .parameters())
                .containsEntry("device", "mlx5_0");
    }

    @Test
    void retransmissionsBetweenSamplesAreConfirmedInCounterNameOrder() {
        Finding f = TransportFindings.retransmitting(
                        MLX5_0,
                        List.of(
                                retransmits("packet_seq_err", 40, 4.0, false),
                                retransmits("local_ack_timeout_err", 7, null, false)))
                .build("ROCE_RETRANSMITTING");
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.evidence())
                .containsExactly(
                        new Evidence(
                                "rdma statistic show link mlx5_0/1",
                                "local_ack_timeout_err +7",
                                "100 -> 107 between samples"),
                        new Evidence(
                                "rdma statistic show link mlx5_0/1",
                                "packet_seq_err 4/s",
                                "100 -> 140 between samples"));
        assertThat(f.actions()).containsExactly(new ActionProposal("roce-loss-trace", Map.of("ibdev", "mlx5_0")));
    }

    @Test
    void nearMissRetransmissionsOfOneSampleAreOnlyPossible() {
        Finding f = TransportFindings.retransmitting(MLX5_0, List.of(retransmits("duplicate_request", 12, null, true)))
                .build("ROCE_RETRANSMITTING");
        assertThat(f.confidence()).isEqualTo("possible");
        assertThat(f.evidence().get(0).note()).isEqualTo("12 since boot (one sample)");
    }

    @Test
    void anIdlePathBetweenSamplesNamesItsCountersAndTheBusyPathsLoad() {
        MultipathGroup planes =
                new MultipathGroup("fabric", "fabric", List.of("ens1f0np0", "ens1f1np1"), "independent planes", null);
        Finding f = TransportFindings.pathUnused(
                        planes,
                        traffic("mlx5_0", "ens1f0np0", 9_000_000_000L, 0.42, false),
                        traffic("mlx5_1", "ens1f1np1", 1200, null, false))
                .build("ROCE_PATH_UNUSED");
        assertThat(f.confidence()).isEqualTo("likely");
        assertThat(f.evidence())
                .containsExactly(
                        new Evidence(
                                "rdma statistic show link mlx5_1/1",
                                "1200",
                                "RDMA bytes (rx_bytes + tx_bytes) of mlx5_1/1 between samples"),
                        new Evidence(
                                "rdma statistic show link mlx5_0/1",
                                "9000000000",
                                "RDMA bytes of mlx5_0/1 between samples, 42.0% of its TX+RX capacity"),
                        new Evidence("multipath group", "ens1f0np0, ens1f1np1", "independent planes"));
        assertThat(f.actions())
                .containsExactly(
                        new ActionProposal("roce-use-all-paths", Map.of("ibdev", "mlx5_1", "device", "ens1f1np1")));
    }

    @Test
    void nearMissTotalsSinceBootOnlyMakeAnIdlePathPossible() {
        MultipathGroup planes =
                new MultipathGroup("fabric", "fabric", List.of("ens1f0np0", "ens1f1np1"), "independent planes", null);
        Finding f = TransportFindings.pathUnused(
                        planes,
                        traffic("mlx5_0", "ens1f0np0", 9_000_000_000L, null, true),
                        traffic("mlx5_1", "ens1f1np1", 1200, null, true))
                .build("ROCE_PATH_UNUSED");
        assertThat(f.confidence()).isEqualTo("possible");
        assertThat(f.evidence().get(1).note()).isEqualTo("RDMA bytes of mlx5_0/1 since boot (one sample)");
    }
}
