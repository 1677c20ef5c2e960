package io.rocedoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import org.junit.jupiter.api.Test;

/**
 * Every link from the NIC to its root port, judged by LnkSta against the lower of its two ends'
 * LnkCap: the NIC under a PCIe switch's downstream port, the switch's upstream port under the
 * root port. lspci below is pciutils 3.8+: "(downgraded)" printed on endpoints and upstream ports
 * only, nothing after a value equal to LnkCap.
 */
class PciePathFactsTest extends BundleFolderTest {

    private static String function(String address, String kind, String bus, String cap, String sta) {
        return address
                + (bus == null
                        ? " Ethernet controller: Mellanox Technologies MT2910 Family [ConnectX-7]\n"
                        : " PCI bridge: Broadcom / LSI PEX89000 PCIe Gen 5 Switch (rev b0)\n")
                + "\tNUMA node: 0\n"
                + (bus == null ? "" : "\tBus: " + bus + ", sec-latency=0\n")
                + "\tCapabilities: [68] Express (v2) " + kind + ", MSI 00\n"
                + "\t\tDevCtl:\tCorrErr- NonFatalErr- FatalErr- UnsupReq-\n"
                + "\t\t\tMaxPayload 256 bytes, MaxReadReq 4096 bytes\n"
                + "\t\tLnkCap:\tPort #0, Speed " + cap + ", ASPM not supported\n"
                + "\t\tLnkSta:\t" + sta + "\n"
                + "\tKernel driver in use: " + (bus == null ? "mlx5_core" : "pcieport") + "\n\n";
    }

    /** A ConnectX-7 (Gen5 x16 unless told) behind a switch whose upstream link runs at {@code uplink}. */
    private Facts host(String nicCap, String nicSta, String uplink) throws Exception {
        write("manifest.yaml", "host: h1\nsamples:\n  - {n: 0, at: 2026-11-21T08:00:00Z}\n");
        write(
                "commands/ethtool_-i_ens3np0",
                "driver: mlx5_core\nversion: 6.1\nfirmware-version: 28.39.1002 (MT_0000000834)\nbus-info: 0000:1b:00.0\n");
        write(
                "commands/ethtool_ens3np0",
                "Settings for ens3np0:\n\tSpeed: 400000Mb/s\n\tDuplex: Full\n\tLink detected: yes\n");
        write(
                "commands/lspci_-vvv",
                function(
                                "18:00.0",
                                "Root Port (Slot+)",
                                "primary=17, secondary=19, subordinate=1b",
                                "32GT/s, Width x16",
                                "Speed " + uplink + ", Width x16")
                        + function(
                                "19:00.0",
                                "Upstream Port",
                                "primary=19, secondary=1a, subordinate=1b",
                                "32GT/s, Width x16",
                                "Speed " + uplink + (uplink.equals("32GT/s") ? "" : " (downgraded)") + ", Width x16")
                        + function(
                                "1a:00.0",
                                "Downstream Port (Slot+)",
                                "primary=1a, secondary=1b, subordinate=1b",
                                "32GT/s, Width x16",
                                "Speed 32GT/s, Width x16")
                        + function("1b:00.0", "Endpoint", null, nicCap, nicSta));
        return facts();
    }

    @Test
    void theSwitchUpstreamLinkAtGen4UnderGen5IsDowngradedAndNamedByItsEnds() throws Exception {
        PcieLink l = host("32GT/s, Width x16", "Speed 32GT/s, Width x16", "16GT/s")
                .of(PcieLink.class)
                .get(0);
        assertThat(l.path())
                .extracting(PcieLink.Segment::ends, PcieLink.Segment::downgraded)
                .containsExactly(
                        tuple("0000:1b:00.0 - 0000:1a:00.0", false), tuple("0000:19:00.0 - 0000:18:00.0", true));
        assertThat(l.downgraded()).isTrue();
        assertThat(l.downgradedLinks()).singleElement().satisfies(s -> {
            assertThat(s.capLine()).isEqualTo("Speed 32GT/s, Width x16");
            assertThat(s.staLine()).isEqualTo("Speed 16GT/s, Width x16");
        });
        assertThat(l.limitingAddress()).isEqualTo("0000:19:00.0");
    }

    @Test
    void nearMissEveryLinkAtItsCapabilityIsNotDowngraded() throws Exception {
        PcieLink l = host("32GT/s, Width x16", "Speed 32GT/s, Width x16", "32GT/s")
                .of(PcieLink.class)
                .get(0);
        assertThat(l.path()).hasSize(2).noneMatch(PcieLink.Segment::downgraded);
        assertThat(l.downgraded()).isFalse();
    }

    @Test
    void aLinkIsJudgedAgainstTheLowerOfItsEndsCapabilities() throws Exception {
        // A Gen4 NIC under the Gen5 downstream port: Gen4 is all the link can do.
        PcieLink l = host("16GT/s, Width x16", "Speed 16GT/s, Width x16", "32GT/s")
                .of(PcieLink.class)
                .get(0);
        assertThat(l.path().get(0).capGts()).isEqualTo(16.0);
        assertThat(l.downgraded()).isFalse();
    }

    @Test
    void theWordIsNotTrustedTheNumbersAre() throws Exception {
        // pciutils 3.8+ prints no word on a root or downstream port; here none on the NIC either.
        PcieLink narrow = host("32GT/s, Width x16", "Speed 32GT/s, Width x8", "32GT/s")
                .of(PcieLink.class)
                .get(0);
        assertThat(narrow.downgradedLinks())
                .extracting(PcieLink.Segment::ends)
                .containsExactly("0000:1b:00.0 - 0000:1a:00.0");
        // A word printed at an equal value says nothing.
        PcieLink worded = host("32GT/s, Width x16", "Speed 32GT/s (downgraded), Width x16 (downgraded)", "32GT/s")
                .of(PcieLink.class)
                .get(0);
        assertThat(worded.downgraded()).isFalse();
    }
}
