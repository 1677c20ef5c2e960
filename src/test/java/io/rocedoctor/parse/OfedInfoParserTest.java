package io.rocedoctor.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class OfedInfoParserTest {
    private final OfedInfoParser parser = new OfedInfoParser();

    @Test
    void javadocExampleIsMlnxOfedAndItsVersion() throws ParseException {
        DriverStack s = parser.parse(SampleText.javadocExample(OfedInfoParser.class));
        assertThat(s).isEqualTo(new DriverStack("MLNX_OFED_LINUX", "5.8-1.0.1.1"));
        assertThat(s.label()).isEqualTo("MLNX_OFED_LINUX-5.8-1.0.1.1");
    }

    @Test
    void docaHostsPackageNameHoldsADashBeforeItsVersion() throws ParseException {
        assertThat(parser.parse("OFED-internal-24.01-0.3.3:\n"))
                .isEqualTo(new DriverStack("OFED-internal", "24.01-0.3.3"));
    }

    @Test
    void aTextWithoutAVersionLineFails() {
        assertThatThrownBy(() -> parser.parse("bash: ofed_info: command not found\n"))
                .isInstanceOf(ParseException.class);
    }
}
