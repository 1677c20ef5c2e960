package io.rocedoctor.parse;

import static io.rocedoctor.parse.ParseFailures.assertFailsAt;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class MlnxQosParserTest {
    private final MlnxQosParser parser = new MlnxQosParser();

    @Test
    void javadocExample() throws Exception {
        Parsed<MlnxQos> read = parser.read(JavadocExample.of(MlnxQosParser.class));
        MlnxQos q = read.value();
        assertThat(q.dcbxMode()).isEqualTo("Firmware controlled");
        assertThat(q.trust()).isEqualTo("dscp");
        assertThat(q.dscpPriority()).containsEntry(26, 3).containsEntry(33, 3);
        assertThat(q.receiveBufferBytes()).containsExactly(130944L, 130944L, 0L, 0L, 0L, 0L, 0L, 0L);
        assertThat(q.maxBufferBytes()).isEqualTo(262016L);
        assertThat(q.pfcPriorities()).containsExactly(3);
        assertThat(q.priorityBuffer()).containsEntry(3, 1);
        assertThat(q.priorityTrafficClass()).containsEntry(1, 0).containsEntry(3, 3);
        assertThat(q.trafficClasses().get(1).rateLimit()).isEqualTo("25.0 Gbps");
        assertThat(read.notes()).extracting(LineNote::line).containsExactly(1);
    }

    @Test
    void connectX5OnDocaWithLldpadWarningAndMaxBufferSize() throws Exception {
        Parsed<MlnxQos> read =
                parser.read(RdmaFamilyFixtures.read("mlnx_qos/mlnx_qos-i-ens1f0np0-cx5-doca-lldpad-max-buffer.txt"));
        MlnxQos q = read.value();
        assertThat(q.dcbxMode()).isEqualTo("OS controlled");
        assertThat(q.trust()).isEqualTo("dscp");
        // Priority 3 is printed on two lines: DSCPs 24-31, then 32-35.
        assertThat(q.dscpPriority())
                .hasSize(64)
                .containsEntry(26, 3)
                .containsEntry(35, 3)
                .containsEntry(36, 4)
                .containsEntry(48, 6);
        assertThat(q.defaultPriority()).isNull();
        assertThat(q.receiveBufferBytes()).containsExactly(130944L, 130944L, 0L, 0L, 0L, 0L, 0L, 0L);
        assertThat(q.maxBufferBytes()).isEqualTo(262016L);
        assertThat(q.cableLength()).isEqualTo(7);
        assertThat(q.pfcPriorities()).containsExactly(3);
        assertThat(q.priorityBuffer()).isEqualTo(Map.of(0, 0, 1, 0, 2, 0, 3, 1, 4, 0, 5, 0, 6, 0, 7, 0));
        assertThat(q.trafficClasses()).extracting(MlnxQos.TrafficClass::tc).containsExactly(0, 3, 6, 7);
        assertThat(q.trafficClasses().get(0).priorities()).containsExactly(0, 1, 2, 4, 5);
        assertThat(q.trafficClasses().get(0).bandwidthPercent()).isEqualTo(40);
        assertThat(q.trafficClasses().get(3).tsa()).isEqualTo("strict");
        assertThat(q.trafficClasses().get(3).rateLimit()).isEqualTo("25.0 Gbps");
        assertThat(read.notes()).singleElement().satisfies(u -> {
            assertThat(u.line()).isEqualTo(1);
            assertThat(u.reason()).contains("lldpad");
        });
    }

    @Test
    void connectX7OnOfed2310FirmwareDcbxPcpTrustAllPrioritiesInOneBuffer() throws Exception {
        Parsed<MlnxQos> read =
                parser.read(RdmaFamilyFixtures.read("mlnx_qos/mlnx_qos-i-ens3np0-cx7-ofed2310-fw-pcp-one-buffer.txt"));
        MlnxQos q = read.value();
        assertThat(q.dcbxMode()).isEqualTo("Firmware controlled");
        assertThat(q.trust()).isEqualTo("pcp");
        assertThat(q.dscpPriority()).isEmpty();
        assertThat(q.defaultPriority()).isNull();
        assertThat(q.receiveBufferBytes()).containsExactly(0L, 262016L, 0L, 0L, 0L, 0L, 0L, 0L);
        assertThat(q.maxBufferBytes()).isEqualTo(1048448L);
        assertThat(q.pfcPriorities()).containsExactly(4);
        assertThat(q.priorityBuffer()).hasSize(8).containsValues(1).doesNotContainValue(0);
        assertThat(q.priorityTrafficClass()).isEqualTo(Map.of(0, 1, 1, 0, 2, 2, 3, 2, 4, 4, 5, 5, 6, 5, 7, 5));
        assertThat(read.notes()).isEmpty();
    }

    @Test
    void early2023TotalSizeAndASetDefaultPriority() throws Exception {
        Parsed<MlnxQos> read =
                parser.read(RdmaFamilyFixtures.read("mlnx_qos/mlnx_qos-i-ens2f1np1-cx6dx-total-size-default-prio.txt"));
        MlnxQos q = read.value();
        assertThat(q.defaultPriority()).isEqualTo(3);
        // "prio:3" under "default priority:" is no DSCP row.
        assertThat(q.dscpPriority()).hasSize(64).containsEntry(26, 3).containsEntry(0, 0);
        assertThat(q.receiveBufferBytes()).containsExactly(65472L, 196416L, 0L, 0L, 0L, 0L, 0L, 0L);
        assertThat(q.maxBufferBytes()).isEqualTo(524160L);
        assertThat(q.cableLength()).isEqualTo(30);
        assertThat(q.trafficClasses().get(2).bandwidthPercent()).isZero();
        assertThat(read.notes()).isEmpty();
    }

    @Test
    void buffersBefore2023HaveNoTotal() throws Exception {
        MlnxQos q = parser.parse(RdmaFamilyFixtures.read("mlnx_qos/mlnx_qos-i-ens2f0np0-dscp-buffers-ets.txt"));
        assertThat(q.dcbxMode()).isEqualTo("OS controlled");
        assertThat(q.trust()).isEqualTo("dscp");
        assertThat(q.dscpPriority())
                .hasSize(64)
                .containsEntry(0, 0)
                .containsEntry(46, 5)
                .containsEntry(63, 7);
        assertThat(q.defaultPriority()).isNull();
        assertThat(q.receiveBufferBytes()).containsExactly(130944L, 261888L, 0L, 0L, 0L, 0L, 0L, 0L);
        assertThat(q.maxBufferBytes()).isNull();
        assertThat(q.cableLength()).isEqualTo(7);
        assertThat(q.pfcEnabled()).containsExactly(false, false, false, true, false, false, false, false);
        assertThat(q.priorityBuffer()).hasSize(8).containsEntry(3, 1).containsEntry(0, 0);
        assertThat(q.trafficClasses()).hasSize(4);
        MlnxQos.TrafficClass tc3 = q.trafficClasses().get(1);
        assertThat(tc3.tc()).isEqualTo(3);
        assertThat(tc3.tsa()).isEqualTo("ets");
        assertThat(tc3.bandwidthPercent()).isEqualTo(50);
        assertThat(tc3.rateLimit()).isEqualTo("unlimited");
        assertThat(tc3.priorities()).containsExactly(3);
        MlnxQos.TrafficClass strict = q.trafficClasses().get(2);
        assertThat(strict.tsa()).isEqualTo("strict");
        assertThat(strict.bandwidthPercent()).isNull();
        assertThat(q.priorityTrafficClass()).isEqualTo(Map.of(0, 0, 1, 0, 2, 0, 3, 3, 4, 7, 5, 7, 6, 6, 7, 7));
    }

    @Test
    void olderOutputWithPcpTrustAndEtsTitle() throws Exception {
        MlnxQos q = parser.parse(RdmaFamilyFixtures.read("mlnx_qos/mlnx_qos-i-eth2-pcp-older-ets-title.txt"));
        assertThat(q.dcbxMode()).isNull();
        assertThat(q.trust()).isEqualTo("pcp");
        assertThat(q.dscpPriority()).isEmpty();
        assertThat(q.receiveBufferBytes()).isEmpty();
        assertThat(q.cableLength()).isNull();
        assertThat(q.pfcPriorities()).containsExactly(4);
        assertThat(q.priorityBuffer()).isEmpty();
        assertThat(q.trafficClasses()).hasSize(8);
        assertThat(q.trafficClasses().get(0).tsa()).isEqualTo("vendor");
        assertThat(q.priorityTrafficClass())
                .containsEntry(0, 1)
                .containsEntry(1, 0)
                .containsEntry(7, 7);
    }

    @Test
    void severalPrioritiesOnOneLineUnderOneTc() throws Exception {
        MlnxQos q = parser.parse("Priority trust state: pcp\nPFC configuration:\n"
                + "\tpriority    0   1   2   3   4   5   6   7\n\tenabled     0   0   0   1   0   0   0   0\n"
                + "tc: 0 ratelimit: unlimited, tsa: ets, bw: 50%\n\t priority: 0 priority: 1 priority: 2\n"
                + "tc: 3 ratelimit: unlimited, tsa: ets, bw: 50%\n\t priority:  3\n");
        assertThat(q.trafficClasses().get(0).priorities()).containsExactly(0, 1, 2);
        assertThat(q.priorityTrafficClass()).containsEntry(2, 0).containsEntry(3, 3);
    }

    /**
     * MLNX_OFED 2.x-3.x printed, under the tc of each priority, the socket priorities its egress map
     * sends there, with the ToS of those a ToS gives (tc_wrap.py's {@code skprio2tos}) and the VLAN
     * of a tagged map. Those lines are mlnx_qos's own and read silently; one with no tc above is not.
     */
    @Test
    void socketPrioritiesUnderATcOfOlderOfedAreItsOwnLines() throws Exception {
        Parsed<MlnxQos> read = parser.read("PFC configuration:\n"
                + "\tpriority    0   1   2   3   4   5   6   7\n\tenabled     0   0   0   1   0   0   0   0\n"
                + "tc: 0 ratelimit: unlimited, tsa: vendor\n\t priority:  0\n"
                + "\t skprio: 0\n\t skprio: 2 (tos: 8)\n\t skprio: 1 (vlan 100)\n\t skprio: 4 (vlan 100 tos: 24)\n"
                + "tc: 3 ratelimit: unlimited, tsa: vendor\n\t priority:  3\n");
        MlnxQos q = read.value();
        assertThat(q.pfcPriorities()).containsExactly(3);
        assertThat(q.trafficClasses()).extracting(MlnxQos.TrafficClass::tc).containsExactly(0, 3);
        assertThat(q.priorityTrafficClass()).containsEntry(0, 0).containsEntry(3, 3);
        assertThat(read.notes()).isEmpty();

        Parsed<MlnxQos> outside = parser.read("Priority trust state: pcp\n\t skprio: 2 (tos: 8)\n\t skprio: two\n");
        assertThat(outside.notes()).extracting(LineNote::line).containsExactly(2, 3);
        assertThat(outside.notes().get(0).reason()).contains("outside any 'tc:'");
        assertThat(outside.notes().get(1).reason()).contains("not a line mlnx_qos prints");
    }

    @Test
    void extraFieldsAtTheEndOfAKnownLineAreIgnored() throws Exception {
        Parsed<MlnxQos> read = parser.read("Priority trust state: dscp (sysfs)\nCable len: 7 m\n"
                + "Receive buffer size (bytes): 1,2,3,4,5,6,7,8,max_buffer_size=36,xoff=9\n"
                + "\tenabled     0   0   0   1   0   0   0   0   pfc\n"
                + "tc: 3 ratelimit: unlimited, tsa: ets, bw: 50%, mode: x\n\t priority:  3\n");
        MlnxQos q = read.value();
        assertThat(q.trust()).isEqualTo("dscp");
        assertThat(q.cableLength()).isEqualTo(7);
        assertThat(q.receiveBufferBytes()).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L);
        assertThat(q.maxBufferBytes()).isEqualTo(36L);
        assertThat(q.pfcPriorities()).containsExactly(3);
        assertThat(q.trafficClasses())
                .singleElement()
                .satisfies(tc -> assertThat(tc.bandwidthPercent()).isEqualTo(50));
        assertThat(read.notes()).isEmpty();
    }

    @Test
    void unsupportedMessagesAreSkippedAndTheRestStands() throws Exception {
        Parsed<MlnxQos> read = parser.read("Priority trust state is not supported on your system\n"
                + "Buffers commands are not supported on your system\nRate limit is not supported on your system!\n"
                + "DCBX mode: OS controlled\nPriority trust state: none\nCable len: 7\nPFC configuration:\n"
                + "\tpriority    0   1   2   3   4   5   6   7\n\tenabled     0   0   0   0   0   0   0   0\n"
                + "ets, bw: 100%\n\t priority:  0\n");
        MlnxQos q = read.value();
        assertThat(q.trust()).isEqualTo("none");
        assertThat(q.receiveBufferBytes()).isEmpty();
        assertThat(q.pfcEnabled()).hasSize(8).containsOnly(false);
        // A tc line printed without "tc: N ratelimit: R," cannot say its class: its priorities stay unattributed.
        assertThat(q.trafficClasses()).isEmpty();
        assertThat(read.notes()).extracting(LineNote::line).containsExactly(1, 2, 3, 10, 11);
    }

    @Test
    void aRowNoVersionPrintsIsSkippedNotTheFile() throws Exception {
        Parsed<MlnxQos> read = parser.read(RdmaFamilyFixtures.read("mlnx_qos/mlnx_qos-i-ens5f1-bad-enabled-row.txt"));
        MlnxQos q = read.value();
        assertThat(q.trust()).isEqualTo("pcp");
        assertThat(q.pfcEnabled()).as("an unread PFC row is no PFC state").isEmpty();
        assertThat(read.notes()).singleElement().satisfies(u -> {
            assertThat(u.line()).isEqualTo(5);
            assertThat(u.reason()).contains("'enabled' row: 5 values");
        });
    }

    @Test
    void nearMissesAreSkippedWithTheirLine() throws Exception {
        Parsed<MlnxQos> read =
                parser.read("Priority trust state: pcp\n\t priority:  3\nCable len: 99999999999999999999999\n"
                        + "Receive buffer size (bytes): 130944,130944,0,0,max_buffer_size=262016\n"
                        + "\tprio:9 dscp:01,\n\tbuffer      0   0   0   9   0   0   0   0\n");
        MlnxQos q = read.value();
        assertThat(q.trust()).isEqualTo("pcp");
        assertThat(q.cableLength()).isNull();
        assertThat(q.receiveBufferBytes()).isEmpty();
        assertThat(q.dscpPriority()).isEmpty();
        assertThat(q.priorityBuffer()).isEmpty();
        assertThat(read.notes()).extracting(LineNote::line).containsExactly(2, 3, 4, 5, 6);
        assertThat(read.notes().get(0).reason()).contains("outside any 'tc:'");
    }

    @Test
    void nothingRecognisableFails() {
        assertFailsAt(parser, "", 0);
        assertFailsAt(parser, "Traceback (most recent call last):\n  File \"/usr/bin/mlnx_qos\"\n", 1);
        assertFailsAt(parser, "\n\tenabled     0   0   1\n", 2);
        assertFailsAt(parser, "****** WARNING: lldpad service is running and may overwrite your settings ******\n", 1);
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated(
                RdmaFamilyFixtures.read("mlnx_qos/mlnx_qos-i-ens1f0np0-cx5-doca-lldpad-max-buffer.txt"));
    }
}
