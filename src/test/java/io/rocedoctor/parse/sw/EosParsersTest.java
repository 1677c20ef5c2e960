package io.rocedoctor.parse.sw;

import static io.rocedoctor.parse.ParseFailures.assertFailsAt;
import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.parse.ParseException;
import org.junit.jupiter.api.Test;

class EosParsersTest {

    // ---- show running-config -----------------------------------------------------------------

    private static final String CONFIG = """
            ! Command: show running-config
            !
            interface defaults
               mtu 9214
            !
            qos profile ROCE
               qos trust dscp
               priority-flow-control on
               priority-flow-control priority 3 no-drop
               priority-flow-control pause watchdog
               !
               tx-queue 3
                  no priority
                  bandwidth percent 50
                  random-detect ecn minimum-threshold 150 kbytes maximum-threshold 1500 kbytes max-mark-probability 5
               !
               mc-tx-queue 3
                  priority strict
            !
            interface Ethernet8
               description gpu-node-21 ens1f0np0
               no switchport
               service-profile ROCE
               priority-flow-control priority 4 no-drop
               !
               uc-tx-queue 3
                  random-detect ecn minimum-threshold 320 segments maximum-threshold 640 segments
            !
            interface Ethernet12
               mtu 4200
               switchport mode trunk
            !
            interface Management1
               ip address 10.0.0.2/24
            !
            qos map dscp 24 25 26 27 to traffic-class 3
            qos map dscp 46 to traffic-class 5 drop-precedence 2
            qos map cos 3 to traffic-class 3
            qos map traffic-class 3 to tx-queue 3
            qos map traffic-class 1 to dscp 56
            !
            priority-flow-control pause watchdog default timeout 0.2
            """;

    @Test
    void runningConfigJavadocExample() throws ParseException {
        EosRunningConfig c = new EosRunningConfigParser().parse("""
                interface Ethernet8
                   mtu 9214
                   no switchport
                   qos trust dscp
                   priority-flow-control on
                   priority-flow-control priority 3 no-drop
                   priority-flow-control pause watchdog
                   !
                   tx-queue 3
                      random-detect ecn minimum-threshold 150 kbytes maximum-threshold 1500 kbytes max-mark-probability 5
                !
                qos map dscp 24 25 26 27 to traffic-class 3
                priority-flow-control pause watchdog default timeout 0.2
                """);
        EosRunningConfig.Section e8 = c.settingsOf("Ethernet8");
        assertThat(e8.mtu()).isEqualTo(9214);
        assertThat(e8.routed()).isTrue();
        assertThat(e8.trust()).isEqualTo("dscp");
        assertThat(e8.pfcOn()).isTrue();
        assertThat(e8.pfcNoDrop()).containsExactly(java.util.Map.entry(3, true));
        assertThat(e8.watchdog()).isTrue();
        assertThat(e8.txQueues().get(3).ecn())
                .isEqualTo(new EosRunningConfig.Ecn("150 kbytes", "1500 kbytes", 153_600L, 1_536_000L, 5));
        assertThat(c.dscpToTrafficClass()).containsEntry(26, 3).hasSize(4);
        assertThat(c.watchdogDefaultTimeout()).isEqualTo("0.2");
    }

    @Test
    void anInterfaceTakesItsServiceProfileUnderItsOwnLines() throws ParseException {
        EosRunningConfig c = new EosRunningConfigParser().parse(CONFIG);
        EosRunningConfig.Section e8 = c.settingsOf("Ethernet8");
        assertThat(e8.trust()).as("from the profile").isEqualTo("dscp");
        assertThat(e8.watchdog()).as("from the profile").isTrue();
        assertThat(e8.pfcNoDrop())
                .as("the profile's priority and the port's own")
                .containsOnlyKeys(3, 4);
        EosRunningConfig.TxQueue q3 = e8.txQueues().get(3);
        assertThat(q3.strict())
                .as("the profile's unicast queue, not its multicast one")
                .isFalse();
        assertThat(q3.ecn().minimum()).as("the port's own ECN line wins").isEqualTo("320 segments");
        assertThat(q3.ecn().minimumBytes())
                .as("segments have no byte size in the config")
                .isNull();
        assertThat(q3.ecn().maxMarkProbability()).isNull();
    }

