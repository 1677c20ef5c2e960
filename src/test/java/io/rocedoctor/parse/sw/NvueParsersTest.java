package io.rocedoctor.parse.sw;

import static io.rocedoctor.parse.ParseFailures.assertFailsAt;
import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.ParseFailures;
import io.rocedoctor.parse.TextLines;
import org.junit.jupiter.api.Test;

class NvueParsersTest {

    @Test
    void tablesJavadocExample() throws ParseException {
        var tables = NvueTables.parse(TextLines.of("""
                                    operational            applied
                ------------------  ---------------------  ---------------------
                mode                lossless-single-ipool  lossless-single-ipool
                pfc
                  pfc-priority      3
                RoCE SP->TC mapping and ETS configurations
                =============================================
                       switch-prio  traffic-class  scheduler-weight
                    -  -----------  -------------  ----------------
                    3  3            3              DWRR-50%
                """));
        assertThat(tables).hasSize(2);
        assertThat(tables.get(0).field("pfc.pfc-priority").value()).isEqualTo("3");
        assertThat(tables.get(0).field("mode").value()).isEqualTo("lossless-single-ipool");
        assertThat(tables.get(1).title()).isEqualTo("RoCE SP->TC mapping and ETS configurations");
        assertThat(tables.get(1).rows().get(0).cell(tables.get(1).column("scheduler-weight")))
                .isEqualTo("DWRR-50%");
    }

    @Test
    void tablesRejectEmptyAndErrorText() {
        assertFailsAt(text -> NvueTables.parse(TextLines.of(text)), "\n\n", 0);
        assertFailsAt(text -> NvueTables.parse(TextLines.of(text)), "Error: The requested item does not exist.\n", 1);
    }

    // ---- nv show qos roce ------------------------------------------------------------------

    @Test
    void roceJavadocExample() throws ParseException {
        NvueRoce r = new NvueRoceParser().parse("""
                                    operational            applied
                ------------------  ---------------------  ---------------------
                enable                                     on
                mode                lossless-single-ipool  lossless-single-ipool
                pfc
                  pfc-priority      3
                  cable-length      100
                congestion-control
                  congestion-mode   ECN
                  enabled-tc        0,3
                  min-threshold     146.48 KB
                  max-threshold     1.43 MB
                  probability       100
                trust
                  trust-mode        pcp,dscp
                RoCE PCP/DSCP->SP mapping configurations
                ===========================================
                       pcp  dscp                     switch-prio
                    -  ---  -----------------------  -----------
                    3  3    24,25,26,27,28,29,30,31  3
                """);
        assertThat(r.enabled()).isTrue();
        assertThat(r.pfcPriorities()).containsExactly(3);
        assertThat(r.ecnMinThresholdBytes()).isEqualTo(149996L);
        assertThat(r.ecnMaxThresholdBytes()).isEqualTo(1499464L);
        assertThat(r.switchPriorityOfDscp(26)).contains(3);
        assertThat(r.trafficClassMappings()).isEmpty();
    }

    @Test
    void roceFixture() throws ParseException {
        NvueRoce r = new NvueRoceParser().parse(SwitchFixtures.read("cumulus-nv-show-qos-roce-spine.txt"));
        assertThat(r.mode()).isEqualTo("lossless");
        assertThat(r.pfcPriorities()).containsExactly(4);
        assertThat(r.pfcRxEnabled()).isTrue();
        assertThat(r.pfcTxEnabled()).isFalse();
        assertThat(r.cableLength()).isEqualTo(50);
        assertThat(r.ecnMinThresholdBytes()).isEqualTo(307200L);
        assertThat(r.ecnMaxThresholdBytes()).isEqualTo(2097152L);
        assertThat(r.ecnProbability()).isEqualTo(20);
        assertThat(r.trust()).containsExactly("dscp");
        assertThat(r.switchPriorityOfDscp(34)).contains(4);
        assertThat(r.switchPriorityOfDscp(26)).isEmpty();
        assertThat(r.trafficClassOf(4)).contains(4);
        assertThat(r.pools()).singleElement().extracting(NvueRoce.Pool::size).isEqualTo("50%");
    }

