package io.rocedoctor.parse;

import static io.rocedoctor.parse.SampleText.failureLine;
import static io.rocedoctor.parse.SampleText.fixture;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class EthtoolLinkSettingsParserTest {
    private final EthtoolLinkSettingsParser parser = new EthtoolLinkSettingsParser();

    @Test
    void javadocExample() throws ParseException {
        assertThat(parser.parse(SampleText.javadocExample(EthtoolLinkSettingsParser.class)))
                .isEqualTo(new EthtoolLinkSettings(
                        100000,
                        "Full",
                        true,
                        true,
                        List.of("1000baseKX/Full", "100000baseCR4/Full"),
                        List.of("100000baseCR4/Full"),
                        List.of()));
    }

    @Test
    void linkUpWithTabsAndWrappedModes() throws ParseException {
        EthtoolLinkSettings s = parser.parse(fixture("ethtool", "ens2f0np0-100g-up.txt"));
        assertThat(s.speedMbps()).isEqualTo(100000);
        assertThat(s.duplex()).isEqualTo("Full");
        assertThat(s.autoNegotiation()).isTrue();
        assertThat(s.linkDetected()).isTrue();
        assertThat(s.supportedModes())
                .containsExactly(
                        "1000baseKX/Full",
                        "10000baseKR/Full",
                        "25000baseCR/Full",
                        "50000baseCR2/Full",
                        "100000baseSR4/Full",
                        "100000baseCR4/Full");
        assertThat(s.advertisedModes()).containsExactly("100000baseCR4/Full");
        assertThat(s.partnerModes()).isEmpty();
        assertThat(EthtoolLinkSettings.highestSpeed(s.supportedModes())).hasValue(100000);
    }

    @Test
    void linkDownHasNoSpeed() throws ParseException {
        EthtoolLinkSettings s = parser.parse(fixture("ethtool", "ens2f1np1-link-down.txt"));
        assertThat(s.speedMbps()).isNull();
        assertThat(s.duplex()).isEqualTo("Unknown! (255)");
        assertThat(s.linkDetected()).isFalse();
        assertThat(EthtoolLinkSettings.highestSpeed(s.advertisedModes())).hasValue(100000);
    }

    @Test
    void autonegOffBelowSupportedSpeedWithPermissionWarning() throws ParseException {
        EthtoolLinkSettings s = parser.parse(fixture("ethtool", "eth3-25g-downshift-no-permission.txt"));
        assertThat(s.speedMbps()).isEqualTo(10000);
        assertThat(s.autoNegotiation()).isFalse();
        assertThat(s.linkDetected()).isTrue();
        assertThat(s.advertisedModes()).isEmpty();
        assertThat(EthtoolLinkSettings.highestSpeed(s.supportedModes())).hasValue(25000);
    }

    @Test
    void malformedInput() {
        assertThat(failureLine(() -> parser.parse(""))).isEqualTo(0);
        assertThat(failureLine(() -> parser.parse("Settings for eth9:\nCannot get device settings: No such device\n")))
                .isEqualTo(1);
        assertThat(failureLine(() -> parser.parse("Settings for eth0:\n\tSpeed: 99999999999999999999Mb/s\n")))
                .isEqualTo(2);
        // truncated before any Speed or Link line
        assertThat(failureLine(() -> parser.parse("Settings for eth0:\n\tSupported ports: [ FIBRE ]\n\tSupp")))
                .isEqualTo(1);
    }

    @Test
    void anUnreadableSpeedIsANoteAndTheOtherFieldsStand() {
        EthtoolLinkSettings s = ParseFailures.assertNotedAt(
                parser,
                "Settings for eth0:\n\tSupported link modes:   25000baseCR/Full\n"
                        + "\tSpeed: fast\n\tDuplex: Full\n\tAuto-negotiation: on\n\tLink detected: yes\n",
                3,
                "speed is not");
        assertThat(s.speedMbps()).isNull();
        assertThat(s.duplex()).isEqualTo("Full");
        assertThat(s.linkDetected()).isTrue();
        assertThat(s.supportedModes()).containsExactly("25000baseCR/Full");
    }

    @Test
    void netlinkLinesAfterAKnownValueAreIgnored() throws ParseException {
        // ethtool 5.6+ over netlink: Lanes, and the reason of a down link on the Link detected line.
        EthtoolLinkSettings s =
                parser.parse("Settings for eth0:\n\tSpeed: Unknown!\n\tLanes: 4\n\tDuplex: Unknown! (255)\n"
                        + "\tAuto-negotiation: on\n\tLink detected: no (No cable)\n");
        assertThat(s.speedMbps()).isNull();
        assertThat(s.linkDetected()).isFalse();
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated(fixture("ethtool", "ens2f0np0-100g-up.txt"));
    }
}
