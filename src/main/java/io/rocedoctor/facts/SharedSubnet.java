package io.rocedoctor.facts;

import java.util.List;

/**
 * An IPv4 subnet two or more RoCE netdevs of the host have addresses in ({@code 192.168.10.0/24} on
 * ens1f0np0 and ens1f1np1), with each address ({@link SubnetMember}, also inserted on its own) and the
 * routing tables the host uses, so that a fix picks tables nobody uses.
 *
 * @param usedTables every table a rule looks up or a route is in
 * @param sources    what was read: addresses, sysctl, rules, routes
 */
public record SharedSubnet(String subnet, List<SubnetMember> members, List<String> usedTables, List<String> sources) {
    public SharedSubnet {
        members = List.copyOf(members);
        usedTables = List.copyOf(usedTables);
        sources = List.copyOf(sources);
    }

    /** The netdevs, in the order of their addresses. */
    public List<String> netdevs() {
        return members.stream().map(SubnetMember::netdev).distinct().toList();
    }
}
