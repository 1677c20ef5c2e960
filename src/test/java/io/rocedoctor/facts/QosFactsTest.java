package io.rocedoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import org.junit.jupiter.api.Test;

/**
 * Given ethtool, rdma, mlnx_qos and perftest outputs of two samples 10 s apart, the QoS facts say
 * how long each priority was paused, how DCQCN counters moved, which priority RoCE uses and what
 * perftest measured against what it could have.
 */
class QosFactsTest extends BundleFolderTest {

    private static final String QOS = """
            Priority trust state: dscp
            Receive buffer size (bytes): 130944,0,0,0,0,0,0,0,
            PFC configuration:
            	priority    0   1   2   3   4   5   6   7
            	enabled     0   0   0   1   0   0   0   0
            	buffer      0   0   0   0   0   0   0   0
            tc: 0 ratelimit: unlimited, tsa: vendor
            	 priority:  0
            """;

    private static String stats(long rxPause, long rxDurationUsec, long txPause, long stormWarnings) {
        return "NIC statistics:\n     rx_prio3_pause: " + rxPause + "\n     rx_prio3_pause_duration: " + rxDurationUsec
                + "\n     tx_prio3_pause: " + txPause
                + "\n     tx_prio3_pause_duration: 0\n     tx_pause_storm_warning_events: "
                + stormWarnings + "\n     tx_pause_storm_error_events: 0\n";
    }

    private Facts build(String tos, boolean twoSamples) throws Exception {
        write(
                "manifest.yaml",
                "format: 1\nhost: q1\nsamples:\n  - {n: 0, at: 2026-01-01T00:00:00Z}\n"
                        + (twoSamples ? "  - {n: 1, at: 2026-01-01T00:00:10Z}\n" : "")
                        + "captures:\n"
                        + "  - {source: \"ethtool -i eth4\", sample: 0, path: commands/ethtool_-i_eth4, exit: 0}\n"
                        + "  - {source: \"ethtool eth4\", sample: 0, path: commands/ethtool_eth4, exit: 0}\n"
                        + "  - {source: \"ethtool -S eth4\", sample: 0, path: commands/ethtool_-S_eth4, exit: 0}\n"
                        + (twoSamples
                                ? "  - {source: \"ethtool -S eth4\", sample: 1, path: samples/1/commands/ethtool_-S_eth4, exit: 0}\n"
                                : "")
                        + "  - {source: \"ibdev2netdev\", sample: 0, path: commands/ibdev2netdev, exit: 0}\n"
                        + "  - {source: \"mlnx_qos -i eth4\", sample: 0, path: commands/mlnx_qos_-i_eth4, exit: 0}\n"
                        + "  - {source: \"cma_roce_tos -d rocep94s0f0 -p 1\", sample: 0, path: commands/tos, exit: 0}\n"
                        + "  - {source: \"rdma statistic show\", sample: 0, path: commands/rdma_statistic_show, exit: 0}\n"
                        + (twoSamples
                                ? "  - {source: \"rdma statistic show\", sample: 1, path: samples/1/commands/rdma_statistic_show, exit: 0}\n"
                                : "")
                        + "  - {source: \"ib_write_bw -d rocep94s0f0 --report_gbits h2\", sample: 0, path: commands/bw, exit: 0}\n");
        write(
                "commands/ethtool_-i_eth4",
                "driver: mlx5_core\nversion: 1\nfirmware-version: 22.1.1 (MT_1)\nbus-info: 0000:5e:00.0\n");
        write("commands/ethtool_eth4", "Settings for eth4:\n\tSpeed: 25000Mb/s\n\tLink detected: yes\n");
        write("commands/ethtool_-S_eth4", stats(1000, 5_000_000, 70, 0));
        if (twoSamples) {
            write("samples/1/commands/ethtool_-S_eth4", stats(6000, 6_500_000, 70, 1));
            write(
                    "samples/1/commands/rdma_statistic_show",
                    "link rocep94s0f0/1 np_ecn_marked_roce_packets 900 np_cnp_sent 100 rp_cnp_handled 7 rp_cnp_ignored 0\n");
        }
        write("commands/ibdev2netdev", "rocep94s0f0 port 1 ==> eth4 (Up)\n");
        write("commands/mlnx_qos_-i_eth4", QOS);
        write("commands/tos", tos + "\n");
        write(
                "commands/rdma_statistic_show",
                "link rocep94s0f0/1 np_ecn_marked_roce_packets 100 np_cnp_sent 100 rp_cnp_handled 7 rp_cnp_ignored 0\n");
        write(
                "commands/bw",
                " #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]\n"
                        + " 4096       5000             20.10              19.50  		   0.595\n"
                        + " 65536      5000             23.40              23.10  		   0.044\n");
        return facts();
    }

