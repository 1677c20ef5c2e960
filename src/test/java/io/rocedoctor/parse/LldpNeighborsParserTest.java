package io.rocedoctor.parse;

import static io.rocedoctor.parse.ParseFailures.assertFailsAt;
import static io.rocedoctor.parse.ParseFailures.assertNotedAt;
import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class LldpNeighborsParserTest {
    private final LldpNeighborsParser parser = new LldpNeighborsParser();

    @Test
    void javadocExample() throws Exception {
        LldpNeighbors l = parser.parse(JavadocExample.of(LldpNeighborsParser.class));
        assertThat(l.neighbors())
                .containsExactly(new LldpNeighbors.Neighbor("ens1f0np0", "leaf1", "Ethernet8", "Ethernet8"));
        assertThat(l.neighbors().get(0).portName()).isEqualTo("Ethernet8");
    }

    @Test
    void twoPortsOnASonicLeafWithLocalPortIds() throws Exception {
        LldpNeighbors l = parser.parse(RdmaFamilyFixtures.read("lldp/lldpcli-show-neighbors-two-ports-sonic.txt"));
        assertThat(l.neighbors())
                .containsExactly(
                        new LldpNeighbors.Neighbor("ens1f0np0", "leaf3", "Ethernet8", "host gpu-node-21 p0"),
                        new LldpNeighbors.Neighbor("ens1f1np1", "leaf3", "Ethernet12", "host gpu-node-21 p1"));
        assertThat(l.neighbors())
                .extracting(LldpNeighbors.Neighbor::portName)
                .containsExactly("Ethernet8", "Ethernet12");
    }

    @Test
    void macPortIdIsNamedByItsDescriptionAndDetailsAreSkipped() throws Exception {
        LldpNeighbors l = parser.parse(RdmaFamilyFixtures.read("lldp/lldpcli-show-neighbors-details-mac-portid.txt"));
        assertThat(l.neighbors()).hasSize(2);
        LldpNeighbors.Neighbor dell = l.neighbors().get(0);
        assertThat(dell.portId()).isEqualTo("98:03:9b:aa:01:31");
        assertThat(dell.portName()).isEqualTo("ethernet1/1/49:1");
        assertThat(dell.chassisName()).isEqualTo("tor-b07");
        LldpNeighbors.Neighbor oob = l.neighbors().get(1);
        assertThat(oob).isEqualTo(new LldpNeighbors.Neighbor("eno1", "oob-sw1", "ge-0/0/14", null));
        assertThat(oob.portName()).isEqualTo("ge-0/0/14");
    }

    @Test
    void noNeighbours() throws Exception {
        assertThat(parser.parse("").neighbors()).isEmpty();
        assertThat(parser.parse("-----\nLLDP neighbors:\n-----\n").neighbors()).isEmpty();
    }

    @Test
    void malformedInputs() {
        assertFailsAt(parser, "lldpcli: unable to connect to lldpd daemon\n", 1);
        assertNotedAt(parser, "LLDP neighbors:\n    SysName: leaf1\n", 2, "expected an lldpd neighbour block");
        assertFailsAt(
                parser, "LLDP neighbors:\nInterface:    ens1f0np0, via: LLDP\n  Chassis:\n    SysName: leaf1\n", 2);
        assertFailsAt(parser, "Interface:    , via: LLDP\n", 1);
        LldpNeighbors l = assertNotedAt(
                parser,
                "Interface: ens1f0np0, via: LLDP\n  Port:\n    PortID: ifname Ethernet8\ngarbage\n",
                4,
                "expected an lldpd neighbour block");
        assertThat(l.neighbors()).hasSize(1);
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated(
                RdmaFamilyFixtures.read("lldp/lldpcli-show-neighbors-details-mac-portid.txt"));
    }
}
