package io.rocedoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Given a dual-port host of each vendor: the bytes a bond's members put on the wire, and the RDMA
 * bytes of each RoCE port, are read by meaning (the port's own counter first, else the netdev's
 * plus the RDMA bytes), and a port whose RoCE bytes cannot be read is not judged at all.
 */
class TrafficFactsTest extends BundleFolderTest {
    private static final String PORT0 = "ens3f0np0";
    private static final String PORT1 = "ens3f1np1";

    /** One port of the dual-port NIC: its driver and its ethtool -S at the first and the last sample. */
    private void port(String name, String function, String driver, String counters0, String counters1)
            throws Exception {
        write(
                "commands/ethtool_-i_" + name,
                "driver: " + driver + "\nversion: 1\nfirmware-version: 1.0\nbus-info: 0000:c1:00." + function + "\n");
        write(
                "commands/ethtool_" + name,
                "Settings for " + name + ":\n\tSpeed: 100000Mb/s\n\tDuplex: Full\n\tLink detected: yes\n");
        write("commands/ethtool_-S_" + name, "NIC statistics:\n" + counters0);
        write("samples/1/commands/ethtool_-S_" + name, "NIC statistics:\n" + counters1);
    }

    private void bond() throws Exception {
        write("fs/proc/net/bonding/bond0", """
                Ethernet Channel Bonding Driver: v6.8.0

                Bonding Mode: IEEE 802.3ad Dynamic link aggregation
                Transmit Hash Policy: layer2 (0)
                MII Status: up

                Slave Interface: ens3f0np0
                MII Status: up
                Speed: 100000 Mbps

                Slave Interface: ens3f1np1
                MII Status: up
                Speed: 100000 Mbps
                """);
    }

    /** RDMA devices on both ports and their rdma statistic at the first and the last sample. */
    private void rdma(String device0, String device1, String statistic0, String statistic1) throws Exception {
        write(
                "commands/ibdev2netdev",
                device0 + " port 1 ==> " + PORT0 + " (Up)\n" + device1 + " port 1 ==> " + PORT1 + " (Up)\n");
        write("commands/rdma_statistic_show", statistic0);
        write("samples/1/commands/rdma_statistic_show", statistic1);
    }

    private Facts build() throws Exception {
        write("manifest.yaml", """
                format: 1
                host: h3
                samples:
                  - {n: 0, at: 2026-11-20T10:15:00.000Z}
                  - {n: 1, at: 2026-11-20T10:15:10.000Z}
                """);
        return facts();
    }

