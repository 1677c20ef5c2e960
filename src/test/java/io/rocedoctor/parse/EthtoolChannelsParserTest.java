package io.rocedoctor.parse;

import static io.rocedoctor.parse.ParseFailures.assertFailsAt;
import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class EthtoolChannelsParserTest {
    private final EthtoolChannelsParser parser = new EthtoolChannelsParser();

    @Test
    void javadocExample() throws ParseException {
        EthtoolChannels c = parser.parse(SampleText.javadocExample(EthtoolChannelsParser.class));
        assertThat(c)
                .isEqualTo(new EthtoolChannels(
                        "ens1f0np0",
                        new EthtoolChannels.Counts(null, null, null, 63L),
                        new EthtoolChannels.Counts(null, null, null, 16L)));
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
    void aCountThatIsNotANumberIsANoteAndTheOtherCountsStand() {
        EthtoolChannels c = ParseFailures.assertNotedAt(
                parser,
                "Channel parameters for x:\nPre-set maximums:\nCombined:\t63\n"
                        + "Current hardware settings:\nRX:\t\tn/a\nCombined:\tsixteen\nOther:\t\t1\n",
                6,
                "ethtool -l: Combined is not a whole number");
        assertThat(c.maximums().combined()).isEqualTo(63L);
        assertThat(c.current()).isEqualTo(new EthtoolChannels.Counts(null, null, 1L, null));
    }

    @Test
    void malformedInputNamesTheLine() {
        assertFailsAt(parser, "", 0);
        assertFailsAt(parser, "Cannot get device channel parameters\n: Operation not supported\n", 1);
        assertFailsAt(parser, "Channel parameters for x:\nPre-set maximums:\nCombined: 99999999999999999999\n", 3);
        assertFailsAt(parser, "Channel parameters for x:\nCombined: 4\n", 2);
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated(SampleText.fixture("ethtool-l", "ixgbe-eth4-separate-rx-tx.txt"));
    }
}
