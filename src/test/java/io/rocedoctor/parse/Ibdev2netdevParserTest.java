package io.rocedoctor.parse;

import static io.rocedoctor.parse.ParseFailures.assertFailsAt;
import static io.rocedoctor.parse.ParseFailures.assertNotedAt;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class Ibdev2netdevParserTest {
    private final Ibdev2netdevParser parser = new Ibdev2netdevParser();

    @Test
    void javadocExample() throws Exception {
        IbdevNetdevMap map = parser.parse(JavadocExample.of(Ibdev2netdevParser.class));
        assertThat(map.binding("mlx5_0", 1).orElseThrow().netdevUp()).isTrue();
        IbdevNetdevMap.Binding verbose = map.binding("mlx5_1", 1).orElseThrow();
        assertThat(verbose.pciAddress()).isEqualTo("0000:3b:00.1");
        assertThat(verbose.firmware()).isEqualTo("22.36.1010");
        assertThat(verbose.portState()).isEqualTo("DOWN");
    }

    @Test
    void plainForm() throws Exception {
        IbdevNetdevMap map = parser.parse(RdmaFamilyFixtures.read("ibdev2netdev/ibdev2netdev-two-nics.txt"));
        assertThat(map.bindings()).hasSize(3);
        IbdevNetdevMap.Binding down = map.binding("mlx5_3", 1).orElseThrow();
        assertThat(down.netdev()).isEqualTo("ens3f1np1");
        assertThat(down.netdevState()).isEqualTo("Down");
        assertThat(down.netdevUp()).isFalse();
        assertThat(down.pciAddress()).isNull();
        assertThat(down.description()).isNull();
        assertThat(down.portState()).isNull();
        assertThat(map.binding("mlx5_bond_0", 1).orElseThrow().netdev()).isEqualTo("bond0");
    }

    @Test
    void verboseForm() throws Exception {
        IbdevNetdevMap map = parser.parse(RdmaFamilyFixtures.read("ibdev2netdev/ibdev2netdev-v-connectx6.txt"));
        IbdevNetdevMap.Binding b = map.bindings().get(0);
        assertThat(b.pciAddress()).isEqualTo("0000:98:00.0");
        assertThat(b.device()).isEqualTo("mlx5_2");
        assertThat(b.description())
                .startsWith("MT4125 - MCX623106AN-CDAT ConnectX-6 Dx EN adapter card")
                .endsWith("Tall Bracket");
        assertThat(b.firmware()).isEqualTo("22.36.1010");
        assertThat(b.port()).isEqualTo(1);
        assertThat(b.portState()).isEqualTo("ACTIVE");
        assertThat(b.netdev()).isEqualTo("ens3f0np0");
        assertThat(b.netdevUp()).isTrue();
        assertThat(map.bindings().get(1).portState()).isEqualTo("DOWN");
    }

    @Test
    void emptyOutputIsNoBinding() throws Exception {
        assertThat(parser.parse("").bindings()).isEmpty();
    }

    @Test
    void malformedInputs() {
        IbdevNetdevMap m =
                assertNotedAt(parser, "mlx5_0 port 1 ==> ens1f0 (Up)\nmlx5_1 port 1\n", 2, "expected 'DEVICE port N");
        assertThat(m.bindings()).hasSize(1);
        assertFailsAt(parser, "mlx5_0 port 99999999999999999999999 ==> ens1f0 (Up)\n", 1);
        assertThatThrownBy(() -> parser.parse("port 1 ==> ens1f0 (Up)\n")).isInstanceOf(ParseException.class);
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated(RdmaFamilyFixtures.read("ibdev2netdev/ibdev2netdev-v-connectx6.txt"));
    }
}
