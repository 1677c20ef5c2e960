package io.rocedoctor.parse;

import java.util.List;

/** The routes of one {@code ip route show table all}, in printed order. */
public record IpRoutes(List<IpRoutes.Route> routes) {
    public IpRoutes {
        routes = List.copyOf(routes);
    }

    /**
     * One route.
     *
     * @param type        {@code unicast} (not printed), {@code local}, {@code broadcast}, {@code unreachable}...
     * @param destination {@code default} or the prefix ({@code 192.168.10.0/24}; a host as printed)
     * @param table       its table: {@code main} where none was printed (ip prints no {@code table main})
     * @param device      {@code dev}, or null (a blackhole, a multipath route: see nexthops)
     * @param gateway     {@code via}, or null
     * @param source      {@code src}, the preferred source address, or null
     * @param protocol    {@code proto} ({@code kernel}, {@code static}, {@code dhcp}...), or null ({@code boot})
     * @param scope       {@code scope}, or null ({@code universe})
     * @param metric      {@code metric}, or null
     * @param flags       {@code linkdown}, {@code dead}, {@code onlink}, {@code offload}...
     * @param nexthops    the {@code nexthop} lines of a multipath route
     */
    public record Route(
            String type,
            String destination,
            String table,
            String device,
            String gateway,
            String source,
            String protocol,
            String scope,
            Long metric,
            List<String> flags,
            List<Nexthop> nexthops) {
        public Route {
            flags = List.copyOf(flags);
            nexthops = List.copyOf(nexthops);
        }

        /** Whether the route leaves through the netdev: its {@code dev}, or one of its next hops'. */
        public boolean through(String netdev) {
            return netdev.equals(device) || nexthops.stream().anyMatch(h -> netdev.equals(h.device()));
        }

        /** A route that is never used for traffic: its link is down, or the kernel marked it dead. */
        public boolean usable() {
            return !flags.contains("linkdown") && !flags.contains("dead");
        }
    }

    /** One next hop of a multipath route ({@code nexthop via GW dev IF weight N}). */
    public record Nexthop(String gateway, String device, Integer weight) {}
}
