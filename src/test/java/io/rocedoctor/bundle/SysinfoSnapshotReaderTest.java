package io.rocedoctor.bundle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sysinfo-snapshot reader on small snapshots in the script's shapes (sysinfo-snapshot.py 3.1.8 to 3.7.9.9). */
class SysinfoSnapshotReaderTest {
    private static final String HEAD =
            "<html><head><title>t</title></head><body><pre><a name=\"index\"></a><h1>Mellanox Technologies</h1>"
                    + "<br/><a name=\"index\"></a><h2>Linux Ethernet Driver System Information Snapshot Utility</h2><br/>"
                    + "<a name=\"index\"></a><h2>Version: 3.7.6</h2><br/><hr/><h2>1. Server Commands: </h2><table><tr></tr></table><p>";

    @TempDir
    Path dir;

    private Path snapshot(String sections) throws IOException {
        Path root = dir.resolve("sysinfo-snapshot-v3.7.6-rack4-n12-20231001-120000");
        Files.createDirectories(root);
        Files.writeString(root.resolve("rack4-n12-20231001-120000.html"), HEAD + sections + "</p></pre></body></html>");
        return root;
    }

    private static String text(Bundle b, Source s) throws IOException {
        Optional<Capture> c = b.capture(s, 0);
        assertThat(c).as(s.display()).isPresent();
        return b.read(c.get());
    }

    @Test
    void aSectionIsItsCommandsOutputDecodedAsThe37ScriptEncodedIt() throws Exception {
        Path root = snapshot(
                "<a name=\"sec1001\"></a><h2>lscpu</h2><p>CPU(s):&nbsp;&nbsp;&nbsp;&nbsp;64<br/>Flags: a&lt;b&gt;</p>");

        try (Bundle b = new BundleReader().read(root)) {
            assertThat(b.layout()).isEqualTo(Layout.SYSINFO_SNAPSHOT);
            assertThat(b.layout().label()).isEqualTo("sysinfo-snapshot");
            assertThat(b.collector()).isEqualTo("sysinfo-snapshot 3.7.6");
            assertThat(b.host()).isEqualTo("rack4-n12");
            assertThat(b.sampleCount()).isEqualTo(1);
            assertThat(text(b, Source.of(SourceKind.LSCPU))).isEqualTo("CPU(s):\t64\nFlags: a<b>\n");
        }
    }

    @Test
    void theTextFileWinsOverTheSectionOfTheSameCommandAndItsFirstLineNamesTheCommand() throws Exception {
        Path root = snapshot("<h2>numactl --hardware</h2><p>from the page</p>");
        Files.createDirectories(root.resolve("commands_txt_output"));
        // The file name lost the dashes; the first line keeps the command.
        Files.writeString(
                root.resolve("commands_txt_output/numactl_hardware.txt"),
                "Invoked Command: numactl --hardware\navailable: 2 nodes (0-1)\n");

        try (Bundle b = new BundleReader().read(root)) {
            assertThat(text(b, Source.of(SourceKind.NUMACTL))).isEqualTo("available: 2 nodes (0-1)\n");
            assertThat(b.samplesOf(Source.of(SourceKind.NUMACTL))).hasSize(1);
        }
    }

    @Test
    void aHandlersBlocksAreEachTheSourceTheirFirstLineNames() throws Exception {
        Path root = snapshot(
                "<h2>ethtool_all_interfaces</h2><p>ethtool version 6.1\n\nethtool  ens1f0.100\nSettings for ens1f0.100:\n"
                        + "\tSpeed: 100000Mb/s\n____________\n\nethtool -i ens1f0.100\ndriver: mlx5_core\n____________\n\n"
                        + "ethtool -m ens1f0.100\nCould not run command: ethtool -m ens1f0.100\n____________\n\n"
                        + "ethtool -S output:\n\nethtool -S ens1f0.100\n<td><a href=ethtool_S/ethtool_S_ens1f0100>ethtool -S ens1f0.100</a></td>\n\n"
                        + "--------------------------------------------------</p>"
                        + "<h2>cma_roce_tos</h2><p>cma_roce_tos -d mlx5_0<br/><br/>106</p>");
        Files.createDirectories(root.resolve("ethtool_S"));
        Files.writeString(root.resolve("ethtool_S/ethtool_S_ens1f0100"), "NIC statistics:\n     rx_packets: 7\n");

        try (Bundle b = new BundleReader().read(root)) {
            assertThat(text(b, Source.of(SourceKind.ETHTOOL_LINK, "ens1f0.100")))
                    .contains("Speed: 100000Mb/s")
                    .doesNotContain("____");
            assertThat(text(b, Source.of(SourceKind.ETHTOOL_DRIVER, "ens1f0.100")))
                    .isEqualTo("driver: mlx5_core\n");
            // The link names the interface the file name lost its '.' from.
            assertThat(text(b, Source.of(SourceKind.ETHTOOL_STATS, "ens1f0.100")))
                    .contains("rx_packets: 7");
            assertThat(b.sources(SourceKind.ETHTOOL_STATS))
                    .containsExactly(Source.of(SourceKind.ETHTOOL_STATS, "ens1f0.100"));
            // The script's note that a command failed is a capture not taken, with that reason.
            Capture module = b.capture(Source.of(SourceKind.ETHTOOL_MODULE, "ens1f0.100"), 0)
                    .orElseThrow();
            assertThat(module.collected()).isFalse();
            assertThat(module.error()).contains("Could not run command: ethtool -m ens1f0.100");
            // cma_roce_tos without -p is port 1, the tool's default.
            assertThat(text(b, Source.of(SourceKind.CMA_ROCE_TOS, "mlx5_0", "1")))
                    .isEqualTo("106\n");
        }
    }

