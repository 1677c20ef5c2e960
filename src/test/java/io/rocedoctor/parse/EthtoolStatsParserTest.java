package io.rocedoctor.parse;

import static io.rocedoctor.parse.ParseFailures.assertNotedAt;
import static io.rocedoctor.parse.SampleText.failureLine;
import static io.rocedoctor.parse.SampleText.fixture;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class EthtoolStatsParserTest {
    private final EthtoolStatsParser parser = new EthtoolStatsParser();

    @Test
    void javadocExample() throws ParseException {
        EthtoolStats s = parser.parse(SampleText.javadocExample(EthtoolStatsParser.class));
        assertThat(s.counters())
                .containsExactly(
                        java.util.Map.entry("rx_packets", 845320277L),
                        java.util.Map.entry("rx_prio3_pause", 1204L),
                        java.util.Map.entry("rx_ucast_packets[0]", 10198513532L));
    }

    @Test
    void mlx5PrioPauseCounters() throws ParseException {
        EthtoolStats s = parser.parse(fixture("ethtool-S", "mlx5-cx6dx-prio3-pause.txt"));
        assertThat(s.counters()).hasSize(27);
        assertThat(s.counter("rx_prio3_pause")).contains(51207L);
        assertThat(s.counter("rx_prio3_pause_duration")).contains(904412L);
        assertThat(s.counter("tx_prio3_pause")).contains(0L);
        assertThat(s.counter("rx_bytes")).contains(38128830471622L);
        assertThat(s.counter("rx_discards_phy")).contains(1733L);
        assertThat(s.counter("rx_prio4_pause")).isEmpty();
        assertThat(s.counters().keySet()).startsWith("rx_packets", "rx_bytes").endsWith("tx0_packets");
    }

    @Test
    void bnxtPerRingCountersAreKeyedByRing() throws ParseException {
        EthtoolStats s = parser.parse(fixture("ethtool-S", "bnxt-per-ring-grouped.txt"));
        assertThat(s.counter("rx_ucast_packets[0]")).contains(4410233781L);
        assertThat(s.counter("rx_ucast_packets[1]")).contains(4388120015L);
        assertThat(s.counter("rx_discards[1]")).contains(12L);
        assertThat(s.counter("rx_ucast_packets")).isEmpty();
        assertThat(s.counter("rx_pfc_ena_frames_pri3")).contains(4410L);
        assertThat(s.counters()).hasSize(13);
    }

    @Test
    void grepOutputWithoutHeaderAndMixedIndentation() throws ParseException {
        EthtoolStats s = parser.parse(fixture("ethtool-S", "mlx5-grep-pause-noheader.txt"));
        assertThat(s.counters())
                .containsOnlyKeys("rx_pause_ctrl_phy", "tx_pause_ctrl_phy", "rx_prio3_pause", "tx_prio3_pause");
        assertThat(s.counter("tx_prio3_pause")).contains(1902L);
    }

    @Test
    void truncatedLastLineIsANote() {
        assertNotedAt(parser, fixture("ethtool-S", "mlx5-truncated.txt"), 4, "");
    }

    @Test
    void standardStatsOfAllGroupsAreKeptUnderTheirGroupedNames() throws ParseException {
        // the 'Standard stats for IF:' title is no counter: no note
        EthtoolStats stats = ParseFailures.assertReadWhole(
                parser, SampleText.fixture("ethtool-S", "netlink-all-groups-ens1f0np0.txt"));
        assertThat(stats.counters())
                .containsEntry("eth-mac-FrameCheckSequenceErrors", 3L)
                .containsEntry("rx-rmon-etherStatsPkts65to127Octets", 5033L)
                .containsEntry("tx-rmon-etherStatsPkts64Octets", 981L)
                .hasSize(11);
    }

    @Test
    void aTitleOfAnotherToolIsNoStatsTitle() {
        ParseFailures.assertNotedAt(parser, "Standard stats for:\nrx_packets: 4\n", 1, "is not a counter");
    }

    @Test
    void malformedInput() {
        assertThat(failureLine(() -> parser.parse(""))).isEqualTo(0);
        assertThat(failureLine(() -> parser.parse("NIC statistics:\n"))).isEqualTo(0);
        assertThat(failureLine(() -> parser.parse("Cannot get stats strings information: Operation not supported\n")))
                .isEqualTo(1);
        assertThat(failureLine(() -> parser.parse("bash: ethtool: command not found\n")))
                .isEqualTo(1);
        // one past u64 on the only counter line: no counter
        assertThat(failureLine(() -> parser.parse("NIC statistics:\n     rx_bytes: 18446744073709551616\n")))
                .isZero();
        assertThat(failureLine(() -> parser.parse("     rx_bytes: 18446744073709551616\n")))
                .isEqualTo(1);
    }

    /** A collector that ran the tool through a shell may capture the shell's refusal; a file read whole may end in NULs. */
    @Test
    void aShellsCommandNotFoundIsSaidAsSuchAndTrailingNulsAreNothing() throws ParseException {
        assertThatThrownBy(() -> parser.parse("sh: 1: ethtool: not found\n"))
                .isInstanceOfSatisfying(ParseException.class, e -> {
                    assertThat(e.line()).isEqualTo(1);
                    assertThat(e.getMessage()).contains("no output").contains("the shell found no such command");
                });
        Parsed<EthtoolStats> read =
                parser.read("bash: mlnx_perf: command not found\nNIC statistics:\n     rx_packets: 7\n\0");
        assertThat(read.value().counters()).containsExactly(entry("rx_packets", 7L));
        assertThat(read.notes())
                .singleElement()
                .satisfies(n -> assertThat(n.line()).isEqualTo(1));
    }

    @Test
    void anUnreadableLineIsANoteAndTheOtherCountersStand() {
        EthtoolStats s = assertNotedAt(
                parser,
                "NIC statistics:\n     rx_packets: 1\n     garbage\n     tx_packets: 2\n",
                3,
                "expected 'name: value'");
        assertThat(s.counters()).containsExactly(entry("rx_packets", 1L), entry("tx_packets", 2L));
        assertNotedAt(parser, "NIC statistics:\n     rx_packets: -1\n     tx_packets: 2\n", 2, "not a counter");
    }

    @Test
    void u64CountersAboveTwoToTheSixtyThreeAreRead() throws ParseException {
        // ethtool's dump_stats prints each u64 with %llu
        EthtoolStats s = parser.parse(
                "NIC statistics:\n     rx_bytes: 18446744073709551017\n     tx_bytes: 9223372036854775807\n");
        assertThat(Long.toUnsignedString(s.counters().get("rx_bytes"))).isEqualTo("18446744073709551017");
        assertThat(s.counters().get("tx_bytes")).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void aNamePrintedTwiceKeepsItsFirstPlaceAndItsLastValue() throws ParseException {
        EthtoolStats s = parser.parse("NIC statistics:\n     rx_packets: 1\n     tx_packets: 2\n     rx_packets: 3\n");
        assertThat(s.size()).isEqualTo(2);
        assertThat(s.counters()).containsExactly(entry("rx_packets", 3L), entry("tx_packets", 2L));
        assertThat(s.positionOf("tx_packets")).isEqualTo(1);
        assertThat(s.positionOf("tx_packet")).isEqualTo(-1);
    }

    @Test
    void aTableGrownPastItsFirstSizeFindsEveryCounterByNameAndPosition() {
        // sized for 1, given 1,500: the arrays grow and the index is rebuilt as counters come
        EthtoolStats.Builder table = new EthtoolStats.Builder(1);
        for (int i = 0; i < 1500; i++) {
            table.put("rx" + i + "_packets", i * 7L);
        }
        table.put("rx3_packets", 5L);
        EthtoolStats s = table.build();
        assertThat(s.size()).isEqualTo(1500);
        for (int i = 0; i < 1500; i++) {
            assertThat(s.positionOf("rx" + i + "_packets")).isEqualTo(i);
            assertThat(s.value(i)).isEqualTo(i == 3 ? 5L : i * 7L);
        }
        assertThat(s.counter("rx1500_packets")).isEmpty();
    }

    /** Read by its bounds in the text's bytes, every text reads as it did a line String at a time. */
    @Property(tries = 400)
    void readsAsTheLineStringsDid(@ForAll("acrossScripts") String text) {
        assertThat(ByLineStrings.reading(parser, text, EthtoolStats::toString))
                .isEqualTo(
                        ByLineStrings.reading(new ByLineStrings.EthtoolStatsReading(), text, EthtoolStats::toString));
    }

    @Provide
    Arbitrary<String> acrossScripts() {
        return net.jqwik.api.Arbitraries.oneOf(
                ParserFuzz.mutatedAcrossScripts(fixture("ethtool-S", "bnxt-per-ring-grouped.txt")),
                ParserFuzz.mutatedAcrossScripts(fixture("ethtool-S", "mlx5-cx6dx-prio3-pause.txt")),
                ParserFuzz.mutatedAcrossScripts(fixture("ethtool-S", "netlink-all-groups-ens1f0np0.txt")),
                ParserFuzz.randomText());
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated(fixture("ethtool-S", "bnxt-per-ring-grouped.txt"));
    }
}