    @Test
    void pauseDurationBecomesTheShareOfTheIntervalSpentPaused() throws Exception {
        Facts f = build("106", true);
        assertThat(f.of(PriorityPause.class))
                .filteredOn(p -> p.direction().equals("rx"))
                .singleElement()
                .satisfies(p -> {
                    assertThat(p.priority()).isEqualTo(3);
                    assertThat(p.frames()).isEqualTo(5000);
                    assertThat(p.perSecond()).isEqualTo(500.0);
                    assertThat(p.pausedShare()).isEqualTo(0.15); // 1.5 s of 10 s
                });
        assertThat(f.of(PriorityPause.class))
                .filteredOn(p -> p.direction().equals("tx"))
                .singleElement()
                .satisfies(p -> assertThat(p.frames()).isZero());
        assertThat(f.of(PauseStormEvents.class))
                .containsExactly(new PauseStormEvents("eth4", "0000:5e:00", 1, 0, false));
    }

    /** bnxt_en counts PFC frames as rx_pfc_ena_frames_priN and the time paused as pfc_priN_rx_duration_us. */
    @Test
    void broadcomPfcFramesAndPauseDurationGiveTheShareSpentPaused() throws Exception {
        build("106", true);
        write(
                "commands/ethtool_-i_eth4",
                "driver: bnxt_en\nversion: 6.8.0\nfirmware-version: 230.0.157.0\nbus-info: 0000:5e:00.0\n");
        write(
                "commands/ethtool_-S_eth4",
                "NIC statistics:\n     rx_pfc_ena_frames_pri3: 1000\n     pfc_pri3_rx_duration_us: 5000000\n");
        write(
                "samples/1/commands/ethtool_-S_eth4",
                "NIC statistics:\n     rx_pfc_ena_frames_pri3: 6000\n     pfc_pri3_rx_duration_us: 7000000\n");
        assertThat(facts().of(PriorityPause.class)).singleElement().satisfies(p -> {
            assertThat(p.counter()).isEqualTo("rx_pfc_ena_frames_pri3");
            assertThat(p.frames()).isEqualTo(5000);
            assertThat(p.pausedShare()).isEqualTo(0.2); // 2 s of 10 s
        });
    }

    /**
     * Each driver's per-priority pause counter is a pause of its priority and direction (mlx5, ice's
     * VSI and port counters, bnxt_en), in counter-name order; a pause duration, a two-digit priority
     * and the link-level pause are not per-priority pause frames.
     */
    @Test
    void everyDriversPerPriorityPauseCounterIsReadAndItsLookalikesAreNot() throws Exception {
        build("106", true);
        String text = "NIC statistics:\n     tx_pfc_ena_frames_pri5: %d\n     rx_priority_4_xoff.nic: %d\n"
                + "     rx_prio3_pause: %d\n     tx_priority_2_xoff: %d\n     rx_prio3_pause_duration: %d\n"
                + "     rx_prio10_pause: %d\n     rx_pause_ctrl_phy: %d\n";
        write("commands/ethtool_-S_eth4", String.format(text, 1, 2, 3, 4, 5, 6, 7));
        write("samples/1/commands/ethtool_-S_eth4", String.format(text, 11, 22, 33, 44, 55, 66, 77));
        assertThat(facts().of(PriorityPause.class))
                .extracting(p -> p.counter() + " " + p.direction() + " " + p.priority() + " " + p.frames())
                .containsExactly(
                        "rx_prio3_pause rx 3 30",
                        "rx_priority_4_xoff.nic rx 4 20",
                        "tx_pfc_ena_frames_pri5 tx 5 10",
                        "tx_priority_2_xoff tx 2 40");
    }