    @Test
    void theIrqAndEcnFoldersAreReadByTheirOwnShapes() throws Exception {
        Path root = snapshot("<h2>hostname</h2><p>n12</p>");
        Files.createDirectories(root.resolve("show_irq_affinity_all"));
        Files.writeString(
                root.resolve("show_irq_affinity_all/ens1f0np0"), "show_irq_affinity.sh ens1f0np0\n120: 00000001\n");
        Files.writeString(
                root.resolve("show_irq_affinity_all/mlx4"), "show_irq_affinity.sh mlx4\nInterface mlx4 does not exist");
        Files.createDirectories(root.resolve("ecn/config"));
        Files.writeString(
                root.resolve("ecn/config/ens1f0np0"),
                "/sys/class/net/ens1f0np0/ecn/roce_np/enable/3= 1\n\n"
                        + "/sys/class/net/ens1f0np0/ecn/roce_rp/enable/3= 0\n\n/sys/class/net/ens1f0np0/ecn/roce_np/cnp_dscp= 48\n\n");

        try (Bundle b = new BundleReader().read(root)) {
            assertThat(b.host()).isEqualTo("n12");
            assertThat(text(b, Source.of(SourceKind.SHOW_IRQ_AFFINITY, "ens1f0np0")))
                    .isEqualTo("120: 00000001\n");
            assertThat(b.sources(SourceKind.SHOW_IRQ_AFFINITY)).hasSize(1); // mlx4 is no interface: nothing taken
            assertThat(text(b, Source.of(SourceKind.ECN_NOTIFICATION_POINT, "ens1f0np0", "3")))
                    .isEqualTo("1\n");
            assertThat(text(b, Source.of(SourceKind.ECN_REACTION_POINT, "ens1f0np0", "3")))
                    .isEqualTo("0\n");
        }
    }

    @Test
    void a36TextFileNamesItsCommandOnItsFirstLineWithoutThePrefixAndKeepsSpacesInItsName() throws Exception {
        Path root = snapshot("");
        Files.createDirectories(root.resolve("commands_txt_output"));
        Files.writeString(root.resolve("commands_txt_output/ibv_devinfo v.txt"), "ibv_devinfo -v\n\nhca_id:\tmlx5_0\n");
        // Near miss: a file whose first line is not the command its name was cleaned from is not taken for it.
        Files.writeString(root.resolve("commands_txt_output/lscpu.txt"), "numactl -H\n\navailable: 1 nodes (0)\n");

        try (Bundle b = new BundleReader().read(root)) {
            assertThat(text(b, Source.of(SourceKind.IBV_DEVINFO))).isEqualTo("hca_id:\tmlx5_0\n");
            assertThat(b.sources(SourceKind.NUMACTL)).isEmpty();
            assertThat(b.sources(SourceKind.LSCPU)).isEmpty();
        }
    }

