package io.rocedoctor.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.facts.CounterMeaning;
import io.rocedoctor.facts.CounterRate;
import io.rocedoctor.facts.MultipathGroup;
import io.rocedoctor.facts.PortGids;
import io.rocedoctor.facts.PortQos;
import io.rocedoctor.facts.RdmaDevice;
import io.rocedoctor.facts.RdmaPortTraffic;
import io.rocedoctor.facts.RoceMtu;
import io.rocedoctor.facts.RoceTraffic;
import io.rocedoctor.facts.RoceTrafficClass;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Layer 5: each rule fires on one wrong value of an otherwise healthy RoCE host, and not one step short of it. */
class TransportRulesTest {

    /**
     * The healthy host with its two RoCE ports: v2, ToS 106 on lossless priority 3, MTU 9000 / 4096.
     * Each change replaces the fact of its type (QoS, traffic, MTU and GIDs are those of mlx5_0/1).
     */
    private static List<Object> roceHost(Object... changes) {
        List<Object> facts = new ArrayList<>(HostFacts.healthy().facts);
        facts.add(new RdmaDevice(
                "mlx5_0", 1, "p0", HostFacts.NIC, HostFacts.NIC + ".0", "ACTIVE", "Ethernet", 4096, 4096));
        facts.add(new RdmaDevice(
                "mlx5_1", 1, "p1", HostFacts.NIC, HostFacts.NIC + ".1", "ACTIVE", "Ethernet", 4096, 4096));
        facts.add(qos("p0", 3));
        facts.add(traffic("v2", 106, 3));
        facts.add(new RoceMtu("mlx5_0", 1, "p0", 9000, 4096, 4096, RoceMtu.fitting(9000, 4096)));
        facts.add(new PortGids("mlx5_0", 1, "p0", List.of("10.0.0.1"), List.of("10.0.0.1"), List.of(), "show_gids"));
        // A healthy measured baseline, so the baseline rules stay quiet here.
        facts.add(new io.rocedoctor.facts.Baseline(
                "ib_write_bw -d mlx5_0",
                "ib_write_bw",
                false,
                "mlx5_0",
                "p0",
                HostFacts.NIC,
                65536,
                96.0,
                97.0,
                null,
                null,
                null,
                null,
                100.0,
                252.0));
        for (Object c : changes) {
            facts.removeIf(c.getClass()::isInstance);
            facts.add(c);
        }
        return facts;
    }

    private static PortQos qos(String device, Integer... pfc) {
        return new PortQos(
                device, "dscp", List.of(pfc), Map.of(), Map.of(), Map.of(), List.of(), "mlnx_qos -i " + device);
    }

    private static RoceTraffic traffic(String mode, int tos, int priority) {
        return new RoceTraffic(
                "mlx5_0", 1, "p0", mode, tos, tos >> 2, "dscp", priority, "ToS " + tos + " -> priority " + priority);
    }

    private static List<String> ids(List<Object> facts) {
        return RuleHarness.ids(RuleHarness.diagnose(facts));
    }

    @Test
    void healthyRoceHostHasNoFinding() {
        assertThat(ids(roceHost())).isEmpty();
    }

    @Fires("ROCE_V1_DEFAULT")
    @Test
    void rdmaCmDefaultingToRoceV1Fires() {
        Diagnosis d = RuleHarness.diagnose(roceHost(traffic("v1", 106, 3)));
        assertThat(RuleHarness.ids(d)).containsExactly("ROCE_V1_DEFAULT@mlx5_0/1");
        assertThat(d.findings().get(0).actions().get(0).parameters())
                .containsOnlyKeys("ibdev", "port", "current")
                .containsEntry("ibdev", "mlx5_0");
    }

    @NearMiss("ROCE_V1_DEFAULT")
    @Test
    void nearMissRoceV2OrAModeNotCollectedIsNoV1Default() {
        assertThat(ids(roceHost(traffic("v2", 106, 3)))).isEmpty();
        // cma_roce_mode absent: the default is unknown, not v1.
        assertThat(ids(roceHost(traffic(null, 106, 3)))).isEmpty();
    }

