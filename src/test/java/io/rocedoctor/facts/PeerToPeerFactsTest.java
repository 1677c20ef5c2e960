package io.rocedoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The PCIe switches GPUs and NICs share, and the ACS controls of the ports between them. */
class PeerToPeerFactsTest extends BundleFolderTest {
    private static final Path SCENARIO = Path.of("fixtures/bundles/pcie-acs-blocks-p2p/commands");

    private void host(String lspci, boolean tree) throws Exception {
        write("manifest.yaml", "format: 1\nhost: h1\n");
        write(
                "commands/ethtool_-i_ens1f0np0",
                "driver: mlx5_core\nversion: 1\nfirmware-version: 22.1.1 (MT_1)\nbus-info: 0000:3b:00.0\n");
        write("commands/lspci_-vvv", lspci);
        if (tree) {
            write("commands/lspci_-tv", Files.readString(SCENARIO.resolve("lspci_-tv")));
        }
    }

    @Test
    void aGpuAndANicBelowOneSwitchWithAcsRedirectOnItsPorts() throws Exception {
        host(Files.readString(SCENARIO.resolve("lspci_-vvv")), true);
        PcieSwitchPeers s = facts().of(PcieSwitchPeers.class).get(0);
        assertThat(s.upstreamPort()).isEqualTo("0000:39:00.0");
        assertThat(s.gpus()).containsExactly("0000:3c:00.0");
        assertThat(s.nics()).containsExactly("0000:3b:00.0");
        assertThat(s.ports()).containsExactly("0000:3a:01.0", "0000:3a:00.0");
        assertThat(s.redirecting())
                .extracting(PcieSwitchPeers.Redirect::address)
                .containsExactly("0000:3a:01.0", "0000:3a:00.0");
        assertThat(s.unknownAcs()).isEmpty();
        assertThat(s.treeSource()).isEqualTo("lspci -tv");
    }

    @Test
    void withoutLspciTvTheBusRangesOfLspciVvvGiveTheSameSwitch() throws Exception {
        host(Files.readString(SCENARIO.resolve("lspci_-vvv")), false);
        PcieSwitchPeers s = facts().of(PcieSwitchPeers.class).get(0);
        assertThat(s.upstreamPort()).isEqualTo("0000:39:00.0");
        assertThat(s.redirecting()).hasSize(2);
        assertThat(s.treeSource()).isEqualTo("lspci -vvv (bus ranges)");
    }

    @Test
    void nearMissAGpuUnderAnotherRootPortSharesNoSwitch() throws Exception {
        // The GPU's downstream port moves to a root port of its own: 3c is no longer behind the switch.
        String lspci = Files.readString(SCENARIO.resolve("lspci_-vvv"))
                .replace(
                        "Bus: primary=37, secondary=39, subordinate=3c",
                        "Bus: primary=37, secondary=39, subordinate=3b")
                .replace(
                        "Bus: primary=39, secondary=3a, subordinate=3c",
                        "Bus: primary=39, secondary=3a, subordinate=3b")
                .replace("3a:01.0 PCI bridge", "37:01.0 PCI bridge")
                .replace("Bus: primary=3a, secondary=3c", "Bus: primary=37, secondary=3c");
        host(lspci, false);
        assertThat(facts().of(PcieSwitchPeers.class)).isEmpty();
    }

    @Test
    void nearMissAHostWithoutGpusHasNoPeers() throws Exception {
        String lspci = Files.readString(SCENARIO.resolve("lspci_-vvv"))
                .replace("3D controller: NVIDIA", "3D controller: Other");
        host(lspci, true);
        assertThat(facts().of(PcieSwitchPeers.class)).isEmpty();
    }
}
