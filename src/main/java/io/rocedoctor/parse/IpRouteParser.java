package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Parses {@code ip route show table all} (also {@code ip route show}, the main table alone, and the
 * {@code ip -6} forms). iproute2's {@code ip/iproute.c print_route} prints, in this order: the type
 * where it is not unicast ({@code local}, {@code broadcast}, {@code unreachable}...), the destination
 * ({@code default}, {@code PREFIX/LEN}, a host without its length), {@code from}, {@code nhid},
 * {@code encap}, {@code tos}, {@code via [FAMILY] GW}, {@code dev IF}, {@code table T} (except
 * main), {@code proto P} (except boot), {@code scope S} (except universe), {@code src ADDR},
 * {@code metric N}, the flags of {@code print_rt_flags} ({@code dead}, {@code onlink},
 * {@code pervasive}, {@code offload}, {@code trap}, {@code notify}, {@code linkdown},
 * {@code unresolved}, {@code rt_offload}...), then {@code mark}, {@code realms}, {@code uid},
 * the metrics ({@code mtu}, {@code advmss}..., each with {@code lock} where locked),
 * {@code pref}; a multipath route's next hops follow on lines of their own, {@code \tnexthop via GW
 * dev IF weight N} ({@code print_rta_multipath}). The same words since iproute2 3.x (read at v3.10,
 * v5.4, v6.x; {@code nhid} is 5.3+).
 *
 * <pre>
 * default via 192.168.10.1 dev ens1f0np0 proto static metric 100
 * 192.168.10.0/24 dev ens1f0np0 proto kernel scope link src 192.168.10.11 metric 100
 * 192.168.10.0/24 dev ens1f0np0 table 101 scope link src 192.168.10.11
 * local 192.168.10.11 dev ens1f0np0 table local proto kernel scope host src 192.168.10.11
 * </pre>
 * gives a default route and a subnet route of the main table, one of table 101 and a local one.
 * A route word this reading does not know ends the reading of its line (its arity is unknown): the
 * route stands with what was read before it, and the line has a note. A line whose destination is
 * not one, or a {@code nexthop} line before any route, is a note. A text with no route fails.
 */
public final class IpRouteParser extends LineParser<IpRoutes> {
    private static final Set<String> TYPES = Set.of(
            "unicast",
            "local",
            "broadcast",
            "anycast",
            "multicast",
            "blackhole",
            "unreachable",
            "prohibit",
            "throw",
            "nat",
            "xresolve",
            "cache");
    /** Words followed by one value. */
    private static final Set<String> VALUED = Set.of(
            "from",
            "nhid",
            "tos",
            "dsfield",
            "dev",
            "table",
            "proto",
            "scope",
            "src",
            "metric",
            "mark",
            "realms",
            "uid",
            "pref",
            "expires",
            "error",
            "users",
            "age",
            "mtu",
            "advmss",
            "rtt",
            "rttvar",
            "reordering",
            "window",
            "cwnd",
            "initcwnd",
            "initrwnd",
            "ssthresh",
            "rto_min",
            "hoplimit",
            "features",
            "quickack",
            "congctl",
            "fastopen_no_cookie",
            "ttl-propagate",
            "weight",
            "as",
            "iif",
            "rtt_min");

    private static final Set<String> FLAGS = Set.of(
            "dead",
            "onlink",
            "pervasive",
            "offload",
            "trap",
            "notify",
            "linkdown",
            "unresolved",
            "rt_offload",
            "rt_trap",
            "rt_offload_failed",
            "lock",
            "cached");

    @Override
    protected IpRoutes parse(TextLines lines) throws ParseException {
        List<IpRoutes.Route> out = new ArrayList<>();
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n);
            if (line.isBlank()) {
                continue;
            }
            List<String> words = TextLines.words(line);
            if (words.get(0).equals("nexthop")) {
                if (out.isEmpty()) {
                    lines.unreadable(n, "ip route: a nexthop line before any route");
                } else {
                    IpRoutes.Route last = out.remove(out.size() - 1);
                    List<IpRoutes.Nexthop> hops = new ArrayList<>(last.nexthops());
                    hops.add(nexthop(words));
                    out.add(new IpRoutes.Route(
                            last.type(),
                            last.destination(),
                            last.table(),
                            last.device(),
                            last.gateway(),
                            last.source(),
                            last.protocol(),
                            last.scope(),
                            last.metric(),
                            last.flags(),
                            hops));
                }
                continue;
            }
            route(words, n, lines).ifPresent(out::add);
        }
        if (out.isEmpty()) {
            throw new ParseException(1, "ip route: no route in the output");
        }
        return new IpRoutes(out);
    }

    private static java.util.Optional<IpRoutes.Route> route(List<String> words, int n, TextLines lines) {
        int i = 0;
        String type = "unicast";
        if (TYPES.contains(words.get(0)) && words.size() > 1) {
            type = words.get(0);
            i = 1;
        }
        String destination = words.get(i);
        if (!destination.equals("default")
                && InetPrefix.of(destination).isEmpty()
                && !destination.matches("0/\\d{1,3}")) {
            lines.unreadable(n, "ip route: '" + TextLines.abbreviate(destination) + "' is not a destination");
            return java.util.Optional.empty();
        }
        String table = "main";
        String device = null;
        String gateway = null;
        String source = null;
        String protocol = null;
        String scope = null;
        Long metric = null;
        List<String> flags = new ArrayList<>();
        for (i++; i < words.size(); i++) {
            String w = words.get(i);
            if (w.equals("via") && i + 1 < words.size()) {
                // "via inet6 fe80::1" (RTA_VIA, another family) or "via GW".
                i += words.get(i + 1).startsWith("inet") && i + 2 < words.size() ? 2 : 1;
                gateway = words.get(i);
            } else if (VALUED.contains(w) && i + 1 < words.size()) {
                String v = words.get(++i);
                if (v.equals("lock") && i + 1 < words.size()) {
                    v = words.get(++i); // a locked metric: "mtu lock 1500"
                }
                switch (w) {
                    case "dev" -> device = v;
                    case "table" -> table = v;
                    case "proto" -> protocol = v;
                    case "scope" -> scope = v;
                    case "src" -> source = v;
                    case "metric" -> metric = v.matches("\\d{1,10}") ? Long.valueOf(v) : null;
                    default -> {
                        // from, nhid, pref and the metrics: not kept.
                    }
                }
            } else if (FLAGS.contains(w)) {
                flags.add(w);
            } else {
                lines.partlyUnreadable(new ParseException(
                        n, "ip route: '" + TextLines.abbreviate(w) + "' not read; the rest of the line is skipped"));
                break;
            }
        }
        return java.util.Optional.of(new IpRoutes.Route(
                type, destination, table, device, gateway, source, protocol, scope, metric, flags, List.of()));
    }

    /** {@code nexthop [via GW] dev IF weight N [flags]}. */
    private static IpRoutes.Nexthop nexthop(List<String> words) {
        String gateway = null;
        String device = null;
        Integer weight = null;
        for (int i = 1; i + 1 < words.size(); i++) {
            switch (words.get(i)) {
                case "via" -> gateway = words.get(++i);
                case "dev" -> device = words.get(++i);
                case "weight" -> {
                    String v = words.get(++i);
                    weight = v.matches("\\d{1,9}") ? Integer.valueOf(v) : null;
                }
                default -> {
                    // flags and encapsulation of the hop: not kept.
                }
            }
        }
        return new IpRoutes.Nexthop(gateway, device, weight);
    }
}
