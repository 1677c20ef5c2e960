package io.rocedoctor.parse.sw;

import static io.rocedoctor.parse.ParseFailures.assertFailsAt;
import static io.rocedoctor.parse.sw.NvueLineByLineTest.oneNote;
import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.ParseFailures;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The SONiC parsers degrade line by line: one damaged field or row is one note on its line and the
 * rest stands; a capture none of whose rows reads is refused at the first. And the variants
 * sonic-utilities prints besides the single-ASIC tables (multi-ASIC titles, N/A, partial headers).
 */
class SonicLineByLineTest {

    @Test
    void bufferConfigABadFieldIsANoteItsBlockAndTheOthersStand() {
        SonicBufferConfig b =
                oneNote(new SonicBufferConfigParser(), """
                Pool: ingress_lossless_pool
                ----  --------
                mode  dynamic
                size  lots
                type  ingress
                xoff  1622016
                ----  --------

                Profile: pg_lossless_100000_300m_profile
                ----------  ---------------------
                pool        ingress_lossless_pool
                xoff        160000
                ----------  ---------------------
                """, 4, "ingress_lossless_pool size is not a number");
        assertThat(b.pools().get("ingress_lossless_pool"))
                .isEqualTo(new SonicBufferPool("ingress_lossless_pool", "ingress", "dynamic", null, 1622016L));
        assertThat(b.profiles().get("pg_lossless_100000_300m_profile").xoff()).isEqualTo(160000L);
        assertFailsAt(new SonicBufferConfigParser(), """
                Pool: p
                ----  -----
                size  lots
                xoff  many
                ----  -----
                """, 3);
    }

    @Test
    void bufferConfigReadsMultiAsicTitlesAndAnEmptyDatabase() throws ParseException {
        // mmuconfig list(): "Pool for namespace asic0: NAME" on a multi-ASIC switch
        SonicBufferConfig b = ParseFailures.assertReadWhole(new SonicBufferConfigParser(), """
                Lossless traffic pattern for namespace asic0:
                -----------------------  ----
                mtu                      1024
                small_packet_percentage  100
                -----------------------  ----

                Pool for namespace asic0: ingress_lossless_pool
                ----  --------
                size  32732160
                type  ingress
                ----  --------

                No buffer profile information available for namespace asic0
                """);
        assertThat(b.pools().get("ingress_lossless_pool").size()).isEqualTo(32732160L);
        assertThat(b.profiles()).isEmpty();
        SonicBufferConfig none = new SonicBufferConfigParser().parse("""
                No buffer pool information available
                No buffer profile information available
                """);
        assertThat(none.pools()).isEmpty();
        assertFailsAt(new SonicBufferConfigParser(), "Exception caught:  Timeout connecting to redis\n", 1);
    }

    @Test
    void ecnABadThresholdIsANoteTheProfileStands() {
        SonicEcnProfiles e =
                oneNote(new SonicEcnParser(), """
                Profile: AZURE_LOSSLESS
                -----------------------  -------
                red_max_threshold        2097152
                ecn                      ecn_all
                green_min_threshold      1048576
                green_max_threshold      2O97152
                green_drop_probability   5
                -----------------------  -------
                Profile: AZURE_LOSSY
                -----------------------  -------
                ecn                      ecn_none
                -----------------------  -------
                """, 6, "AZURE_LOSSLESS green_max_threshold is not a number");
        SonicWredProfile lossless = e.profiles().get("AZURE_LOSSLESS");
        assertThat(lossless.marksGreen()).isTrue();
        assertThat(lossless.greenMinThreshold()).isEqualTo(1048576L);
        assertThat(lossless.greenMaxThreshold()).isNull();
        assertThat(lossless.greenDropProbability()).isEqualTo(5);
        assertThat(e.profiles()).containsKey("AZURE_LOSSY");
        assertFailsAt(new SonicEcnParser(), """
                Profile: AZURE_LOSSLESS
                -----------------------  -------
                green_min_threshold      1MB
                -----------------------  -------
                """, 3);
    }

    @Test
    void pfcPrioritiesABadRowIsANoteTheOtherPortsStand() {
        SonicPfcPriorities p = oneNote(new SonicPfcPrioritiesParser(), """

                Interface    Lossless priorities
                -----------  ---------------------
                Ethernet0    3,4
                Ethernet4    3;4
                Ethernet8    N/A
                """, 5, "lossless priorities");
        assertThat(p.lossless()).isEqualTo(Map.of("Ethernet0", List.of(3, 4), "Ethernet8", List.of()));
        assertFailsAt(new SonicPfcPrioritiesParser(), """
                Interface    Asymmetric
                -----------  ------------
                Ethernet0    sometimes
                """, 3);
    }

    @Test
    void pfcPrioritiesReadsEachNamespaceOfAMultiAsicSwitch() throws ParseException {
        // pfc/main.py showPfcPrio: "Namespace asicN" above each namespace's table
        SonicPfcPriorities p = ParseFailures.assertReadWhole(new SonicPfcPrioritiesParser(), """
                Namespace asic0
                Interface    Lossless priorities
                -----------  ---------------------
                Ethernet0    3,4

                Namespace asic1
                Interface    Lossless priorities
                -----------  ---------------------
                Ethernet-BP0  3
                """);
        assertThat(p.lossless()).containsEntry("Ethernet0", List.of(3, 4)).containsEntry("Ethernet-BP0", List.of(3));
        assertFailsAt(new SonicPfcPrioritiesParser(), "Cannot find interface Ethernet9\n", 1);
    }

    @Test
    void portIndexedCountersABadCountIsANoteThePortsOtherCountersStand() {
        SonicPortIndexedCounters c =
                oneNote(SonicPortIndexedCountersParser.priorityGroups(), """
                Ingress PG dropped packets:
                     Port    PG0    PG1    PG2    PG3
                ---------  -----  -----  -----  -----
                Ethernet0    800    801    8O2    803
                Ethernet4      0      0      0     17
                """, 4, "Ethernet0 PG2 is not a number");
        assertThat(c.value("Ethernet0", 3)).isEqualTo(803L);
        assertThat(c.value("Ethernet0", 2)).isNull();
        assertThat(c.value("Ethernet4", 3)).isEqualTo(17L);
    }

    @Test
    void portIndexedCountersReadTablesThatNameOnlySomeIndices() throws ParseException {
        // pg-drop builds its header from the PGs the switch has: PG3 and PG4 alone; N/A when not polled
        SonicPortIndexedCounters c =
                ParseFailures.assertReadWhole(SonicPortIndexedCountersParser.priorityGroups(), """
                Ingress PG dropped packets:
                     Port    PG3    PG4
                ---------  -----  -----
                Ethernet0     12    N/A
                """);
        assertThat(c.value("Ethernet0", 3)).isEqualTo(12L);
        assertThat(c.value("Ethernet0", 4)).isNull();
        assertFailsAt(
                SonicPortIndexedCountersParser.priorityGroups(),
                "Warning: PG counters are disabled. Use 'counterpoll pg-drop enable' to enable polling\n",
                1);
    }

    @Test
    void queueCountersAndWatchdogConfigWithNoRowReadAreRefused() {
        assertFailsAt(new SonicQueueCountersParser(), """
                     Port    TxQ    Counter/pkts
                ---------  -----  --------------
                Ethernet0    ???               1
                """, 3);
        assertFailsAt(new SonicPfcwdConfigParser(), """
                     PORT    ACTION    DETECTION TIME    RESTORATION TIME
                ---------  --------  ----------------  ------------------
                Ethernet0      drop              fast                 600
                """, 3);
    }
}
