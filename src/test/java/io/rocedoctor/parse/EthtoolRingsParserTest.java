package io.rocedoctor.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class EthtoolRingsParserTest {
    private final EthtoolRingsParser parser = new EthtoolRingsParser();

    @Test
    void javadocExample() throws ParseException {
        EthtoolRings r = parser.parse(SampleText.javadocExample(EthtoolRingsParser.class));
        assertThat(r.interfaceName()).isEqualTo("ens2f1np1");
        assertThat(r.maximums()).isEqualTo(new EthtoolRings.Sizes(8192L, null, null, 8192L));
        assertThat(r.current()).isEqualTo(new EthtoolRings.Sizes(1024L, null, null, 1024L));
        assertThat(r.otherSettings())
                .isEqualTo(Map.of("rx-buf-len", "n/a", "cqe-size", "n/a", "tx-push", "off", "tcp-data-split", "off"));
    }

    @Test
    void classicLayoutHasNoOtherSettings() throws ParseException {
        EthtoolRings r = parser.parse(SampleText.fixture("ethtool-g", "classic-ens2f0-spaces.txt"));
        assertThat(r.current().rx()).isEqualTo(1024L);
        assertThat(r.maximums().rxMini()).isNull();
        assertThat(r.otherSettings()).isEmpty();
    }

    @Test
    void newerEthtoolExtraLinesAreKept() throws ParseException {
        EthtoolRings r = parser.parse(SampleText.fixture("ethtool-g", "newer-ethtool-6-ens4f1np1.txt"));
        assertThat(r.current()).isEqualTo(new EthtoolRings.Sizes(4096L, null, null, 2048L));
        assertThat(r.otherSettings())
                .containsEntry("tcp-data-split", "off")
                .containsEntry("rx-push", "off")
                .containsEntry("tx-push-buf-len", "n/a")
                .hasSize(6);
    }

    @Test
    void ethtool613HeaderSplitThresholdAndUnknownSplitAreSettings() throws ParseException {
        EthtoolRings r = parser.parse(SampleText.fixture("ethtool-g", "netlink-6.13-hds-thresh-enp65s0f0np0.txt"));
        assertThat(r.maximums()).isEqualTo(new EthtoolRings.Sizes(4096L, null, null, 4096L));
        assertThat(r.current()).isEqualTo(new EthtoolRings.Sizes(2048L, null, null, 1024L));
        // netlink/rings.c prints "unknown(N)\n" inside the line's own "%s\n": a blank line follows
        assertThat(r.otherSettings())
                .containsEntry("tcp-data-split", "unknown(3)")
                .containsEntry("header-data-split-thresh", "256")
                .doesNotContainKey("tx-push-buff-len");
    }

    @Test
    void ioctlEthtoolPrintsZeroWhereNetlinkPrintsNotAvailable() throws ParseException {
        EthtoolRings r = parser.parse(SampleText.fixture("ethtool-g", "ioctl-ethtool-4-eth2-zeros.txt"));
        assertThat(r.maximums()).isEqualTo(new EthtoolRings.Sizes(4096L, 0L, 0L, 4096L));
        assertThat(r.current()).isEqualTo(new EthtoolRings.Sizes(512L, 0L, 0L, 512L));
        assertThat(r.otherSettings()).isEmpty();
    }

    @Test
    void anUnreadableLineIsANoteAndTheOtherSizesStand() {
        String text =
                "Ring parameters for x:\nPre-set maximums:\nRX:\t\t8192\nTX:\t\tlots\nCurrent hardware settings:\n"
                        + "RX:\t\t1024\ngarbage without separator\nTX:\t\t512\nTX Push:\toff\n";
        EthtoolRings r = ParseFailures.assertNotedAt(parser, text, 4, "ethtool -g: TX is not a whole number");
        assertThat(r.maximums()).isEqualTo(new EthtoolRings.Sizes(8192L, null, null, null));
        assertThat(r.current()).isEqualTo(new EthtoolRings.Sizes(1024L, null, null, 512L));
        assertThat(r.otherSettings()).containsOnlyKeys("tx-push");
        ParseFailures.assertNotedAt(parser, text, 7, "expected 'Name: value'");
    }

    @Test
    void aSettingBeforeAnyBlockIsANote() {
        EthtoolRings r = ParseFailures.assertNotedAt(
                parser,
                "Ring parameters for x:\nRX: 4\nCurrent hardware settings:\nRX: 8\n",
                2,
                "before any 'Pre-set maximums:' block");
        assertThat(r.current().rx()).isEqualTo(8L);
        assertThat(r.maximums().rx()).isNull();
    }

    @Test
    void jsonForm() throws ParseException {
        EthtoolRings r = parser.parse(SampleText.fixture("ethtool-g", "json-ens7f0np0.json"));
        assertThat(r.interfaceName()).isEqualTo("ens7f0np0");
        assertThat(r.maximums()).isEqualTo(new EthtoolRings.Sizes(8192L, null, null, 8192L));
        assertThat(r.current()).isEqualTo(new EthtoolRings.Sizes(2048L, null, null, 512L));
        assertThat(r.otherSettings())
                .containsEntry("tx-push", "on")
                .containsEntry("cqe-size", "64")
                .containsEntry("tcp-data-split", "unknown");
    }

    @Test
    void malformedInputNamesTheLine() {
        assertThat(SampleText.failureLine(() -> parser.parse("  \n"))).isZero();
        assertThat(SampleText.failureLine(
                        () -> parser.parse("Cannot get device ring settings: Operation not supported\n")))
                .isEqualTo(1);
        assertThat(SampleText.failureLine(() -> parser.parse("Ring parameters for x:\nPre-set maximums:\nRX: lots\n")))
                .isEqualTo(3);
        // a title and block headers alone are no reading
        assertThat(SampleText.failureLine(
                        () -> parser.parse("Ring parameters for x:\nPre-set maximums:\nCurrent hardware settings:\n")))
                .isEqualTo(1);
        assertThat(SampleText.failureLine(() -> parser.parse("Ring parameters for x:\nno settings here\nnor here\n")))
                .isEqualTo(2);
        assertThat(SampleText.failureLine(() -> parser.parse("[ {\n \"rx\": 12,\n \"tx\": }")))
                .isEqualTo(3);
        assertThat(SampleText.failureLine(() -> parser.parse("[ {\"rx\": 99999999999999999999999} ]")))
                .isZero();
        assertThat(SampleText.failureLine(() -> parser.parse("[ 3 ]"))).isEqualTo(1);
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated(SampleText.fixture("ethtool-g", "newer-ethtool-6-ens4f1np1.txt"));
    }
}
