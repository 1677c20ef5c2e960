package io.rocedoctor.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class EthtoolPauseParserTest {
    private final EthtoolPauseParser parser = new EthtoolPauseParser();

    @Test
    void javadocExample() throws ParseException {
        EthtoolPause p = parser.parse(SampleText.javadocExample(EthtoolPauseParser.class));
        assertThat(p).isEqualTo(new EthtoolPause("ens1f0np0", false, true, true, null, null));
    }

    @Test
    void autonegotiatedPauseCarriesTheNegotiatedResult() throws ParseException {
        EthtoolPause p = parser.parse("Pause parameters for eth0:\nAutonegotiate:\ton\nRX:\t\toff\nTX:\t\toff\n"
                + "RX negotiated: on\nTX negotiated: on\n\n");
        assertThat(p.rx()).isFalse();
        assertThat(p.rxNegotiated()).isTrue();
        assertThat(p.txNegotiated()).isTrue();
    }

    @Test
    void nearMissPauseOffBothWaysIsOff() throws ParseException {
        assertThat(parser.parse("Pause parameters for p0:\nAutonegotiate:\toff\nRX:\t\toff\nTX:\t\toff\n"))
                .isEqualTo(new EthtoolPause("p0", false, false, false, null, null));
    }

    @Test
    void statisticsOfDashIAreSkippedAndAStrangeLineIsANote() throws ParseException {
        Parsed<EthtoolPause> p = parser.read("Pause parameters for p0:\nAutonegotiate:\toff\nRX:\t\tmaybe\nTX:\t\toff\n"
                + "Statistics:\n  tx_pause_frames: 3\n  rx_pause_frames: 5\n");
        assertThat(p.value().rx()).isNull();
        assertThat(p.value().tx()).isFalse();
        assertThat(p.notes()).extracting(LineNote::line).containsExactly(3);
    }

    @Test
    void ethtoolsRefusalIsNoOutput() {
        assertThatThrownBy(() -> parser.parse("Cannot get device pause settings: Operation not supported\n"))
                .isInstanceOf(ParseException.class);
        assertThatThrownBy(() -> parser.parse(
                        "Pause parameters for p0:\nCannot get device pause settings: Operation not supported\n"))
                .isInstanceOf(ParseException.class);
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated("Pause parameters for eth0:\nAutonegotiate:\ton\nRX:\t\ton\nTX:\t\ton\n"
                + "RX negotiated: on\nTX negotiated: on\nStatistics:\n  tx_pause_frames: 1\n");
    }
}
