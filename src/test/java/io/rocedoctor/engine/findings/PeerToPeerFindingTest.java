package io.rocedoctor.engine.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.engine.ActionProposal;
import io.rocedoctor.engine.Evidence;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.PcieSwitchPeers;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PeerToPeerFindingTest {
    private static PcieSwitchPeers peers(List<PcieSwitchPeers.Redirect> redirecting, List<String> unknown) {
        return new PcieSwitchPeers(
                "0000:39:00.0",
                List.of("0000:3c:00.0"),
                List.of("0000:3b:00.0"),
                List.of("0000:3a:01.0", "0000:3a:00.0"),
                redirecting,
                unknown,
                "lspci -tv",
                "lspci -nnvv");
    }

    @Test
    void theEvidenceNamesTheSharedSwitchAndEachRedirectingPortWithAStepEach() {
        Finding f = PeerToPeerFinding.of(peers(
                        List.of(
                                new PcieSwitchPeers.Redirect(
                                        "0000:3a:01.0", List.of("SrcValid", "ReqRedir", "CmpltRedir")),
                                new PcieSwitchPeers.Redirect("0000:3a:00.0", List.of("ReqRedir"))),
                        List.of()))
                .build("PCIE_ACS_BLOCKS_P2P");
        assertThat(f.subject()).isEqualTo("0000:39:00.0");
        assertThat(f.scope()).contains("0000:3b:00");
        assertThat(f.evidence())
                .extracting(Evidence::source, Evidence::value)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("lspci -tv", "GPU 0000:3c:00.0 and NIC 0000:3b:00.0"),
                        org.assertj.core.groups.Tuple.tuple(
                                "lspci -nnvv (0000:3a:01.0)", "ACSCtl: SrcValid+ ReqRedir+ CmpltRedir+"),
                        org.assertj.core.groups.Tuple.tuple("lspci -nnvv (0000:3a:00.0)", "ACSCtl: ReqRedir+"));
        assertThat(f.actions())
                .containsExactly(
                        new ActionProposal("pcie-acs-redirect-off", Map.of("pci", "0000:3a:01.0")),
                        new ActionProposal("pcie-acs-redirect-off", Map.of("pci", "0000:3a:00.0")));
    }

    @Test
    void portsWhoseAcsIsUnknownAreSaidSoAndGetNoStep() {
        Finding f = PeerToPeerFinding.of(peers(
                        List.of(new PcieSwitchPeers.Redirect("0000:3a:01.0", List.of("ReqRedir"))),
                        List.of("0000:3a:00.0")))
                .build("PCIE_ACS_BLOCKS_P2P");
        assertThat(f.evidence().get(2).value()).isEqualTo("no ACSCtl line for 0000:3a:00.0");
        assertThat(f.actions()).hasSize(1);
    }
}
