package io.rocedoctor.parse.sw;

import static io.rocedoctor.parse.ParseFailures.assertFailsAt;
import static io.rocedoctor.parse.sw.NvueLineByLineTest.oneNote;
import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.ParseFailures;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * EOS running-config is read line by line: a QoS line of a form the parser reads that does not fit
 * it is one note on its line, and every other setting of the configuration stands.
 */
class EosLineByLineTest {

    private static final String CONFIG = """
            ! Command: show running-config
            ! device: leaf5 (DCS-7060X5-64S, EOS-4.31.2F)
            !
            interface Ethernet8/1
               mtu 9214
               no switchport
               qos trust dscp
               priority-flow-control on
               priority-flow-control priority 3 no-drop
               priority-flow-control priority 9 no-drop
               !
               tx-queue 3
                  random-detect ecn minimum-threshold 150 kbytes maximum-threshold 1500 kbytes max-mark-probability 5 weight 10
            !
            interface Ethernet12/1
               mtu 9214
               priority-flow-control on
               priority-flow-control priority 3 no-drop
            !
            qos map dscp 24 25 26 27 to traffic-class 3
            qos map dscp 48 to traffic-class 6 drop-precedence 1
            end
            """;

    @Test
    void aPriorityOutOfRangeIsANoteEveryOtherSettingStands() {
        EosRunningConfig c = oneNote(new EosRunningConfigParser(), CONFIG, 10, "PFC priority 9 is not 0-7");
        EosRunningConfig.Section et8 = c.interfaces().get("Ethernet8/1");
        assertThat(et8.pfcNoDrop()).isEqualTo(Map.of(3, true));
        assertThat(et8.mtu()).isEqualTo(9214);
        assertThat(et8.trust()).isEqualTo("dscp");
        assertThat(et8.txQueues().get(3).ecn().maximumBytes()).isEqualTo(1_536_000L);
        assertThat(et8.txQueues().get(3).ecn().maxMarkProbability()).isEqualTo(5);
        assertThat(c.interfaces().get("Ethernet12/1").pfcNoDrop()).isEqualTo(Map.of(3, true));
        assertThat(c.dscpToTrafficClass()).containsEntry(26, 3).containsEntry(48, 6);
    }

    @Test
    void aMalformedLineOfAReadFormIsANoteNotASilentGap() {
        String text = CONFIG.replace(
                "   priority-flow-control priority 9 no-drop\n", "   priority-flow-control priority 4\n");
        EosRunningConfig c =
                oneNote(new EosRunningConfigParser(), text, 10, "'priority-flow-control priority 4' not read");
        assertThat(c.interfaces().get("Ethernet8/1").pfcNoDrop()).isEqualTo(Map.of(3, true));

        String mtu = CONFIG.replace("   mtu 9214\n   no switchport", "   mtu jumbo\n   no switchport");
        EosRunningConfig m =
                oneNote(new EosRunningConfigParser(), mtu.replace("priority 9", "priority 4"), 5, "an MTU is 'mtu N'");
        assertThat(m.interfaces().get("Ethernet8/1").mtu()).isNull();
        assertThat(m.interfaces().get("Ethernet12/1").mtu()).isEqualTo(9214);
    }

    @Test
    void aQueueOrAMapThatDoesNotReadIsANoteTheOthersStand() {
        String queue = CONFIG.replace("priority 9", "priority 4").replace("   tx-queue 3\n", "   tx-queue 12\n");
        EosRunningConfig q = oneNote(new EosRunningConfigParser(), queue, 12, "transmit queue 12 is not 0-7");
        // the ECN line belongs to the unread queue: it is skipped with it, not given to another queue
        assertThat(q.interfaces().get("Ethernet8/1").txQueues()).isEmpty();
        assertThat(q.interfaces().get("Ethernet8/1").pfcNoDrop()).isEqualTo(Map.of(3, true, 4, true));

        String map = CONFIG.replace("priority 9", "priority 4")
                .replace("qos map dscp 24 25 26 27", "qos map dscp 24 25 26 99");
        EosRunningConfig d = oneNote(new EosRunningConfigParser(), map, 20, "dscp 99 is not 0-63");
        // a map line is read whole or not at all: 24 is not mapped from a line that also names 99
        assertThat(d.dscpToTrafficClass()).isEqualTo(Map.of(48, 6));
    }

    @Test
    void rangesAndOtherUnitsAreReadWhole() throws ParseException {
        EosRunningConfig c = ParseFailures.assertReadWhole(new EosRunningConfigParser(), """
                interface Ethernet1
                   tx-queue 3
                      random-detect ecn minimum-threshold 320 segments maximum-threshold 320 segments weight 10
                !
                qos map dscp 24-27 to traffic-class 3
                qos map traffic-class 1 to dscp 56
                qos map exp 0 to traffic-class 0
                """);
        assertThat(c.dscpToTrafficClass()).isEqualTo(Map.of(24, 3, 25, 3, 26, 3, 27, 3));
        assertThat(c.interfaces().get("Ethernet1").txQueues().get(3).ecn().minimumBytes())
                .isNull();
        assertThat(c.interfaces().get("Ethernet1").txQueues().get(3).ecn().minimum())
                .isEqualTo("320 segments");
    }

    @Test
    void aConfigurationOfWhichNoSettingReadsIsRefused() {
        assertFailsAt(new EosRunningConfigParser(), """
                interface Ethernet1
                   priority-flow-control priority 8 no-drop
                   mtu 99999999999
                """, 2);
    }
}
