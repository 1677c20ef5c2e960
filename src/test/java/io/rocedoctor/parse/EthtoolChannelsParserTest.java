package io.rocedoctor.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

class EthtoolChannelsParserTest {
    private final EthtoolChannelsParser parser = new EthtoolChannelsParser();

    @Test
    void javadocExample() throws ParseException {
        EthtoolChannels c = parser.parse(SampleText.javadocExample(EthtoolChannelsParser.class));
        assertThat(c).isEqualTo(new EthtoolChannels("ens1f0np0",
                new EthtoolChannels.Counts(null, null, null, 63L), new EthtoolChannels.Counts(null, null, null, 16L)));
    }

    @Test
    void mlx5CombinedOnlyWithTabs() throws ParseException {
        EthtoolChannels c = parser.parse(SampleText.fixture("ethtool-l", "mlx5-ens3f0np0.txt"));
        assertThat(c.interfaceName()).isEqualTo("ens3f0np0");
        assertThat(c.maximums().combined()).isEqualTo(63L);
        assertThat(c.current().combined()).isEqualTo(24L);
        assertThat(c.current().rx()).isNull();
    }

    @Test
    void separateRxTxQueues() throws ParseException {
        EthtoolChannels c = parser.parse(SampleText.fixture("ethtool-l", "ixgbe-eth4-separate-rx-tx.txt"));
        assertThat(c.maximums()).isEqualTo(new EthtoolChannels.Counts(8L, 8L, 1L, 0L));
        assertThat(c.current()).isEqualTo(new EthtoolChannels.Counts(4L, 4L, 1L, 0L));
    }

    @Test
    void truncatedOutputLeavesCurrentAbsent() throws ParseException {
        EthtoolChannels c = parser.parse(SampleText.fixture("ethtool-l", "truncated-no-current.txt"));
        assertThat(c.maximums().combined()).isEqualTo(16L);
        assertThat(c.current()).isEqualTo(new EthtoolChannels.Counts(null, null, null, null));
    }

    @Test
    void malformedInputNamesTheLine() {
        assertThatThrownBy(() -> parser.parse("")).isInstanceOf(ParseException.class)
                .extracting(e -> ((ParseException) e).line()).isEqualTo(0);
        assertThatThrownBy(() -> parser.parse("Cannot get device channel parameters\n: Operation not supported\n"))
                .isInstanceOf(ParseException.class).extracting(e -> ((ParseException) e).line()).isEqualTo(1);
        assertThatThrownBy(() -> parser.parse("Channel parameters for x:\nPre-set maximums:\nCombined: 99999999999999999999\n"))
                .isInstanceOf(ParseException.class).extracting(e -> ((ParseException) e).line()).isEqualTo(3);
        assertThatThrownBy(() -> parser.parse("Channel parameters for x:\nCombined: 4\n"))
                .isInstanceOf(ParseException.class).extracting(e -> ((ParseException) e).line()).isEqualTo(2);
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return Arbitraries.oneOf(ParserFuzz.randomText(),
                ParserFuzz.mutated(SampleText.fixture("ethtool-l", "ixgbe-eth4-separate-rx-tx.txt")));
    }
}
