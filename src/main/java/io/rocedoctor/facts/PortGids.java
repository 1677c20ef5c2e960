package io.rocedoctor.facts;

import java.util.List;

/**
 * The addresses one RDMA device port has GIDs for ({@code show_gids}, else {@code ibv_devinfo -v}):
 * IPv4 addresses dotted, IPv6 ones compressed (a GID by its 128-bit value: ibv_devinfo spells v1 and v2
 * GIDs of one address differently); with RoCE v1 GIDs, with RoCE v2 GIDs,
 * and those with a v1 GID but no v2 one. The kernel adds one GID of each type per netdev address,
 * so an address listed once means the v2 entry is gone (interface renamed under a running daemon,
 * address added on a VLAN or macvlan the GID cache does not follow, a container namespace).
 * {@code source} is the capture the GIDs were read from ({@code show_gids}, {@code ibv_devinfo -v}),
 * as evidence names it.
 */
public record PortGids(
        String ibdev,
        int port,
        String netdev,
        List<String> v1Addresses,
        List<String> v2Addresses,
        List<String> lackingV2,
        String source) {
    public PortGids {
        v1Addresses = List.copyOf(v1Addresses);
        v2Addresses = List.copyOf(v2Addresses);
        lackingV2 = List.copyOf(lackingV2);
    }

    public String id() {
        return ibdev + "/" + port;
    }
}
