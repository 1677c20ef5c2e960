package io.rocedoctor.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every real output in the RDMA-family folders of {@code ROCE_DOCTOR_SAMPLES} parses (damaged
 * ones may give a ParseException, never another exception), and the values read from each file
 * by eye come out of the parser.
 */
class RdmaFamilySamplesConformanceTest {

    /** What a check does with a parsed record; the record's type is the parser's. */
    @FunctionalInterface
    private interface Check {
        void accept(Object parsed) throws Exception;
    }

    /**
     * {@code rdma dev show} is not a source roce-doctor reads (SourceKind has no such entry: the
     * firmware version comes from ethtool -i and ibv_devinfo, node GUIDs from ibv_devinfo); its
     * "N: DEV: node_type ..." layout is not a port list, so it is not fed to any parser.
     */
    private static final String NOT_READ = "rdma-dev-show";

    private static final Map<String, Check> SPOT_CHECKS = Map.ofEntries(
            Map.entry("mlxlink-c-connectx4-100G-rsfec-forum-collapsed.txt", o -> {
                MlxlinkReport r = (MlxlinkReport) o;
                assertThat(r.state()).isEqualTo("Active");
                assertThat(r.speed()).isEqualTo("100GbE");
                assertThat(r.lanes()).isEqualTo(4);
                assertThat(r.fec()).isEqualTo("Standard RS-FEC - RS(528,514)");
                assertThat(r.laneSignaling()).isEqualTo(MlxlinkReport.LaneSignaling.NRZ);
                assertThat(r.effectiveBer().exponent()).isEqualTo(-255);
                assertThat(r.rawBer().text()).isEqualTo("3E-12");
                assertThat(r.rawErrorsPerLane()).containsExactly(26711L, 0L, 0L, 9108L);
                assertThat(r.minutesSinceLastClear()).isEqualTo(1715.4);
            }),
            Map.entry("mlxlink-e-connectx4-100G-eye-opening-forum-collapsed.txt", o -> {
                MlxlinkReport r = (MlxlinkReport) o;
                assertThat(r.eye().physicalGrade()).containsExactly(3065L, 3367L, 4371L, 2932L);
                assertThat(r.eye().heightMillivolts()).containsExactly(48L, 53L, 57L, 37L);
                assertThat(r.eye().phasePicoseconds()).containsExactly(12L, 14L, 15L, 10L);
                assertThat(r.rawBer()).isNull();
            }),
            Map.entry("mlxlink-m-c-bluefield3-100G-passive-dac.txt", o -> {
                MlxlinkReport r = (MlxlinkReport) o;
                assertThat(r.physicalState()).isEqualTo("LinkUp");
                assertThat(r.speedGbps()).isEqualTo(100);
                assertThat(r.laneSignaling()).isEqualTo(MlxlinkReport.LaneSignaling.NRZ);
                assertThat(r.minutesSinceLastClear()).isEqualTo(25074.8);
                assertThat(r.linkDownCounter()).isZero();
                assertThat(r.linkErrorRecoveryCounter()).isZero();
                assertThat(r.rawErrorsPerLane()).containsExactly(0L, 0L, 0L, 0L);
                assertThat(r.rawBer().exponent()).isEqualTo(-255);
                assertThat(r.module().identifier()).isEqualTo("QSFP28");
                assertThat(r.module().cableType()).isEqualTo("Passive copper cable");
                assertThat(r.module().lengthMeters()).isEqualTo(3.0);
                assertThat(r.module().temperatureCelsius()).isNull();
                assertThat(r.module().vendorPartNumber()).isEqualTo("Q28-PC03");
                assertThat(r.sections().get("Tool Information")).containsEntry("Firmware Version", "32.43.2402");
            }),
            Map.entry("mlxconfig-d-05.00.0-set-NUM_OF_VFS-connectx7.txt", o -> {
                MlxconfigQuery q = (MlxconfigQuery) o;
                assertThat(q.deviceType()).isEqualTo("ConnectX7");
                assertThat(q.device()).isEqualTo("05:00.0");
                assertThat(q.parameters().get("NUM_OF_VFS").nextBoot().number()).isEqualTo(16L);
                assertThat(q.parameters().get("NUM_OF_VFS").newValue().number()).isEqualTo(127L);
            }),
            Map.entry("mlxconfig-e-q-connectx6lx-default-current-nextboot-excerpt.txt", o -> {
                MlxconfigQuery q = (MlxconfigQuery) o;
                assertThat(q.deviceType()).isNull();
                assertThat(q.parameters()).hasSize(12);
                assertThat(q.parameters().get("ROCE_NEXT_PROTOCOL").current().number())
                        .isEqualTo(254L);
                assertThat(q.parameters().get("MEMIC_SIZE_LIMIT").defaultValue().raw())
                        .isEqualTo("_256KB(1)");
                assertThat(q.value("HOST_CHAINING_CACHE_DISABLE").orElseThrow().flag())
                        .contains(false);
                assertThat(q.value("ESWITCH_HAIRPIN_DESCRIPTORS").orElseThrow().label())
                        .isEqualTo("Array[0..7]");
            }),
            Map.entry("mlxconfig-set-BOOT_VLAN-connectx6-vpi-maas.txt", o -> {
                MlxconfigQuery q = (MlxconfigQuery) o;
                assertThat(q.name()).isEqualTo("MCX653106A-HDA_Ax");
                assertThat(q.device()).isEqualTo("c2:00.0");
                assertThat(q.parameters()).hasSize(4);
                assertThat(q.parameters()
                                .get("BOOT_UNDI_NETWORK_WAIT")
                                .newValue()
                                .number())
                        .isEqualTo(30L);
                assertThat(q.parameters().get("BOOT_VLAN_EN").nextBoot().flag()).contains(false);
            }),
            Map.entry("mstconfig-q-connectx4lx-full-roce-cc.txt", o -> {
                MlxconfigQuery q = (MlxconfigQuery) o;
                assertThat(q.deviceType()).isEqualTo("ConnectX4LX");
                assertThat(q.name()).isEqualTo("N/A");
                assertThat(q.device()).isEqualTo("01:00.1");
                assertThat(q.parameters()).hasSize(115);
                assertThat(q.value("ROCE_CC_PRIO_MASK_P1").orElseThrow().number())
                        .isEqualTo(255L);
                assertThat(q.value("CNP_DSCP_P1").orElseThrow().number()).isEqualTo(48L);
                assertThat(q.value("CNP_802P_PRIO_P1").orElseThrow().number()).isEqualTo(6L);
                assertThat(q.value("NUM_OF_PFC_P1").orElseThrow().number()).isEqualTo(8L);
                assertThat(q.value("SRIOV_EN").orElseThrow().flag()).contains(true);
                assertThat(q.value("ADVANCED_PCI_SETTINGS").orElseThrow().flag())
                        .contains(false);
            }),
            Map.entry("mlnx_qos-i-eth4-pfc-prio3-trust-dscp-connectx.txt", o -> {
                MlnxQos q = (MlnxQos) o;
                assertThat(q.dcbxMode()).isEqualTo("OS controlled");
                assertThat(q.trust()).isEqualTo("dscp");
                assertThat(q.dscpPriority()).hasSize(64).containsEntry(26, 3).containsEntry(48, 6);
                assertThat(q.cableLength()).isEqualTo(7);
                assertThat(q.pfcPriorities()).containsExactly(3);
                assertThat(q.trafficClasses()).hasSize(8);
                assertThat(q.trafficClasses().get(0).tsa()).isEqualTo("vendor");
                assertThat(q.priorityTrafficClass())
                        .containsEntry(0, 1)
                        .containsEntry(1, 0)
                        .containsEntry(3, 3);
            }),
            Map.entry(
                    "cat-configfs-default_roce_mode-mlx5_0-rhel7-guide.txt",
                    o -> assertThat(((RoceMode) o).version()).isEqualTo(RoceMode.Version.ROCE_V2)),
            Map.entry(
                    "cma_roce_tos-d-mlx5_2-t-106.txt",
                    o -> assertThat(((RoceTos) o).tos()).isEqualTo(106)),
            Map.entry("rdma-link-show-mlx5_0-sf.txt", o -> {
                RdmaLinks.RdmaLink l = ((RdmaLinks) o).link("mlx5_0", 1).orElseThrow();
                assertThat(l.state()).isEqualTo("ACTIVE");
                assertThat(l.physicalState()).isEqualTo("LINK_UP");
                assertThat(l.netdev()).isEqualTo("p0sf88");
            }),
            Map.entry("rdma-stat-show-mlx5_0-mailwrapped.txt", o -> {
                RdmaStatistics.PortCounters p =
                        ((RdmaStatistics) o).port("mlx5_0", 1).orElseThrow();
                assertThat(p.counters())
                        .hasSize(21)
                        .containsEntry("rx_atomic_requests", 0L)
                        .containsEntry("np_cnp_sent", 0L)
                        .containsEntry("req_remote_access_errors", 0L);
            }),
            Map.entry("rdma-stat-show-p-mlx5_0.txt", o -> {
                RdmaStatistics.PortCounters p =
                        ((RdmaStatistics) o).port("mlx5_0", 1).orElseThrow();
                assertThat(p.counters())
                        .hasSize(21)
                        .containsEntry("local_ack_timeout_err", 0L)
                        .containsEntry("rp_cnp_handled", 0L);
            }),
            Map.entry("connectx5-roce-lag-mlx5_bond_0.txt", o -> {
                IbvDevices.IbvDevice d = ((IbvDevices) o).device("mlx5_bond_0").orElseThrow();
                assertThat(d.firmwareVersion()).isEqualTo("16.31.1014");
                assertThat(d.ports().get(0).state()).isEqualTo("PORT_ACTIVE");
                assertThat(d.ports().get(0).activeMtu()).isEqualTo(1024);
                assertThat(d.ports().get(0).linkLayer()).isEqualTo("Ethernet");
            }),
            Map.entry("connectx5-two-ports-ethernet.txt", o -> {
                IbvDevices d = (IbvDevices) o;
                assertThat(d.devices()).extracting(IbvDevices.IbvDevice::hcaId).containsExactly("mlx5_0", "mlx5_1");
                assertThat(d.device("mlx5_1").orElseThrow().nodeGuid()).isEqualTo("f41d:6b03:006f:4744");
                assertThat(d.device("mlx5_1").orElseThrow().vendorPartId()).isEqualTo(4119);
                assertThat(d.device("mlx5_1").orElseThrow().ports().get(0).maxMtu())
                        .isEqualTo(4096);
            }),
            Map.entry("ibv_devinfo-v-connectx5-mlnx-ofed-exp-flags-excerpt-head.txt", o -> {
                IbvDevices.IbvDevice d = ((IbvDevices) o).device("mlx5_1").orElseThrow();
                assertThat(d.firmwareVersion()).isEqualTo("16.23.1020");
                assertThat(d.boardId()).isEqualTo("MT_0000000008");
                assertThat(d.attributes())
                        .containsEntry("max_qp", "262144")
                        .containsEntry("atomic_cap", "ATOMIC_HCA (1)");
                assertThat(d.ports()).isEmpty();
            }),
            Map.entry("ibv_devinfo-v-connectx6-vf-azure-excerpt-head.txt", o -> {
                IbvDevices.IbvDevice d = ((IbvDevices) o).device("mlx5_0").orElseThrow();
                assertThat(d.vendorPartId()).isEqualTo(4124);
                assertThat(d.sysImageGuid()).isEqualTo("1c34:da03:0071:3c02");
                assertThat(d.physicalPortCount()).isEqualTo(1);
                assertThat(d.attributes()).containsEntry("max_pd", "8388608");
            }),
            Map.entry("show_gids-empty-in-k8s-pod-tabs.txt", o -> {
                GidTable t = (GidTable) o;
                assertThat(t.entries()).isEmpty();
                assertThat(t.gidsFound()).isZero();
            }),
            Map.entry("show_gids-mlx5_0-connectx6-ipv4-v1-v2.txt", o -> {
                GidTable t = (GidTable) o;
                assertThat(t.gidsFound()).isEqualTo(6);
                assertThat(t.entries()).hasSize(6);
                assertThat(t.entries().get(0).ipv4()).isNull();
                assertThat(t.entries().get(5))
                        .isEqualTo(new GidTable.GidEntry(
                                "mlx5_0", 1, 5, "0000:0000:0000:0000:0000:ffff:ac13:003c", "172.19.0.60", 2, "ens1f0"));
            }),
            Map.entry("ibdev2netdev-dgx-spark-connectx7-rocep-names.txt", o -> {
                IbdevNetdevMap m = (IbdevNetdevMap) o;
                assertThat(m.bindings()).hasSize(4);
                assertThat(m.binding("roceP2p1s0f0", 1).orElseThrow().netdev()).isEqualTo("enP2p1s0f0np0");
                assertThat(m.binding("rocep1s0f1", 1).orElseThrow().netdevUp()).isFalse();
            }));