    @Test
    void globalMapsAndDefaultsAreRead() throws ParseException {
        EosRunningConfig c = new EosRunningConfigParser().parse(CONFIG);
        assertThat(c.dscpToTrafficClass())
                .containsEntry(26, 3)
                .containsEntry(46, 5)
                .hasSize(5);
        assertThat(c.cosToTrafficClass()).containsExactly(java.util.Map.entry(3, 3));
        assertThat(c.trafficClassToTxQueue()).containsExactly(java.util.Map.entry(3, 3));
        assertThat(c.defaultMtu()).isEqualTo(9214);
        assertThat(c.pfcAllOff()).isFalse();
        assertThat(c.interfaces()).containsOnlyKeys("Ethernet8", "Ethernet12", "Management1");
        assertThat(c.settingsOf("Ethernet12").mtu()).isEqualTo(4200);
        assertThat(c.settingsOf("Ethernet12").routed())
                .as("no 'no switchport' line")
                .isNull();
        assertThat(c.settingsOf("Ethernet99")).isNull();
    }

    @Test
    void runningConfigRejectsEmptyTextTextWithoutInterfacesAndValuesOutOfRange() {
        EosRunningConfigParser p = new EosRunningConfigParser();
        assertFailsAt(p::parse, "\n", 0);
        assertFailsAt(p::parse, "% Invalid input\n", 1);
        assertFailsAt(p::parse, "interface Ethernet1\n   priority-flow-control priority 8 no-drop\n", 2);
        assertFailsAt(p::parse, "interface Ethernet1\n!\nqos map dscp 64 to traffic-class 3\n", 3);
        assertFailsAt(p::parse, "interface Ethernet1\n   tx-queue 9\n", 2);
    }

    // ---- show interfaces counters queue detail | json -----------------------------------------

    @Test
    void queueDropsJavadocExample() throws ParseException {
        EosQueueDrops d = new EosQueueDropsParser().parse("""
                {"egressQueueCounters": {"interfaces": {"Ethernet8": {
                  "ucastQueues": {"trafficClasses": {
                    "TC3": {"dropPrecedences": {"DP0": {"droppedPackets": 120}, "DP1": {"droppedPackets": 3}}}}},
                  "mcastQueues": {"trafficClasses": {"TC3": {"dropPrecedences": {"DP0": {"droppedPackets": 9}}}}}}}}}
                """);
        assertThat(d.dropped("Ethernet8", 3)).contains(123L);
        assertThat(d.dropped("Ethernet8", 4)).isEmpty();
        assertThat(d.dropped("Ethernet9", 3)).isEmpty();
    }

    @Test
    void queueDropsRejectOtherJsonAndBadCounts() {
        EosQueueDropsParser p = new EosQueueDropsParser();
        assertFailsAt(p::parse, "", 0);
        assertFailsAt(p::parse, "{\"interfaces\": {}}", 1);
        assertFailsAt(
                p::parse,
                "{\"egressQueueCounters\": {\"interfaces\": {\"Ethernet1\": {\"ucastQueues\": "
                        + "{\"trafficClasses\": {\"Q3\": {}}}}}}}",
                1);
        assertFailsAt(
                p::parse,
                "{\"egressQueueCounters\": {\"interfaces\": {\"Ethernet1\": {\"ucastQueues\": "
                        + "{\"trafficClasses\": {\"TC3\": {\"dropPrecedences\": {\"DP0\": {\"droppedPackets\": \"many\"}}}}}}}}}",
                1);
        assertFailsAt(p::parse, "{\"egressQueueCounters\": \n", 2);
    }
}
