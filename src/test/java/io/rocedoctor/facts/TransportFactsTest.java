package io.rocedoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.rocedoctor.engine.Evidence;
import io.rocedoctor.engine.RuleHarness;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Given a host's RDMA outputs: transport counters per device port, GIDs per address and type,
 * RoCE MTU against the netdev's, and the multipath groups a bond with a RoCE LAG or independent
 * ports facing one fabric form.
 */
class TransportFactsTest extends BundleFolderTest {

    private static final String GIDS = """
            DEV     PORT    INDEX   GID                                     IPv4            VER     DEV
            ---     ----    -----   ---                                     ------------    ---     ---
            mlx5_4  1       0       fe80:0000:0000:0000:5a24:2cff:fe11:0a01                 v1      eth4
            mlx5_4  1       1       fe80:0000:0000:0000:5a24:2cff:fe11:0a01                 v2      eth4
            mlx5_4  1       2       0000:0000:0000:0000:0000:ffff:0a0b:0c0d 10.11.12.13     v1      eth4
            mlx5_4  1       3       0000:0000:0000:0000:0000:ffff:0a0b:0c0d 10.11.12.13     v2      eth4
            mlx5_5  1       0       fe80:0000:0000:0000:5a24:2cff:fe11:0a02                 v1      eth5
            mlx5_5  1       1       fe80:0000:0000:0000:5a24:2cff:fe11:0a02                 v2      eth5
            mlx5_5  1       2       0000:0000:0000:0000:0000:ffff:0a0b:0d0e 10.11.13.14     v1      eth5
            n_gids_found=7
            """;

    private static final String IBV = """
            hca_id:	mlx5_4
            	transport:			InfiniBand (0)
            	phys_port_cnt:			1
            		port:	1
            			state:			PORT_ACTIVE (4)
            			max_mtu:		4096 (5)
            			active_mtu:		1024 (3)
            			link_layer:		Ethernet
            hca_id:	mlx5_5
            	transport:			InfiniBand (0)
            	phys_port_cnt:			1
            		port:	1
            			state:			PORT_ACTIVE (4)
            			max_mtu:		4096 (5)
            			active_mtu:		4096 (5)
            			link_layer:		Ethernet
            """;

    /** The show_gids capture; null for a host without it (a sosreport), whose GIDs come from ibv_devinfo -v. */
    private String showGids = GIDS;

    private String ibvDevinfo = IBV;

    /** The host's RDMA devices: one per port unless a test bonds them. */
    private String ibdev2netdev = "mlx5_4 port 1 ==> eth4 (Up)\nmlx5_5 port 1 ==> eth5 (Up)\n";

    private void port(String name, String pci, int speed, int mtu, long rdmaTx0, long rdmaTx1) throws Exception {
        write(
                "commands/ethtool_-i_" + name,
                "driver: mlx5_core\nversion: 1\nfirmware-version: 22.1.1 (MT_1)\nbus-info: " + pci + "\n");
        write(
                "commands/ethtool_" + name,
                "Settings for " + name + ":\n\tSpeed: " + speed + "Mb/s\n\tDuplex: Full\n\tLink detected: yes\n");
        write("fs/sys/class/net/" + name + "/mtu", mtu + "\n");
        write(
                "commands/ethtool_-S_" + name,
                "NIC statistics:\n     tx_vport_rdma_unicast_bytes: " + rdmaTx0
                        + "\n     rx_vport_rdma_unicast_bytes: 0\n");
        write(
                "samples/1/commands/ethtool_-S_" + name,
                "NIC statistics:\n     tx_vport_rdma_unicast_bytes: " + rdmaTx1
                        + "\n     rx_vport_rdma_unicast_bytes: 0\n");
    }

    private Facts build(String manifestExtra) throws Exception {
        write("manifest.yaml", """
                format: 1
                host: h2
                samples:
                  - {n: 0, at: 2026-11-20T10:15:00.000Z}
                  - {n: 1, at: 2026-11-20T10:15:10.000Z}
                """ + manifestExtra);
        write("commands/ibdev2netdev", ibdev2netdev);
        if (showGids != null) {
            write("commands/show_gids", showGids);
        }
        write("commands/ibv_devinfo_-v", ibvDevinfo);
        write("commands/rdma_statistic_show", "link mlx5_4/1 out_of_sequence 10 packet_seq_err 0\n");
        write("samples/1/commands/rdma_statistic_show", "link mlx5_4/1 out_of_sequence 70 packet_seq_err 0\n");
        return facts();
    }

