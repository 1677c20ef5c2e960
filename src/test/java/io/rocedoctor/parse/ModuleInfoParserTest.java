package io.rocedoctor.parse;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class ModuleInfoParserTest {
    private final ModuleInfoParser parser = new ModuleInfoParser();

    @Test
    void javadocExample() throws ParseException {
        ModuleInfo m = parser.parse(SampleText.javadocExample(ModuleInfoParser.class));
        assertThat(m.identifier()).isEqualTo("0x11 (QSFP28)");
        assertThat(m.temperatureCelsius()).isEqualTo(45.0);
        assertThat(m.temperatureHighAlarmCelsius()).isEqualTo(80.0);
        assertThat(m.temperatureHighWarningCelsius()).isEqualTo(75.0);
        assertThat(m.voltage()).isEqualTo(3.2861);
        assertThat(m.rxPowerMilliwatts()).containsExactly(0.7645, 0.0347);
        assertThat(m.txPowerMilliwatts()).containsExactly(0.8923, 0.9011);
    }

    @Test
    void qsfp28FourLanes() throws ParseException {
        ModuleInfo m = parser.parse(SampleText.fixture("ethtool-m", "qsfp28-sr4-ens3f0np0.txt"));
        assertThat(m.vendorName()).isEqualTo("Mellanox");
        assertThat(m.vendorPartNumber()).isEqualTo("MMA1B00-C100D");
        assertThat(m.vendorSerialNumber()).isEqualTo("MT2214FT07731");
        assertThat(m.connector()).isEqualTo("0x0c (MPO 1x12)");
        assertThat(m.temperatureCelsius()).isEqualTo(47.25);
        assertThat(m.rxPowerMilliwatts()).containsExactly(0.7762, 0.8128, 0.0214, 0.7413);
        assertThat(m.txPowerMilliwatts()).hasSize(4);
        assertThat(m.fields())
                .containsEntry(
                        "Extended identifier description",
                        "3.5W max. Power consumption; CDR present in TX, CDR present in RX");
        assertThat(m.fields()).containsEntry("Rx power low alarm (Chan 3)", "On");
    }

    @Test
    void cmisLayout() throws ParseException {
        ModuleInfo m = parser.parse(SampleText.fixture("ethtool-m", "cmis-qsfp-dd-2-lanes-excerpt.txt"));
        assertThat(m.identifier()).startsWith("0x18 (QSFP-DD");
        assertThat(m.temperatureCelsius()).isEqualTo(45.0);
        assertThat(m.temperatureHighAlarmCelsius()).isEqualTo(75.0);
        assertThat(m.rxPowerMilliwatts()).containsExactly(1.0965, 1.0471);
        assertThat(m.fields()).containsEntry("Module State", "0x03 (ModuleReady)");
    }

    @Test
    void passiveCableWithoutDiagnostics() throws ParseException {
        ModuleInfo m = parser.parse(SampleText.fixture("ethtool-m", "sfp28-dac-no-ddm.txt"));
        assertThat(m.vendorName()).isEqualTo("Amphenol");
        assertThat(m.temperatureCelsius()).isNull();
        assertThat(m.voltage()).isNull();
        assertThat(m.rxPowerMilliwatts()).isEmpty();
    }

    @Test
    void malformedInputNamesTheLine() {
        assertThat(SampleText.failureLine(() -> parser.parse(""))).isZero();
        assertThat(SampleText.failureLine(
                        () -> parser.parse("Cannot get module EEPROM information: Input/output error\n")))
                .isEqualTo(1);
        assertThat(SampleText.failureLine(
                        () -> parser.parse("Offset\t\tValues\n------\t\t------\n0x0000:\t\t03 04 07\n")))
                .isEqualTo(1);
    }

    @Test
    void unreadableLinesAreNotesAndTheOtherFieldsStand() {
        ModuleInfo m = ParseFailures.assertNotedAt(
                parser,
                "\tIdentifier : 0x03 (SFP)\n\tModule temperature : hot\n"
                        + "\tsome stray text\n\tModule voltage : 3.29 V\n\tLaser output power : 0.50 mW / -3.01 dBm\n",
                2,
                "Module temperature is not a number");
        assertThat(m.temperatureCelsius()).isNull();
        assertThat(m.identifier()).isEqualTo("0x03 (SFP)");
        assertThat(m.voltage()).isEqualTo(3.29);
        assertThat(m.txPowerMilliwatts()).containsExactly(0.50);
        ParseFailures.assertNotedAt(
                parser, "\tIdentifier : 0x03 (SFP)\n\tsome stray text\n", 2, "expected 'name : value'");
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated(SampleText.fixture("ethtool-m", "qsfp28-sr4-ens3f0np0.txt"));
    }
}