    @Test
    void lspciVvIsLspcisOutputWithoutTheHandlersPathsAndCommandLines() throws Exception {
        Path root = snapshot("");
        Files.createDirectories(root.resolve("pcie_files"));
        Files.writeString(
                root.resolve("pcie_files/lspci_vv"),
                "Mellanox Pci devices tree \n/devices/pci0000:17/0000:17:00.0/0000:18:00.0\n\n\n"
                        + "lspci -vv -s <Query device that is connected to Mellanox device according to the lspci tree>\n\n"
                        + "lspci -vv -s 18:00.0\n18:00.0 Ethernet controller: Mellanox Technologies MT2892 Family [ConnectX-6 Dx]\n"
                        + "\tLnkSta:\tSpeed 16GT/s (ok), Width x16 (ok)\n\n");

        try (Bundle b = new BundleReader().read(root)) {
            assertThat(text(b, Source.of(SourceKind.LSPCI)))
                    .startsWith("18:00.0 Ethernet controller")
                    .doesNotContain("lspci -vv -s")
                    .doesNotContain("/devices/");
        }
    }

    @Test
    void a31GreppedSectionIsEachFileItsLinesNameWithoutTheFileName() throws Exception {
        // 3.1.7 and earlier: find /proc/net/bonding/ | xargs grep ^ prefixes every line with its file.
        Path root = snapshot(
                "<h2>zz_proc_net_bonding_files</h2><p>"
                        + "/proc/net/bonding/bond0:Ethernet Channel Bonding Driver: v3.6.0 (September 26, 2009)\n"
                        + "/proc/net/bonding/bond0:\n/proc/net/bonding/bond0:Bonding Mode: load balancing (round-robin)\n"
                        + "/proc/net/bonding/bond1:Bonding Mode: IEEE 802.3ad Dynamic link aggregation</p>"
                        + "<h2>zz_sys_class_net_files</h2><p>/sys/class/net/bonding_masters:bond0 bond1\n"
                        + "/sys/class/net/eth2/mtu:9000</p>"
                        + "<h2>yy_MLX4_modules_parameters</h2><p>/sys/module/mlx4_core/parameters/log_num_mgm_entry_size=-10</p>");

        try (Bundle b = new BundleReader().read(root)) {
            assertThat(text(b, Source.of(SourceKind.BONDING, "bond0")))
                    .isEqualTo("Ethernet Channel Bonding Driver: v3.6.0 (September 26, 2009)\n\n"
                            + "Bonding Mode: load balancing (round-robin)\n");
            assertThat(text(b, Source.of(SourceKind.BONDING, "bond1")))
                    .isEqualTo("Bonding Mode: IEEE 802.3ad Dynamic link aggregation\n");
            assertThat(text(b, Source.of(SourceKind.NETDEV_MTU, "eth2"))).isEqualTo("9000\n");
        }
    }

    @Test
    void a31HeadedSectionIsNotTakenForGreppedLines() throws Exception {
        // Near miss: 3.1.8's zz_files_handler heads each file with its path and a blank line, then the file.
        Path root = snapshot(
                "<h2>zz_proc_net_bonding_files</h2><p>/proc/net/bonding/bond0:\n\n"
                        + "Bonding Mode: fault-tolerance (active-backup)\n\n--------------------------------------------------</p>");

        try (Bundle b = new BundleReader().read(root)) {
            assertThat(text(b, Source.of(SourceKind.BONDING, "bond0")))
                    .isEqualTo("Bonding Mode: fault-tolerance (active-backup)\n");
        }
    }

    @Test
    void lspciXxxvvvIsLspciAndTheOneCardsMlxconfigQueryIsItsMlxconfig() throws Exception {
        String mlxconfig = "<h2>mlxconfig_query</h2><p>Device #1:\n----------\n\nDevice type:    ConnectIB\n"
                + "PCI device:     /dev/mst/mt4113_pciconf0\n\nConfigurations:                              Current\n"
                + "         CNP_DSCP_P1                         0</p>";
        Path root = snapshot("<h2>ibdev2pcidev</h2><p>mlx5_0 ==&gt; 0000:07:00.0\nmlx5_1 ==&gt; 0000:07:00.1</p>"
                + "<h2>lspci_xxxvvv</h2><p>07:00.0 Infiniband controller: Mellanox Technologies MT27600 [Connect-IB]\n"
                + "00: b3 15 13 10 46 05 10 00 00 00 07 02 40 00 00 00\n</p>"
                + mlxconfig);

        try (Bundle b = new BundleReader().read(root)) {
            assertThat(text(b, Source.of(SourceKind.LSPCI))).startsWith("07:00.0 Infiniband controller");
            assertThat(text(b, Source.of(SourceKind.MLXCONFIG, "0000:07:00.0"))).startsWith("Device #1:");
        }
    }

