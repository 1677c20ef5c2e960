package io.rocedoctor.engine.findings;

import io.rocedoctor.engine.Figures;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.engine.Thresholds;
import io.rocedoctor.facts.Nic;
import io.rocedoctor.facts.PcieLink;

/**
 * The findings of the PCIe link rules (rules/pcie.drl): each quotes the lspci -vvv lines of the
 * link it judged (LnkCap, LnkSta, DevCtl) and, where the NIC's demand counts, the ethtool speeds of
 * its ports.
 */
public final class PcieFindings {
    private PcieFindings() {}

    /**
     * PCIE_LINK_DOWNGRADED: LnkCap and LnkSta of every link of the path that trained low, the NIC's
     * own or a PCIe switch's above it (which starves the NIC as surely); the reseat names the first.
     */
    public static Finding.Builder linkDowngraded(PcieLink link, Nic nic) {
        Finding.Builder f = Finding.about(nic.id()).scope(nic.ports()).confirmed();
        for (PcieLink.Segment s : link.downgradedLinks()) {
            String which = s.lower().equals(link.address())
                    ? "the NIC's link " + s.ends()
                    : "the link " + s.ends() + " above the NIC";
            f.evidence("lspci -vvv", s.capLine(), "LnkCap of " + which + ": what both ends can do")
                    .evidence("lspci -vvv", s.staLine(), "LnkSta of " + which + ": what it trained to");
        }
        String first = link.downgradedLinks().get(0).lower();
        return f.action("pcie-reseat-nic", "nic", nic.id(), "pci", first);
    }

    /**
     * PCIE_CEILING_BELOW_PORTS: the link's generation and width (and the narrowest link of the path
     * when it is not the NIC's), its usable rate before and after the profile's
     * {@code pcie.overheadFactor} for TLP overhead, and the active ports' speeds together.
     */
    public static Finding.Builder ceilingBelowPorts(PcieLink link, Nic nic, Thresholds t) {
        double overhead = t.num("pcie.overheadFactor");
        double ceiling = overhead * link.usableGbps();
        String narrowest = link.limitingAddress().equals(link.address())
                ? ""
                : "; narrowest link on the path: " + link.limitingAddress();
        return Finding.about(nic.id())
                .scope(nic.ports())
                .confirmed()
                .evidence(
                        "lspci -vvv",
                        link.staLine(),
                        "Gen" + link.generation() + " x" + link.width() + " at " + link.address() + narrowest)
                .evidence(
                        "PCIe arithmetic",
                        Figures.gbps(link.usableGbps()) + " usable, " + Figures.gbps(ceiling) + " after TLP overhead",
                        "per-lane rate after encoding x width, x" + overhead)
                .evidence(ethtool(nic), Figures.gbps(nic.activeGbps()), "sum of the active ports' speeds")
                .action("pcie-move-nic-slot", "nic", nic.id(), "pci", link.address());
    }

    /** PCIE_MAXREADREQ_SMALL: DevCtl's MaxPayload and MaxReadReq, against the NIC's port speeds together. */
    public static Finding.Builder maxReadReqSmall(PcieLink link, Nic nic) {
        return Finding.about(nic.id())
                .scope(nic.ports())
                .confirmed()
                .evidence(
                        "lspci -vvv",
                        "MaxPayload " + link.maxPayload() + " bytes, MaxReadReq " + link.maxReadReq() + " bytes",
                        "DevCtl of " + link.address())
                .evidence(ethtool(nic), Figures.gbps(nic.activeGbps()), "the NIC's port speeds together")
                .action("pcie-maxreadreq-4096", "nic", nic.id(), "current", String.valueOf(link.maxReadReq()));
    }

    /** {@code ethtool ens1f0np0, ens1f1np1}: the ports whose speeds were read. */
    private static String ethtool(Nic nic) {
        return "ethtool " + String.join(", ", nic.ports());
    }
}