    @Test
    void transportCountersAreRatesOfTheDevicePort() throws Exception {
        port("eth4", "0000:5e:00.0", 100000, 9000, 0, 0);
        Facts f = build("");
        assertThat(f.of(CounterRate.class))
                .filteredOn(c -> c.subject().equals("mlx5_4/1"))
                .extracting(CounterRate::counter, CounterRate::delta, CounterRate::perSecond)
                .containsExactlyInAnyOrder(tuple("out_of_sequence", 60L, 6.0), tuple("packet_seq_err", 0L, 0.0));
    }

    @Test
    void anAddressWithOnlyAV1GidIsListedAsLackingV2() throws Exception {
        port("eth4", "0000:5e:00.0", 100000, 9000, 0, 0);
        Facts f = build("");
        assertThat(f.of(PortGids.class))
                .extracting(PortGids::id, PortGids::netdev, PortGids::lackingV2)
                .containsExactly(
                        tuple("mlx5_4/1", "eth4", java.util.List.of()),
                        tuple("mlx5_5/1", "eth5", java.util.List.of("10.11.13.14")));
    }

    /** rdma-core's devinfo.c: RoCE v1 GIDs in full hex, RoCE v2 GIDs through inet_ntop. */
    private static String devinfoWithGids(String mlx5_5Gids) {
        return IBV.replace(
                        "\t\t\tactive_mtu:\t\t1024 (3)\n\t\t\tlink_layer:\t\tEthernet\n",
                        "\t\t\tactive_mtu:\t\t1024 (3)\n\t\t\tlink_layer:\t\tEthernet\n"
                                + "\t\t\tGID[  0]:\t\tfe80:0000:0000:0000:5a24:2cff:fe11:0a01, RoCE v1\n"
                                + "\t\t\tGID[  1]:\t\tfe80::5a24:2cff:fe11:a01, RoCE v2\n"
                                + "\t\t\tGID[  2]:\t\t0000:0000:0000:0000:0000:ffff:0a0b:0c0d, RoCE v1\n"
                                + "\t\t\tGID[  3]:\t\t::ffff:10.11.12.13, RoCE v2\n")
                + mlx5_5Gids;
    }

    @Test
    void withoutShowGidsTheTwoSpellingsOfOneAddressInIbvDevinfoAreOneAddress() throws Exception {
        showGids = null;
        ibvDevinfo = devinfoWithGids("\t\t\tGID[  0]:\t\tfe80:0000:0000:0000:5a24:2cff:fe11:0a02, RoCE v1\n"
                + "\t\t\tGID[  1]:\t\tfe80::5a24:2cff:fe11:a02, RoCE v2\n"
                + "\t\t\tGID[  2]:\t\t0000:0000:0000:0000:0000:ffff:0a0b:0d0e, RoCE v1\n"
                + "\t\t\tGID[  3]:\t\t::ffff:10.11.13.14, RoCE v2\n");
        port("eth4", "0000:5e:00.0", 100000, 9000, 0, 0);
        Facts f = build("");
        assertThat(f.of(PortGids.class))
                .extracting(PortGids::id, PortGids::v1Addresses, PortGids::v2Addresses, PortGids::lackingV2)
                .containsExactly(
                        tuple(
                                "mlx5_4/1",
                                List.of("fe80::5a24:2cff:fe11:a01", "10.11.12.13"),
                                List.of("fe80::5a24:2cff:fe11:a01", "10.11.12.13"),
                                List.of()),
                        tuple(
                                "mlx5_5/1",
                                List.of("fe80::5a24:2cff:fe11:a02", "10.11.13.14"),
                                List.of("fe80::5a24:2cff:fe11:a02", "10.11.13.14"),
                                List.of()));
    }

