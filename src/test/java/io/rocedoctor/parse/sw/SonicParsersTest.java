package io.rocedoctor.parse.sw;

import static io.rocedoctor.parse.ParseFailures.assertFailsAt;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.ParseFailures;
import java.util.List;
import org.junit.jupiter.api.Test;

class SonicParsersTest {

    // ---- show pfcwd stats / config ------------------------------------------------------

    @Test
    void pfcwdStatsJavadocExampleAndFixture() throws ParseException {
        SonicPfcwdStats s = new SonicPfcwdStatsParser().parse("""
                      QUEUE       STATUS    STORM DETECTED/RESTORED    TX OK/DROP    RX OK/DROP    TX LAST OK/DROP    RX LAST OK/DROP
                -----------  -----------  -------------------------  ------------  ------------  -----------------  -----------------
                Ethernet0:3      stormed                        1/0       100/300       100/300              0/200              0/200
                """);
        assertThat(s.queue("Ethernet0", 3).orElseThrow().stormed()).isTrue();
        assertThat(s.queue("Ethernet0", 3).orElseThrow().stormsDetected()).isEqualTo(1L);

        SonicPfcwdStats leaf =
                new SonicPfcwdStatsParser().parse(SwitchFixtures.read("sonic-show-pfcwd-stats-leaf.txt"));
        SonicPfcwdStats.QueueStats q = leaf.queue("Ethernet20", 4).orElseThrow();
        assertThat(q.stormsDetected()).isEqualTo(7L);
        assertThat(q.stormsRestored()).isEqualTo(6L);
        assertThat(q.txOk()).isEqualTo(5000L);
        assertThat(q.txDrop()).isEqualTo(12000L);
        assertThat(q.rxLastDrop()).isEqualTo(120L);
        assertThat(leaf.queue("Ethernet16", 3).orElseThrow().stormed()).isFalse();
    }

    @Test
    void pfcwdStatsBadQueueAndBadPair() {
        assertThatThrownBy(() -> new SonicPfcwdStatsParser().parse("""
                   QUEUE     STATUS    STORM DETECTED/RESTORED
                --------  ---------  -------------------------
                Ethernet0    stormed                        1/0
                """))
                .isInstanceOf(ParseException.class)
                .hasMessageContaining("Ethernet0:3");
        // a port with a colon but no queue number (found by SwitchParserPropertiesTest)
        assertThatThrownBy(() -> new SonicPfcwdStatsParser().parse("""
                    QUEUE     STATUS    STORM DETECTED/RESTORED
                ----------  ---------  -------------------------
                Ethernet0:    stormed                        1/0
                """))
                .isInstanceOf(ParseException.class)
                .hasMessageContaining("Ethernet0:3");
        assertFailsAt(new SonicPfcwdStatsParser(), """
                      QUEUE     STATUS    STORM DETECTED/RESTORED
                -----------  ---------  -------------------------
                Ethernet0:3    stormed                          1
                """, 3);
    }

    @Test
    void pfcwdStatsABadRowIsANoteAndTheOtherQueuesStand() {
        SonicPfcwdStats s = ParseFailures.assertNotedAt(new SonicPfcwdStatsParser(), """
                      QUEUE     STATUS    STORM DETECTED/RESTORED    TX OK/DROP
                -----------  ---------  -------------------------  ------------
                Ethernet0:3    stormed                        2/1         10/20
                Ethernet4      stormed                        1/0           0/0
                Ethernet8:4  operational                      0/0        5/many
                Ethernet8:3  operational                      3/3          7/0
                """, 4, "Ethernet0:3");
        ParseFailures.assertNotedAt(new SonicPfcwdStatsParser(), SAMPLE_WITH_BAD_PAIR, 3, "TX OK/DROP");
        assertThat(s.queue("Ethernet0", 3).orElseThrow().stormsDetected()).isEqualTo(2L);
        assertThat(s.queue("Ethernet8", 3).orElseThrow().txOk()).isEqualTo(7L);
        assertThat(s.queue("Ethernet8", 4)).isEmpty();
    }

    private static final String SAMPLE_WITH_BAD_PAIR = """
                  QUEUE     STATUS    STORM DETECTED/RESTORED    TX OK/DROP
            -----------  ---------  -------------------------  ------------
            Ethernet8:4  operational                      0/0        5/many
            Ethernet8:3  operational                      3/3          7/0
            """;

    @Test
    void pfcwdStatsHeaderAloneIsNoQueues() throws ParseException {
        assertThat(new SonicPfcwdStatsParser().parse("""
                QUEUE    STATUS    STORM DETECTED/RESTORED
                -------  --------  -------------------------
                """).queues()).isEmpty();
    }

