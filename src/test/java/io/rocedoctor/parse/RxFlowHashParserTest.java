package io.rocedoctor.parse;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class RxFlowHashParserTest {
    private final RxFlowHashParser parser = new RxFlowHashParser();

    @Test
    void javadocExample() throws ParseException {
        RxFlowHash h = parser.parse(SampleText.javadocExample(RxFlowHashParser.class));
        assertThat(h.flowType()).isEqualTo("UDP over IPV4");
        assertThat(h.fields())
                .containsExactlyInAnyOrder(
                        RxFlowHash.Field.IP_SA,
                        RxFlowHash.Field.IP_DA,
                        RxFlowHash.Field.L4_BYTES_0_1,
                        RxFlowHash.Field.L4_BYTES_2_3);
        assertThat(h.includesL4SourcePort()).isTrue();
    }

    @Test
    void noneMeansNoFields() throws ParseException {
        RxFlowHash h = parser.parse(SampleText.fixture("ethtool-n", "udp6-eth5-none.txt"));
        assertThat(h.flowType()).isEqualTo("UDP over IPV6");
        assertThat(h.fields()).isEmpty();
        assertThat(h.includesL4SourcePort()).isFalse();
    }

    @Test
    void everyKnownField() throws ParseException {
        RxFlowHash h = parser.parse(SampleText.fixture("ethtool-n", "tcp4-ens1f1-vlan-l2da.txt"));
        assertThat(h.fields())
                .hasSize(7)
                .contains(RxFlowHash.Field.L2DA, RxFlowHash.Field.VLAN, RxFlowHash.Field.L3_PROTO);
        assertThat(h.otherFields()).isEmpty();
    }

    @Test
    void unknownFieldsAndDiscardAreKept() throws ParseException {
        RxFlowHash h = parser.parse(
                "UDP over IPV4 flows use these fields for computing Hash flow key:\nIP SA\nSome future thing\n");
        assertThat(h.otherFields()).containsExactly("Some future thing");
        assertThat(parser.parse(
                                "IPV4 flows use these fields for computing Hash flow key:\nAll matching flows discarded on RX\n")
                        .discarded())
                .isTrue();
    }

    @Test
    void malformedInputNamesTheLine() {
        assertThat(SampleText.failureLine(() -> parser.parse(""))).isZero();
        assertThat(SampleText.failureLine(
                        () -> parser.parse("Cannot get RX network flow hashing options: Operation not supported\n")))
                .isEqualTo(1);
        assertThat(SampleText.failureLine(() -> parser.parse("\nIP SA\nIP DA\n")))
                .isEqualTo(2);
    }

    @Test
    void linesBeforeTheTitleAreNotesAndTheFieldsStand() {
        RxFlowHash h = ParseFailures.assertNotedAt(
                parser,
                "stray line\nTCP over IPV4 flows use these fields for computing Hash flow key:\n" + "IP SA\nIP DA\n",
                1,
                "expected '... flows use");
        assertThat(h.fields()).containsExactly(RxFlowHash.Field.IP_SA, RxFlowHash.Field.IP_DA);
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated(SampleText.fixture("ethtool-n", "udp4-ens3f0np0-with-ports.txt"));
    }
}
