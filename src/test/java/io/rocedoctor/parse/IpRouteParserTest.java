package io.rocedoctor.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class IpRouteParserTest {
    private final IpRouteParser parser = new IpRouteParser();

    @Test
    void javadocExampleGivesRoutesPerTable() throws ParseException {
        IpRoutes r = parser.parse(SampleText.javadocExample(IpRouteParser.class));
        assertThat(r.routes())
                .extracting(x -> x.type() + " " + x.destination() + " " + x.table() + " " + x.device())
                .containsExactly(
                        "unicast default main ens1f0np0",
                        "unicast 192.168.10.0/24 main ens1f0np0",
                        "unicast 192.168.10.0/24 101 ens1f0np0",
                        "local 192.168.10.11 local ens1f0np0");
        IpRoutes.Route subnet = r.routes().get(1);
        assertThat(subnet.protocol()).isEqualTo("kernel");
        assertThat(subnet.scope()).isEqualTo("link");
        assertThat(subnet.source()).isEqualTo("192.168.10.11");
        assertThat(subnet.metric()).isEqualTo(100L);
        assertThat(r.routes().get(0).gateway()).isEqualTo("192.168.10.1");
    }

    @Test
    void linkdownMultipathAndIpv6Routes() throws ParseException {
        IpRoutes r = parser.parse("""
                192.168.20.0/24 dev ens1f1np1 proto kernel scope link src 192.168.20.12 linkdown
                default proto static metric 50
                \tnexthop via 192.168.10.1 dev ens1f0np0 weight 1
                \tnexthop via 192.168.20.1 dev ens1f1np1 weight 1 linkdown
                fe80::/64 dev ens1f0np0 proto kernel metric 1024 pref medium
                unreachable 10.9.0.0/16 table 300 proto static metric 1024
                default via inet6 fe80::1 dev ens1f0np0 table 102 mtu lock 9000
                """);
        assertThat(r.routes().get(0).usable()).isFalse();
        assertThat(r.routes().get(1).nexthops())
                .extracting(IpRoutes.Nexthop::device)
                .containsExactly("ens1f0np0", "ens1f1np1");
        assertThat(r.routes().get(1).through("ens1f1np1")).isTrue();
        assertThat(r.routes().get(2).destination()).isEqualTo("fe80::/64");
        assertThat(r.routes().get(3).type()).isEqualTo("unreachable");
        assertThat(r.routes().get(3).device()).isNull();
        assertThat(r.routes().get(4).gateway()).isEqualTo("fe80::1");
        assertThat(r.routes().get(4).table()).isEqualTo("102");
    }

    @Test
    void nearMissAnUnknownWordEndsItsLineButTheRouteStands() throws ParseException {
        Parsed<IpRoutes> p = parser.read("10.1.0.0/16 encap mpls 100 via 10.0.0.1 dev p0\nnot-a-route dev p0\n");
        assertThat(p.value().routes()).extracting(IpRoutes.Route::destination).containsExactly("10.1.0.0/16");
        assertThat(p.value().routes().get(0).device()).isNull();
        assertThat(p.notes()).extracting(LineNote::line).containsExactly(1, 2);
    }

    @Test
    void noRouteFails() {
        assertThatThrownBy(() -> parser.parse("\tnexthop via 10.0.0.1 dev p0 weight 1\n"))
                .isInstanceOf(ParseException.class);
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated(SampleText.javadocExample(IpRouteParser.class)
                + "default proto static metric 50\n\tnexthop via 192.168.10.1 dev p0 weight 1\n");
    }
}