    @Test
    void pfcwdConfigJavadocExampleAndFixture() throws ParseException {
        SonicPfcwdConfig c = new SonicPfcwdConfigParser().parse("""
                Changed polling interval to 600ms
                     PORT    ACTION    DETECTION TIME    RESTORATION TIME    HISTORY
                ---------  --------  ----------------  ------------------  ---------
                Ethernet0   forward               102                 101    disable
                Ethernet4      drop               600                 600    disable
                """);
        assertThat(c.pollIntervalMillis()).isEqualTo(600);
        assertThat(c.port("Ethernet0").orElseThrow().action()).isEqualTo("forward");

        SonicPfcwdConfig leaf =
                new SonicPfcwdConfigParser().parse(SwitchFixtures.read("sonic-show-pfcwd-config-leaf.txt"));
        assertThat(leaf.pollIntervalMillis()).isEqualTo(200);
        assertThat(leaf.port("Ethernet20").orElseThrow())
                .isEqualTo(new SonicPfcwdConfig.PortConfig("Ethernet20", "alert", 400L, 800L, "disable"));
    }

    @Test
    void pfcwdConfigWithoutPollingLine() throws ParseException {
        SonicPfcwdConfig c = new SonicPfcwdConfigParser().parse("""
                     PORT    ACTION    DETECTION TIME    RESTORATION TIME
                ---------  --------  ----------------  ------------------
                Ethernet0      drop               200                 200
                """);
        assertThat(c.pollIntervalMillis()).isNull();
        assertThat(c.port("Ethernet0").orElseThrow().history()).isNull();
    }

    // ---- show ecn ------------------------------------------------------------------------

    @Test
    void ecnJavadocExample() throws ParseException {
        SonicEcnProfiles e = new SonicEcnParser().parse("""
                Profile: AZURE_LOSSLESS
                -----------------------  -------
                red_max_threshold        2097152
                wred_green_enable        true
                ecn                      ecn_all
                green_min_threshold      1048576
                green_max_threshold      2097152
                green_drop_probability   5
                -----------------------  -------
                """);
        SonicWredProfile p = e.profiles().get("AZURE_LOSSLESS");
        assertThat(p.greenMinThreshold()).isEqualTo(1048576L);
        assertThat(p.greenDropProbability()).isEqualTo(5);
        assertThat(p.wredGreenEnable()).isTrue();
    }

    @Test
    void ecnTwoProfilesWithPromptLine() throws ParseException {
        SonicEcnProfiles e = new SonicEcnParser().parse(SwitchFixtures.read("sonic-show-ecn-leaf.txt"));
        assertThat(e.profiles()).containsOnlyKeys("ROCE_LOSSLESS", "BEST_EFFORT");
        SonicWredProfile roce = e.profiles().get("ROCE_LOSSLESS");
        assertThat(roce.ecn()).isEqualTo("ecn_green");
        assertThat(roce.marksGreen()).isTrue();
        assertThat(roce.greenMinThreshold()).isEqualTo(786432L);
        assertThat(roce.wredYellowEnable()).isFalse();
        assertThat(roce.wredRedEnable()).isNull();
        assertThat(e.profiles().get("BEST_EFFORT").marksGreen()).isFalse();
    }

    @Test
    void ecnWithoutProfileIsRejected() {
        assertFailsAt(new SonicEcnParser(), "Error: WRED_PROFILE table is empty\n", 1);
    }

    // ---- show queue counters -------------------------------------------------------------

    @Test
    void queueCountersJavadocExampleAndFixture() throws ParseException {
        SonicQueueCounters q = new SonicQueueCountersParser().parse("""
                For namespace :
                     Port    TxQ    Counter/pkts    Counter/bytes    Drop/pkts    Drop/bytes
                ---------  -----  --------------  ---------------  -----------  ------------
                Ethernet0    UC3           8,193           852072        91786       9545744
                Ethernet0   MC10              83               96           74             9
                Ethernet0  ALL20             N/A              N/A          N/A           N/A
                """);
        assertThat(q.queue("Ethernet0", "UC3").orElseThrow().packets()).isEqualTo(8193L);
        assertThat(q.queue("Ethernet0", "MC10").orElseThrow().index()).isEqualTo(10);
        assertThat(q.queue("Ethernet0", "ALL20").orElseThrow().dropBytes()).isNull();

        SonicQueueCounters leaf =
                new SonicQueueCountersParser().parse(SwitchFixtures.read("sonic-show-queue-counters-leaf.txt"));
        SonicQueueCounters.Queue uc3 = leaf.queue("Ethernet16", "UC3").orElseThrow();
        assertThat(uc3.bytes()).isEqualTo(123_456_789_012L);
        assertThat(uc3.dropBytes()).isEqualTo(45_056L);
        assertThat(uc3.wredDropPackets()).isNull();
    }