    @Test
    void roceBadThresholdNamesItsLine() {
        assertFailsAt(new NvueRoceParser(), """
                                    operational
                ------------------  -----------
                congestion-control
                  min-threshold     lots KB
                """, 4);
    }

    // ---- interface qos pfc / default-global -------------------------------------------------

    @Test
    void pfcJavadocExampleAndFixture() throws ParseException {
        NvuePfc p = new NvuePfcParser().parse("""
                                   operational  applied  description
                -----------------  -----------  -------  --------------------------------
                cable-length       50           50       Cable Length (in meters)
                port-buffer        25000 B      25000 B  Port Buffer (in bytes)
                rx                 disable      disable  PFC Rx State
                tx                 enable       enable   PFC Tx State
                xoff-threshold     10000 B      10000 B  Xoff Threshold (in bytes)
                xon-threshold      2000 B       2000 B   Xon Threshold (in bytes)
                [switch-priority]  3            3        Collection of switch priorities
                """);
        assertThat(p).isEqualTo(new NvuePfc(java.util.List.of(3), 50, 25000L, false, true, 10000L, 2000L));

        NvuePfc spine = new NvuePfcParser().parse(SwitchFixtures.read("cumulus-nv-show-interface-qos-pfc-spine.txt"));
        assertThat(spine.switchPriorities()).containsExactly(3, 4);
        assertThat(spine.portBufferBytes()).isEqualTo(150000L);
        assertThat(spine.rxEnabled()).isTrue();
    }

    // ---- interface qos mapping ------------------------------------------------------------

    @Test
    void mappingJavadocExampleAndFixture() throws ParseException {
        NvueQosMapping m = new NvueQosMappingParser().parse("""
                                 operational  applied
                ---------------  -----------  -------
                port-default-sp  0
                trust            l2

                PCP->SP mapping configuration
                ================================
                    802.1p  switch-priority
                    ------  ---------------
                    3       3

                DSCP->SP mapping configuration
                =================================
                """);
        assertThat(m.trust()).isEqualTo("l2");
        assertThat(m.pcpToSwitchPriority()).containsEntry(3, 3).hasSize(1);
        assertThat(m.dscpToSwitchPriority()).isEmpty();

        NvueQosMapping spine = new NvueQosMappingParser()
                .parse(SwitchFixtures.read("cumulus-nv-show-interface-qos-mapping-spine.txt"));
        assertThat(spine.trust()).isEqualTo("l3");
        assertThat(spine.pcpToSwitchPriority()).isEmpty();
        assertThat(spine.dscpToSwitchPriority())
                .containsEntry(0, 0)
                .containsEntry(16, 0)
                .containsEntry(26, 4)
                .containsEntry(48, 6);
    }

    // ---- congestion control -----------------------------------------------------------------

    @Test
    void congestionControlJavadocExampleAndFixture() throws ParseException {
        NvueCongestionControl c = new NvueCongestionControlParser().parse("""
                ECN configuration
                ====================
                    traffic-class  ECN     RED      Min Th     Max Th   Probability
                    -------------  ------  -------  ---------  -------  -----------
                    0              enable  disable  153.00 KB  1.43 MB  100
                """);
        assertThat(c.trafficClass(0).orElseThrow())
                .isEqualTo(new NvueCongestionControl.TrafficClass(0, true, false, 156672L, 1499464L, 100));

        NvueCongestionControl spine = new NvueCongestionControlParser()
                .parse(SwitchFixtures.read("cumulus-nv-show-interface-qos-congestion-control-spine.txt"));
        assertThat(spine.trafficClass(4).orElseThrow().minThresholdBytes()).isEqualTo(307200L);
        NvueCongestionControl.TrafficClass six = spine.trafficClass(6).orElseThrow();
        assertThat(six.ecnEnabled()).isFalse();
        assertThat(six.redEnabled()).isFalse();
        assertThat(six.minThresholdBytes()).isNull();
        assertThat(six.probability()).isNull();
    }

    // ---- egress queue mapping ---------------------------------------------------------------

