package io.rocedoctor.parse;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class SingleWordParsersTest {
    private final ServiceStateParser parser = new ServiceStateParser();
    private final CpuGovernorParser governor = new CpuGovernorParser();

    @Test
    void javadocExamples() throws ParseException {
        assertThat(parser.parse(SampleText.javadocExample(ServiceStateParser.class)))
                .isEqualTo(ServiceState.ACTIVE);
        assertThat(governor.parse(SampleText.javadocExample(CpuGovernorParser.class)))
                .isEqualTo(new CpuGovernor("powersave"));
    }

    @Test
    void serviceStates() throws ParseException {
        assertThat(parser.parse(SampleText.fixture("systemctl", "irqbalance-active.txt"))
                        .running())
                .isTrue();
        assertThat(parser.parse(SampleText.fixture("systemctl", "irqbalance-inactive.txt")))
                .isEqualTo(ServiceState.INACTIVE);
        assertThat(parser.parse(SampleText.fixture("systemctl", "irqbalance-failed.txt"))
                        .running())
                .isFalse();
        assertThat(parser.parse("\nactivating\n\n")).isEqualTo(ServiceState.ACTIVATING);
        assertThat(parser.parse("unknown\r\n")).isEqualTo(ServiceState.UNKNOWN);
    }

    @Test
    void governors() throws ParseException {
        assertThat(governor.parse(SampleText.fixture("cpufreq", "scaling_governor-performance.txt"))
                        .performance())
                .isTrue();
        CpuGovernor g = governor.parse(SampleText.fixture("cpufreq", "scaling_governor-schedutil.txt"));
        assertThat(g.name()).isEqualTo("schedutil");
        assertThat(g.performance()).isFalse();
    }

    @Test
    void malformedInputNamesTheLine() {
        assertThat(SampleText.failureLine(() -> parser.parse(""))).isZero();
        assertThat(SampleText.failureLine(() -> parser.parse("Failed to connect to bus: No such file or directory\n")))
                .isEqualTo(1);
        assertThat(SampleText.failureLine(() -> parser.parse("active\nactive\n")))
                .isEqualTo(2);
        assertThat(SampleText.failureLine(() -> parser.parse("sleeping\n"))).isEqualTo(1);
        assertThat(SampleText.failureLine(() -> governor.parse(
                        "cat: /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor: No such file or directory\n")))
                .isEqualTo(1);
        assertThat(SampleText.failureLine(() -> governor.parse("Performance!\n")))
                .isEqualTo(1);
    }

    @Property(tries = 100)
    void governorSurvivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(governor, text);
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated(SampleText.fixture("systemctl", "irqbalance-active.txt"));
    }
}
