package io.rocedoctor.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class IpRuleParserTest {
    private final IpRuleParser parser = new IpRuleParser();

    @Test
    void javadocExampleGivesTheRulesInOrder() throws ParseException {
        IpRules r = parser.parse(SampleText.javadocExample(IpRuleParser.class));
        assertThat(r.rules())
                .extracting(x -> x.priority() + " " + x.from() + " " + x.table())
                .containsExactly("0 all local", "100 192.168.10.11 101", "32766 all main", "32767 all default");
        assertThat(r.rules().get(1).source().orElseThrow().toString()).isEqualTo("192.168.10.11/32");
        assertThat(r.rules().get(1).selectors()).isEmpty();
        assertThat(r.rules().get(0).source()).isEmpty();
    }

    /** iproute2 3.x ends every word with a space; selectors other than from are kept. */
    @Test
    void oldSpacingSelectorsAndActionsAreRead() throws ParseException {
        IpRules r = parser.parse("0:\tfrom all lookup local \n"
                + "1000:\tfrom 192.168.10.0/24 iif ens1f0np0 lookup 200 \n"
                + "1001:\tnot from all fwmark 0x1/0xff lookup 300 suppress_prefixlength 0 proto static\n"
                + "1002:\tfrom 10.0.0.1 oif ens1f1np1 [detached] blackhole\n"
                + "from all lookup main\n");
        assertThat(r.rules().get(1).selectors()).containsEntry("iif", "ens1f0np0");
        assertThat(r.rules().get(1).source().orElseThrow().length()).isEqualTo(24);
        assertThat(r.rules().get(2).inverted()).isTrue();
        assertThat(r.rules().get(2).selectors()).containsOnlyKeys("fwmark");
        assertThat(r.rules().get(2).table()).isEqualTo("300");
        assertThat(r.rules().get(3).action()).isEqualTo("blackhole");
        assertThat(r.rules().get(3).table()).isNull();
        assertThat(r.rules().get(4).priority()).isNull();
    }

    @Test
    void nearMissALineThatIsNoRuleIsANote() throws ParseException {
        Parsed<IpRules> p = parser.read(
                "0:\tfrom all lookup local\nRTNETLINK answers: Permission denied\n100:\tfrom nowhere lookup 5\n");
        assertThat(p.value().rules()).hasSize(1);
        assertThat(p.notes()).extracting(LineNote::line).containsExactly(2, 3);
    }

    @Test
    void anUnknownWordIsKeptAsASelectorSoTheRuleIsNotFromAlone() throws ParseException {
        Parsed<IpRules> p = parser.read("90:\tfrom 192.168.10.11 newselector 5 lookup 101\n");
        assertThat(p.value().rules().get(0).selectors()).containsKey("newselector");
        assertThat(p.notes()).hasSize(1);
    }

    @Test
    void noRuleFails() {
        assertThatThrownBy(() -> parser.parse("Error: ipv4: FIB table does not exist.\n"))
                .isInstanceOf(ParseException.class);
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated(SampleText.javadocExample(IpRuleParser.class)
                + "1001:\tnot from all fwmark 0x1/0xff lookup 300 suppress_prefixlength 0\n");
    }
}