    private static final List<String> FOLDERS = List.of(
            "mlxlink",
            "mlxconfig",
            "mlnx_qos",
            "cma_roce_mode",
            "cma_roce_tos",
            "rdma",
            "ibv_devinfo",
            "show_gids",
            "ibdev2netdev");

    /** A renamed or removed sample must not silently turn its spot check off. */
    @Test
    void everySpotCheckHasItsSample() throws IOException {
        Set<String> names = new HashSet<>();
        for (String folder : FOLDERS) {
            RealSamples.files(folder).forEach(f -> names.add(f.getFileName().toString()));
        }
        assertThat(names).containsAll(SPOT_CHECKS.keySet());
    }

    @TestFactory
    Stream<DynamicTest> mlxlink() throws IOException {
        return samples("mlxlink", f -> new MlxlinkParser());
    }

    @TestFactory
    Stream<DynamicTest> mlxconfig() throws IOException {
        return samples("mlxconfig", f -> new MlxconfigParser());
    }

    @TestFactory
    Stream<DynamicTest> mlnxQos() throws IOException {
        return samples("mlnx_qos", f -> new MlnxQosParser());
    }

    @TestFactory
    Stream<DynamicTest> cmaRoceMode() throws IOException {
        return samples("cma_roce_mode", f -> new RoceModeParser());
    }

