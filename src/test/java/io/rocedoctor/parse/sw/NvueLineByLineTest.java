package io.rocedoctor.parse.sw;

import static io.rocedoctor.parse.ParseFailures.assertFailsAt;
import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.parse.LineNote;
import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.Parsed;
import io.rocedoctor.parse.Parser;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every NVUE parser degrades line by line: one damaged row, field or value is one note on its line
 * and every other row stands; a capture none of whose rows reads is still refused at the first.
 */
class NvueLineByLineTest {

    /** The text parses with exactly one note, on that line, whose reason says that. */
    static <T> T oneNote(Parser<T> parser, String text, int line, String reason) {
        Parsed<T> parsed;
        try {
            parsed = parser.read(text);
        } catch (ParseException e) {
            throw new AssertionError("the text failed at line " + e.line() + ": " + e.getMessage(), e);
        }
        assertThat(parsed.notes()).singleElement().satisfies(n -> {
            assertThat(n.line()).isEqualTo(line);
            assertThat(n.reason()).contains(reason);
        });
        return parsed.value();
    }

    @Test
    void roceADamagedFieldAndADamagedMapRowAreNotesTheRestStands() {
        NvueRoce r = oneNote(new NvueRoceParser(), """
                                    operational            applied
                ------------------  ---------------------  ---------------------
                enable                                     on
                pfc
                  pfc-priority      3
                congestion-control
                  min-threshold     lots KB
                  max-threshold     1.43 MB
                trust
                  trust-mode        pcp,dscp
                """, 7, "min-threshold is not a size");
        assertThat(r.enabled()).isTrue();
        assertThat(r.pfcPriorities()).containsExactly(3);
        assertThat(r.ecnMinThresholdBytes()).isNull();
        assertThat(r.ecnMaxThresholdBytes()).isEqualTo(1_499_464L);
        assertThat(r.trust()).containsExactly("pcp", "dscp");

        NvueRoce mapped = oneNote(new NvueRoceParser(), """
                                    operational  applied
                ------------------  -----------  -------
                enable                           on
                RoCE PCP/DSCP->SP mapping configurations
                ===========================================
                       pcp  dscp                     switch-prio
                    -  ---  -----------------------  -----------
                    0  0    0,1,2,3,4,5,6,7          0
                    3  3    24,25,26,27,28,29,3O,31  3
                    6  6    48                       6
                """, 9, "dscp");
        assertThat(mapped.priorityMappings())
                .extracting(NvueRoce.PriorityMapping::label)
                .containsExactly("0", "6");
        assertThat(mapped.switchPriorityOfDscp(48)).contains(6);
        assertThat(mapped.switchPriorityOfDscp(26)).isEmpty();
    }

    @Test
    void roceWithNothingReadableIsRefusedAtItsFirstLine() {
        assertFailsAt(new NvueRoceParser(), """
                                    operational
                ------------------  -----------
                congestion-control
                  min-threshold     lots KB
                  probability       often
                """, 4);
    }

    @Test
    void pfcABadSizeIsANoteThePrioritiesStand() {
        NvuePfc p = oneNote(new NvuePfcParser(), """
                                   operational  applied  description
                -----------------  -----------  -------  --------------------------------
                cable-length       50           50       Cable Length (in meters)
                xoff-threshold     10000 Q      10000 Q  Xoff Threshold (in bytes)
                rx                 enable       enable   PFC Rx State
                [switch-priority]  3            3        Collection of switch priorities
                """, 4, "xoff-threshold is not a size");
        assertThat(p).isEqualTo(new NvuePfc(List.of(3), 50, null, true, null, null, null));
        // a state word that is not one is a note too, not a silent "unknown"
        assertThat(oneNote(new NvuePfcParser(), """
                    operational  applied
                --  -----------  -------
                rx  half
                tx  enable
                """, 3, "rx is neither on nor off")
                        .txEnabled())
                .isTrue();
        assertFailsAt(new NvuePfcParser(), """
                                   operational
                -----------------  -----------
                [switch-priority]  three
                """, 3);
    }

