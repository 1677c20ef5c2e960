package io.rocedoctor.parse;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class SysctlParserTest {
    private final SysctlParser parser = new SysctlParser();

    @Test
    void javadocExample() throws ParseException {
        SysctlValues v = parser.parse(SampleText.javadocExample(SysctlParser.class));
        assertThat(v.longValue("net.core.netdev_budget")).hasValue(600);
        assertThat(v.longs("net.ipv4.tcp_rmem")).containsExactly(4096L, 131072L, 33554432L);
        assertThat(v.value("net.core.default_qdisc")).contains("fq");
        assertThat(v.unreadableKeys()).containsExactly("fs.protected_regular");
    }

    @Test
    void roceHostExcerpt() throws ParseException {
        SysctlValues v = parser.parse(SampleText.fixture("sysctl", "sysctl-a-roce-host-excerpt.txt"));
        assertThat(v.longValue("net.core.netdev_max_backlog")).hasValue(250000);
        assertThat(v.longValue("net.ipv4.tcp_rmem")).isEmpty();
        assertThat(v.value("net.ipv6.conf.all.stable_secret")).contains("");
        assertThat(v.longs("net.ipv6.conf.all.stable_secret")).isEmpty();
        assertThat(v.unreadableKeys()).containsExactly("fs.protected_fifos", "kernel.cad_pid");
        assertThat(v.values()).hasSize(12);
    }

    @Test
    void tabsAndNoSpaces() throws ParseException {
        SysctlValues v = parser.parse(SampleText.fixture("sysctl", "sysctl-a-tabs-and-no-spaces.txt"));
        assertThat(v.longValue("net.core.somaxconn")).hasValue(4096);
        assertThat(v.longValue("net.ipv4.conf.ens3f0np0.arp_ignore")).hasValue(1);
        assertThat(v.unreadableKeys()).containsExactly("net.ipv6.conf.all.stable_secret");
        assertThat(v.longValue("no.such.key")).isEmpty();
    }

    @Test
    void malformedInputNamesTheLine() {
        assertThat(SampleText.failureLine(() -> parser.parse(""))).isZero();
        assertThat(SampleText.failureLine(() -> parser.parse("bash: sysctl: command not found\n")))
                .isEqualTo(1);
        SysctlValues v =
                ParseFailures.assertNotedAt(parser, "net.core.a = 1\nwrapped remainder\n", 2, "expected 'key = value'");
        assertThat(v.values()).containsOnlyKeys("net.core.a");
        ParseFailures.assertNotedAt(parser, "net.core.a = 1\n= 2\n", 2, "expected 'key = value'");
        assertThat(SampleText.failureLine(() -> parser.parse("wrapped remainder\n")))
                .isEqualTo(1);
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated(SampleText.fixture("sysctl", "sysctl-a-roce-host-excerpt.txt"));
    }
}