    @Fires("ROCE_TOS_UNSET")
    @Test
    void tosZeroWhilePriorityThreeIsLosslessFiresAndProposesTheAfClassOfPriorityThree() {
        Diagnosis d = RuleHarness.diagnose(roceHost(traffic("v2", 0, 0)));
        assertThat(RuleHarness.ids(d)).containsExactly("ROCE_TOS_UNSET@mlx5_0/1");
        assertThat(d.findings().get(0).actions().get(0).parameters())
                .containsEntry("tos", "106")
                .containsOnlyKeys("ibdev", "port", "tos");
    }

    @NearMiss("ROCE_TOS_UNSET")
    @Test
    void nearMissTosZeroWithPfcOnPriorityZeroIsWhereTheTrafficBelongs() {
        assertThat(ids(roceHost(traffic("v2", 0, 0), qos("p0", 0)))).isEmpty();
    }

    @NearMiss("ROCE_TOS_UNSET")
    @Test
    void nearMissTosZeroOnAPortWithNoLosslessPriorityIsNotJudgedHere() {
        assertThat(ids(roceHost(traffic("v2", 0, 0), qos("p0")))).isEmpty();
    }

    private static RoceTrafficClass trafficClass(Integer tclass, int priority) {
        return new RoceTrafficClass(
                "mlx5_0",
                1,
                "p0",
                HostFacts.NIC,
                tclass,
                0,
                priority,
                "ToS " + (tclass == null ? 0 : tclass) + " -> priority " + priority,
                "/sys/class/infiniband/mlx5_0/tc/1/traffic_class");
    }

    @Fires("ROCE_TRAFFIC_CLASS_UNSET")
    @Test
    void trafficClassUnsetWhilePriorityThreeIsLosslessFiresAndSetsTheAfClassOfPriorityThree() {
        Diagnosis d = RuleHarness.diagnose(roceHost(trafficClass(null, 0)));
        assertThat(RuleHarness.ids(d)).containsExactly("ROCE_TRAFFIC_CLASS_UNSET@mlx5_0/1");
        assertThat(d.findings().get(0).actions().get(0).parameters())
                .containsExactlyInAnyOrderEntriesOf(Map.of("ibdev", "mlx5_0", "port", "1", "tclass", "106"));
    }

    @Test
    void aGlobalTrafficClassOnALossyPriorityFiresToo() {
        assertThat(ids(roceHost(trafficClass(0, 0)))).containsExactly("ROCE_TRAFFIC_CLASS_UNSET@mlx5_0/1");
    }

    @NearMiss("ROCE_TRAFFIC_CLASS_UNSET")
    @Test
    void nearMissAnOverrideChosenForAnotherPriorityIsLeftToThePfcRules() {
        assertThat(ids(roceHost(trafficClass(34, 4)))).isEmpty();
    }

    @Test
    void whereRdmaCmsTosIsZeroTooOnlyRoceTosUnsetFiresAsItsStepSetsTheOverride() {
        assertThat(ids(roceHost(trafficClass(null, 0), traffic("v2", 0, 0))))
                .containsExactly("ROCE_TOS_UNSET@mlx5_0/1");
    }

    @NearMiss("ROCE_TRAFFIC_CLASS_UNSET")
    @Test
    void nearMissTrafficClassOnTheLosslessPriorityIsQuiet() {
        assertThat(ids(roceHost(trafficClass(106, 3)))).isEmpty();
    }

    @Test
    void nearMissTrafficClassUnsetWhereThePortKeepsPriorityZeroLosslessIsQuiet() {
        assertThat(ids(roceHost(trafficClass(null, 0), qos("p0", 0), traffic("v2", 0, 0))))
                .isEmpty();
    }

    @Fires("ROCE_MTU_BELOW_NETDEV")
    @Test
    void activeMtu1024UnderANetdevMtuOf9000Fires() {
        Diagnosis d = RuleHarness.diagnose(
                roceHost(new RoceMtu("mlx5_0", 1, "p0", 9000, 1024, 4096, RoceMtu.fitting(9000, 4096))));
        assertThat(RuleHarness.ids(d)).containsExactly("ROCE_MTU_BELOW_NETDEV@mlx5_0/1");
        // The netdev MTU already carries a RoCE MTU of 4096: the step looks at the RDMA side and names no lower netdev
        // MTU.
        assertThat(d.findings().get(0).actions().get(0).parameters())
                .containsEntry("mtu", "4096")
                .containsEntry("netdev_mtu", "9000")
                .containsOnlyKeys("ibdev", "device", "mtu", "netdev_mtu");
    }

