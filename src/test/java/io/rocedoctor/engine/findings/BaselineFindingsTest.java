package io.rocedoctor.engine.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.engine.ActionProposal;
import io.rocedoctor.engine.Evidence;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.Baseline;
import io.rocedoctor.facts.Host;
import io.rocedoctor.facts.RdmaDevice;
import io.rocedoctor.facts.RoceV2Ipv4Gid;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the baseline findings say about the perftest runs of mlx5_0 over ens1f0np0 (100G, on NIC 0000:3b:00). */
class BaselineFindingsTest {
    private static final String BW = "perftest/ib_write_bw.txt";

    private static Baseline bandwidth(double average, Double peak, Double port, Double pcie) {
        return new Baseline(
                BW,
                "ib_write_bw",
                false,
                "mlx5_0",
                "ens1f0np0",
                "0000:3b:00",
                65536,
                average,
                peak,
                null,
                null,
                null,
                null,
                port,
                pcie);
    }

    private static Baseline latency(double typical, double p99, Double p999, double max) {
        return new Baseline(
                "perftest/ib_write_lat.txt",
                "ib_write_lat",
                true,
                "mlx5_0",
                "ens1f0np0",
                "0000:3b:00",
                2,
                null,
                null,
                typical,
                p99,
                p999,
                max,
                100.0,
                252.0);
    }

    private static RdmaDevice device(String name, String netdev) {
        return new RdmaDevice(name, 1, netdev, "0000:3b:00", "0000:3b:00.0", "ACTIVE", "Ethernet", 4096, 4096);
    }

    @Test
    void aRunOfNoKnownDeviceIsNamedByItsProgramAndSaysSo() {
        Baseline b = new Baseline(
                "ib_write_lat 10.0.0.2",
                "ib_write_lat",
                true,
                null,
                null,
                null,
                2,
                null,
                null,
                2.0,
                8.0,
                null,
                9.0,
                null,
                null);
        Finding f = BaselineFindings.latencyJitter(b).build("BASELINE_LATENCY_JITTER");
        assertThat(f.subject()).isEqualTo("ib_write_lat (device not given)");
        assertThat(f.evidence().get(0).note()).startsWith("p99 is 4 times the median");
    }

    @Test
    void lowBandwidthShowsTheRunAgainstThePortAndThePcieCeiling() {
        Finding f = BaselineFindings.bandwidthLow(
                        bandwidth(40.0, 40.5, 100.0, 252.0), ProfileThresholds.of("throughput"))
                .build("BASELINE_BW_LOW");
        assertThat(f.subject()).isEqualTo("mlx5_0:ib_write_bw");
        assertThat(f.evidence())
                .containsExactly(
                        new Evidence(
                                BW,
                                "40.0 Gb/s average, 40.5 Gb/s peak",
                                "40.0% of the 100.0 Gb/s expected, at 65536-byte messages"),
                        new Evidence("ethtool ens1f0np0", "100.0 Gb/s", "port speed"),
                        new Evidence(
                                "lspci -vvv",
                                "214.2 Gb/s",
                                "PCIe ceiling of NIC 0000:3b:00 after TLP overhead, shared by all its ports"));
    }

    @Test
    void nearMissWithoutThePortSpeedThePcieLinkIsTheCeilingAndNoPeakIsInvented() {
        Finding f = BaselineFindings.bandwidthLow(bandwidth(20.0, null, null, 64.0), ProfileThresholds.of("throughput"))
                .build("BASELINE_BW_LOW");
        assertThat(f.evidence()).extracting(Evidence::value).containsExactly("20.0 Gb/s average", "54.4 Gb/s");
        assertThat(f.evidence().get(0).note()).startsWith("36.8% of the 54.4 Gb/s expected");
    }

