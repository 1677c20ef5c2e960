package io.rocedoctor.facts;

import java.util.List;

/**
 * A PCIe switch that NVIDIA GPUs and NICs of the host share: {@code upstreamPort} is the switch's
 * upstream port (the lowest bridge above both a GPU and a NIC that is not a root port), {@code gpus}
 * and {@code nics} the functions below it ({@code 0000:1a:00.0}, each NIC by its first port's
 * function), {@code ports} the bridges between the switch and them, and {@code redirecting} those
 * whose ACS redirects peer-to-peer requests or completions to the root complex, with the controls on.
 * {@code unknownAcs} are the bridges whose ACS control lspci did not print (no ACS capability, or
 * lspci run without root). {@code treeSource} says where the tree came from ({@code lspci -tv}, or
 * the bus ranges of {@code lspci -vvv}); {@code acsSource} the capture the ACS controls were read in.
 */
public record PcieSwitchPeers(
        String upstreamPort,
        List<String> gpus,
        List<String> nics,
        List<String> ports,
        List<Redirect> redirecting,
        List<String> unknownAcs,
        String treeSource,
        String acsSource) {

    /** A bridge whose ACS controls redirect peer-to-peer traffic, with the controls {@code ACSCtl} shows on. */
    public record Redirect(String address, List<String> controls) {
        public Redirect {
            controls = List.copyOf(controls);
        }
    }

    public PcieSwitchPeers {
        gpus = List.copyOf(gpus);
        nics = List.copyOf(nics);
        ports = List.copyOf(ports);
        redirecting = List.copyOf(redirecting);
        unknownAcs = List.copyOf(unknownAcs);
    }
}
