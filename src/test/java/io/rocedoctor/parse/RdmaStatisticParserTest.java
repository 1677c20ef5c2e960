package io.rocedoctor.parse;

import static io.rocedoctor.parse.ParseFailures.assertFailsAt;
import static io.rocedoctor.parse.ParseFailures.assertNotedAt;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** {@code rdma statistic show}: one line per link, counters by name. */
class RdmaStatisticParserTest {
    private final RdmaStatisticParser statistic = new RdmaStatisticParser();

    @Test
    void javadocExamples() throws Exception {
        RdmaStatistics s = statistic.parse(JavadocExample.of(RdmaStatisticParser.class));
        assertThat(s.port("mlx5_0", 1).orElseThrow().counters())
                .containsEntry("out_of_sequence", 3L)
                .containsEntry("rp_cnp_handled", 7L)
                .hasSize(5);
    }

    @Test
    void oneLinePerLink() throws Exception {
        RdmaStatistics s = statistic.parse(RdmaFamilyFixtures.read("rdma/rdma-stat-show-two-links-nonzero.txt"));
        assertThat(s.ports()).hasSize(2);
        RdmaStatistics.PortCounters busy = s.port("mlx5_2", 1).orElseThrow();
        assertThat(busy.counter("rx_write_requests")).contains(88213L);
        assertThat(busy.counter("out_of_sequence")).contains(342L);
        assertThat(busy.counter("packet_seq_err")).contains(11L);
        assertThat(busy.counter("local_ack_timeout_err")).contains(2L);
        assertThat(busy.counter("np_ecn_marked_roce_packets")).contains(7710L);
        assertThat(busy.counter("rp_cnp_handled")).contains(5120L);
        assertThat(busy.counter("rx_icrc_encapsulated")).contains(0L);
        assertThat(busy.counter("no_such_counter")).isEmpty();
        assertThat(s.port("mlx5_3", 1).orElseThrow().counters()).hasSize(15).containsEntry("np_cnp_sent", 0L);
    }

    @Test
    void prettyLayoutOnePairPerLine() throws Exception {
        RdmaStatistics s = statistic.parse(RdmaFamilyFixtures.read("rdma/rdma-statistic-show-p-mlx5_2.txt"));
        assertThat(s.port("mlx5_2", 1).orElseThrow().counters()).hasSize(6).containsEntry("np_cnp_sent", 33L);
        assertThat(s.port("mlx5_3", 1).orElseThrow().counters()).hasSize(2);
    }

    @Test
    void iproute2SevenIndentsEachPairAndBnxtReNamesReadLikeMlx5s() throws Exception {
        RdmaStatistics s =
                statistic.parse(RdmaFamilyFixtures.read("rdma/rdma-statistic-show-iproute2-7-indented-bnxt_re.txt"));
        assertThat(s.port("bnxt_re0", 1).orElseThrow().counters())
                .containsEntry("rx_roce_good_pkts", 90412200L)
                .containsEntry("to_retransmits", 7L)
                .containsEntry("rx_ecn_marked_pkts", 341L)
                .hasSize(6);
        assertThat(s.port("bnxt_re1", 1).orElseThrow().counters()).containsOnlyKeys("active_qps", "rx_roce_good_pkts");
    }

    @Test
    void wrappedAnywhereStillParses() throws Exception {
        RdmaStatistics s = statistic.parse("link mlx5_7/2 rx_write_requests\n5 out_of_sequence 6\nnp_cnp_sent\n7\n");
        assertThat(s.port("mlx5_7", 2).orElseThrow().counters())
                .containsEntry("rx_write_requests", 5L)
                .containsEntry("out_of_sequence", 6L)
                .containsEntry("np_cnp_sent", 7L);
    }

    @Test
    void emptyOutputsAreNoPorts() throws Exception {
        assertThat(statistic.parse("").ports()).isEmpty();
    }

    @Test
    void malformedInputs() {
        assertFailsAt(statistic, "rx_write_requests 0\n", 1);
    }

    @Test
    void aBadValueIsANoteAndTheOtherCountersStand() {
        RdmaStatistics s =
                assertNotedAt(statistic, "link mlx5_0/1\n\tnp_cnp_sent many\n\trp_cnp_handled 7\n", 2, "np_cnp_sent");
        assertThat(s.port("mlx5_0", 1).orElseThrow().counters()).containsExactly(entry("rp_cnp_handled", 7L));
        assertNotedAt(
                statistic, "link mlx5_0/1 np_cnp_sent 99999999999999999999999 rp_cnp_handled 7\n", 1, "not a counter");
    }

    @Test
    void countersAboveTwoToTheSixtyThreeAreRead() throws ParseException {
        // rdma/stat.c prints u64 with PRIu64.
        long top = statistic
                .parse("link mlx5_0/1 np_cnp_sent 18446744073709551017\n")
                .port("mlx5_0", 1)
                .orElseThrow()
                .counters()
                .get("np_cnp_sent");
        assertThat(Long.toUnsignedString(top)).isEqualTo("18446744073709551017");
        // one past u64 is not a counter
        assertThat(assertNotedAt(statistic, "link mlx5_0/1 np_cnp_sent 18446744073709551616\n", 1, "not a counter")
                        .port("mlx5_0", 1)
                        .orElseThrow()
                        .counters())
                .isEmpty();
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(statistic, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return Arbitraries.oneOf(
                ParserFuzz.randomText(),
                ParserFuzz.mutated(RdmaFamilyFixtures.read("rdma/rdma-statistic-show-p-mlx5_2.txt")));
    }
}
