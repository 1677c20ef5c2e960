package io.rocedoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Given a host's RDMA and QoS outputs, the device ports join to their netdevs and NIC, and RDMA CM
 * traffic gets the priority the NIC really gives it.
 */
class RdmaFactsTest extends BundleFolderTest {

    private static final String QOS_DSCP = """
            DCBX mode: OS controlled
            Priority trust state: dscp
            dscp2prio mapping:
            	prio:0 dscp:07,06,05,04,03,02,01,00,
            	prio:3 dscp:31,30,29,28,27,26,25,24,
            	prio:5 dscp:47,46,45,44,43,42,41,40,
            Receive buffer size (bytes): 130944,261888,0,0,0,0,0,0,
            Cable len: 7
            PFC configuration:
            	priority    0   1   2   3   4   5   6   7
            	enabled     0   0   0   1   0   0   0   0
            	buffer      0   0   0   1   0   0   0   0
            tc: 0 ratelimit: unlimited, tsa: ets, bw: 50%
            	 priority:  0
            tc: 3 ratelimit: unlimited, tsa: ets, bw: 50%
            	 priority:  3
            """;

    private Facts build() throws Exception {
        write("manifest.yaml", "host: h1\n");
        write(
                "commands/ethtool_-i_eth4",
                "driver: mlx5_core\nversion: 1\nfirmware-version: 22.1.1 (MT_1)\nbus-info: 0000:5e:00.0\n");
        write(
                "commands/ethtool_-i_eth5",
                "driver: mlx5_core\nversion: 1\nfirmware-version: 22.1.1 (MT_1)\nbus-info: 0000:5e:00.1\n");
        write("commands/ibdev2netdev", "rocep94s0f0 port 1 ==> eth4 (Up)\nrocep94s0f1 port 1 ==> eth5 (Up)\n");
        write("commands/mlnx_qos_-i_eth4", QOS_DSCP);
        write("commands/mlnx_qos_-i_eth5", QOS_DSCP.replace("trust state: dscp", "trust state: pcp"));
        write("commands/cma_roce_mode_-d_rocep94s0f0_-p_1", "RoCE v2\n");
        write("commands/cma_roce_tos_-d_rocep94s0f0_-p_1", "106\n");
        write("commands/cma_roce_mode_-d_rocep94s0f1_-p_1", "IB/RoCE v1\n");
        write("commands/cma_roce_tos_-d_rocep94s0f1_-p_1", "96\n");
        write("fs/sys/class/net/eth4/ecn/roce_np/enable/3", "1\n");
        write("fs/sys/class/net/eth4/ecn/roce_rp/enable/3", "0\n");
        return facts();
    }