    private static GroupTraffic tx(Facts f) {
        return f.of(GroupTraffic.class).stream()
                .filter(t -> t.direction().equals("tx"))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void mlx5PhysicalPortBytesComeBeforeTheNetdevsPlusTheVportRdmaBytes() throws Exception {
        // The netdev and vport counters say balanced; the physical port counters, which see everything, do not.
        String balanced0 = "     tx_bytes: 0\n     tx_vport_rdma_unicast_bytes: 0\n";
        String balanced1 = "     tx_bytes: 100\n     tx_vport_rdma_unicast_bytes: 100\n";
        port(PORT0, "0", "mlx5_core", balanced0 + "     tx_bytes_phy: 0\n", balanced1 + "     tx_bytes_phy: 900\n");
        port(PORT1, "1", "mlx5_core", balanced0 + "     tx_bytes_phy: 0\n", balanced1 + "     tx_bytes_phy: 100\n");
        bond();
        GroupTraffic t = tx(build());
        assertThat(t.shares()).containsEntry(PORT0, 0.9).containsEntry(PORT1, 0.1);
        assertThat(t.sources()).containsEntry(PORT0, "ethtool -S " + PORT0);
    }

    @Test
    void bnxtEnPortStatisticsCountTheRoceBytesTheRingsNeverSee() throws Exception {
        // Per-ring [N]: blocks carry the netdev's own bytes; tx_bytes after them is the port's MAC counter.
        port(
                PORT0,
                "0",
                "bnxt_en",
                "     [0]: tx_ucast_bytes: 0\n     tx_bytes: 0\n",
                "     [0]: tx_ucast_bytes: 10\n     tx_bytes: 990000000000\n");
        port(
                PORT1,
                "1",
                "bnxt_en",
                "     [0]: tx_ucast_bytes: 0\n     tx_bytes: 0\n",
                "     [0]: tx_ucast_bytes: 10\n     tx_bytes: 10000000000\n");
        bond();
        GroupTraffic t = tx(build());
        assertThat(t.busiest()).isEqualTo(PORT0);
        assertThat(t.busiestShare()).isEqualTo(0.99);
        assertThat(t.loadFraction()).isEqualTo(1e12 / 10 / 25e9);
    }

    @Test
    void iceReadsThePortsCountersNotTheVsis() throws Exception {
        port(
                PORT0,
                "0",
                "ice",
                "     tx_bytes: 0\n     tx_bytes.nic: 0\n",
                "     tx_bytes: 500\n     tx_bytes.nic: 95000\n");
        port(
                PORT1,
                "1",
                "ice",
                "     tx_bytes: 0\n     tx_bytes.nic: 0\n",
                "     tx_bytes: 500\n     tx_bytes.nic: 5000\n");
        bond();
        assertThat(tx(build()).shares()).containsEntry(PORT0, 0.95).containsEntry(PORT1, 0.05);
    }

    @Test
    void withoutPortCountersIrdmaIpv4AndIpv6OctetsAddToTheVsisBytes() throws Exception {
        port(PORT0, "0", "ice", "     tx_bytes: 0\n", "     tx_bytes: 100\n");
        port(PORT1, "1", "ice", "     tx_bytes: 0\n", "     tx_bytes: 100\n");
        bond();
        rdma(
                "irdma0",
                "irdma1",
                "link irdma0/1 ip4OutOctets 0 ip6OutOctets 0\nlink irdma1/1 ip4OutOctets 0 ip6OutOctets 0\n",
                "link irdma0/1 ip4OutOctets 600 ip6OutOctets 300\nlink irdma1/1 ip4OutOctets 0 ip6OutOctets 0\n");
        GroupTraffic t = tx(build());
        assertThat(t.shares()).containsEntry(PORT0, 1000 / 1100.0).containsEntry(PORT1, 100 / 1100.0);
        assertThat(t.sources()).containsEntry(PORT0, "ethtool -S " + PORT0 + ", rdma statistic show link irdma0/1");
    }

    /** Near miss: the VSI's bytes alone would call a port busy with RoCE idle. */
    @Test
    void aPortWithARoceDeviceWhoseBytesAreUnreadIsNotJudged() throws Exception {
        port(PORT0, "0", "ice", "     tx_bytes: 0\n", "     tx_bytes: 100\n");
        port(PORT1, "1", "ice", "     tx_bytes: 0\n", "     tx_bytes: 900000\n");
        bond();
        rdma(
                "irdma0",
                "irdma1",
                "link irdma0/1 cnpSent 0\nlink irdma1/1 cnpSent 0\n",
                "link irdma0/1 cnpSent 0\nlink irdma1/1 cnpSent 0\n");
        Facts f = build();
        assertThat(f.of(GroupTraffic.class)).isEmpty();
        assertThat(f.ledger().notes()).anyMatch(n -> n.startsWith("bond0: TX bytes of " + PORT0 + " unknown"));
    }

    @Test
    void bnxtReRoceBytesAreEachFabricPortsRdmaTraffic() throws Exception {
        port(PORT0, "0", "bnxt_en", "     tx_bytes: 0\n", "     tx_bytes: 1\n");
        port(PORT1, "1", "bnxt_en", "     tx_bytes: 0\n", "     tx_bytes: 1\n");
        rdma(
                "bnxt_re0",
                "bnxt_re1",
                "link bnxt_re0/1 tx_bytes 0 rx_bytes 0 tx_roce_only_bytes 0\nlink bnxt_re1/1 tx_bytes 0 rx_bytes 0 tx_roce_only_bytes 0\n",
                "link bnxt_re0/1 tx_bytes 40 rx_bytes 60 tx_roce_only_bytes 40\nlink bnxt_re1/1 tx_bytes 2 rx_bytes 0 tx_roce_only_bytes 2\n");
        Facts f = build();
        assertThat(f.of(RdmaPortTraffic.class))
                .extracting(
                        RdmaPortTraffic::id, RdmaPortTraffic::bytes, RdmaPortTraffic::source, RdmaPortTraffic::counters)
                .containsExactly(
                        tuple(
                                "bnxt_re0/1",
                                100L,
                                "rdma statistic show link bnxt_re0/1",
                                List.of("tx_bytes", "rx_bytes")),
                        tuple(
                                "bnxt_re1/1",
                                2L,
                                "rdma statistic show link bnxt_re1/1",
                                List.of("tx_bytes", "rx_bytes")));
    }

    /**
     * Near miss: a counter that went down between the samples (a driver reload, a port reset) gave
     * no bytes, and a bond with one member reset looked as if the other carried it all.
     */
    @Test
    void aPortByteCounterThatWentDownLeavesThePortsBytesUnknown() throws Exception {
        port(PORT0, "0", "bnxt_en", "     tx_bytes: 0\n", "     tx_bytes: 500000\n");
        port(PORT1, "1", "bnxt_en", "     tx_bytes: 900000000\n", "     tx_bytes: 480000\n");
        bond();
        assertThat(build().of(GroupTraffic.class)).noneMatch(t -> t.direction().equals("tx"));
    }

    /** Near miss: an RDMA device whose counters were reset between the samples is not an idle path. */
    @Test
    void rdmaBytesThatWentDownAreNotAnIdlePort() throws Exception {
        port(PORT0, "0", "bnxt_en", "     tx_bytes: 0\n", "     tx_bytes: 1\n");
        port(PORT1, "1", "bnxt_en", "     tx_bytes: 0\n", "     tx_bytes: 1\n");
        rdma(
                "bnxt_re0",
                "bnxt_re1",
                "link bnxt_re0/1 tx_bytes 0 rx_bytes 0\nlink bnxt_re1/1 tx_bytes 7000 rx_bytes 9000\n",
                "link bnxt_re0/1 tx_bytes 40 rx_bytes 60\nlink bnxt_re1/1 tx_bytes 35 rx_bytes 65\n");
        assertThat(build().of(RdmaPortTraffic.class))
                .extracting(RdmaPortTraffic::id)
                .containsExactly("bnxt_re0/1");
    }
}
