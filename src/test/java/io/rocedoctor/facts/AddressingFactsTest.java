package io.rocedoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Addresses, rules, routes and ARP settings of the RoCE netdevs, and the subnets two of them share. */
class AddressingFactsTest extends BundleFolderTest {
    private static final String ADDRS =
            "4: p0    inet 192.168.10.11/24 brd 192.168.10.255 scope global p0\\       valid_lft forever preferred_lft forever\n"
                    + "5: p1    inet 192.168.10.12/24 brd 192.168.10.255 scope global p1\\       valid_lft forever preferred_lft forever\n"
                    + "5: p1    inet6 fe80::1/64 scope link \\       valid_lft forever preferred_lft forever\n";

    @BeforeEach
    void twoRocePorts() throws Exception {
        write("manifest.yaml", "format: 1\nhost: h1\n");
        write("commands/ibdev2netdev", "mlx5_0 port 1 ==> p0 (Up)\nmlx5_1 port 1 ==> p1 (Up)\n");
    }

    private void sysctl(int allRp, int ifRp) throws Exception {
        StringBuilder s = new StringBuilder();
        for (String dev : new String[] {"all", "p0", "p1"}) {
            s.append("net.ipv4.conf.")
                    .append(dev)
                    .append(".arp_announce = ")
                    .append(dev.equals("all") ? 0 : 2)
                    .append('\n');
            s.append("net.ipv4.conf.")
                    .append(dev)
                    .append(".arp_ignore = ")
                    .append(dev.equals("all") ? 0 : 1)
                    .append('\n');
            s.append("net.ipv4.conf.")
                    .append(dev)
                    .append(".rp_filter = ")
                    .append(dev.equals("all") ? allRp : ifRp)
                    .append('\n');
        }
        write("commands/sysctl_-a", s.toString());
    }

    @Test
    void theKernelAppliesTheLargerOfAllAndTheNetdev() throws Exception {
        write("commands/ip_-o_addr_show", ADDRS);
        sysctl(1, 0);
        SharedSubnet s = facts().of(SharedSubnet.class).get(0);
        assertThat(s.subnet()).isEqualTo("192.168.10.0/24");
        assertThat(s.members())
                .extracting(
                        SubnetMember::netdev,
                        SubnetMember::arpIgnore,
                        SubnetMember::arpAnnounce,
                        SubnetMember::rpFilter)
                .containsExactly(tuple("p0", 1, 2, 1), tuple("p1", 1, 2, 1));
        // The netdev shows 0, all is 1: strict by the max.
        assertThat(s.members().get(0).strictReversePath()).isTrue();
        assertThat(s.members().get(0).sourceRouted()).isNull();
    }

    @Test
    void nearMissLooseOnTheNetdevIsLooseWhateverAllSays() throws Exception {
        write("commands/ip_-o_addr_show", ADDRS);
        sysctl(1, 2);
        assertThat(facts().of(SubnetMember.class))
                .extracting(SubnetMember::rpFilter)
                .containsExactly(2, 2);
        assertThat(facts().of(SubnetMember.class)).noneMatch(SubnetMember::strictReversePath);
    }

    @Test
    void aSourceRuleCountsWithARouteThroughItsOwnPortInItsTable() throws Exception {
        write("commands/ip_-o_addr_show", ADDRS);
        write(
                "commands/ip_rule_show",
                "0:\tfrom all lookup local\n100:\tfrom 192.168.10.11 lookup 101\n"
                        + "101:\tfrom 192.168.10.12 lookup 102\n32766:\tfrom all lookup main\n");
        write(
                "commands/ip_route_show_table_all",
                "192.168.10.0/24 dev p0 proto kernel scope link src 192.168.10.11\n"
                        + "192.168.10.0/24 dev p1 proto kernel scope link src 192.168.10.12\n"
                        + "192.168.10.0/24 dev p0 table 101 scope link src 192.168.10.11\n"
                        + "192.168.10.0/24 dev p0 table 102 scope link src 192.168.10.12\n");
        assertThat(facts().of(SubnetMember.class))
                .extracting(SubnetMember::netdev, SubnetMember::sourceRouted, SubnetMember::ruleTable)
                .containsExactly(tuple("p0", true, "101"), tuple("p1", false, "102"));
        assertThat(facts().of(SubnetMember.class).get(1).policy())
                .isEqualTo("101: from 192.168.10.12 lookup 102, but table 102 has no usable route through p1");
        assertThat(facts().of(SharedSubnet.class).get(0).usedTables()).containsExactly("101", "102", "local", "main");
    }

    @Test
    void nearMissARuleAfterTheMainTableOrWithAnotherSelectorIsNoSourceRule() throws Exception {
        write("commands/ip_-o_addr_show", ADDRS);
        write(
                "commands/ip_rule_show",
                "0:\tfrom all lookup local\n100:\tfrom 192.168.10.11 iif p0 lookup 101\n"
                        + "32766:\tfrom all lookup main\n40000:\tfrom 192.168.10.12 lookup 102\n");
        write(
                "commands/ip_route_show_table_all",
                "192.168.10.0/24 dev p0 table 101 scope link\n" + "192.168.10.0/24 dev p1 table 102 scope link\n");
        assertThat(facts().of(SubnetMember.class))
                .extracting(SubnetMember::sourceRouted)
                .containsExactly(false, false);
    }

    @Test
    void nearMissOneRocePortPerSubnetSharesNothing() throws Exception {
        write("commands/ip_-o_addr_show", ADDRS.replace("192.168.10.12/24", "192.168.20.12/24"));
        sysctl(0, 0);
        assertThat(facts().of(SharedSubnet.class)).isEmpty();
        assertThat(facts().of(NetdevAddress.class))
                .extracting(NetdevAddress::subnet)
                .containsExactly("192.168.10.0/24", "192.168.20.0/24", "fe80::1/64");
        assertThat(facts().of(ArpSettings.class))
                .extracting(ArpSettings::netdev)
                .containsExactly("p0", "p1");
    }
}