    @Test
    void withoutShowGidsAnAddressWhoseV2GidIsReallyMissingIsStillListed() throws Exception {
        showGids = null;
        // The v2 GID printed is of another address (...:a03): ...:a02 and 10.11.13.14 have v1 only.
        ibvDevinfo = devinfoWithGids("\t\t\tGID[  0]:\t\tfe80:0000:0000:0000:5a24:2cff:fe11:0a02, RoCE v1\n"
                + "\t\t\tGID[  1]:\t\tfe80::5a24:2cff:fe11:a03, RoCE v2\n"
                + "\t\t\tGID[  2]:\t\t0000:0000:0000:0000:0000:ffff:0a0b:0d0e, RoCE v1\n");
        port("eth4", "0000:5e:00.0", 100000, 9000, 0, 0);
        Facts f = build("");
        assertThat(f.of(PortGids.class))
                .extracting(PortGids::id, PortGids::lackingV2)
                .containsExactly(
                        tuple("mlx5_4/1", List.of()),
                        tuple("mlx5_5/1", List.of("fe80::5a24:2cff:fe11:a02", "10.11.13.14")));
        // The finding names the capture the GIDs came from: a sosreport has no show_gids.
        assertThat(f.of(PortGids.class)).extracting(PortGids::source).containsOnly("ibv_devinfo -v");
        assertThat(RuleHarness.diagnose(f.all()).findings())
                .filteredOn(x -> x.id().equals("ROCE_GID_V2_MISSING"))
                .singleElement()
                .satisfies(gid ->
                        assertThat(gid.evidence()).extracting(Evidence::source).containsOnly("ibv_devinfo -v"));
    }

    @Test
    void nearMissWithShowGidsCollectedTheGidsAreShowGids() throws Exception {
        port("eth4", "0000:5e:00.0", 100000, 9000, 0, 0);
        Facts f = build("");
        assertThat(f.of(PortGids.class))
                .isNotEmpty()
                .extracting(PortGids::source)
                .containsOnly("show_gids");
    }

    @Test
    void theIndexOfEachRoceV2Ipv4GidIsKeptWithItsPortAndCapture() throws Exception {
        port("eth4", "0000:5e:00.0", 100000, 9000, 0, 0);
        Facts f = build("");
        // mlx5_5 has no v2 GID of its IPv4 address: nothing to index; link-local v2 GIDs are not IPv4.
        assertThat(f.of(RoceV2Ipv4Gid.class))
                .extracting(RoceV2Ipv4Gid::role, RoceV2Ipv4Gid::netdev, RoceV2Ipv4Gid::address, RoceV2Ipv4Gid::index)
                .containsExactly(tuple("mlx5_4/1", "eth4", "10.11.12.13", 3));
        assertThat(f.of(RoceV2Ipv4Gid.class)).extracting(RoceV2Ipv4Gid::source).containsOnly("show_gids");
    }

    @Test
    void withoutShowGidsTheIndexIsIbvDevinfosAndTheNetdevTheDevicesOwn() throws Exception {
        showGids = null;
        // A global IPv6 address came up before the IPv4 one: its GIDs take 2 and 3, the IPv4 ones 4 and 5.
        ibvDevinfo = devinfoWithGids("\t\t\tGID[  0]:\t\tfe80:0000:0000:0000:5a24:2cff:fe11:0a02, RoCE v1\n"
                + "\t\t\tGID[  1]:\t\tfe80::5a24:2cff:fe11:a02, RoCE v2\n"
                + "\t\t\tGID[  2]:\t\t2001:0db8:0000:0007:5a24:2cff:fe11:0a02, RoCE v1\n"
                + "\t\t\tGID[  3]:\t\t2001:db8:0:7:5a24:2cff:fe11:a02, RoCE v2\n"
                + "\t\t\tGID[  4]:\t\t0000:0000:0000:0000:0000:ffff:0a0b:0d0e, RoCE v1\n"
                + "\t\t\tGID[  5]:\t\t::ffff:10.11.13.14, RoCE v2\n");
        port("eth4", "0000:5e:00.0", 100000, 9000, 0, 0);
        Facts f = build("");
        assertThat(f.of(RoceV2Ipv4Gid.class))
                .extracting(
                        RoceV2Ipv4Gid::role,
                        RoceV2Ipv4Gid::netdev,
                        RoceV2Ipv4Gid::address,
                        RoceV2Ipv4Gid::index,
                        RoceV2Ipv4Gid::source)
                .containsExactly(
                        tuple("mlx5_4/1", "eth4", "10.11.12.13", 3, "ibv_devinfo -v"),
                        tuple("mlx5_5/1", "eth5", "10.11.13.14", 5, "ibv_devinfo -v"));
    }