    @Test
    void a34MlxconfigQuerysBlocksAreEachTheMlxconfigItsHeadingRanAndA32LspciXxxvvvLosesItsSeparators()
            throws Exception {
        Path root = snapshot("<h2>ibdev2pcidev</h2><p>mlx5_0 ==&gt; 0000:07:00.0</p>"
                + "<h2>mlxconfig_query</h2><p> mlxconfig -d 0000:07:00.0 -e q\n\nDevice #1:\n"
                + "Configurations:      Default   Current   Next Boot\n    CNP_DSCP_P1     48   48   48</p>"
                + "<h2>lspci_xxxvvv</h2><p>07:00.0 Ethernet controller: Mellanox Technologies MT27710 Family\n"
                + "00: b3 15 15 10 46 05 10 00 00 00 00 02 08 00 00 00\n\n----------------------------------------\n\n"
                + "07:00.1 Ethernet controller: Mellanox Technologies MT27710 Family\n</p>");

        try (Bundle b = new BundleReader().read(root)) {
            assertThat(text(b, Source.of(SourceKind.MLXCONFIG, "0000:07:00.0")))
                    .startsWith("Device #1:")
                    .doesNotContain("mlxconfig -d");
            assertThat(text(b, Source.of(SourceKind.LSPCI)))
                    .doesNotContain("----")
                    .contains("07:00.1 Ethernet");
        }
    }

    @Test
    void mlxconfigQueryOfTwoCardsIsNotTakenForEither() throws Exception {
        // Near miss: the mst device names (mt4113_pciconf0) say which card is which to no one.
        Path root = snapshot("<h2>ibdev2pcidev</h2><p>mlx5_0 ==&gt; 0000:07:00.0\nmlx5_1 ==&gt; 0000:81:00.0</p>"
                + "<h2>mlxconfig_query</h2><p>Device #1:\nConfigurations:      Current\n    CNP_DSCP_P1     0\n"
                + "Device #2:\nConfigurations:      Current\n    CNP_DSCP_P1     0</p>");

        try (Bundle b = new BundleReader().read(root)) {
            assertThat(b.sources(SourceKind.MLXCONFIG)).isEmpty();
        }
    }

    @Test
    void theScriptsNoteThatThereIsNoMellanoxCardIsALspciNotTaken() throws Exception {
        Path root = snapshot("<h2>lspci_xxxvvv</h2><p>There are no Mellanox cards</p>");

        try (Bundle b = new BundleReader().read(root)) {
            Capture lspci = b.capture(Source.of(SourceKind.LSPCI), 0).orElseThrow();
            assertThat(lspci.collected()).isFalse();
            assertThat(lspci.error()).contains("There are no Mellanox cards");
        }
    }

    @Test
    void theNumaNodeListingsLineOfAFunctionIsTheNumaNodeOfTheNetdevsEthtoolPutsOnIt() throws Exception {
        // 3.1.x: the numa_node paragraph has no <p> of its own; ethtool -i's bus-info names each netdev's function.
        Path root =
                snapshot("<h2>eth_tool_all_interfaces</h2><p>ethtool -i ib0\ndriver: ib_ipoib\nbus-info: 0000:07:00.0\n"
                        + "____________\n\n--------------------------------------------------</p>"
                        + "<p><a name=\"numanodes\"></a><h2>numa_node</h2>/sys/devices/pci0000:00/0000:00:03.0/0000:07:00.0/numa_node 1\n"
                        + "/sys/devices/pci0000:00/0000:00:03.0/numa_node -1\n"
                        + "/sys/devices/pci0000:00/0000:00:09.0/0000:05:00.0/numa_node 0</p>");

        try (Bundle b = new BundleReader().read(root)) {
            assertThat(text(b, Source.of(SourceKind.NETDEV_NUMA_NODE, "ib0"))).isEqualTo("1\n");
            // Near miss: a function no netdev's bus-info names (0000:05:00.0 here) is nobody's numa_node.
            assertThat(b.sources(SourceKind.NETDEV_NUMA_NODE))
                    .containsExactly(Source.of(SourceKind.NETDEV_NUMA_NODE, "ib0"));
        }
    }

    @Test
    void aFolderWithNoSnapshotPageIsNoBundleAndTheErrorSaysWhatWasLookedFor() throws Exception {
        Path root = dir.resolve("sysinfo-snapshot-v3.7.6-x-20231001-120000");
        Files.createDirectories(root);
        Files.writeString(root.resolve("notes.html"), "<html><h2>Version: 1</h2></html>");

        assertThatThrownBy(() -> new BundleReader().read(root))
                .isInstanceOf(BundleException.class)
                .hasMessageContaining("sysinfo-snapshot page");
    }
}