    @Test
    void queueCountersNoteABadQueueNameAndKeepTheOtherRows() {
        SonicQueueCounters q =
                ParseFailures.assertNotedAt(new SonicQueueCountersParser(), """
                     Port    TxQ    Counter/pkts
                ---------  -----  --------------
                Ethernet0    ???               1
                Ethernet0    UC3  18446744073709551017
                """, 3, "queue is not like UC3");
        assertThat(q.queues())
                .singleElement()
                .satisfies(x -> assertThat(Long.toUnsignedString(x.packets())).isEqualTo("18446744073709551017"));
    }

    // ---- priority-group tables -----------------------------------------------------------

    @Test
    void priorityGroupJavadocExampleAndFixture() throws ParseException {
        SonicPortIndexedCounters p =
                SonicPortIndexedCountersParser.priorityGroups().parse("""
                Ingress PG dropped packets:
                     Port    PG0    PG1    PG2    PG3    PG4    PG5    PG6    PG7
                ---------  -----  -----  -----  -----  -----  -----  -----  -----
                Ethernet0    800    801    802    803    804    805    806    807
                """);
        assertThat(p.title()).isEqualTo("Ingress PG dropped packets:");
        assertThat(p.value("Ethernet0", 3)).isEqualTo(803L);

        SonicPortIndexedCounters leaf = SonicPortIndexedCountersParser.priorityGroups()
                .parse(SwitchFixtures.read("sonic-show-priority-group-drop-counters-leaf.txt"));
        assertThat(leaf.value("Ethernet16", 3)).isEqualTo(17L);
        assertThat(leaf.value("Ethernet16", 7)).isNull();
        assertThat(leaf.value("Ethernet20", 4)).isEqualTo(2L);
        assertThat(leaf.value("Ethernet99", 0)).isNull();
    }

    @Test
    void priorityGroupParserWantsPgColumns() {
        assertThatThrownBy(() -> SonicPortIndexedCountersParser.priorityGroups()
                        .parse(SwitchFixtures.read("sonic-show-queue-counters-leaf.txt")))
                .isInstanceOf(ParseException.class)
                .hasMessageContaining("PG0");
    }

    // ---- mmuconfig / show buffer -------------------------------------------------------

    @Test
    void bufferConfigJavadocExample() throws ParseException {
        SonicBufferConfig b = new SonicBufferConfigParser().parse("""
                Pool: ingress_lossless_pool
                ----  --------
                mode  dynamic
                size  32732160
                type  ingress
                xoff  1622016
                ----  --------

                Profile: pg_lossless_100000_300m_profile
                ----------  ---------------------
                dynamic_th  0
                pool        ingress_lossless_pool
                size        4608
                xoff        160000
                xon         4608
                xon_offset  4608
                ----------  ---------------------
                """);
        assertThat(b.pools().get("ingress_lossless_pool"))
                .isEqualTo(new SonicBufferPool("ingress_lossless_pool", "ingress", "dynamic", 32732160L, 1622016L));
        assertThat(b.profiles().get("pg_lossless_100000_300m_profile").xoff()).isEqualTo(160000L);
    }

    @Test
    void bufferConfigWrappedPoolReferenceAndUnclosedLastBlock() throws ParseException {
        SonicBufferConfig b = new SonicBufferConfigParser().parse(SwitchFixtures.read("sonic-mmuconfig-l-leaf.txt"));
        assertThat(b.pools()).containsOnlyKeys("ingress_lossless_pool", "egress_lossy_pool");
        assertThat(b.pools().get("ingress_lossless_pool").xoff()).isEqualTo(2621440L);
        SonicBufferProfile pg = b.profiles().get("pg_lossless_400000_40m_profile");
        assertThat(pg.pool()).isEqualTo("ingress_lossless_pool");
        assertThat(pg.dynamicTh()).isEqualTo(-2);
        assertThat(pg.xoff()).isEqualTo(301056L);
        assertThat(b.profiles().get("q_lossy_profile").size()).isEqualTo(0L);
    }

