package io.rocedoctor.parse;

import static io.rocedoctor.parse.ParseFailures.assertFailsAt;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class MlxlinkParserTest {
    private final MlxlinkParser parser = new MlxlinkParser();

    @Test
    void javadocExample() throws Exception {
        MlxlinkReport r = parser.parse(JavadocExample.of(MlxlinkParser.class));
        assertThat(r.state()).isEqualTo("Active");
        assertThat(r.speedGbps()).isEqualTo(200);
        assertThat(r.laneSignaling()).isEqualTo(MlxlinkReport.LaneSignaling.PAM4);
        assertThat(r.rawBer().text()).isEqualTo("2.1E-8");
        assertThat(r.linkDownCounter()).isEqualTo(2L);
    }

    @Test
    void pam4LinkWithKp4FecModuleAndEye() throws Exception {
        MlxlinkReport r =
                parser.parse(RdmaFamilyFixtures.read("mlxlink/mlxlink-m-e-c-connectx6dx-200G-pam4-rsfec544.txt"));
        assertThat(r.physicalState()).isEqualTo("LinkUp");
        assertThat(r.speed()).isEqualTo("200G");
        assertThat(r.lanes()).isEqualTo(4);
        assertThat(r.fec()).isEqualTo("RS-FEC(544,514)");
        assertThat(r.laneSignaling()).isEqualTo(MlxlinkReport.LaneSignaling.PAM4);
        assertThat(r.rawBer().mantissa()).isEqualTo(2.1);
        assertThat(r.rawBer().exponent()).isEqualTo(-8);
        assertThat(r.rawBer().value()).isCloseTo(2.1e-8, within(1e-12));
        assertThat(r.rawBer().log10()).isCloseTo(-7.678, within(0.001));
        assertThat(r.effectiveBer().exponent()).isEqualTo(-255);
        assertThat(r.effectiveBer().mantissa()).isEqualTo(15);
        assertThat(r.rawErrorsPerLane()).containsExactly(1204L, 880L, 97L, 3311L);
        assertThat(r.effectiveErrors()).isZero();
        assertThat(r.linkDownCounter()).isEqualTo(2L);
        assertThat(r.linkErrorRecoveryCounter()).isEqualTo(1L);
        assertThat(r.minutesSinceLastClear()).isEqualTo(812.6);
        assertThat(r.recommendation()).isEqualTo("No issue was observed");
        assertThat(r.module().identifier()).isEqualTo("QSFP56");
        assertThat(r.module().cableType()).isEqualTo("Optical Module (separated)");
        assertThat(r.module().lengthMeters()).isEqualTo(100.0);
        assertThat(r.module().temperatureCelsius()).isEqualTo(47.0);
        assertThat(r.module().vendorPartNumber()).isEqualTo("MMA1T00-VS");
        assertThat(r.eye().physicalGrade()).containsExactly(1201L, 1187L, 1240L, 1093L);
        assertThat(r.eye().heightMillivolts()).containsExactly(31L, 29L, 33L, 24L);
        assertThat(r.eye().phasePicoseconds()).containsExactly(11L, 10L, 12L, 9L);
        assertThat(r.sections()).containsKeys("Operational Info", "Module Info", "Tool Information");
        assertThat(r.sections().get("Tool Information")).containsEntry("Firmware Version", "22.39.1002");
        assertThat(r.symbolBer()).isNull();
    }

    @Test
    void olderNrzLinkWithAnsiColoursAndCableLength() throws Exception {
        MlxlinkReport r =
                parser.parse(RdmaFamilyFixtures.read("mlxlink/mlxlink-m-c-connectx4lx-25G-firecode-ansi-colours.txt"));
        assertThat(r.state()).isEqualTo("Active");
        assertThat(r.physicalState()).isEqualTo("LinkUp");
        assertThat(r.speedGbps()).isEqualTo(25);
        assertThat(r.fec()).isEqualTo("Firecode FEC");
        assertThat(r.laneSignaling()).isEqualTo(MlxlinkReport.LaneSignaling.NRZ);
        assertThat(r.rawBer().text()).isEqualTo("3.4E-9");
        assertThat(r.effectiveErrors()).isEqualTo(12L);
        assertThat(r.symbolErrors()).isZero();
        assertThat(r.symbolBer().exponent()).isEqualTo(-255);
        assertThat(r.rawErrorsPerLane()).containsExactly(4410L);
        assertThat(r.linkDownCounter()).isEqualTo(5L);
        assertThat(r.module().lengthMeters()).isEqualTo(2.0);
        assertThat(r.module().cableType()).isEqualTo("Passive copper cable");
        assertThat(r.eye().physicalGrade()).isEmpty();
    }

    @Test
    void truncatedOutputKeepsWhatIsThere() throws Exception {
        MlxlinkReport r = parser.parse(RdmaFamilyFixtures.read("mlxlink/mlxlink-c-connectx5-100G-truncated.txt"));
        assertThat(r.fec()).isEqualTo("No FEC");
        assertThat(r.laneSignaling()).isEqualTo(MlxlinkReport.LaneSignaling.NRZ);
        assertThat(r.minutesSinceLastClear()).isEqualTo(3.2);
        assertThat(r.effectiveBer()).isNull();
        assertThat(r.rawBer()).isNull();
        assertThat(r.linkDownCounter()).isNull();
        assertThat(r.module().identifier()).isNull();
    }

    @Test
    void laneSignalingFromTheInfinibandGenerationName() throws Exception {
        MlxlinkReport hdr = parser.parse("Operational Info\n----\nState : Active\nSpeed : IB-HDR\nWidth : 4x\n");
        assertThat(hdr.laneSignaling()).isEqualTo(MlxlinkReport.LaneSignaling.PAM4);
        MlxlinkReport edr = parser.parse("State : Active\nSpeed : IB-EDR\n");
        assertThat(edr.laneSignaling()).isEqualTo(MlxlinkReport.LaneSignaling.NRZ);
        MlxlinkReport unknown = parser.parse("State : Active\nSpeed : N/A\n");
        assertThat(unknown.laneSignaling()).isNull();
        assertThat(unknown.speed()).isNull();
    }

    @Test
    void toolErrorNamesItsLine() {
        assertThatThrownBy(
                        () -> parser.parse(RdmaFamilyFixtures.read("mlxlink/mlxlink-e-bluefield2-error-no-device.txt")))
                .isInstanceOfSatisfying(ParseException.class, e -> {
                    assertThat(e.line()).isEqualTo(1);
                    assertThat(e.getMessage()).contains("Failed to open device");
                });
    }

    @Test
    void malformedInputs() {
        assertFailsAt(parser, "", 0);
        assertFailsAt(parser, "bash: mlxlink: command not found\n", 1);
        assertFailsAt(parser, "Raw Physical BER : lots\nLink Down Counter : x\n", 1);
    }

    @Test
    void unreadableValuesAndSectionErrorsAreNotesAndTheOtherFieldsStand() {
        MlxlinkReport r = ParseFailures.assertNotedAt(
                parser,
                "State : Active\nRaw Physical BER : lots\n"
                        + "-E- Failed to get module info\nLink Down Counter : 99999999999999999999999\n"
                        + "Raw Physical Errors Per Lane : 1,x,3\nLink Error Recovery Counter : 4\n",
                2,
                "not a BER");
        assertThat(r.state()).isEqualTo("Active");
        assertThat(r.rawBer()).isNull();
        assertThat(r.linkDownCounter()).isNull();
        assertThat(r.rawErrorsPerLane()).isEmpty();
        assertThat(r.linkErrorRecoveryCounter()).isEqualTo(4L);
        ParseFailures.assertNotedAt(parser, "State : Active\n-E- Failed to get module info\n", 2, "mlxlink error");
        ParseFailures.assertNotedAt(
                parser, "State : Active\n\nLink Down Counter : 99999999999999999999999\n", 3, "link down counter");
    }

    @Test
    void connectX7OfMft430ReadsTheAmberBerAndKeepsThePerLaneAndFomLinesAsText() throws ParseException {
        // N/A (no reading) is no unreadable value: no note
        MlxlinkReport r = ParseFailures.assertReadWhole(
                parser, SampleText.fixture("mlxlink", "mlxlink-m-e-c-connectx7-mft-4.30-amber-fom.txt"));
        assertThat(r.speedGbps()).isEqualTo(400);
        assertThat(r.lanes()).isEqualTo(4);
        assertThat(r.laneSignaling()).isEqualTo(MlxlinkReport.LaneSignaling.PAM4);
        assertThat(r.rawBer().text()).isEqualTo("1.8E-9");
        assertThat(r.effectiveBer().exponent()).isEqualTo(-255);
        assertThat(r.rawErrorsPerLane()).containsExactly(1182L, 903L, 1410L, 877L);
        assertThat(r.linkDownCounter()).isEqualTo(1L);
        assertThat(r.recommendation()).isEqualTo("No issue was observed");
        assertThat(r.sections().get("Physical Counters and BER Info"))
                .containsEntry("Raw Physical BER Per Lane", "2E-9,1E-9,3E-9,1E-9");
        assertThat(r.sections().get("Eye Opening Info")).containsEntry("Last FOM", "190,187,194,190");
        // the FOM form of 16 nm devices has no physical grade
        assertThat(r.eye().physicalGrade()).isEmpty();
        assertThat(r.module().identifier()).isEqualTo("OSFP");
        assertThat(r.module().temperatureCelsius()).isNull();
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated(
                RdmaFamilyFixtures.read("mlxlink/mlxlink-m-e-c-connectx6dx-200G-pam4-rsfec544.txt"));
    }
}
