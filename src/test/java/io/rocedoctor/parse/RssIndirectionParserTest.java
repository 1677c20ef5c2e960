package io.rocedoctor.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class RssIndirectionParserTest {
    private final RssIndirectionParser parser = new RssIndirectionParser();

    @Test
    void javadocExample() throws ParseException {
        RssIndirection r = parser.parse(SampleText.javadocExample(RssIndirectionParser.class));
        assertThat(r.ringCount()).isEqualTo(4);
        assertThat(r.table()).hasSize(16);
        assertThat(r.queuesUsed()).containsExactly(0, 1, 2, 3);
        assertThat(r.hashKey()).hasSize(40).startsWith(0x2c, 0xc6);
        assertThat(r.activeHashFunction()).contains("toeplitz");
    }

    @Test
    void evenTableWithNewerSections() throws ParseException {
        RssIndirection r = parser.parse(SampleText.fixture("ethtool-x", "mlx5-ens3f0np0-8-rings.txt"));
        assertThat(r.interfaceName()).isEqualTo("ens3f0np0");
        assertThat(r.table()).hasSize(32);
        assertThat(r.weightRatio()).isEqualTo(1.0);
        assertThat(r.unusedRings()).isEmpty();
        assertThat(r.tableElided()).isFalse();
        assertThat(r.hashKeyAllZero()).isFalse();
        assertThat(r.hashFunctions()).isEqualTo(Map.of("toeplitz", true, "xor", false, "crc32", false));
    }

    @Test
    void oldEthtoolWithoutKeyAndUnevenTable() throws ParseException {
        RssIndirection r = parser.parse(SampleText.fixture("ethtool-x", "old-ethtool-no-key-uneven.txt"));
        assertThat(r.ringCount()).isEqualTo(3);
        assertThat(r.hashKey()).isEmpty();
        assertThat(r.hashFunctions()).isEmpty();
        assertThat(r.weightRatio()).isEqualTo(6.0 / 5.0);
    }

    @Test
    void elidedZeroTable() throws ParseException {
        RssIndirection r = parser.parse("RX flow hash indirection table for p1 with 4 RX ring(s):\n"
                + "    0:      0     0\n...\n  120:      0     0\nRSS hash key:\n00:00:00\n");
        assertThat(r.tableElided()).isTrue();
        assertThat(r.unusedRings()).containsExactly(1, 2, 3);
        assertThat(r.hashKeyAllZero()).isTrue();
    }

    @Test
    void malformedInputNamesTheLine() {
        assertThat(SampleText.failureLine(() -> parser.parse(""))).isZero();
        assertThat(SampleText.failureLine(() -> parser.parse("Cannot get RX ring count: Operation not supported\n")))
                .isEqualTo(1);
        assertThat(SampleText.failureLine(() -> parser.parse("garbage\n 0: 0 x\n")))
                .isEqualTo(1);
    }

    @Test
    void unreadableRowsAreNotesAndTheRestStands() {
        RssIndirection r = ParseFailures.assertNotedAt(
                parser,
                "RX flow hash indirection table for p with 2 RX ring(s):\n"
                        + "    0: 0 1\n    2: 0 x\n    4: 1 0\nRSS hash function:\n    toeplitz: maybe\n    xor: off\n",
                3,
                "table section");
        assertThat(r.table()).containsExactly(0, 1, 1, 0);
        assertThat(r.hashFunctions()).containsExactly(java.util.Map.entry("xor", false));
        ParseFailures.assertNotedAt(
                parser,
                "RX flow hash indirection table for p with 2 RX ring(s):\n 0: 0 1\n"
                        + "RSS hash function:\n    toeplitz: maybe\n",
                4,
                "function section");
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated(SampleText.fixture("ethtool-x", "mlx5-ens3f0np0-8-rings.txt"));
    }
}
