package io.rocedoctor.parse;

import static org.assertj.core.api.Assertions.assertThat;


import org.junit.jupiter.api.Test;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class PrivateFlagsParserTest {
    private final PrivateFlagsParser parser = new PrivateFlagsParser();

    @Test
    void javadocExample() throws ParseException {
        PrivateFlags p = parser.parse(SampleText.javadocExample(PrivateFlagsParser.class));
        assertThat(p.interfaceName()).isEqualTo("ens3f1np1");
        assertThat(p.flags()).containsEntry("rx_cqe_moder", true).containsEntry("rx_cqe_compress", false)
                .containsEntry("rx_striding_rq", true).containsEntry("dropless_rq", false).hasSize(7);
    }

    @Test
    void mlx5Flags() throws ParseException {
        PrivateFlags p = parser.parse(SampleText.fixture("ethtool-priv-flags", "mlx5-ens3f1np1.txt"));
        assertThat(p.flags()).hasSize(10);
        assertThat(p.flag("per_channel_stats")).contains(true);
        assertThat(p.flag("tx_port_ts")).contains(false);
    }

    @Test
    void otherDriverHasOtherFlags() throws ParseException {
        PrivateFlags p = parser.parse(SampleText.fixture("ethtool-priv-flags", "i40e-eth2-short.txt"));
        assertThat(p.flag("flow-director-atr")).contains(true);
        assertThat(p.flag("disable-source-pruning")).contains(false);
        assertThat(p.flag("rx_cqe_compress")).isEmpty();
    }

    @Test
    void malformedInputNamesTheLine() {
        assertThat(SampleText.failureLine(() -> parser.parse("\n\n"))).isZero();
        assertThat(SampleText.failureLine(() -> parser.parse("Cannot get private flag names: Operation not supported\n"))).isEqualTo(1);
        assertThat(SampleText.failureLine(() -> parser.parse("Private flags for x:\n"))).isEqualTo(1);
        assertThat(SampleText.failureLine(() -> parser.parse("Private flags for x:\nrx_striding_rq : 1\n"))).isEqualTo(2);
    }

    @Test
    void anUnreadableFlagIsANoteAndTheOtherFlagsStand() {
        PrivateFlags f = ParseFailures.assertNotedAt(parser, "Private flags for x:\nrx_cqe_moder : on\nrx_striding_rq : 1\n"
                + "garbage\ndropless_rq : off\n", 3, "neither on nor off");
        assertThat(f.flags()).containsOnlyKeys("rx_cqe_moder", "dropless_rq");
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated(SampleText.fixture("ethtool-priv-flags", "mlx5-ens3f1np1.txt"));
    }
}