    @Test
    void jitterShowsThe99thPercentileAgainstTheTypicalThenTheFarTail() {
        Finding f = BaselineFindings.latencyJitter(latency(2.0, 6.2, 9.3, 18.6)).build("BASELINE_LATENCY_JITTER");
        assertThat(f.evidence())
                .containsExactly(
                        new Evidence(
                                "perftest/ib_write_lat.txt",
                                "6.2 us at 99%, 2.0 us typical",
                                "p99 is 3.1 times the median (perftest's t_typical) at 2-byte messages"),
                        new Evidence("perftest/ib_write_lat.txt", "9.3 us at 99.9%, 18.6 us max", "the far tail"));
    }

    @Test
    void nearMissARunWithout99point9OnlyShowsItsMaximum() {
        Finding f =
                BaselineFindings.latencyJitter(latency(2.0, 6.2, null, 18.6)).build("BASELINE_LATENCY_JITTER");
        assertThat(f.evidence().get(1).value()).isEqualTo("18.6 us max");
    }

    @Test
    void noRunProposesOneOnEachDeviceInDeviceOrder() {
        Finding f = BaselineFindings.missing(
                        new Host("gpu-node-21", 64, 2, 2, 10.0),
                        List.of(device("mlx5_1", "ens1f1np1"), device("mlx5_0", "ens1f0np0")),
                        List.of())
                .build("BASELINE_MISSING");
        assertThat(f.scope()).isEmpty();
        assertThat(f.actions())
                .containsExactly(
                        new ActionProposal("baseline-perftest", Map.of("ibdev", "mlx5_0", "device", "ens1f0np0")),
                        new ActionProposal("baseline-perftest", Map.of("ibdev", "mlx5_1", "device", "ens1f1np1")));
    }

    @Test
    void anInfinibandPortsRunNamesItsPortAndNoGidIndexAndARocePortsBesideItKeepsTheRoceRun() {
        RdmaDevice ib =
                new RdmaDevice("mlx5_0", 2, "ib1", "0000:07:00", "0000:07:00.0", "ACTIVE", "InfiniBand", 4096, 4096);
        Finding f = BaselineFindings.missing(
                        new Host("l-supp-11", 4, 1, 1, 10.0), List.of(ib, device("mlx5_2", "eth2")), List.of())
                .build("BASELINE_MISSING");
        assertThat(f.actions())
                .containsExactly(
                        new ActionProposal(
                                "baseline-perftest-infiniband",
                                Map.of("ibdev", "mlx5_0", "port", "2", "device", "ib1")),
                        new ActionProposal("baseline-perftest", Map.of("ibdev", "mlx5_2", "device", "eth2")));
    }

    @Test
    void nearMissADeviceWithoutNetdevGetsNoRunButTheFindingStands() {
        Finding f = BaselineFindings.missing(
                        new Host("gpu-node-21", 64, 2, 2, 10.0), List.of(device("mlx5_0", null)), List.of())
                .build("BASELINE_MISSING");
        assertThat(f.actions()).isEmpty();
        assertThat(f.evidence()).extracting(Evidence::value).containsExactly("no ib_*_bw or ib_*_lat output");
    }

    @Test
    void aRocePortWithV2GidsInTheBundleIsMeasuredOnTheLowestOfThemAndAPortWithoutIsToldHowToReadIt() {
        Finding f = BaselineFindings.missing(
                        new Host("gpu-node-21", 64, 2, 2, 10.0),
                        List.of(device("mlx5_0", "ens1f0np0"), device("mlx5_1", "ens1f1np1")),
                        List.of(
                                new RoceV2Ipv4Gid("mlx5_0", 1, "ens1f0np0", "10.0.0.21", 5, "show_gids"),
                                new RoceV2Ipv4Gid("mlx5_0", 1, "ens1f0np0.100", "10.1.0.21", 3, "show_gids"),
                                new RoceV2Ipv4Gid("mlx5_0", 2, "other", "10.2.0.21", 1, "show_gids")))
                .build("BASELINE_MISSING");
        assertThat(f.actions())
                .containsExactly(
                        new ActionProposal(
                                "baseline-perftest-gid", Map.of("ibdev", "mlx5_0", "device", "ens1f0np0", "gid", "3")),
                        new ActionProposal("baseline-perftest", Map.of("ibdev", "mlx5_1", "device", "ens1f1np1")));
    }
}
