package io.rocedoctor.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class RdmaTrafficClassParserTest {
    private final RdmaTrafficClassParser parser = new RdmaTrafficClassParser();

    @Test
    void javadocExample() throws ParseException {
        assertThat(parser.parse(SampleText.javadocExample(RdmaTrafficClassParser.class)))
                .isEqualTo(new RdmaTrafficClass(106, List.of(new RdmaTrafficClass.Rule("dst_ip=10.20.0.0/16", 104))));
    }

    @Test
    void emptyFileIsAPortWithNothingSet() throws ParseException {
        assertThat(parser.parse("")).isEqualTo(new RdmaTrafficClass(null, List.of()));
        assertThat(parser.parse("\n")).isEqualTo(new RdmaTrafficClass(null, List.of()));
    }

    @Test
    void nearMissGlobalZeroIsSetNotUnset() throws ParseException {
        assertThat(parser.parse("Global tclass=0\n").global()).isZero();
    }

    @Test
    void rulesWithoutAGlobalValueAndABareValue() throws ParseException {
        RdmaTrafficClass rules = parser.parse(
                "src_ip=10.0.0.1,dst_ip=10.0.1.0/24,tclass=106\n" + "src_ip6=fe80::1,dst_ip6=fe80::2,tclass=104\n");
        assertThat(rules.global()).isNull();
        assertThat(rules.rules())
                .extracting(RdmaTrafficClass.Rule::match)
                .containsExactly("src_ip=10.0.0.1,dst_ip=10.0.1.0/24", "src_ip6=fe80::1,dst_ip6=fe80::2");
        assertThat(parser.parse("106\n").global()).isEqualTo(106);
        assertThat(parser.parse("tclass=-1\n").global()).isNull();
    }

    @Test
    void aStrangeLineIsANoteAndTheOthersStand() throws ParseException {
        Parsed<RdmaTrafficClass> p = parser.read("Global tclass=106\nsomething else\n");
        assertThat(p.value().global()).isEqualTo(106);
        assertThat(p.notes()).extracting(LineNote::line).containsExactly(2);
    }

    @Test
    void onlyUnreadableLinesOrAnOutOfRangeValueFail() {
        assertThatThrownBy(() -> parser.parse("Permission denied\n")).isInstanceOf(ParseException.class);
        assertThatThrownBy(() -> parser.parse("Global tclass=300\n")).isInstanceOf(ParseException.class);
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated("Global tclass=106\ndst_ip=10.20.0.0/16,tclass=104\n");
    }
}