    @NearMiss("ROCE_MTU_BELOW_NETDEV")
    @Test
    void nearMissActiveMtu1024IsAllANetdevMtuOf1500Carries() {
        assertThat(RoceMtu.fitting(1500, 4096)).isEqualTo(1024);
        assertThat(ids(roceHost(new RoceMtu("mlx5_0", 1, "p0", 1500, 1024, 4096, RoceMtu.fitting(1500, 4096)))))
                .isEmpty();
    }

    @Test
    void roceMtuFitsTheNetdevMtuLessTheRoceV2Headers() {
        assertThat(RoceMtu.fitting(4192, null)).isEqualTo(4096);
        assertThat(RoceMtu.fitting(4191, null)).isEqualTo(2048);
        assertThat(RoceMtu.fitting(9000, 2048)).isEqualTo(2048);
        assertThat(RoceMtu.fitting(300, null)).isZero();
    }

    @Fires("ROCE_GID_V2_MISSING")
    @Test
    void anAddressWithOnlyARoceV1GidFires() {
        Diagnosis d = RuleHarness.diagnose(roceHost(new PortGids(
                "mlx5_0",
                1,
                "p0",
                List.of("fe80::1", "10.0.0.1"),
                List.of("fe80::1"),
                List.of("10.0.0.1"),
                "show_gids")));
        assertThat(RuleHarness.ids(d)).containsExactly("ROCE_GID_V2_MISSING@mlx5_0/1");
        assertThat(d.findings().get(0).evidence())
                .extracting(Evidence::source, Evidence::value)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("show_gids", "10.0.0.1"));
    }

    @Fires("ROCE_GID_V2_MISSING")
    @Test
    void theEvidenceNamesTheCaptureTheGidsWereReadFrom() {
        Diagnosis d = RuleHarness.diagnose(roceHost(new PortGids(
                "mlx5_0",
                1,
                "p0",
                List.of("fe80::1", "10.0.0.1"),
                List.of("fe80::1"),
                List.of("10.0.0.1"),
                "ibv_devinfo -v")));
        assertThat(d.findings().get(0).evidence()).extracting(Evidence::source).containsExactly("ibv_devinfo -v");
    }

    @NearMiss("ROCE_GID_V2_MISSING")
    @Test
    void nearMissEveryAddressHasBothGidTypes() {
        assertThat(ids(roceHost(new PortGids(
                        "mlx5_0",
                        1,
                        "p0",
                        List.of("fe80::1", "10.0.0.1"),
                        List.of("fe80::1", "10.0.0.1"),
                        List.of(),
                        "show_gids"))))
                .isEmpty();
    }

    private static CounterRate rate(String counter, long delta, Double perSecond, boolean sinceBoot) {
        return new CounterRate(
                "mlx5_0/1",
                counter,
                CounterMeaning.ofRdmaStatistic(counter),
                1000,
                1000 + delta,
                delta,
                perSecond,
                sinceBoot,
                false);
    }

    @Fires("ROCE_RETRANSMITTING")
    @Test
    void risingOutOfSequenceAndAckTimeoutsAreRetransmissions() {
        List<Object> facts = roceHost();
        facts.add(rate("out_of_sequence", 420, 42.0, false));
        facts.add(rate("local_ack_timeout_err", 3, 0.3, false));
        facts.add(rate("rx_write_requests", 900000, 90000.0, false));
        Diagnosis d = RuleHarness.diagnose(facts);
        Finding f = RuleHarness.only(d, "ROCE_RETRANSMITTING@mlx5_0/1");
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.evidence()).hasSize(2);
        assertThat(f.actions().get(0).parameters()).containsExactly(Map.entry("ibdev", "mlx5_0"));
    }

    /** bnxt_re names its loss recovery to_retransmits, seq_err_naks_rcvd and dup_req. */
    @Fires("ROCE_RETRANSMITTING")
    @Test
    void risingBroadcomTimeoutRetransmitsAreRetransmissions() {
        List<Object> facts = roceHost();
        facts.add(rate("to_retransmits", 120, 12.0, false));
        facts.add(rate("rnr_naks_rcvd", 50, 5.0, false)); // receiver not ready: flow control, not loss
        Finding f = RuleHarness.only(RuleHarness.diagnose(facts), "ROCE_RETRANSMITTING@mlx5_0/1");
        assertThat(f.evidence())
                .singleElement()
                .satisfies(e -> assertThat(e.value()).startsWith("to_retransmits"));
    }

    @NearMiss("ROCE_RETRANSMITTING")
    @Test
    void nearMissRetransmissionCountersFlatBetweenSamples() {
        List<Object> facts = roceHost();
        facts.add(rate("out_of_sequence", 0, 0.0, false));
        facts.add(rate("local_ack_timeout_err", 0, 0.0, false));
        assertThat(ids(facts)).isEmpty();
    }

    @Fires("ROCE_RETRANSMITTING")
    @Test
    void retransmissionsSinceBootAloneArePossibleOnly() {
        List<Object> facts = roceHost();
        facts.add(rate("packet_seq_err", 12, null, true));
        Diagnosis d = RuleHarness.diagnose(facts);
        assertThat(RuleHarness.ids(d)).containsExactly("ROCE_RETRANSMITTING@mlx5_0/1");
        assertThat(d.findings().get(0).confidence()).isEqualTo("possible");
    }

    @NearMiss("ROCE_RETRANSMITTING")
    @Test
    void counterThatWentDownIsNotARetransmission() {
        List<Object> facts = roceHost();
        facts.add(new CounterRate(
                "mlx5_0/1", "out_of_sequence", CounterMeaning.RETRANSMISSION, 5000, 10, 0, null, false, true));
        assertThat(ids(facts)).isEmpty();
    }

    private static final List<String> VPORT = List.of("tx_vport_rdma_unicast_bytes", "rx_vport_rdma_unicast_bytes");

    private static List<Object> twoPlanes(long busyBytes, Double busyLoad, long idleBytes) {
        List<Object> facts = roceHost();
        facts.add(new MultipathGroup("fabric:p0+p1", "fabric", List.of("p0", "p1"), "independent RDMA devices", null));
        facts.add(new RdmaPortTraffic(
                "mlx5_0",
                1,
                "p0",
                "fabric:p0+p1",
                busyBytes,
                busyBytes / 10.0,
                busyLoad,
                false,
                "ethtool -S p0",
                VPORT));
        facts.add(new RdmaPortTraffic(
                "mlx5_1", 1, "p1", "fabric:p0+p1", idleBytes, idleBytes / 10.0, 0.0, false, "ethtool -S p1", VPORT));
        return facts;
    }

    @Fires("ROCE_PATH_UNUSED")
    @Test
    void allRdmaBytesOnOnePlaneLeaveTheOtherUnused() {
        Diagnosis d = RuleHarness.diagnose(twoPlanes(60_000_000_000L, 0.24, 1_000_000));
        assertThat(RuleHarness.ids(d)).containsExactly("ROCE_PATH_UNUSED@mlx5_1/1");
        assertThat(d.findings().get(0).actions().get(0).parameters())
                .containsEntry("ibdev", "mlx5_1")
                .containsEntry("device", "p1");
    }

    @Fires("ROCE_PATH_UNUSED")
    @Test
    void twoPlanesTiedForBusiestGiveTheIdleThirdOneFinding() {
        List<Object> facts = roceHost();
        facts.add(new MultipathGroup(
                "fabric:p0+p1+p2", "fabric", List.of("p0", "p1", "p2"), "independent RDMA devices", null));
        facts.add(new RdmaPortTraffic(
                "mlx5_0", 1, "p0", "fabric:p0+p1+p2", 60_000_000_000L, 6e9, 0.24, false, "ethtool -S p0", VPORT));
        facts.add(new RdmaPortTraffic(
                "mlx5_1", 1, "p1", "fabric:p0+p1+p2", 60_000_000_000L, 6e9, 0.24, false, "ethtool -S p1", VPORT));
        facts.add(new RdmaPortTraffic(
                "mlx5_2", 1, "p2", "fabric:p0+p1+p2", 1_000_000, 1e5, 0.0, false, "ethtool -S p2", VPORT));
        Diagnosis d = RuleHarness.diagnose(facts);
        Finding f = RuleHarness.only(d, "ROCE_PATH_UNUSED@mlx5_2/1");
        // The lowest id among the equals is the busiest: deterministic evidence.
        assertThat(f.evidence()).anySatisfy(e -> assertThat(e.note()).startsWith("RDMA bytes of mlx5_0/1"));
    }

    @NearMiss("ROCE_PATH_UNUSED")
    @Test
    void nearMissTheSecondPlaneCarriesATenthOfTheFirst() {
        assertThat(ids(twoPlanes(60_000_000_000L, 0.24, 6_000_000_000L))).isEmpty();
    }

    @NearMiss("ROCE_PATH_UNUSED")
    @Test
    void nearMissAnAlmostIdleHostProvesNothing() {
        assertThat(ids(twoPlanes(60_000_000L, 0.0002, 0))).isEmpty();
    }

    /** Two RoCE ports in a plain bond (no RoCE LAG device): each member's RDMA device carries its own connections. */
    private static List<Object> bondedPorts(String policy, long idleBytes) {
        List<Object> facts = roceHost();
        facts.add(new MultipathGroup(
                "bond0", "bond", List.of("p0", "p1"), "bond xmit_hash_policy " + policy, policy.contains("3+4")));
        facts.add(new RdmaPortTraffic(
                "mlx5_0", 1, "p0", "bond0", 60_000_000_000L, 6e9, 0.24, false, "ethtool -S p0", VPORT));
        facts.add(new RdmaPortTraffic(
                "mlx5_1", 1, "p1", "bond0", idleBytes, idleBytes / 10.0, 0.0, false, "ethtool -S p1", VPORT));
        return facts;
    }

    @Fires("ROCE_PATH_UNUSED")
    @Test
    void aBondMemberIdleForRdmaWhileTheBondHashesOnL4IsAnUnusedPath() {
        assertThat(ids(bondedPorts("layer3+4", 0))).containsExactly("ROCE_PATH_UNUSED@mlx5_1/1");
    }

    @NearMiss("ROCE_PATH_UNUSED")
    @Test
    void nearMissABondHashingWithoutL4IsLeftToTheHashRule() {
        assertThat(ids(bondedPorts("layer2+3", 0))).doesNotContain("ROCE_PATH_UNUSED@mlx5_1/1");
    }

    /** Two RoCE ports in 192.168.10.0/24, each with the given arp_ignore and source routing. */
    private static List<Object> sharedSubnet(int arpIgnore, boolean routed) {
        List<io.rocedoctor.facts.SubnetMember> members = new ArrayList<>();
        for (String dev : List.of("p0", "p1")) {
            var a = new io.rocedoctor.facts.ArpSettings(
                    dev,
                    new io.rocedoctor.facts.ArpSettings.Value(0, arpIgnore),
                    new io.rocedoctor.facts.ArpSettings.Value(0, 2),
                    new io.rocedoctor.facts.ArpSettings.Value(0, 2),
                    "sysctl -a");
            members.add(new io.rocedoctor.facts.SubnetMember(
                    "192.168.10.0/24",
                    dev,
                    HostFacts.NIC,
                    dev.equals("p0") ? "192.168.10.11/24" : "192.168.10.12/24",
                    arpIgnore,
                    2,
                    2,
                    a,
                    routed,
                    routed ? "10" + dev.charAt(1) : null,
                    routed ? "a rule and its route" : "no rule"));
        }
        List<Object> facts = roceHost();
        facts.addAll(members);
        facts.add(new io.rocedoctor.facts.SharedSubnet(
                "192.168.10.0/24", members, List.of("main"), List.of("ip -o addr show", "sysctl -a")));
        return facts;
    }

    @Fires("MULTI_NIC_SAME_SUBNET")
    @Test
    void twoPortsInOneSubnetAnsweringArpForEachOtherFire() {
        Diagnosis d = RuleHarness.diagnose(sharedSubnet(0, true));
        assertThat(RuleHarness.ids(d)).containsExactly("MULTI_NIC_SAME_SUBNET@p0+p1");
        assertThat(d.findings().get(0).severity()).isEqualTo("high");
        assertThat(d.findings().get(0).actions()).hasSize(2);
    }

    @Fires("MULTI_NIC_SAME_SUBNET")
    @Test
    void twoPortsInOneSubnetWithoutSourceRulesFire() {
        assertThat(ids(sharedSubnet(1, false))).containsExactly("MULTI_NIC_SAME_SUBNET@p0+p1");
    }

    @NearMiss("MULTI_NIC_SAME_SUBNET")
    @Test
    void nearMissPortsThatOwnTheirAddressesAndRouteBySourceAreQuiet() {
        assertThat(ids(sharedSubnet(1, true))).isEmpty();
        assertThat(ids(sharedSubnet(2, true))).isEmpty();
    }
}
