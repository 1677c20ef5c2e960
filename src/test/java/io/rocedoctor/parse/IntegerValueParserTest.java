package io.rocedoctor.parse;

import static io.rocedoctor.parse.SampleText.failureLine;
import static io.rocedoctor.parse.SampleText.fixture;
import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class IntegerValueParserTest {
    private final IntegerValueParser parser = new IntegerValueParser();

    @Test
    void javadocExample() throws ParseException {
        assertThat(parser.parse(SampleText.javadocExample(IntegerValueParser.class)))
                .isEqualTo(1L);
    }

    @Test
    void numaNodeAndMtu() throws ParseException {
        assertThat(parser.parse(fixture("numa_node", "numa_node-node1.txt"))).isEqualTo(1L);
        assertThat(parser.parse(fixture("numa_node", "numa_node-unknown.txt"))).isEqualTo(-1L);
        assertThat(parser.parse(fixture("numa_node", "mtu-9000.txt"))).isEqualTo(9000L);
        assertThat(parser.parse("\r\n  4200 \r\n")).isEqualTo(4200L);
    }

    @Test
    void malformedInput() {
        assertThat(failureLine(() -> parser.parse(""))).isEqualTo(0);
        assertThat(failureLine(() -> parser.parse(" \n\t\n"))).isEqualTo(0);
        assertThat(failureLine(() -> parser.parse("cat: numa_node: No such file or directory\n")))
                .isEqualTo(1);
        assertThat(failureLine(() -> parser.parse("\n99999999999999999999\n"))).isEqualTo(2);
        assertThat(failureLine(() -> parser.parse("15 00"))).isEqualTo(1);
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated(fixture("numa_node", "mtu-9000.txt"));
    }
}