    @Test
    void bufferConfigRejectsBadNumbersWithTheirBlock() {
        assertThatThrownBy(() -> new SonicBufferConfigParser().parse("""
                Pool: p
                ----  -----
                size  lots
                ----  -----
                """))
                .isInstanceOf(ParseException.class)
                .hasMessageContaining("p size");
    }

    // ---- show pfc priority / asymmetric --------------------------------------------------

    @Test
    void pfcPrioritiesJavadocExampleAndFixture() throws ParseException {
        SonicPfcPriorities p = new SonicPfcPrioritiesParser().parse("""
                Interface    Lossless priorities
                -----------  ---------------------
                Ethernet0    3,4

                Interface    Asymmetric
                -----------  ------------
                Ethernet0    off
                """);
        assertThat(p.lossless()).containsEntry("Ethernet0", List.of(3, 4));
        assertThat(p.asymmetric()).containsEntry("Ethernet0", false);

        SonicPfcPriorities leaf =
                new SonicPfcPrioritiesParser().parse(SwitchFixtures.read("sonic-show-pfc-priority-leaf.txt"));
        assertThat(leaf.lossless()).containsEntry("Ethernet16", List.of(3)).containsEntry("Ethernet24", List.of());
    }

    // ---- config_db.json ------------------------------------------------------------------

    @Test
    void configDbJavadocExample() throws ParseException {
        SonicConfig c = new SonicConfigParser().parse("""
                {
                  "BUFFER_POOL": {"ingress_lossless_pool": {"size": "44130304", "xoff": "8790016", "type": "ingress", "mode": "dynamic"}},
                  "BUFFER_PROFILE": {"pg_lossless_100000_300m_profile": {"pool": "ingress_lossless_pool", "xon": "19456",
                                     "xoff": "225280", "size": "244736", "dynamic_th": "0"}},
                  "BUFFER_PG": {"Ethernet0,Ethernet4|3-4": {"profile": "pg_lossless_100000_300m_profile"}},
                  "PORT_QOS_MAP": {"Ethernet0": {"dscp_to_tc_map": "AZURE", "tc_to_pg_map": "AZURE", "pfc_enable": "3,4", "pfcwd_sw_enable": "3,4"}},
                  "WRED_PROFILE": {"AZURE_LOSSLESS": {"ecn": "ecn_all", "green_min_threshold": "1048576", "green_max_threshold": "2097152"}}
                }
                """);
        assertThat(c.bufferPools().get("ingress_lossless_pool").xoff()).isEqualTo(8790016L);
        assertThat(c.bufferPgs())
                .extracting(SonicConfig.BufferAssignment::port)
                .containsExactly("Ethernet0", "Ethernet4");
        assertThat(c.bufferPgs().get(1).indices()).containsExactly(3, 4);
        assertThat(c.portQos().get("Ethernet0").trustsDscp()).isTrue();
        assertThat(c.ports()).isEmpty();
        assertThat(c.ecmpHash()).isEmpty();
        assertThat(c.pfcWatchdogPollMillis()).isNull();
    }

