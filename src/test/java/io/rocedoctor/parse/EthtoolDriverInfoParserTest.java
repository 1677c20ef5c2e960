package io.rocedoctor.parse;

import static io.rocedoctor.parse.SampleText.failureLine;
import static io.rocedoctor.parse.SampleText.fixture;
import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class EthtoolDriverInfoParserTest {
    private final EthtoolDriverInfoParser parser = new EthtoolDriverInfoParser();

    @Test
    void javadocExample() throws ParseException {
        assertThat(parser.parse(SampleText.javadocExample(EthtoolDriverInfoParser.class)))
                .isEqualTo(new EthtoolDriverInfo("mlx5_core", "5.0-0", "14.23.1020", "MT_2420110034", "0000:af:00.0"));
    }

    @Test
    void connectX7() throws ParseException {
        assertThat(parser.parse(fixture("ethtool-i", "mlx5_core-cx7.txt")))
                .isEqualTo(new EthtoolDriverInfo(
                        "mlx5_core", "6.8.0-45-generic", "28.39.2048", "MT_0000000838", "0000:5e:00.1"));
    }

    @Test
    void bnxtFirmwareWithPackageVersionIsKeptWhole() throws ParseException {
        EthtoolDriverInfo i = parser.parse(fixture("ethtool-i", "bnxt_en-pkg-firmware.txt"));
        assertThat(i.driver()).isEqualTo("bnxt_en");
        assertThat(i.firmware()).isEqualTo("227.0.131.0/pkg 227.1.111.0");
        assertThat(i.psid()).isNull();
        assertThat(i.busInfo()).isEqualTo("0000:d8:00.1");
    }

    @Test
    void virtualDeviceHasNoBusNorFirmware() throws ParseException {
        assertThat(parser.parse(fixture("ethtool-i", "veth-virtual-empty-bus.txt")))
                .isEqualTo(new EthtoolDriverInfo("veth", "1.0", null, null, null));
        assertThat(parser.parse("driver: bridge\nversion: 2.3\nfirmware-version: N/A\nbus-info: N/A\n"))
                .isEqualTo(new EthtoolDriverInfo("bridge", "2.3", null, null, null));
    }

    @Test
    void subDriverInBracketsIsDropped() throws ParseException {
        assertThat(parser.parse("  driver: mlx5_core[ib_ipoib]\n  version: 6.1\n")
                        .driver())
                .isEqualTo("mlx5_core");
    }

    @Test
    void malformedInput() {
        assertThat(failureLine(() -> parser.parse(""))).isEqualTo(0);
        assertThat(failureLine(() -> parser.parse("Cannot get driver information: No such device\n")))
                .isEqualTo(1);
        // truncated before the driver line
        assertThat(failureLine(() -> parser.parse("driv"))).isEqualTo(1);
        assertThat(failureLine(() -> parser.parse("Usage: not this\nsomething: else\n")))
                .isEqualTo(1);
    }

    @Test
    void aLineThatIsNotNameValueIsANoteAndTheFieldsStand() {
        EthtoolDriverInfo i = ParseFailures.assertNotedAt(
                parser,
                "driver: mlx5_core\nversion: 6.8.0\n" + "firmware-version 28.39.1002\nbus-info: 0000:3b:00.1\n",
                3,
                "ethtool -i: expected 'name: value'");
        assertThat(i).isEqualTo(new EthtoolDriverInfo("mlx5_core", "6.8.0", null, null, "0000:3b:00.1"));
    }

    @Test
    void anEmptyOrMissingDriverLeavesTheDriverUnknownAndTheBusAddressStands() {
        EthtoolDriverInfo empty = ParseFailures.assertNotedAt(
                parser, "version: 1.0\ndriver:\nbus-info: 0000:01:00.0\n", 2, "empty driver");
        assertThat(empty.driver()).isNull();
        assertThat(empty.busInfo()).isEqualTo("0000:01:00.0");
        EthtoolDriverInfo missing = ParseFailures.assertNotedAt(
                parser,
                "firmware-version: 22.41.1000 (MT_0000000359)\nbus-info: 0000:a1:00.0\n",
                0,
                "no 'driver:' line");
        assertThat(missing).isEqualTo(new EthtoolDriverInfo(null, "", "22.41.1000", "MT_0000000359", "0000:a1:00.0"));
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated(fixture("ethtool-i", "mlx5_core-cx7.txt"));
    }
}