    @TestFactory
    Stream<DynamicTest> cmaRoceTos() throws IOException {
        return samples("cma_roce_tos", f -> new RoceTosParser());
    }

    @TestFactory
    Stream<DynamicTest> rdma() throws IOException {
        return samples("rdma", f -> f.contains("link") ? new RdmaLinkParser() : new RdmaStatisticParser());
    }

    @TestFactory
    Stream<DynamicTest> ibvDevinfo() throws IOException {
        return samples("ibv_devinfo", f -> new IbvDevinfoParser());
    }

    @TestFactory
    Stream<DynamicTest> showGids() throws IOException {
        return samples("show_gids", f -> new ShowGidsParser());
    }

    @TestFactory
    Stream<DynamicTest> ibdev2netdev() throws IOException {
        return samples("ibdev2netdev", f -> new Ibdev2netdevParser());
    }

    private static Stream<DynamicTest> samples(String folder, Function<String, Parser<?>> parserFor)
            throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path file : RealSamples.files(folder)) {
            String name = file.getFileName().toString();
            if (name.startsWith(NOT_READ)) {
                continue;
            }
            tests.add(DynamicTest.dynamicTest(folder + "/" + name, () -> conform(file, parserFor.apply(name))));
        }
        return tests.stream();
    }

    private static void conform(Path file, Parser<?> parser) throws Exception {
        String name = file.getFileName().toString();
        Object parsed;
        try {
            parsed = parser.parse(RealSamples.read(file));
        } catch (ParseException e) {
            if (RealSamples.damaged(file)) {
                assertThat(e.line()).isNotNegative();
                return;
            }
            fail(name + ": line " + e.line() + ": " + e.getMessage());
            return;
        }
        Check check = SPOT_CHECKS.get(name);
        if (check != null) {
            check.accept(parsed);
        }
    }
}