    @Test
    void egressQueueMappingJavadocExampleAndFixture() throws ParseException {
        NvueEgressQueueMapping m = new NvueEgressQueueMappingParser().parse("""
                SP->TC mapping configuration
                ===============================
                    switch-priority  traffic-class
                    ---------------  -------------
                    2                7
                    3                3
                """);
        assertThat(m.switchPriorityToTrafficClass()).containsEntry(2, 7).containsEntry(3, 3);
        assertThat(new NvueEgressQueueMappingParser()
                        .parse(SwitchFixtures.read("cumulus-nv-show-qos-egress-queue-mapping-spine.txt"))
                        .switchPriorityToTrafficClass())
                .containsEntry(3, 4)
                .containsEntry(4, 4)
                .hasSize(3);
    }

    // ---- pfc watchdog -----------------------------------------------------------------------

    @Test
    void pfcWatchdogJavadocExampleAndFixture() throws ParseException {
        NvuePfcWatchdog w = new NvuePfcWatchdogParser().parse("""
                                 operational  applied
                ---------------  -----------  -------
                state            enabled      enabled

                PFC WD Status
                ===========================
                    traffic-class  status    deadlock-count
                    -------------  --------  --------------
                    3              DEADLOCK  2
                """);
        assertThat(w.enabled()).isTrue();
        assertThat(w.trafficClasses()).singleElement().satisfies(tc -> {
            assertThat(tc.deadlocked()).isTrue();
            assertThat(tc.deadlockCount()).isEqualTo(2L);
        });

        NvuePfcWatchdog spine = new NvuePfcWatchdogParser()
                .parse(SwitchFixtures.read("cumulus-nv-show-interface-qos-pfc-watchdog-spine.txt"));
        assertThat(spine.enabled()).isFalse();
        assertThat(spine.pollingIntervalMillis()).isEqualTo(100);
        assertThat(spine.robustness()).isEqualTo(3);
        assertThat(spine.trafficClasses().get(0).deadlocked()).isFalse();
    }

    // ---- counters ---------------------------------------------------------------------------

    @Test
    void qosCountersABadRowIsANoteAndTheOtherRowsStand() {
        String text = """
                PFC Statistics
                =================
                    switch-priority  rx-pause-frames  rx-pause-duration  tx-pause-frames  tx-pause-duration
                    ---------------  ---------------  -----------------  ---------------  -----------------
                    3                1520             88                 0                0
                    4                lots             0                  0                0
                """;
        NvueQosCounters c = ParseFailures.assertNotedAt(new NvueQosCountersParser(), text, 6, "rx-pause-frames");
        assertThat(c.pfc(3).orElseThrow().rxPauseFrames()).isEqualTo(1520L);
        assertThat(c.pfc(4)).isEmpty();
        // no row read: the text fails at the first that did not
        assertFailsAt(
                new NvueQosCountersParser(), text.replace("    3                1520", "    x                1520"), 5);
    }

    @Test
    void qosCountersJavadocExampleAndFixture() throws ParseException {
        NvueQosCounters c = new NvueQosCountersParser().parse("""
                PFC Statistics
                =================
                    switch-priority  rx-pause-frames  rx-pause-duration  tx-pause-frames  tx-pause-duration
                    ---------------  ---------------  -----------------  ---------------  -----------------
                    3                1520             88                 0                0

                Qos Port Statistics
                ======================
                    Counter             Receive  Transmit
                    ------------------  -------  --------
                    ecn-marked-packets  n/a      4410
                """);
        assertThat(c.pfc(3).orElseThrow().rxPauseFrames()).isEqualTo(1520L);
        assertThat(c.portStats().get("ecn-marked-packets")).isEqualTo(new NvueQosCounters.PortCounter(null, 4410L));
        assertThat(c.priorityGroups()).isEmpty();

        NvueQosCounters spine = new NvueQosCountersParser()
                .parse(SwitchFixtures.read("cumulus-nv-show-interface-counters-qos-spine.txt"));
        assertThat(spine.priorityGroups())
                .singleElement()
                .isEqualTo(new NvueQosCounters.PriorityGroup(4, 88412L, 2048L, 0L));
        assertThat(spine.trafficClasses())
                .singleElement()
                .isEqualTo(new NvueQosCounters.TrafficClass(4, 91022L, 90701824L, 0L, 17L));
        assertThat(spine.pfc(4).orElseThrow().txPauseFrames()).isEqualTo(31L);
        assertThat(spine.portStats().get("pause-frames").receive()).isEqualTo(1520L);
    }

