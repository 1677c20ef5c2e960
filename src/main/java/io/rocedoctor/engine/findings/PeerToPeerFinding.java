package io.rocedoctor.engine.findings;

import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.PcieSwitchPeers;

/**
 * PCIE_ACS_BLOCKS_P2P's evidence (docs/rules/PCIE_ACS_BLOCKS_P2P.md): the switch GPUs and NICs
 * share, the path found, and each of its ports whose ACS redirects peer-to-peer traffic, with a
 * step per port.
 */
public final class PeerToPeerFinding {
    private PeerToPeerFinding() {}

    public static Finding.Builder of(PcieSwitchPeers s) {
        Finding.Builder f = Finding.about(s.upstreamPort())
                .scope(s.nics().stream().map(PeerToPeerFinding::slot).toList())
                .confirmed()
                .evidence(
                        s.treeSource(),
                        "GPU " + String.join(", ", s.gpus()) + " and NIC " + String.join(", ", s.nics()),
                        "below the PCIe switch whose upstream port is " + s.upstreamPort()
                                + ": GPUDirect RDMA can go GPU to NIC through the switch alone");
        for (PcieSwitchPeers.Redirect r : s.redirecting()) {
            f.evidence(
                    s.acsSource() + " (" + r.address() + ")",
                    "ACSCtl: " + String.join("+ ", r.controls()) + "+",
                    "the port sends every peer-to-peer request or completion up to the root complex and back");
            f.action("pcie-acs-redirect-off", "pci", r.address());
        }
        if (!s.unknownAcs().isEmpty()) {
            f.evidence(
                    s.acsSource(),
                    "no ACSCtl line for " + String.join(", ", s.unknownAcs()),
                    "ACS of these ports is not known (no ACS capability, or lspci run without root)");
        }
        return f;
    }

    /** A NIC is named by its slot in the host's other findings ({@code 0000:1b:00}). */
    private static String slot(String function) {
        return function.substring(0, function.lastIndexOf('.'));
    }
}
