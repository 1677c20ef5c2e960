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

class RdmaLinkParserTest {
    private final RdmaLinkParser parser = new RdmaLinkParser();

    @Test
    void javadocExample() throws Exception {
        RdmaLinks links = parser.parse(JavadocExample.of(RdmaLinkParser.class));
        assertThat(links.links()).hasSize(2);
        assertThat(links.link("mlx5_0", 1).orElseThrow().netdev()).isEqualTo("ens1f0np0");
        assertThat(links.link("mlx5_1", 1).orElseThrow().netdev()).isNull();
    }

    @Test
    void roceAndInfinibandPorts() throws Exception {
        RdmaLinks links = parser.parse(RdmaFamilyFixtures.read("rdma/rdma-link-show-roce-and-ib.txt"));
        assertThat(links.links()).extracting(RdmaLinks.RdmaLink::device).containsExactly("mlx5_2", "mlx5_3", "mlx5_4");
        RdmaLinks.RdmaLink down = links.link("mlx5_3", 1).orElseThrow();
        assertThat(down.state()).isEqualTo("DOWN");
        assertThat(down.physicalState()).isEqualTo("DISABLED");
        assertThat(down.netdev()).isEqualTo("ens3f1np1");
        RdmaLinks.RdmaLink ib = links.link("mlx5_4", 1).orElseThrow();
        assertThat(ib.attributes())
                .containsEntry("subnet_prefix", "fe80:0000:0000:0000")
                .containsEntry("lid", "12");
        assertThat(ib.state()).isEqualTo("ACTIVE");
    }

    @Test
    void olderIproute2WithIndexPrefixAndCaps() throws Exception {
        RdmaLinks links = parser.parse(RdmaFamilyFixtures.read("rdma/rdma-link-show-d-old-iproute2.txt"));
        assertThat(links.links()).hasSize(2);
        assertThat(links.links().get(1).device()).isEqualTo("mlx5_1");
        assertThat(links.links().get(1).netdev()).isEqualTo("enp65s0f1");
        assertThat(links.links().get(1).physicalState()).isEqualTo("LINK_UP");
    }

    @Test
    void emptyOutputIsNoLinks() throws Exception {
        assertThat(parser.parse("").links()).isEmpty();
    }

    @Test
    void malformedInputs() {
        RdmaLinks links = assertNotedAt(parser, "link mlx5_0/1 state ACTIVE\nlink mlx5_1 state DOWN\n", 2, "mlx5_1");
        assertThat(links.links()).hasSize(1);
        assertFailsAt(parser, "link mlx5_0/99999999999999999999999 state ACTIVE\n", 1);
        assertThatThrownBy(() -> parser.parse("link\n")).isInstanceOf(ParseException.class);
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated(RdmaFamilyFixtures.read("rdma/rdma-link-show-roce-and-ib.txt"));
    }
}