    // ---- buffers ----------------------------------------------------------------------------

    @Test
    void bufferUsageJavadocExampleAndFixture() throws ParseException {
        NvueBufferUsage b = new NvueBufferUsageParser().parse("""
                priori…  Pool ID  Mode     Reserv…  Current  Max      Shared    Lossy/…   XON Th   XOFF Th   HR
                                           Size     Usage    Usage    Max
                ------…  -------  -------  ------…  ------…  ------…  -------…  -------…  -------  --------  --------
                3        1        DYNAMIC  9.98 KB  0 Bytes  0 Bytes  ALPHA_8   Lossless  2 KB     10 KB     18.98 KB
                """);
        assertThat(b.entries())
                .singleElement()
                .isEqualTo(new NvueBufferUsage.Entry(
                        "priority-group",
                        3,
                        1,
                        "DYNAMIC",
                        10220L,
                        0L,
                        0L,
                        "ALPHA_8",
                        "Lossless",
                        2048L,
                        10240L,
                        19436L));

        NvueBufferUsage spine = new NvueBufferUsageParser()
                .parse(SwitchFixtures.read("cumulus-nv-show-interface-qos-buffer-ingress-priority-group-spine.txt"));
        assertThat(spine.entries()).hasSize(2);
        NvueBufferUsage.Entry four = spine.entries().get(1);
        assertThat(four.index()).isEqualTo(4);
        assertThat(four.sharedMax()).isEqualTo("ALPHA_1");
        assertThat(four.xoffThresholdBytes()).isEqualTo(10240L);
        assertThat(four.currentUsageBytes()).isEqualTo(1024L);
        assertThat(spine.pools()).isEmpty();
    }

    // ---- nv show interface IF link ----------------------------------------------------------

    @Test
    void linkJavadocExampleReadsTheOperationalMtu() throws ParseException {
        NvueLink l = new NvueLinkParser().parse("""
                                       operational        applied  pending
                ---------------------  -----------------  -------  -------
                auto-negotiate         off                on       on
                mtu                    9000               9216     9216
                state                  up                 up       up
                stats
                  in-drops             0
                """);
        assertThat(l.mtu()).isEqualTo(9000);
    }

    @Test
    void linkFixtureIgnoresThePendingMtu() throws ParseException {
        assertThat(new NvueLinkParser()
                        .parse(SwitchFixtures.read("cumulus-nv-show-interface-link-spine.txt"))
                        .mtu())
                .isEqualTo(4200);
    }

    @Test
    void linkTakesTheAppliedMtuWhenNoneIsOperational() throws ParseException {
        assertThat(new NvueLinkParser().parse("""
                                       operational  applied
                ---------------------  -----------  -------
                mtu                                 1500
                """).mtu()).isEqualTo(1500);
    }

    @Test
    void linkNearMisses() throws ParseException {
        // A view without an mtu row says nothing about it; a nested stats key named like it is not it.
        assertThat(new NvueLinkParser().parse("""
                                       operational
                ---------------------  -----------
                state                  up
                stats
                  mtu                  9216
                """).mtu()).isNull();
        assertFailsAt(new NvueLinkParser(), """
                                       operational
                ---------------------  -----------
                mtu                    jumbo
                """, 3);
        assertFailsAt(new NvueLinkParser(), "Error: The requested item does not exist.\n", 1);
        assertFailsAt(new NvueLinkParser(), "", 0);
    }

    // ---- nv show system forwarding -----------------------------------------------------------

    @Test
    void forwardingJavadocExample() throws ParseException {
        NvueForwarding f = new NvueForwardingParser().parse("""
                                          applied
                ------------------------  -------
                ecmp-hash
                  destination-ip          on
                  destination-port        on
                  inner-source-port       off
                  ip-protocol             on
                  source-ip               on
                  source-port             off
                lag-hash
                  source-mac              on
                  source-port             on
                host-route-preference     route
                """);
        assertThat(f.ecmpHashFields())
                .containsExactly("destination-ip", "destination-port", "ip-protocol", "source-ip");
        assertThat(f.lagHashFields()).containsExactly("source-mac", "source-port");
    }

