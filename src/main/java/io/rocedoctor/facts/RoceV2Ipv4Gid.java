package io.rocedoctor.facts;

/**
 * A RoCE v2 GID of an IPv4 address on one RDMA device port, with its index in the port's GID table
 * ({@code show_gids} INDEX, {@code ibv_devinfo -v} {@code GID[ n]}): the index applications pinned to
 * a GID pass ({@code ib_write_bw -x}, {@code NCCL_IB_GID_INDEX}, UCX's {@code UCX_IB_GID_INDEX}).
 * The kernel's GID cache gives each netdev address the next free entries in the order the addresses
 * came up, so the same port on two hosts has its IPv4 v2 GID at another index when one of them has an
 * extra address (a global IPv6 address, a VLAN or macvlan) that came up first. {@code source} is the
 * capture it was read from.
 */
public record RoceV2Ipv4Gid(String ibdev, int port, String netdev, String address, int index, String source) {
    /** The device port as the fleet compares it across hosts: {@code mlx5_0/1}. */
    public String role() {
        return ibdev + "/" + port;
    }
}