    @Test
    void pfcWatchdogABadClassRowIsANoteTheOtherClassesStand() {
        NvuePfcWatchdog w = oneNote(new NvuePfcWatchdogParser(), """
                                 operational  applied
                ---------------  -----------  -------
                state            enabled      enabled

                PFC WD Status
                ===========================
                    traffic-class  status    deadlock-count
                    -------------  --------  --------------
                    0              OK        0
                    x3             DEADLOCK  2
                    7              DEADLOCK  3
                """, 10, "traffic-class is not a number");
        assertThat(w.enabled()).isTrue();
        assertThat(w.trafficClasses())
                .extracting(NvuePfcWatchdog.TrafficClass::trafficClass)
                .containsExactly(0, 7);
        // a count that does not read leaves its row's status standing
        NvuePfcWatchdog count = oneNote(new NvuePfcWatchdogParser(), """
                PFC WD Status
                ===========================
                    traffic-class  status    deadlock-count
                    -------------  --------  --------------
                    3              DEADLOCK  many
                """, 5, "deadlock-count");
        assertThat(count.trafficClasses()).singleElement().satisfies(tc -> {
            assertThat(tc.status()).isEqualTo("DEADLOCK");
            assertThat(tc.deadlockCount()).isNull();
        });
        assertFailsAt(new NvuePfcWatchdogParser(), """
                PFC WD Status
                ===========================
                    traffic-class  status    deadlock-count
                    -------------  --------  --------------
                    x3             DEADLOCK  2
                """, 5);
    }

    @Test
    void congestionControlABadClassIsANoteABadThresholdOnlyItsValue() {
        NvueCongestionControl c = oneNote(new NvueCongestionControlParser(), """
                ECN Configurations
                =====================
                    traffic-class  ECN     RED     Min Th   Max Th    Probability
                    -------------  ------  ------  -------  --------  -----------
                    3              enable  enable  40000 B  200000 B  100
                    4              maybe   enable  40000 B  200000 B  100
                    5              enable  enable  40000 B  200000 B  100
                """, 6, "ECN is neither on nor off");
        assertThat(c.trafficClasses())
                .extracting(NvueCongestionControl.TrafficClass::trafficClass)
                .containsExactly(3, 5);

        NvueCongestionControl threshold = oneNote(new NvueCongestionControlParser(), """
                ECN configuration
                ====================
                    traffic-class  ECN     RED      Min Th     Max Th   Probability
                    -------------  ------  -------  ---------  -------  -----------
                    0              enable  disable  153.00 KB  1.43 ZB  100
                """, 5, "Max Th is not a size");
        assertThat(threshold.trafficClasses()).singleElement().satisfies(tc -> {
            assertThat(tc.ecnEnabled()).isTrue();
            assertThat(tc.minThresholdBytes()).isEqualTo(156_672L);
            assertThat(tc.maxThresholdBytes()).isNull();
            assertThat(tc.probability()).isEqualTo(100);
        });
        assertFailsAt(new NvueCongestionControlParser(), """
                    traffic-class  ECN     RED
                    -------------  ------  ------
                    three          enable  enable
                """, 3);
    }

    @Test
    void egressQueueMappingABadRowIsANoteTheOtherPrioritiesStand() {
        NvueEgressQueueMapping m = oneNote(new NvueEgressQueueMappingParser(), """
                SP->TC mapping configuration
                ===============================
                    switch-priority  traffic-class
                    ---------------  -------------
                    2                7
                    3                tc3
                    4                4
                """, 6, "traffic-class is not a number");
        assertThat(m.switchPriorityToTrafficClass()).isEqualTo(Map.of(2, 7, 4, 4));
        assertFailsAt(new NvueEgressQueueMappingParser(), """
                    switch-priority  traffic-class
                    ---------------  -------------
                    3                tc3
                """, 3);
    }

