package io.rocedoctor.facts;

import java.util.Map;

/**
 * The 802.1p priority (PCP) RDMA CM traffic of a RoCE port gets on a VLAN over the port's netdev.
 * RDMA CM takes the socket priority of the connection's ToS ({@code rt_tos2priority}: ToS 106 ->
 * 2) and, on a VLAN netdev whose lower device has no traffic classes of its own ({@code num_tc}
 * 0, the usual case without an mqprio qdisc), the PCP the VLAN's {@code egress-qos-map} gives it,
 * 0 for a priority the map does not list (kernel drivers/infiniband/core/cma.c
 * {@code iboe_tos_to_sl} / {@code get_vlan_ndev_tc}). That PCP becomes the service level of the
 * connection and the PCP of its frames.
 *
 * @param vlan           the VLAN netdev ({@code ens1f0np0.100})
 * @param parent         the RoCE netdev it runs over
 * @param vlanId         the VLAN id; null when not printed
 * @param tos            RDMA CM's ToS of the device port
 * @param socketPriority the socket priority that ToS maps to
 * @param pcp            the PCP the egress map gives it
 * @param egressQosMap   the VLAN's egress-qos-map (socket priority -> PCP)
 * @param source         the capture read ({@code ip -d link show})
 */
public record RoceVlanPriority(
        String vlan,
        String parent,
        String ibdev,
        int port,
        String nic,
        String vlanId,
        int tos,
        int socketPriority,
        int pcp,
        Map<Integer, Integer> egressQosMap,
        String source) {
    public RoceVlanPriority {
        egressQosMap = Map.copyOf(egressQosMap);
    }

    /**
     * The kernel's ToS -> socket priority table (net/ipv4/route.c {@code ip_tos2prio}, indexed by
     * {@code IPTOS_TOS(tos) >> 1}): best effort 0, bulk 2, interactive 6, interactive bulk 4.
     */
    private static final int[] TOS_TO_PRIORITY = {0, 0, 0, 0, 2, 2, 2, 2, 6, 6, 6, 6, 4, 4, 4, 4};

    /** {@code rt_tos2priority}: the socket priority of a ToS. */
    public static int socketPriority(int tos) {
        return TOS_TO_PRIORITY[(tos & 0x1E) >> 1];
    }

    /** The map as iproute2 prints it: {@code { 0:3 2:3 }}, {@code { }} when empty. */
    public String egressQosMapText() {
        StringBuilder b = new StringBuilder("{ ");
        new java.util.TreeMap<>(egressQosMap)
                .forEach((from, to) -> b.append(from).append(':').append(to).append(' '));
        return b.append('}').toString();
    }
}