    @Test
    void ipv4MappedGidsReadAsDottedAddresses() {
        assertThat(TransportFacts.address("0000:0000:0000:0000:0000:ffff:0a0b:0c0d"))
                .isEqualTo("10.11.12.13");
        assertThat(TransportFacts.address("::ffff:192.168.7.21")).isEqualTo("192.168.7.21");
        assertThat(TransportFacts.address("FE80::1")).isEqualTo("fe80::1");
        assertThat(TransportFacts.address("fe80:0000:0000:0000:0000:0000:0000:0001"))
                .isEqualTo("fe80::1");
    }

    @Test
    void roceMtuIsComparedWithWhatTheNetdevMtuCarries() throws Exception {
        port("eth4", "0000:5e:00.0", 100000, 9000, 0, 0);
        port("eth5", "0000:5e:00.1", 100000, 1500, 0, 0);
        Facts f = build("");
        assertThat(f.of(RoceMtu.class))
                .extracting(RoceMtu::id, RoceMtu::netdevMtu, RoceMtu::activeMtu, RoceMtu::fittingMtu)
                .containsExactly(tuple("mlx5_4/1", 9000, 1024, 4096), tuple("mlx5_5/1", 1500, 4096, 1024));
    }

    @Test
    void activePortsOfOneSpeedOutsideABondFaceOneFabric() throws Exception {
        port("eth4", "0000:5e:00.0", 100000, 9000, 0, 50_000_000_000L);
        port("eth5", "0000:5e:00.1", 100000, 9000, 7, 7);
        Facts f = build("");
        assertThat(f.of(MultipathGroup.class))
                .extracting(MultipathGroup::name, MultipathGroup::kind, MultipathGroup::members)
                .containsExactly(tuple("fabric:eth4+eth5", "fabric", java.util.List.of("eth4", "eth5")));
        assertThat(f.of(RdmaPortTraffic.class))
                .extracting(RdmaPortTraffic::id, RdmaPortTraffic::bytes, RdmaPortTraffic::loadFraction)
                .containsExactly(tuple("mlx5_4/1", 50_000_000_000L, 0.2), tuple("mlx5_5/1", 0L, 0.0));
    }

    @Test
    void portsOfDifferentSpeedsDoNotFormAFabricGroup() throws Exception {
        port("eth4", "0000:5e:00.0", 100000, 9000, 0, 0);
        port("eth5", "0000:5e:00.1", 25000, 9000, 0, 0);
        assertThat(build("").of(MultipathGroup.class)).isEmpty();
    }

    @Test
    void manifestLinksDecideWhichPortsFaceTheFabric() throws Exception {
        port("eth4", "0000:5e:00.0", 100000, 9000, 0, 0);
        port("eth5", "0000:5e:00.1", 25000, 9000, 0, 0);
        Facts f = build("links:\n  - {host_port: eth4, switch: leafA, switch_port: Ethernet1}\n"
                + "  - {host_port: eth5, switch: leafB, switch_port: Ethernet1}\n");
        assertThat(f.of(MultipathGroup.class))
                .extracting(MultipathGroup::members)
                .containsExactly(java.util.List.of("eth4", "eth5"));
    }