    @Test
    void oneSampleGivesCountsSinceBootWithoutRatesOrShares() throws Exception {
        PriorityPause rx = build("106", false).of(PriorityPause.class).stream()
                .filter(p -> p.direction().equals("rx"))
                .findFirst()
                .orElseThrow();
        assertThat(rx.sinceBoot()).isTrue();
        assertThat(rx.frames()).isEqualTo(1000);
        assertThat(rx.perSecond()).isNull();
        assertThat(rx.pausedShare()).isNull();
    }

    @Test
    void dcqcnCountersMoveBetweenSamplesPerDevicePort() throws Exception {
        assertThat(build("106", true).of(CongestionCounters.class))
                .singleElement()
                .satisfies(c -> {
                    assertThat(c.netdev()).isEqualTo("eth4");
                    assertThat(c.ecnMarked()).isEqualTo(800);
                    assertThat(c.cnpSent()).isZero();
                    assertThat(c.cnpPerSecond()).isZero();
                });
    }

    /** The QoS layer reads the device port's counter rates the transport layer adds: one reading, one note. */
    @Test
    void congestionCountersAreTheDevicePortsCounterRatesAndAFallIsNotedOnce() throws Exception {
        build("106", true);
        write(
                "samples/1/commands/rdma_statistic_show",
                "link rocep94s0f0/1 np_ecn_marked_roce_packets 900 np_cnp_sent 40 rp_cnp_handled 7 rp_cnp_ignored 0\n");
        Facts f = facts();
        assertThat(f.of(CounterRate.class))
                .filteredOn(r -> r.subject().equals("rocep94s0f0/1"))
                .extracting(CounterRate::counter, CounterRate::delta, CounterRate::wentDown)
                .containsExactly(
                        tuple("np_ecn_marked_roce_packets", 800L, false),
                        tuple("np_cnp_sent", 0L, true),
                        tuple("rp_cnp_handled", 0L, false),
                        tuple("rp_cnp_ignored", 0L, false));
        assertThat(f.of(CongestionCounters.class)).singleElement().satisfies(c -> {
            assertThat(c.ecnMarked()).isEqualTo(800);
            assertThat(c.cnpSent()).isNull(); // it went down: no movement
            assertThat(c.cnpHandled()).isZero();
        });
        assertThat(f.ledger().notes())
                .filteredOn(n -> n.contains("np_cnp_sent went down"))
                .hasSize(1);
    }

    @Test
    void rocePriorityFollowsTheTosWhenSet() throws Exception {
        // ToS 160 -> DSCP 40 -> priority 5 by the default DSCP map: not the lossless priority.
        assertThat(build("160", true).of(RocePriority.class)).singleElement().satisfies(r -> {
            assertThat(r.priority()).isEqualTo(5);
            assertThat(r.intended()).isFalse();
        });
    }

    @Test
    void withTheTosUnsetTheOnlyLosslessPriorityIsTheIntendedOne() throws Exception {
        assertThat(build("0", true).of(RocePriority.class)).singleElement().satisfies(r -> {
            assertThat(r.priority()).isEqualTo(3);
            assertThat(r.intended()).isTrue();
            assertThat(r.derivation()).startsWith("ToS unset (0); PFC is on priority 3 only");
        });
    }

