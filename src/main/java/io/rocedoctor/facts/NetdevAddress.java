package io.rocedoctor.facts;

/**
 * One IP address of a netdev, from {@code ip addr}.
 *
 * @param nic    the PCI function behind a RoCE netdev, else null
 * @param address the address and its prefix length ({@code 192.168.10.11/24})
 * @param subnet the network it is in ({@code 192.168.10.0/24}; an IPv6 address's own prefix)
 * @param roce   whether an RDMA device (not InfiniBand) runs over the netdev
 */
public record NetdevAddress(
        String netdev, String nic, String family, String address, String subnet, boolean roce, String source) {}
