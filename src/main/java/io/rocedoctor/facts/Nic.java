package io.rocedoctor.facts;

import java.util.List;

/**
 * A physical NIC: the PCI slot its functions share ({@code 0000:3b:00}), model, driver,
 * firmware, the NUMA node it is attached to ({@code -1} when the platform does not say, null
 * when not collected), its ports (netdev names, one per function), and the sum of the speeds
 * of the ports whose link is up, in Gb/s (each physical function once: virtual functions and
 * representors ride on a port already counted): what the NIC may ask of its PCIe link.
 */
public record Nic(
        String id,
        String model,
        String driver,
        String firmware,
        Integer numaNode,
        List<String> ports,
        double activeGbps) {
    public Nic {
        ports = List.copyOf(ports);
    }
}