    @Test
    void qosMappingABadRowIsANoteTheTrustAndOtherRowsStand() {
        NvueQosMapping m = oneNote(new NvueQosMappingParser(), """
                                 operational  applied
                ---------------  -----------  -------
                port-default-sp  0
                trust            l2

                PCP->SP mapping configuration
                ================================
                    802.1p  switch-priority
                    ------  ---------------
                    0       0
                    3       sp3
                    5       5
                """, 11, "switch-priority is not a number");
        assertThat(m.trust()).isEqualTo("l2");
        assertThat(m.pcpToSwitchPriority()).isEqualTo(Map.of(0, 0, 5, 5));
        assertFailsAt(new NvueQosMappingParser(), """
                DSCP->SP mapping configuration
                =================================
                    dscp   switch-priority
                    -----  ---------------
                    24-x   3
                """, 5);
    }

    @Test
    void bufferUsageABadIndexIsANoteABadSizeOnlyItsValue() {
        NvueBufferUsage b = oneNote(new NvueBufferUsageParser(), """
                priority-group  Pool ID  Mode     Reserved Size  XON Th   XOFF Th   HR
                --------------  -------  -------  -------------  -------  --------  --------
                0               2        DYNAMIC  0 Bytes        0 Bytes  0 Bytes   18.98 KB
                pg3             1        DYNAMIC  9.98 KB        2 KB     10 KB     18.98 KB
                4               1        DYNAMIC  9.98 KB        2 KB     10 KB     18.98 KB
                """, 4, "priority-group is not a number");
        assertThat(b.entries()).extracting(NvueBufferUsage.Entry::index).containsExactly(0, 4);

        NvueBufferUsage size = oneNote(new NvueBufferUsageParser(), """
                priority-group  Pool ID  Mode     Reserved Size  XON Th   XOFF Th   HR
                --------------  -------  -------  -------------  -------  --------  --------
                3               1        DYNAMIC  9.98 KB        2 KB     ten KB    18.98 KB
                """, 3, "XOFF Th is not a size");
        assertThat(size.entries()).singleElement().satisfies(e -> {
            assertThat(e.xoffThresholdBytes()).isNull();
            assertThat(e.xonThresholdBytes()).isEqualTo(2048L);
            assertThat(e.headroomBytes()).isEqualTo(19_436L);
        });
        assertFailsAt(new NvueBufferUsageParser(), """
                priority-group  Pool ID  Mode
                --------------  -------  -------
                pg3             1        DYNAMIC
                """, 3);
    }

    @Test
    void rocePoolsABadRowIsANoteTheOtherPoolsStand() {
        NvueRocePools p = oneNote(new NvueRocePoolsParser(), """
                   name                   mode     pool-id  size      current-usage  max-usage
                -  ---------------------  -------  -------  --------  -------------  ---------
                0  lossy-default-ingress  DYNAMIC  2        14.46 MB  0 Bytes        0 Bytes
                1  roce-reserved-ingress  DYNAMIC  3        lots      0 Bytes        0 Bytes
                2  lossy-default-egress   DYNAMIC  13       14.46 MB  0 Bytes        0 Bytes
                """, 4, "size is not a size");
        assertThat(p.pools())
                .extracting(NvueRocePools.Pool::name)
                .containsExactly("lossy-default-ingress", "lossy-default-egress");
    }

    @Test
    void qosCountersAndLinkKeepTheirRule() throws ParseException {
        // counters already read row by row; a link's MTU is its one value, so a bad one fails the text
        assertFailsAt(new NvueLinkParser(), """
                       operational  applied
                -----  -----------  -------
                mtu    jumbo        9216
                """, 3);
        List<LineNote> notes = new NvueQosCountersParser().read("""
                PFC Statistics
                =================
                    switch-priority  rx-pause-frames  rx-pause-duration  tx-pause-frames  tx-pause-duration
                    ---------------  ---------------  -----------------  ---------------  -----------------
                    3                1520             88                 0                0
                    4                lots             88                 0                0
                """).notes();
        assertThat(notes).extracting(LineNote::line).containsExactly(6);
    }
}