    @Test
    void configDbEveryTable() throws ParseException {
        SonicConfig c = new SonicConfigParser().parse(SwitchFixtures.read("sonic-config_db-leaf.json"));
        assertThat(c.bufferProfiles().get("pg_lossless_400000_40m_profile").pool())
                .isEqualTo("ingress_lossless_pool");
        assertThat(c.bufferProfiles().get("egress_lossless_profile").staticTh()).isEqualTo(33554432L);
        assertThat(c.bufferPgs())
                .filteredOn(a -> a.indices().equals(List.of(3, 4)))
                .extracting(SonicConfig.BufferAssignment::port, SonicConfig.BufferAssignment::profile)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple("Ethernet16", "pg_lossless_400000_40m_profile"),
                        org.assertj.core.groups.Tuple.tuple("Ethernet20", "pg_lossless_400000_40m_profile"));
        assertThat(c.bufferPgs())
                .filteredOn(a -> a.port().equals("Ethernet24"))
                .singleElement()
                .extracting(SonicConfig.BufferAssignment::profile)
                .isNull();
        assertThat(c.bufferQueues())
                .singleElement()
                .extracting(SonicConfig.BufferAssignment::indices)
                .isEqualTo(List.of(3, 4));
        assertThat(c.wredProfiles().get("ROCE_LOSSLESS").wredRedEnable()).isFalse();
        assertThat(c.queues())
                .filteredOn(q -> q.queues().equals(List.of(3)))
                .hasSize(2)
                .allSatisfy(q -> {
                    assertThat(q.wredProfile()).isEqualTo("ROCE_LOSSLESS");
                    assertThat(q.scheduler()).isEqualTo("scheduler.roce");
                });
        assertThat(c.schedulers().get("scheduler.strict").weight()).isNull();
        assertThat(c.portQos().get("Ethernet20").trustsPcp()).isTrue();
        assertThat(c.portQos().get("Ethernet20").trustsDscp()).isFalse();
        assertThat(c.portQos().get("Ethernet20").pfcEnable()).containsExactly(3, 4);
        assertThat(c.dscpToTcMaps().get("ROCE")).containsEntry(26, 3).containsEntry(48, 6);
        assertThat(c.dot1pToTcMaps().get("PCP")).containsEntry(4, 4);
        assertThat(c.tcToPgMaps().get("ROCE")).containsEntry(6, 0);
        assertThat(c.tcToQueueMaps().get("ROCE")).containsEntry(6, 6);
        assertThat(c.pfcToQueueMaps().get("ROCE")).containsEntry(3, 3);
        assertThat(c.pfcWatchdogPollMillis()).isEqualTo(200);
        assertThat(c.pfcWatchdog().get("Ethernet16")).isEqualTo(new SonicConfig.PfcWatchdog("drop", 200L, 400L));
        assertThat(c.ports().get("Ethernet16").speed()).isEqualTo(400000L);
        assertThat(c.ports().get("Ethernet16").lanes()).containsExactly(17, 18, 19, 20);
        assertThat(c.ports().get("Ethernet20").adminStatus()).isEqualTo("down");
        assertThat(c.cableLengths()).containsEntry("Ethernet16", "40m");
        assertThat(c.ecmpHash()).containsExactly("DST_IP", "SRC_IP", "IP_PROTOCOL", "L4_DST_PORT");
        assertThat(c.lagHash()).containsExactly("DST_IP", "SRC_IP", "L4_SRC_PORT");
    }

    @Test
    void configDbTablesNotReadArePassedOverYetMustBeJson() throws ParseException {
        SonicConfigParser p = new SonicConfigParser();
        SonicConfig c = p.parse("""
                {"DEVICE_METADATA": {"localhost": {"hwsku": "x", "nested": {"a": [1, {"b": null}]}}},
                 "VLAN": "not a table this parser reads",
                 "PORT": {"Ethernet0": {"speed": "1"}},
                 "PORT": {"Ethernet4": {"speed": 25000, "lanes": ["1", 2], "admin_status": null, "alias": true}}}
                """);
        // a later duplicate replaces the table; non-string values read as JSON spells them
        assertThat(c.ports()).containsOnlyKeys("Ethernet4");
        assertThat(c.ports().get("Ethernet4"))
                .isEqualTo(new SonicConfig.Port(25000L, null, List.of(1, 2), "null", "true"));
        assertThatThrownBy(() -> p.parse("{\"ACL_RULE\": {\"x\": [1, 2,]},\n \"PORT\": {}}"))
                .isInstanceOf(ParseException.class)
                .hasMessageContaining("not valid JSON")
                .extracting(e -> ((ParseException) e).line())
                .isEqualTo(1);
        // as a tree reader, nothing after the top-level object is read
        assertThat(p.parse("{\"PORT\": {}}\n\n{\"PORT\": [").ports()).isEmpty();
    }

    @Test
    void configDbMalformed() {
        SonicConfigParser p = new SonicConfigParser();
        assertFailsAt(p, "  ", 0);
        assertThatThrownBy(() -> p.parse("{\n  \"PORT\": {\n    \"Ethernet0\": {\"speed\": \n"))
                .isInstanceOf(ParseException.class)
                .extracting(e -> ((ParseException) e).line())
                .isNotEqualTo(1);
        assertThatThrownBy(() -> p.parse("[1, 2]"))
                .isInstanceOf(ParseException.class)
                .hasMessageContaining("object");
        assertThatThrownBy(() -> p.parse("{\"BUFFER_PG\": {\"Ethernet0\": {\"profile\": \"x\"}}}"))
                .isInstanceOf(ParseException.class)
                .hasMessageContaining("Ethernet0|3-4");
        assertThatThrownBy(() -> p.parse("{\"PORT\": {\"Ethernet0\": {\"speed\": \"99999999999999999999999\"}}}"))
                .isInstanceOf(ParseException.class)
                .hasMessageContaining("PORT|Ethernet0 speed");
        assertThatThrownBy(() -> p.parse("{\"BUFFER_POOL\": \"nope\"}"))
                .isInstanceOf(ParseException.class)
                .hasMessageContaining("BUFFER_POOL");
    }
}
