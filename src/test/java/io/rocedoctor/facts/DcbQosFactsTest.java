package io.rocedoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Given a host whose QoS only iproute2's {@code dcb} shows (no MLNX_OFED), each port gets the same
 * {@link PortQos} an {@code mlnx_qos} twin would give: PFC, DSCP map, buffers; the trust mode only
 * where the driver ties it to the DSCP entries of the APP table (mlx5_core, ice).
 */
class DcbQosFactsTest extends BundleFolderTest {
    private static final String MLNX_QOS = """
            DCBX mode: OS controlled
            Priority trust state: dscp
            dscp2prio mapping:
            	prio:3 dscp:26,
            Receive buffer size (bytes): 130944,261888,0,0,0,0,0,0,
            PFC configuration:
            	priority    0   1   2   3   4   5   6   7
            	enabled     0   0   0   1   0   0   0   0
            	buffer      0   0   0   1   0   0   0   0
            """;
    private static final String DCB_PFC =
            "pfc-cap 8 macsec-bypass off delay 0 \nprio-pfc 0:off 1:off 2:off 3:on 4:off 5:off 6:off 7:off \n";
    private static final String DCB_APP = "dscp-prio AF31:3 \n";
    private static final String DCB_BUFFER = "prio-buffer 0:0 1:0 2:0 3:1 4:0 5:0 6:0 7:0 \n"
            + "buffer-size 0:130944b 1:261888b 2:0b 3:0b 4:0b 5:0b 6:0b 7:0b \ntotal-size 1216Kb \n";

    private void host(String driver) throws Exception {
        write("manifest.yaml", "host: h1\n");
        write(
                "commands/ethtool_-i_eth4",
                "driver: " + driver + "\nversion: 1\nfirmware-version: 1\nbus-info: 0000:5e:00.0\n");
        write("commands/ibdev2netdev", "roce0 port 1 ==> eth4 (Up)\n");
        write("commands/cma_roce_tos_-d_roce0_-p_1", "106\n");
    }

    private PortQos qos() throws Exception {
        return facts().of(PortQos.class).stream()
                .filter(q -> q.device().equals("eth4"))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void dcbOnAConnectXGivesWhatItsMlnxQosTwinGives() throws Exception {
        host("mlx5_core");
        write("commands/mlnx_qos_-i_eth4", MLNX_QOS);
        PortQos fromMlnxQos = qos();
        java.nio.file.Files.delete(dir.resolve("commands/mlnx_qos_-i_eth4"));
        write("commands/dcb_pfc_show_dev_eth4", DCB_PFC);
        write("commands/dcb_app_show_dev_eth4", DCB_APP);
        write("commands/dcb_buffer_show_dev_eth4", DCB_BUFFER);
        PortQos fromDcb = qos();
        assertThat(fromDcb)
                .usingRecursiveComparison()
                .ignoringFields("source", "priorityTrafficClass")
                .isEqualTo(fromMlnxQos);
        assertThat(fromDcb.trust()).isEqualTo("dscp");
        assertThat(fromDcb.source())
                .isEqualTo("dcb pfc show dev eth4, dcb app show dev eth4, dcb buffer show dev eth4");
        assertThat(fromMlnxQos.source()).isEqualTo("mlnx_qos -i eth4");
    }

    @Test
    void aPortWithoutQosIsMissingTheSourceItsDriversHostsCarry() throws Exception {
        host("bnxt_en");
        assertThat(facts().ledger().missing()).contains("dcb pfc show dev eth4").doesNotContain("mlnx_qos -i eth4");
        host("mlx5_core");
        assertThat(facts().ledger().missing()).contains("mlnx_qos -i eth4").doesNotContain("dcb pfc show dev eth4");
        write("commands/dcb_pfc_show_dev_eth4", DCB_PFC);
        assertThat(facts().ledger().missing()).doesNotContain("mlnx_qos -i eth4", "dcb pfc show dev eth4");
    }

    /**
     * dcb read on a netdev no other source knows (a partial bundle): its QoS is kept, its trust is
     * unknown (no driver to tie it to the APP table), and nothing fails (this was a
     * NullPointerException in portQos).
     */
    @Test
    void dcbOfANetdevWithoutPortFactsHasNoTrust() throws Exception {
        host("mlx5_core");
        write("commands/dcb_pfc_show_dev_eth9", DCB_PFC);
        write("commands/dcb_app_show_dev_eth9", DCB_APP);
        PortQos eth9 = facts().of(PortQos.class).stream()
                .filter(q -> q.device().equals("eth9"))
                .findFirst()
                .orElseThrow();
        assertThat(eth9.trust()).isNull();
        assertThat(eth9.pfcPriorities()).containsExactly(3);
        // The near miss: on the known mlx5 port, the same captures give trust dscp.
        write("commands/dcb_pfc_show_dev_eth4", DCB_PFC);
        write("commands/dcb_app_show_dev_eth4", DCB_APP);
        assertThat(qos().trust()).isEqualTo("dscp");
    }

    @Test
    void mlnxQosIsTheAuthorityWhereBothAnswered() throws Exception {
        host("mlx5_core");
        write("commands/mlnx_qos_-i_eth4", MLNX_QOS);
        write("commands/dcb_pfc_show_dev_eth4", DCB_PFC.replace("4:off", "4:on"));
        PortQos q = qos();
        assertThat(q.source()).isEqualTo("mlnx_qos -i eth4");
        assertThat(q.pfcPriorities()).containsExactly(3);
    }

    @Test
    void aConnectXWithoutDscpEntriesTrustsPcp() throws Exception {
        host("mlx5_core");
        write("commands/dcb_pfc_show_dev_eth4", DCB_PFC);
        write("commands/dcb_app_show_dev_eth4", "");
        assertThat(qos().trust()).isEqualTo("pcp");
    }

    @Test
    void anE810WithDscpEntriesTrustsDscpAndMapsTheToSThroughThem() throws Exception {
        host("ice");
        write("commands/dcb_pfc_show_dev_eth4", DCB_PFC);
        write("commands/dcb_app_show_dev_eth4", "dscp-prio 26:4 \n");
        assertThat(qos().trust()).isEqualTo("dscp");
        RoceTraffic t = facts().of(RoceTraffic.class).get(0);
        assertThat(t.priority()).isEqualTo(4);
        assertThat(t.derivation()).isEqualTo("ToS 106 -> DSCP 26 -> priority 4 (trust dscp)");
    }

    @Test
    void onBroadcomTheTrustModeIsNotInferredFromTheAppTable() throws Exception {
        host("bnxt_en");
        write("commands/dcb_pfc_show_dev_eth4", DCB_PFC);
        write("commands/dcb_app_show_dev_eth4", "dscp-prio 26:3 48:7 \n");
        PortQos q = qos();
        assertThat(q.trust()).isNull();
        assertThat(q.dscpPriority()).containsEntry(26, 3);
        assertThat(q.pfcPriorities()).containsExactly(3);
        assertThat(facts().of(RoceTraffic.class).get(0).derivation())
                .isEqualTo("ToS 106 -> priority 3 (trust not shown, taken as pcp: the ToS precedence bits)");
    }

    @Test
    void withoutDcbPfcThereIsNoPortQos() throws Exception {
        host("bnxt_en");
        write("commands/dcb_app_show_dev_eth4", DCB_APP);
        write("commands/dcb_pfc_show_dev_eth4", "Attribute read: Operation not supported\n");
        assertThat(facts().of(PortQos.class)).isEmpty();
    }
}
