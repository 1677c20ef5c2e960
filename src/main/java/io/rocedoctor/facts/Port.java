package io.rocedoctor.facts;

/**
 * A netdev on a physical NIC: its PCI function, operating speed in Mb/s (null when down or
 * unknown), MTU, NUMA node, and the bond it belongs to (null when none).
 */
public record Port(
        String name, String nic, String pciAddress, Integer speedMbps, Integer mtu, Integer numaNode, String bond) {

    /** The port's line rate in bytes per second, or 0 when the speed is unknown. */
    public double capacityBytesPerSecond() {
        return speedMbps == null ? 0 : speedMbps * 1e6 / 8;
    }
}