    @Test
    void losslessPriorityInTheSameBufferAsLossyOnesIsRecorded() throws Exception {
        assertThat(build("106", true).of(LosslessBuffer.class)).singleElement().satisfies(b -> {
            assertThat(b.buffer()).isZero();
            assertThat(b.bufferBytes()).isEqualTo(130944L);
            assertThat(b.sharedWithLossy()).containsExactly(0, 1, 2, 4, 5, 6, 7);
        });
    }

    @Test
    void perftestKeepsItsBestRowAndTheCeilingsItCanBeJudgedAgainst() throws Exception {
        assertThat(build("106", true).of(Baseline.class)).singleElement().satisfies(b -> {
            assertThat(b.test()).isEqualTo("ib_write_bw"); // no banner: the program that printed it
            assertThat(b.source()).isEqualTo("ib_write_bw -d rocep94s0f0 --report_gbits h2");
            assertThat(b.ibdev()).isEqualTo("rocep94s0f0"); // from -d
            assertThat(b.netdev()).isEqualTo("eth4");
            assertThat(b.messageBytes()).isEqualTo(65536);
            assertThat(b.averageGbps()).isEqualTo(23.10);
            assertThat(b.portGbps()).isEqualTo(25.0);
            assertThat(b.expectedGbps(0.85)).isEqualTo(25.0); // no lspci: the port is the only ceiling known
        });
    }

    @Test
    void aRunWithoutDeviceOnAHostOfOneRdmaDeviceRanOnThatDevice() throws Exception {
        // perftest without -d opens the first device ibv_get_device_list returns: with one, that one.
        write("commands/ibdev2netdev", "rocep94s0f0 port 1 ==> eth4 (Up)\n");
        write(
                "commands/ib_write_bw_10.0.0.2",
                " #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]\n"
                        + " 65536      5000             23.40              23.10  \t\t   0.044\n");
        assertThat(facts().of(Baseline.class)).singleElement().satisfies(b -> {
            assertThat(b.ibdev()).isEqualTo("rocep94s0f0");
            assertThat(b.netdev()).isEqualTo("eth4");
        });
    }

    @Test
    void nearMissARunWithoutDeviceOnAHostOfTwoRdmaDevicesNamesNone() throws Exception {
        write("commands/ibdev2netdev", "rocep94s0f0 port 1 ==> eth4 (Up)\nrocep94s0f1 port 1 ==> eth5 (Up)\n");
        write(
                "commands/ib_write_bw_10.0.0.2",
                " #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]\n"
                        + " 65536      5000             23.40              23.10  \t\t   0.044\n");
        assertThat(facts().of(Baseline.class)).singleElement().satisfies(b -> {
            assertThat(b.ibdev()).isNull();
            assertThat(b.netdev()).isNull();
        });
    }