    @Test
    void lldpLinksToTheOnePlaneWhoseSwitchWasDumpedDoNotNarrowTheFabric() throws Exception {
        port("eth4", "0000:5e:00.0", 100000, 9000, 0, 50_000_000_000L);
        port("eth5", "0000:5e:00.1", 100000, 9000, 7, 7);
        Facts unlinked = build("");

        write("switches/leafA/manifest.yaml", "platform: sonic\n");
        write("commands/lldpcli_show_neighbors", """
                -------------------------------------------------------------------------------
                LLDP neighbors:
                -------------------------------------------------------------------------------
                Interface:    eth4, via: LLDP, RID: 1, Time: 0 day, 02:13:45
                  Chassis:
                    ChassisID:    mac 0c:42:a1:7e:10:00
                    SysName:      leafA
                  Port:
                    PortID:       ifname Ethernet1
                -------------------------------------------------------------------------------
                Interface:    eth5, via: LLDP, RID: 2, Time: 0 day, 02:13:45
                  Chassis:
                    ChassisID:    mac 0c:42:a1:7e:20:00
                    SysName:      leafB
                  Port:
                    PortID:       ifname Ethernet1
                -------------------------------------------------------------------------------
                """);
        Facts heard = build("");

        // Only leafA was dumped: LLDP links eth4 alone, and eth5 still faces the fabric beside it.
        assertThat(heard.of(Link.class))
                .extracting(Link::hostPort, Link::origin)
                .containsExactly(tuple("eth4", "lldp"));
        assertThat(heard.of(MultipathGroup.class))
                .isEqualTo(unlinked.of(MultipathGroup.class))
                .extracting(MultipathGroup::members)
                .containsExactly(List.of("eth4", "eth5"));
        assertThat(heard.of(RdmaPortTraffic.class))
                .isEqualTo(unlinked.of(RdmaPortTraffic.class))
                .hasSize(2);
    }

    /** /proc/net/bonding/bond0 of an 802.3ad bond of eth4 and eth5 with this transmit hash policy. */
    private void bond0OfEth4AndEth5(String hashPolicy) throws Exception {
        write("fs/proc/net/bonding/bond0", """
                Ethernet Channel Bonding Driver: v5.15.0

                Bonding Mode: IEEE 802.3ad Dynamic link aggregation
                Transmit Hash Policy: %s
                MII Status: up

                Slave Interface: eth4
                MII Status: up
                Speed: 100000 Mbps

                Slave Interface: eth5
                MII Status: up
                Speed: 100000 Mbps
                """.formatted(hashPolicy));
    }

    @Test
    void aRoceLagDeviceOverABondMakesTheBondGroupARoceLagGroup() throws Exception {
        port("eth4", "0000:5e:00.0", 100000, 9000, 0, 0);
        port("eth5", "0000:5e:00.1", 100000, 9000, 0, 0);
        bond0OfEth4AndEth5("layer2+3 (2)");
        ibdev2netdev = "mlx5_bond_0 port 1 ==> bond0 (Up)\n";
        Facts f = build("");
        assertThat(f.of(MultipathGroup.class))
                .extracting(MultipathGroup::name, MultipathGroup::kind, MultipathGroup::hashHasL4SourcePort)
                .containsExactly(tuple("bond0", "roce-lag", false));
        assertThat(f.of(MultipathGroup.class).get(0).hashPolicy())
                .startsWith("RoCE LAG mlx5_bond_0 over bond xmit_hash_policy layer2+3");
    }
    /**
     * A partial bundle: the bond names eth5 and its RDMA traffic was counted, but ethtool never
     * saw eth5, so its speed is unknown. Its traffic stands with no load, where eth4's load is its
     * share of twice its line rate (this was a NullPointerException in portTraffic).
     */
    @Test
    void aBondMemberWithoutPortFactsHasTrafficButNoLoad() throws Exception {
        port("eth4", "0000:5e:00.0", 100000, 9000, 0, 25_000_000_000L);
        port("eth5", "0000:5e:00.1", 100000, 9000, 0, 25_000_000_000L);
        java.nio.file.Files.delete(dir.resolve("commands/ethtool_-i_eth5"));
        java.nio.file.Files.delete(dir.resolve("commands/ethtool_eth5"));
        bond0OfEth4AndEth5("layer3+4 (1)");
        Facts f = build("");
        assertThat(f.of(RdmaPortTraffic.class))
                .extracting(RdmaPortTraffic::netdev, RdmaPortTraffic::bytesPerSecond, RdmaPortTraffic::loadFraction)
                .containsExactlyInAnyOrder(tuple("eth4", 2.5e9, 0.1), tuple("eth5", 2.5e9, null));
    }
}
