package io.rocedoctor.facts;

/**
 * One port of an RDMA device joined to the netdev it runs over ({@code mlx5_0} port 1 ->
 * {@code ens1f0np0}), the physical NIC and PCI function behind that netdev (null for a bond's RoCE
 * LAG device, whose netdev is the bond), and what {@code ibv_devinfo} says of the port: state,
 * link layer ({@code Ethernet} for RoCE) and the active and largest RoCE MTU in bytes (null when
 * not collected).
 */
public record RdmaDevice(
        String name,
        int port,
        String netdev,
        String nic,
        String pciAddress,
        String state,
        String linkLayer,
        Integer activeMtu,
        Integer maxMtu) {

    /**
     * Whether ibv_devinfo -v says the port runs InfiniBand (not RoCE): the headline names it so, and
     * no RoCE fact is built for it.
     */
    public boolean infiniband() {
        return "InfiniBand".equalsIgnoreCase(linkLayer);
    }

    /** {@code mlx5_0/1}: how the rdma tool names a device port. */
    public String id() {
        return name + "/" + port;
    }

    /**
     * The command that prints one device port's counters, {@code rdma statistic show link mlx5_0/1}
     * (iproute2 rdma-statistic(8): {@code show link [DEV/PORT_INDEX]}): the line of that port in the
     * bundle's {@code rdma statistic show}, and what a person re-runs to read it again. Every
     * evidence citing a port's rdma statistic names it so.
     */
    public static String statisticSource(String devicePort) {
        return "rdma statistic show link " + devicePort;
    }
}
