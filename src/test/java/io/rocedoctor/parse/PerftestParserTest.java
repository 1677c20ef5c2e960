package io.rocedoctor.parse;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class PerftestParserTest {
    private final PerftestParser parser = new PerftestParser();

    @Test
    void javadocExample() throws ParseException {
        PerftestResult r = parser.parse(SampleText.javadocExample(PerftestParser.class));
        assertThat(r.test()).isEqualTo(PerftestProgram.WRITE_BW);
        assertThat(r.banner().device()).isEqualTo("mlx5_2");
        assertThat(r.banner().qpCount()).isEqualTo(4);
        assertThat(r.banner().mtuBytes()).isEqualTo(4096);
        assertThat(r.banner().gidIndex()).isEqualTo(3);
        assertThat(r.banner().rdmaCmQps()).isTrue();
        assertThat(r.banner().dataExchangeMethod()).isEqualTo("rdma_cm");
        assertThat(r.bandwidthUnit()).isEqualTo("Gb/sec");
        assertThat(r.bandwidthRows())
                .containsExactly(new PerftestResult.BandwidthRow(65536, 20000, 97.12, 97.05, 0.185114));
        assertThat(r.averageGbitPerSecond(r.bandwidthRows().get(0))).isEqualTo(97.05);
    }

    @Test
    void readLatencyWithAddressBlock() throws ParseException {
        PerftestResult r = parser.parse(SampleText.fixture("perftest", "ib_read_lat-mlx5_1-roce.txt"));
        assertThat(r.test()).isEqualTo(PerftestProgram.READ_LAT);
        assertThat(r.latency()).isTrue();
        assertThat(r.banner().txDepth()).isEqualTo(1);
        assertThat(r.banner().all())
                .containsEntry("Outstand reads", "16")
                .containsEntry("PCIe relax order", "OFF")
                .doesNotContainKey("GID");
        assertThat(r.latencyRows())
                .containsExactly(new PerftestResult.LatencyRow(2, 1000, 3.41, 9.87, 3.52, 3.58, 0.21, 4.12, 9.87));
        assertThat(r.bandwidthRows()).isEmpty();
    }

    @Test
    void sendBandwidthInMegabytesWithSnip() throws ParseException {
        PerftestResult r = parser.parse(SampleText.fixture("perftest", "ib_send_bw-mlx5_bond_1-mbytes-two-sizes.txt"));
        assertThat(r.test()).isEqualTo(PerftestProgram.SEND_BW);
        assertThat(r.banner().usingSrq()).isTrue();
        assertThat(r.banner().qpCount()).isEqualTo(8);
        assertThat(r.bandwidthUnit()).isEqualTo("MB/sec");
        assertThat(r.bandwidthRows())
                .extracting(PerftestResult.BandwidthRow::bytes)
                .containsExactly(65536L, 1048576L);
        assertThat(r.averageGbitPerSecond(r.bandwidthRows().get(0)))
                .isCloseTo(96.46, org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    void olderFiveColumnLatencyRowsOnly() throws ParseException {
        PerftestResult r =
                parser.parse(SampleText.fixture("perftest", "ib_send_lat-old-perftest-5-columns-result-lines.txt"));
        assertThat(r.test()).isNull();
        assertThat(r.latency()).isTrue();
        assertThat(r.latencyRows()).hasSize(2);
        assertThat(r.latencyRows().get(1).typical()).isEqualTo(1.19);
        assertThat(r.latencyRows().get(1).average()).isNull();
    }

    @Test
    void truncatedBanner() throws ParseException {
        PerftestResult r = parser.parse(SampleText.fixture("perftest", "ib_write_bw-truncated-banner.txt"));
        assertThat(r.test()).isEqualTo(PerftestProgram.WRITE_BW);
        assertThat(r.banner().qpCount()).isEqualTo(2);
        assertThat(r.banner().mtuBytes()).isNull();
        assertThat(r.bandwidthRows()).isEmpty();
        assertThat(r.bandwidthUnit()).isNull();
    }

    @Test
    void headerlessRowsAreToldApartByWidth() throws ParseException {
        PerftestResult r =
                parser.parse(" 65536      5000             92.58              92.56                0.176543\n");
        assertThat(r.latency()).isFalse();
        assertThat(r.bandwidthRows().get(0).average()).isEqualTo(92.56);
        assertThat(r.averageGbitPerSecond(r.bandwidthRows().get(0))).isNull();
    }

    @Test
    void malformedInputNamesTheLine() {
        assertThat(SampleText.failureLine(() -> parser.parse(""))).isZero();
        assertThat(
                        SampleText.failureLine(
                                () -> parser.parse(
                                        " Couldn't connect to 10.1.1.1:18515\n Unable to open file descriptor for socket connection\n")))
                .isEqualTo(1);
        ParseFailures.assertNotedAt(
                parser,
                " #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]\n"
                        + " 65536      5000             92.58\n",
                2,
                "3 values under 5 column titles");
        ParseFailures.assertNotedAt(
                parser,
                " #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]\n"
                        + " 65536      5000             92.58              fast                0.176543\n",
                2,
                "BW average is not a number");
        assertThat(SampleText.failureLine(() -> parser.parse(" 65536 5000 1 2 3 4 5\n")))
                .isEqualTo(1);
        assertThat(SampleText.failureLine(() -> parser.parse(" Send BW Test\n Mtu             : 99999999999[B]\n")))
                .isEqualTo(2);
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated(
                SampleText.fixture("perftest", "ib_send_bw-mlx5_bond_1-mbytes-two-sizes.txt"));
    }

    @Test
    void cpuFrequencyWarningsInsideTheTableAreNotesAndEveryRowStands() throws ParseException {
        Parsed<PerftestResult> read =
                parser.read(SampleText.fixture("perftest", "ib_write_bw-cpu-frequency-warning-in-table.txt"));
        assertThat(read.value().bandwidthRows())
                .extracting(PerftestResult.BandwidthRow::bytes)
                .containsExactly(65536L, 131072L);
        assertThat(read.value().bandwidthRows().get(1).average()).isEqualTo(23.78);
        assertThat(read.value().banner().device()).isEqualTo("mlx5_0");
        assertThat(read.notes()).extracting(LineNote::line).containsExactly(16, 18);
        assertThat(read.notes().get(0).reason()).contains("CPU frequency warning");
    }

    @Test
    void extraValuesPastTheLastColumnAreIgnored() throws ParseException {
        // near miss of the row-width check: more values than titles is a newer perftest's extra, not a bad row
        PerftestResult r =
                parser.parse(" #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]\n"
                        + " 65536      5000             92.58              92.50               0.176543    7.1\n");
        assertThat(r.bandwidthRows())
                .singleElement()
                .satisfies(row -> assertThat(row.average()).isEqualTo(92.50));
    }
}
