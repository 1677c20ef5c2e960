package io.rocedoctor.engine.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.engine.ActionProposal;
import io.rocedoctor.engine.Evidence;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.Nic;
import io.rocedoctor.facts.PcieLink;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the PCIe findings say, on a dual-port 100G NIC at 0000:3b:00.0 whose root port is 0000:3a:00.0,
 * directly or behind a PCIe switch whose upstream port 0000:39:00.0 hangs off 0000:38:00.0.
 */
class PcieFindingsTest {
    private static final Nic NIC = new Nic(
            "0000:3b:00",
            "MT2892 Family [ConnectX-6 Dx]",
            "mlx5_core",
            "22.39.1002",
            0,
            List.of("ens1f0np0", "ens1f1np1"),
            200);
    private static final PcieLink.Segment OWN_GEN4_X16 = new PcieLink.Segment(
            "0000:3b:00.0", "0000:3a:00.0", 16, 16, 16, 16, "Speed 16GT/s, Width x16", "Speed 16GT/s, Width x16");
    private static final PcieLink.Segment OWN_AT_X8 = new PcieLink.Segment(
            "0000:3b:00.0", "0000:3a:00.0", 16, 16, 16, 8, "Speed 16GT/s, Width x16", "Speed 16GT/s, Width x8");
    private static final PcieLink.Segment UPLINK_AT_GEN3 = new PcieLink.Segment(
            "0000:39:00.0", "0000:38:00.0", 16, 16, 8, 16, "Speed 16GT/s, Width x16", "Speed 8GT/s, Width x16");

    /** The NIC's link as lspci shows it, over the path given; the narrowest link is the last downgraded one, else the NIC's. */
    private static PcieLink link(int width, Integer maxReadReq, String limiting, PcieLink.Segment... path) {
        PcieLink.Segment own = path[0];
        return new PcieLink(
                "0000:3b:00",
                "0000:3b:00.0",
                4,
                16,
                16,
                4,
                width,
                16,
                List.of(path).stream().anyMatch(PcieLink.Segment::downgraded),
                limiting,
                PcieLink.perLaneGbps(16) * width,
                256,
                maxReadReq,
                own.capLine(),
                own.staLine(),
                List.of(path));
    }

    private static List<String> notes(Finding f) {
        return f.evidence().stream().map(Evidence::note).toList();
    }

    @Test
    void theNicsOwnLinkTrainedNarrowQuotesItsLnkCapAndLnkSta() {
        Finding f = PcieFindings.linkDowngraded(link(8, 4096, "0000:3b:00.0", OWN_AT_X8), NIC)
                .build("PCIE_LINK_DOWNGRADED");
        assertThat(f.evidence())
                .containsExactly(
                        new Evidence(
                                "lspci -vvv",
                                "Speed 16GT/s, Width x16",
                                "LnkCap of the NIC's link 0000:3b:00.0 - 0000:3a:00.0: what both ends can do"),
                        new Evidence(
                                "lspci -vvv",
                                "Speed 16GT/s, Width x8",
                                "LnkSta of the NIC's link 0000:3b:00.0 - 0000:3a:00.0: what it trained to"));
        assertThat(f.actions())
                .containsExactly(
                        new ActionProposal("pcie-reseat-nic", Map.of("nic", "0000:3b:00", "pci", "0000:3b:00.0")));
        assertThat(f.scope()).containsExactlyInAnyOrder("0000:3b:00", "ens1f0np0", "ens1f1np1");
    }

    @Test
    void nearMissTheNicsLinkIsWholeButTheSwitchUplinkAboveItIsNot() {
        Finding f = PcieFindings.linkDowngraded(link(16, 4096, "0000:39:00.0", OWN_GEN4_X16, UPLINK_AT_GEN3), NIC)
                .build("PCIE_LINK_DOWNGRADED");
        assertThat(notes(f))
                .containsExactly(
                        "LnkCap of the link 0000:39:00.0 - 0000:38:00.0 above the NIC: what both ends can do",
                        "LnkSta of the link 0000:39:00.0 - 0000:38:00.0 above the NIC: what it trained to");
        assertThat(f.actions().get(0).parameters()).containsEntry("pci", "0000:39:00.0");
    }

    @Test
    void aCeilingBelowThePortsShowsTheArithmeticAndThePortsRead() {
        Finding f = PcieFindings.ceilingBelowPorts(
                        link(8, 4096, "0000:3b:00.0", OWN_AT_X8), NIC, ProfileThresholds.of("throughput"))
                .build("PCIE_CEILING_BELOW_PORTS");
        assertThat(f.evidence())
                .containsExactly(
                        new Evidence("lspci -vvv", "Speed 16GT/s, Width x8", "Gen4 x8 at 0000:3b:00.0"),
                        new Evidence(
                                "PCIe arithmetic",
                                "126.0 Gb/s usable, 107.1 Gb/s after TLP overhead",
                                "per-lane rate after encoding x width, x0.85"),
                        new Evidence("ethtool ens1f0np0, ens1f1np1", "200.0 Gb/s", "sum of the active ports' speeds"));
        assertThat(f.actions())
                .containsExactly(
                        new ActionProposal("pcie-move-nic-slot", Map.of("nic", "0000:3b:00", "pci", "0000:3b:00.0")));
    }

    @Test
    void nearMissACeilingSetAboveTheNicNamesTheNarrowestLinkOfThePath() {
        Finding f = PcieFindings.ceilingBelowPorts(
                        link(16, 4096, "0000:39:00.0", OWN_GEN4_X16, UPLINK_AT_GEN3),
                        NIC,
                        ProfileThresholds.of("throughput"))
                .build("PCIE_CEILING_BELOW_PORTS");
        assertThat(f.evidence().get(0).note())
                .isEqualTo("Gen4 x16 at 0000:3b:00.0; narrowest link on the path: 0000:39:00.0");
    }

    @Test
    void aSmallMaxReadReqQuotesDevCtlAndProposes4096FromTheSizeRead() {
        Finding f = PcieFindings.maxReadReqSmall(link(16, 512, "0000:3b:00.0", OWN_GEN4_X16), NIC)
                .build("PCIE_MAXREADREQ_SMALL");
        assertThat(f.evidence())
                .extracting(Evidence::value)
                .containsExactly("MaxPayload 256 bytes, MaxReadReq 512 bytes", "200.0 Gb/s");
        assertThat(f.evidence().get(0).note()).isEqualTo("DevCtl of 0000:3b:00.0");
        assertThat(f.actions())
                .containsExactly(
                        new ActionProposal("pcie-maxreadreq-4096", Map.of("nic", "0000:3b:00", "current", "512")));
    }

    @Test
    void nearMissAnotherSizeReadIsTheCurrentValueTheRollbackRestores() {
        Finding f = PcieFindings.maxReadReqSmall(link(16, 1024, "0000:3b:00.0", OWN_GEN4_X16), NIC)
                .build("PCIE_MAXREADREQ_SMALL");
        assertThat(f.actions().get(0).parameters()).containsEntry("current", "1024");
    }
}