    @Test
    void forwardingFixtureReadsEnabledAndDisabled() throws ParseException {
        NvueForwarding f =
                new NvueForwardingParser().parse(SwitchFixtures.read("cumulus-nv-show-system-forwarding-spine.txt"));
        // inner-source-port is the tunnelled packet's: it is no stand-in for source-port.
        assertThat(f.ecmpHashFields())
                .containsExactly("destination-ip", "inner-source-port", "ip-protocol", "ipv6-label", "source-ip");
        assertThat(f.lagHashFields()).contains("source-port").hasSize(9);
    }

    @Test
    void forwardingNearMisses() throws ParseException {
        // Settings outside the two hashes (programming.log-level) are not hash fields.
        NvueForwarding none = new NvueForwardingParser().parse("""
                                          applied
                ------------------------  -------
                programming
                  log-level               info
                host-route-preference     route
                """);
        assertThat(none.ecmpHashFields()).isEmpty();
        assertThat(none.lagHashFields()).isEmpty();
        // a field neither on nor off is a note; the other fields stand
        NvueForwarding odd = ParseFailures.assertNotedAt(
                new NvueForwardingParser(), """
                                          applied
                ------------------------  -------
                ecmp-hash
                  source-port             sometimes
                  source-ip               on
                """, 4, "ecmp-hash.source-port is neither on nor off");
        assertThat(odd.ecmpHashFields()).containsExactly("source-ip");
        assertFailsAt(new NvueForwardingParser(), "Error: The requested item does not exist.\n", 1);
    }

    // ---- nv show qos roce pool ---------------------------------------------------------------

    @Test
    void rocePoolsJavadocExample() throws ParseException {
        NvueRocePools p = new NvueRocePoolsParser().parse("""
                   name                   mode     pool-id  size      current-usage  max-usage
                -  ---------------------  -------  -------  --------  -------------  ---------
                0  lossy-default-ingress  DYNAMIC  2        14.46 MB  0 Bytes        0 Bytes
                2  lossy-default-egress   DYNAMIC  13       14.46 MB  0 Bytes        0 Bytes
                """);
        assertThat(p.pools())
                .containsExactly(
                        new NvueRocePools.Pool("lossy-default-ingress", "DYNAMIC", 2, 15162409L),
                        new NvueRocePools.Pool("lossy-default-egress", "DYNAMIC", 13, 15162409L));
    }

    @Test
    void rocePoolsFixtureKeepsAnUnboundedPoolWithoutSize() throws ParseException {
        NvueRocePools p =
                new NvueRocePoolsParser().parse(SwitchFixtures.read("cumulus-nv-show-qos-roce-pool-spine.txt"));
        assertThat(p.pool("roce-reserved-ingress"))
                .map(NvueRocePools.Pool::sizeBytes)
                .contains(7602176L);
        assertThat(p.pool("lossy-default-ingress"))
                .map(NvueRocePools.Pool::poolId)
                .contains(2);
        assertThat(p.pool("roce-reserved-egress").orElseThrow().sizeBytes()).isNull();
        assertThat(p.pool("roce-reserved")).isEmpty();
    }

    @Test
    void rocePoolsNearMisses() {
        // nv show qos roce has a pool table too, sized in percent and without pool ids: not this view.
        assertFailsAt(new NvueRocePoolsParser(), SwitchFixtures.read("cumulus-nv-show-qos-roce-spine.txt"), 1);
        assertFailsAt(new NvueRocePoolsParser(), """
                   name                   mode     pool-id  size      current-usage  max-usage
                -  ---------------------  -------  -------  --------  -------------  ---------
                1  roce-reserved-ingress  DYNAMIC  3        lots      0 Bytes        0 Bytes
                """, 3);
        assertFailsAt(new NvueRocePoolsParser(), "\n", 0);
    }
}
