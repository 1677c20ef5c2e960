package io.rocedoctor.engine.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.engine.ActionProposal;
import io.rocedoctor.engine.Evidence;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.ArpSettings;
import io.rocedoctor.facts.SharedSubnet;
import io.rocedoctor.facts.SubnetMember;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MultiNicSubnetFindingTest {
    private static final String SUBNET = "192.168.10.0/24";

    static ArpSettings settings(String dev, int ignore, int announce, int allRp, int rp) {
        return new ArpSettings(
                dev,
                new ArpSettings.Value(0, ignore),
                new ArpSettings.Value(0, announce),
                new ArpSettings.Value(allRp, rp),
                "sysctl -a");
    }

    static SubnetMember member(String dev, String address, ArpSettings a, Boolean routed, String table, String policy) {
        return new SubnetMember(
                SUBNET,
                dev,
                "0000:3b:00",
                address,
                a == null ? null : a.arpIgnore().effective(),
                a == null ? null : a.arpAnnounce().effective(),
                a == null ? null : a.rpFilter().effective(),
                a,
                routed,
                table,
                policy);
    }

    static SharedSubnet subnet(SubnetMember... members) {
        return new SharedSubnet(
                SUBNET, List.of(members), List.of("101", "102", "local", "main"), List.of("ip -o addr show"));
    }

    private static final SubnetMember ROUTED_P1 = member(
            "p1",
            "192.168.10.12/24",
            settings("p1", 1, 2, 0, 2),
            true,
            "102",
            "101: from 192.168.10.12 lookup 102; table 102: 192.168.10.0/24 dev p1");

    @Test
    void arpIgnoreZeroIsNamedAndSetToOneOnTheNetdev() {
        SubnetMember p0 = member("p0", "192.168.10.11/24", settings("p0", 0, 2, 0, 2), true, "103", "ok");
        assertThat(p0.answersForOthers()).isTrue();
        Finding f = MultiNicSubnetFinding.of(subnet(p0, ROUTED_P1)).build("MULTI_NIC_SAME_SUBNET");
        assertThat(f.subject()).isEqualTo("p0+p1");
        assertThat(f.scope()).contains(SUBNET, "p0", "p1");
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.evidence())
                .extracting(Evidence::value)
                .containsExactly(
                        "p0 192.168.10.11/24", "p1 192.168.10.12/24", "arp_ignore of p0 0 (all 0, the netdev 0)");
        assertThat(f.actions())
                .containsExactly(new ActionProposal(
                        "ipv4-conf-sysctl",
                        Map.of("key", "net.ipv4.conf.p0.arp_ignore", "value", "1", "current", "0")));
    }

    @Test
    void arpAnnounceBelowTwoIsSetToTwo() {
        SubnetMember p0 = member("p0", "192.168.10.11/24", settings("p0", 1, 1, 0, 2), true, "103", "ok");
        assertThat(MultiNicSubnetFinding.of(subnet(p0, ROUTED_P1))
                        .build("MULTI_NIC_SAME_SUBNET")
                        .actions())
                .containsExactly(new ActionProposal(
                        "ipv4-conf-sysctl",
                        Map.of("key", "net.ipv4.conf.p0.arp_announce", "value", "2", "current", "1")));
    }

    /** all 1 and the netdev 0 is strict by the max: the netdev is set to 2, which wins over all's 1. */
    @Test
    void strictReversePathFromAllIsLoosenedOnTheNetdev() {
        SubnetMember p0 = member("p0", "192.168.10.11/24", settings("p0", 1, 2, 1, 0), true, "103", "ok");
        assertThat(p0.rpFilter()).isEqualTo(1);
        Finding f = MultiNicSubnetFinding.of(subnet(p0, ROUTED_P1)).build("MULTI_NIC_SAME_SUBNET");
        assertThat(f.evidence()).extracting(Evidence::value).contains("rp_filter of p0 1 (all 1, the netdev 0)");
        assertThat(f.actions())
                .containsExactly(new ActionProposal(
                        "ipv4-conf-sysctl", Map.of("key", "net.ipv4.conf.p0.rp_filter", "value", "2", "current", "0")));
    }

    @Test
    void aMissingSourceRuleGetsATableNoRuleOrRouteUses() {
        SubnetMember p0 = member(
                "p0",
                "192.168.10.11/24",
                settings("p0", 1, 2, 0, 2),
                false,
                null,
                "no rule 'from 192.168.10.11 lookup TABLE' before the main table");
        assertThat(p0.notSourceRouted()).isTrue();
        Finding f = MultiNicSubnetFinding.of(subnet(p0, ROUTED_P1)).build("MULTI_NIC_SAME_SUBNET");
        assertThat(f.evidence()).extracting(Evidence::source).contains("ip rule show");
        // 101 is used already (a rule or route of the host): the step takes the next free table.
        assertThat(f.actions())
                .containsExactly(new ActionProposal(
                        "policy-route-source",
                        Map.of("device", "p0", "address", "192.168.10.11", "subnet", SUBNET, "table", "103")));
    }

    @Test
    void aRuleWhoseTableLacksTheRouteGetsTheRouteInItsTable() {
        SubnetMember p0 = member(
                "p0",
                "192.168.10.11/24",
                settings("p0", 1, 2, 0, 2),
                false,
                "7",
                "90: from 192.168.10.11 lookup 7, but table 7 has no usable route through p0");
        assertThat(MultiNicSubnetFinding.of(subnet(p0, ROUTED_P1))
                        .build("MULTI_NIC_SAME_SUBNET")
                        .actions())
                .extracting(a -> a.parameters().get("table"))
                .containsExactly("7");
    }

    @Test
    void nearMissEveryPortSetUpOwnsItsAddressAndNothingIsProposed() {
        SubnetMember p0 = member("p0", "192.168.10.11/24", settings("p0", 2, 2, 1, 2), true, "101", "ok");
        assertThat(p0.answersForOthers() || p0.announcesOthers() || p0.strictReversePath() || p0.notSourceRouted())
                .isFalse();
        assertThat(MultiNicSubnetFinding.of(subnet(p0, ROUTED_P1))
                        .build("MULTI_NIC_SAME_SUBNET")
                        .actions())
                .isEmpty();
    }

    @Test
    void nearMissSettingsNotCollectedAreNotJudged() {
        SubnetMember p0 = member("p0", "192.168.10.11/24", null, null, null, null);
        assertThat(p0.answersForOthers() || p0.announcesOthers() || p0.strictReversePath() || p0.notSourceRouted())
                .isFalse();
    }
}