    @Test
    void aBandwidthAndALatencyRunOfOneDeviceAreTwoBaselinesNamedByTheirProgram() throws Exception {
        // No manifest: the sources are recognised from their mangled file names, where only the program tells them
        // apart.
        write("commands/ibdev2netdev", "rocep94s0f0 port 1 ==> eth4 (Up)\n");
        write(
                "commands/ib_write_bw_-d_rocep94s0f0",
                " #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]\n"
                        + " 65536      5000             23.40              23.10  		   0.044\n");
        write(
                "commands/ib_read_lat_-d_rocep94s0f0",
                " #bytes #iterations    t_min[usec]    t_max[usec]  t_typical[usec]"
                        + "    t_avg[usec]    t_stdev[usec]   99% percentile[usec]   99.9% percentile[usec]\n"
                        + " 2       1000          3.41           9.87         3.52     	       3.58        	0.21   		4.12    		9.87\n");
        Facts facts = facts();
        assertThat(facts.of(Baseline.class))
                .extracting(Baseline::source, Baseline::test, Baseline::latency, Baseline::ibdev)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple(
                                "ib_write_bw -d_rocep94s0f0", "ib_write_bw", false, "rocep94s0f0"),
                        org.assertj.core.groups.Tuple.tuple(
                                "ib_read_lat -d_rocep94s0f0", "ib_read_lat", true, "rocep94s0f0"));
        assertThat(facts.ledger().parsed()).contains("ib_write_bw -d_rocep94s0f0", "ib_read_lat -d_rocep94s0f0");
    }

    @Test
    void cnpMarkingIsReadFromMlxconfigByPciAddressElseTheConnectxDefaultIsAssumed() throws Exception {
        build("106", false);
        assertThat(facts().of(CnpMarking.class)).singleElement().satisfies(m -> {
            assertThat(m.dscp()).isEqualTo(48);
            assertThat(m.assumed()).isTrue();
        });
        String manifest = java.nio.file.Files.readString(dir.resolve("manifest.yaml"))
                + "  - {source: \"mlxconfig -d 5e:00.0 query\", sample: 0, path: commands/mlxconfig, exit: 0}\n";
        write("manifest.yaml", manifest);
        write("commands/mlxconfig", """
                Device #1:
                ----------

                Device type:    ConnectX6DX
                Device:         5e:00.0

                Configurations:                              Next Boot
                         LINK_TYPE_P1                        ETH(2)
                *        CNP_DSCP_P1                         46
                         CNP_802P_PRIO_P1                    6
                         CNP_DSCP_P2                         48
                """);
        assertThat(facts().of(CnpMarking.class))
                .containsExactly(new CnpMarking("eth4", 46, 6, "mlxconfig -d 5e:00.0 query CNP_DSCP_P1", false));
    }

    @Test
    void theCnpMarkingInForceWinsOverTheFirmwaresBootValueAndIsPlacedOnItsPriority() throws Exception {
        build("106", false);
        String manifest = java.nio.file.Files.readString(dir.resolve("manifest.yaml"))
                + "  - {source: \"mlxconfig -d 5e:00.0 query\", sample: 0, path: commands/mlxconfig, exit: 0}\n"
                + "  - {source: \"/sys/class/net/eth4/ecn/roce_np/cnp_dscp\", sample: 0,"
                + " path: fs/sys/class/net/eth4/ecn/roce_np/cnp_dscp, exit: 0}\n"
                + "  - {source: \"/sys/class/net/eth4/ecn/roce_np/cnp_802p_prio\", sample: 0,"
                + " path: fs/sys/class/net/eth4/ecn/roce_np/cnp_802p_prio, exit: 0}\n";
        write("manifest.yaml", manifest);
        write("commands/mlxconfig", """
                Configurations:                              Next Boot
                         CNP_DSCP_P1                         48
                         CNP_802P_PRIO_P1                    6
                """);
        write("fs/sys/class/net/eth4/ecn/roce_np/cnp_dscp", "26\n");
        write("fs/sys/class/net/eth4/ecn/roce_np/cnp_802p_prio", "3\n");
        Facts facts = facts();
        assertThat(facts.of(CnpMarking.class))
                .containsExactly(new CnpMarking("eth4", 26, 3, "/sys/class/net/eth4/ecn/roce_np/cnp_dscp", false));
        assertThat(facts.of(CnpScheduling.class)).singleElement().satisfies(c -> {
            assertThat(c.priority()).isEqualTo(3);
            assertThat(c.derivation()).isEqualTo("CNP DSCP 26 -> priority 3 (trust dscp, default DSCP map)");
            assertThat(c.onTheDataPriority()).isTrue();
            // mlnx_qos lists no class for priority 3: how it is scheduled is not known.
            assertThat(c.tsa()).isNull();
        });
    }

    @Test
    void nearMissAnAssumedConnectxDefaultIsNotPlaced() throws Exception {
        build("106", false);
        assertThat(facts().of(CnpScheduling.class)).isEmpty();
    }

    /**
     * A partial bundle: mlxconfig was read by RDMA device, and ibdev2netdev binds that device to a
     * netdev no other source knows (eth9). It is no port, so its firmware marks none: the known port
     * keeps the ConnectX default, and nothing fails (this was a NullPointerException in cnpMarkings).
     */
    @Test
    void mlxconfigOfAnRdmaDeviceBoundToANetdevWithoutPortFactsMarksNoPort() throws Exception {
        build("106", false);
        String manifest = java.nio.file.Files.readString(dir.resolve("manifest.yaml"))
                + "  - {source: \"mlxconfig -d rocep94s0f0 query\", sample: 0, path: commands/mlxconfig, exit: 0}\n";
        write("manifest.yaml", manifest);
        write(
                "commands/mlxconfig",
                "Configurations:                              Next Boot\n"
                        + "         CNP_DSCP_P1                         46\n");
        write("commands/ibdev2netdev", "rocep94s0f0 port 1 ==> eth9 (Up)\n");
        assertThat(facts().of(CnpMarking.class)).singleElement().satisfies(m -> {
            assertThat(m.netdev()).isEqualTo("eth4");
            assertThat(m.assumed()).isTrue();
        });
        // The near miss: bound to the port the bundle knows, the same capture marks it.
        write("commands/ibdev2netdev", "rocep94s0f0 port 1 ==> eth4 (Up)\n");
        assertThat(facts().of(CnpMarking.class)).singleElement().satisfies(m -> {
            assertThat(m.dscp()).isEqualTo(46);
            assertThat(m.assumed()).isFalse();
        });
    }

    /** A RoCE LAG: mlx5_bond_0 over bond0 of eth4 and eth5; pause and the RoCE priority are per member port. */
    @Test
    void congestionCountersOfARoceLagDeviceRelateToItsMemberPortsOnce() throws Exception {
        write("manifest.yaml", "format: 1\nhost: lag\nsamples:\n  - {n: 0, at: 2026-01-01T00:00:00Z}\n");
        for (String[] p : new String[][] {{"eth4", "0000:5e:00.0"}, {"eth5", "0000:5e:00.1"}}) {
            write(
                    "commands/ethtool_-i_" + p[0],
                    "driver: mlx5_core\nversion: 1\nfirmware-version: 22.1.1 (MT_1)\nbus-info: " + p[1] + "\n");
            write("commands/ethtool_" + p[0], "Settings for " + p[0] + ":\n\tSpeed: 25000Mb/s\n\tLink detected: yes\n");
            write("commands/ethtool_-S_" + p[0], stats(1000, 0, 0, 0));
            write("commands/mlnx_qos_-i_" + p[0], QOS);
        }
        write("fs/proc/net/bonding/bond0", """
                Ethernet Channel Bonding Driver: v5.15.0

                Bonding Mode: IEEE 802.3ad Dynamic link aggregation
                Transmit Hash Policy: layer3+4 (1)
                MII Status: up

                Slave Interface: eth4
                MII Status: up

                Slave Interface: eth5
                MII Status: up
                """);
        write("commands/ibdev2netdev", "mlx5_bond_0 port 1 ==> bond0 (Up)\n");
        write(
                "commands/rdma_statistic_show",
                "link mlx5_bond_0/1 np_ecn_marked_roce_packets 0 np_cnp_sent 0 rp_cnp_handled 0 rp_cnp_ignored 0\n");
        Facts f = facts();
        assertThat(f.of(RocePriority.class)).extracting(RocePriority::device).containsExactlyInAnyOrder("eth4", "eth5");
        assertThat(f.of(CongestionCounters.class)).singleElement().satisfies(c -> {
            assertThat(c.netdev()).isEqualTo("bond0");
            assertThat(c.ports()).containsExactly("eth4", "eth5");
        });
    }
}