    @Test
    void devicePortsJoinTheirNetdevAndNic() throws Exception {
        Facts f = build();
        assertThat(f.of(RdmaDevice.class))
                .extracting(RdmaDevice::id, RdmaDevice::netdev, RdmaDevice::nic, RdmaDevice::pciAddress)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("rocep94s0f0/1", "eth4", "0000:5e:00", "0000:5e:00.0"),
                        org.assertj.core.groups.Tuple.tuple("rocep94s0f1/1", "eth5", "0000:5e:00", "0000:5e:00.1"));
    }

    @Test
    void trustDscpMapsTheToSThroughTheDscpMap() throws Exception {
        RoceTraffic t = build().of(RoceTraffic.class).stream()
                .filter(r -> r.netdev().equals("eth4"))
                .findFirst()
                .orElseThrow();
        assertThat(t.mode()).isEqualTo("v2");
        assertThat(t.dscp()).isEqualTo(26);
        assertThat(t.priority()).isEqualTo(3);
        assertThat(t.derivation()).isEqualTo("ToS 106 -> DSCP 26 -> priority 3 (trust dscp)");
    }

    @Test
    void trustPcpTakesTheToSPrecedence() throws Exception {
        RoceTraffic t = build().of(RoceTraffic.class).stream()
                .filter(r -> r.netdev().equals("eth5"))
                .findFirst()
                .orElseThrow();
        assertThat(t.mode()).isEqualTo("v1");
        assertThat(t.priority()).isEqualTo(3);
        assertThat(t.trust()).isEqualTo("pcp");
    }

    @Test
    void hostQosAndEcnPerPort() throws Exception {
        Facts f = build();
        PortQos q = f.of(PortQos.class).stream()
                .filter(p -> p.device().equals("eth4"))
                .findFirst()
                .orElseThrow();
        assertThat(q.pfcPriorities()).containsExactly(3);
        assertThat(q.priorityBuffer()).containsEntry(3, 1);
        EcnState e = f.of(EcnState.class).get(0);
        assertThat(e.device()).isEqualTo("eth4");
        assertThat(e.disabled(3)).isTrue();
        assertThat(e.notificationPoint()).containsEntry(3, true);
    }

    @Test
    void currentMlnxQosGivesTrustPfcBuffersAndNotesItsSkippedLines() throws Exception {
        write("manifest.yaml", "host: h1\n");
        write(
                "commands/ethtool_-i_eth4",
                "driver: mlx5_core\nversion: 1\nfirmware-version: 16.35.1012 (MT_1)\nbus-info: 0000:5e:00.0\n");
        write(
                "commands/mlnx_qos_-i_eth4",
                java.nio.file.Files.readString(java.nio.file.Path.of(
                        "fixtures/samples/mlnx_qos/mlnx_qos-i-ens1f0np0-cx5-doca-lldpad-max-buffer.txt")));
        Facts f = facts();
        PortQos q = f.of(PortQos.class).get(0);
        assertThat(q.trust()).isEqualTo("dscp");
        assertThat(q.pfcPriorities()).containsExactly(3);
        assertThat(q.priorityBuffer()).containsEntry(3, 1).containsEntry(0, 0).hasSize(8);
        assertThat(q.bufferBytes()).containsExactly(130944L, 130944L, 0L, 0L, 0L, 0L, 0L, 0L);
        assertThat(f.ledger().failures()).isEmpty();
        assertThat(f.ledger().notes())
                .anySatisfy(n -> assertThat(n)
                        .startsWith("commands/mlnx_qos_-i_eth4:1: skipped")
                        .contains("lldpad"));
    }

    @Test
    void nearMissAnUnreadablePfcRowGivesNoPortQosNotPfcOff() throws Exception {
        write("manifest.yaml", "host: h1\n");
        write(
                "commands/ethtool_-i_eth4",
                "driver: mlx5_core\nversion: 1\nfirmware-version: 16.35.1012 (MT_1)\nbus-info: 0000:5e:00.0\n");
        write(
                "commands/mlnx_qos_-i_eth4",
                QOS_DSCP.replace("\tenabled     0   0   0   1   0   0   0   0\n", "\tenabled     0   0   0   1\n"));
        Facts f = facts();
        assertThat(f.of(PortQos.class)).isEmpty();
        assertThat(f.ledger().failures()).isEmpty();
        assertThat(f.ledger().notes())
                .anySatisfy(n -> assertThat(n).contains("'enabled' row: 4 values"))
                .anySatisfy(n -> assertThat(n)
                        .isEqualTo("mlnx_qos -i eth4: no PFC row read, the port's host QoS is not judged from it"));
    }

    private Facts broadcomHost(String ecnEnable) throws Exception {
        write("manifest.yaml", "host: h1\n");
        write(
                "commands/ethtool_-i_ens3f0np0",
                "driver: bnxt_en\nversion: 6.8\nfirmware-version: 230.0.156.0\nbus-info: 0000:c1:00.0\n");
        write("commands/rdma_link_show", "link bnxt_re0/1 state ACTIVE physical_state LINK_UP netdev ens3f0np0 \n");
        write(
                "commands/dcb_pfc_show_dev_ens3f0np0",
                "pfc-cap 8 macsec-bypass off delay 0 \nprio-pfc 0:off 1:off 2:off 3:on 4:off 5:off 6:off 7:off \n");
        if (ecnEnable != null) {
            write("fs/sys/kernel/config/bnxt_re/bnxt_re0/ports/1/cc/ecn_enable", ecnEnable);
        }
        return facts();
    }

    @Test
    void bnxtReCongestionControlIsOneSwitchForEveryPriorityOfItsNetdev() throws Exception {
        EcnState e = broadcomHost("0\n").of(EcnState.class).get(0);
        assertThat(e.device()).isEqualTo("ens3f0np0");
        assertThat(e.disabled(3)).isTrue();
        assertThat(e.disabled(5)).isTrue();
        assertThat(e.notificationPointSource(3)).isEqualTo("/sys/kernel/config/bnxt_re/bnxt_re0/ports/1/cc/ecn_enable");
        assertThat(broadcomHost("0x1\n").of(EcnState.class).get(0).enabled(3)).isTrue();
    }

    @Test
    void aBroadcomPortWithoutItsEcnSwitchIsMissingTheBnxtReSourceNotMlx5s() throws Exception {
        Facts f = broadcomHost(null);
        assertThat(f.of(EcnState.class)).isEmpty();
        assertThat(f.ledger().missing())
                .anyMatch(m -> m.contains("/sys/kernel/config/bnxt_re/bnxt_re0/ports/1/cc/ecn_enable"))
                .noneMatch(m -> m.contains("roce_np"));
    }

    @Test
    void aHostWhoseInventoryListsNoDeviceSaysSo() throws Exception {
        write("manifest.yaml", "host: h1\n");
        write("commands/rdma_link_show", "");
        Facts f = facts();
        assertThat(f.of(RdmaDevice.class)).isEmpty();
        assertThat(f.ledger().notes()).singleElement().asString().startsWith("no RDMA device found: rdma link show");
    }

    @Test
    void aDevicePortWithNoNetdevStillJoinsAndGetsNoTraffic() throws Exception {
        write("manifest.yaml", "host: h1\n");
        write(
                "commands/ibv_devinfo_-v",
                "hca_id:\tmlx5_4\n\ttransport:\t\t\tInfiniBand (0)\n\t\tport:\t1\n\t\t\tstate:\t\t\tPORT_ACTIVE (4)\n\t\t\tlink_layer:\t\tInfiniBand\n");
        write("commands/cma_roce_tos_-d_mlx5_4_-p_1", "0\n");
        write("commands/mlnx_qos_-i_eth4", QOS_DSCP);
        Facts f = facts();
        assertThat(f.of(RdmaDevice.class))
                .extracting(RdmaDevice::id, RdmaDevice::netdev)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("mlx5_4/1", null));
    }
}
