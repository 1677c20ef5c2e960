package io.rocedoctor.parse;

import static org.assertj.core.api.Assertions.assertThat;


import org.junit.jupiter.api.Test;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class EthtoolFeaturesParserTest {
    private final EthtoolFeaturesParser parser = new EthtoolFeaturesParser();

    @Test
    void javadocExample() throws ParseException {
        EthtoolFeatures f = parser.parse(SampleText.javadocExample(EthtoolFeaturesParser.class));
        assertThat(f.interfaceName()).isEqualTo("ens1f0np0");
        assertThat(f.features().get("tx-checksum-ipv4")).isEqualTo(new EthtoolFeatures.Feature(false, true, false));
        assertThat(f.features().get("large-receive-offload")).isEqualTo(new EthtoolFeatures.Feature(false, false, true));
        assertThat(f.features().get("rx-vlan-filter")).isEqualTo(new EthtoolFeatures.Feature(true, true, false));
    }

    @Test
    void mlx5Excerpt() throws ParseException {
        EthtoolFeatures f = parser.parse(SampleText.fixture("ethtool-k", "mlx5-ens3f0np0-excerpt.txt"));
        assertThat(f.features()).hasSize(15);
        assertThat(f.enabled("receive-hashing")).contains(true);
        assertThat(f.enabled("ntuple-filters")).contains(false);
        assertThat(f.enabled("no-such-feature")).isEmpty();
        assertThat(f.features().get("highdma").fixed()).isTrue();
    }

    @Test
    void oldEthtoolTitleAndRefusalLine() throws ParseException {
        EthtoolFeatures f = parser.parse(SampleText.fixture("ethtool-k", "old-ethtool-offload-parameters.txt"));
        assertThat(f.interfaceName()).isEqualTo("eth1");
        assertThat(f.features()).hasSize(8);
        assertThat(f.enabled("generic-receive-offload")).contains(true);
    }

    @Test
    void malformedInputNamesTheLine() {
        assertThat(SampleText.failureLine(() -> parser.parse(""))).isZero();
        assertThat(SampleText.failureLine(() -> parser.parse("Cannot get device feature names: No such device\n"))).isEqualTo(1);
        assertThat(SampleText.failureLine(() -> parser.parse("Features for x:\nrx-checksumming: maybe\n"))).isEqualTo(2);
        assertThat(SampleText.failureLine(() -> parser.parse("Features for x:\nrx-checksumming on\n"))).isEqualTo(2);
    }

    @Test
    void anUnreadableFeatureIsANoteAndTheOtherFeaturesStand() {
        EthtoolFeatures f = ParseFailures.assertNotedAt(parser, "Features for x:\nrx-checksumming: on\n"
                + "tx-checksumming: maybe\nrx-gro-hw: off [fixed]\n", 3, "neither on nor off");
        assertThat(f.enabled("rx-checksumming")).contains(true);
        assertThat(f.features().get("rx-gro-hw").fixed()).isTrue();
        assertThat(f.features()).doesNotContainKey("tx-checksumming");
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated(SampleText.fixture("ethtool-k", "mlx5-ens3f0np0-excerpt.txt"));
    }
}
