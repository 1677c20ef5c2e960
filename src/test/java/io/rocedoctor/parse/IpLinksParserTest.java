package io.rocedoctor.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class IpLinksParserTest {
    private final IpLinksParser parser = new IpLinksParser();

    @Test
    void javadocExample() throws ParseException {
        IpLink l = parser.parse(SampleText.javadocExample(IpLinksParser.class))
                .links()
                .get(0);
        assertThat(l.index()).isEqualTo(5);
        assertThat(l.name()).isEqualTo("ens1f0np0");
        assertThat(l.master()).isEqualTo("bond1");
        assertThat(l.state()).isEqualTo("UP");
        assertThat(l.kind()).isEqualTo("bond_slave");
        assertThat(l.slaveState()).isEqualTo("ACTIVE");
        assertThat(l.statistic("rx_dropped")).isEqualTo(12L);
        assertThat(l.altNames()).containsExactly("enp65s0f0np0");
    }

    /** As iproute2 6.x prints a VLAN with both maps (the egress one sharing its line with the general details). */
    @Test
    void aVlansEgressQosMapIsReadAndTheDetailsAfterItStand() throws ParseException {
        IpLink v = parser.parse("""
                        7: ens1f0np0.100@ens1f0np0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 9000 qdisc noqueue state UP mode DEFAULT group default qlen 1000
                            link/ether 0c:42:a1:5e:77:10 brd ff:ff:ff:ff:ff:ff promiscuity 0 allmulti 0 minmtu 0 maxmtu 65535
                            vlan protocol 802.1Q id 100 <REORDER_HDR>
                              ingress-qos-map { 1:2 }
                              egress-qos-map { 0:1 2:3 10:3 } addrgenmode eui64 numtxqueues 1 numrxqueues 1 gso_max_size 65536
                        """).links().get(0);
        assertThat(v.kind()).isEqualTo("vlan");
        assertThat(v.parent()).isEqualTo("ens1f0np0");
        assertThat(v.attributes()).containsEntry("id", "100").containsEntry("numtxqueues", "1");
        assertThat(v.egressQosMap()).containsExactly(Map.entry(0, 1), Map.entry(2, 3), Map.entry(10, 3));
        assertThat(v.egressPcp(2)).isEqualTo(3);
        // Near miss: a priority the map does not list gets PCP 0.
        assertThat(v.egressPcp(4)).isZero();
    }

    @Test
    void aVlanWithoutMapsHasAnEmptyEgressMapAndABadPairIsANote() throws ParseException {
        assertThat(parser.parse("8: v200@p0: <UP> mtu 1500\n    link/ether 0c:42:a1:5e:77:10\n"
                                + "    vlan protocol 802.1Q id 200 <REORDER_HDR>\n")
                        .links()
                        .get(0)
                        .egressQosMap())
                .isEmpty();
        Parsed<IpLinks> bad = parser.read("8: v200@p0: <UP> mtu 1500\n    link/ether 0c:42:a1:5e:77:10\n"
                + "    vlan protocol 802.1Q id 200\n      egress-qos-map { 2:x 3:3 }\n");
        assertThat(bad.value().links().get(0).egressQosMap()).containsExactly(Map.entry(3, 3));
        assertThat(bad.notes()).extracting(LineNote::line).containsExactly(4);
    }

    @Test
    void roceBondWithDoubleStatistics() throws ParseException {
        IpLinks links = parser.parse(SampleText.fixture("ip", "ip-d-s-s-link-roce-bond-lacp.txt"));
        assertThat(links.links()).extracting(IpLink::name).containsExactly("lo", "ens3f0np0", "bond1", "bond1.120");
        IpLink slave = links.named("ens3f0np0").orElseThrow();
        assertThat(slave.mtu()).isEqualTo(9000);
        assertThat(slave.qdisc()).isEqualTo("mq");
        assertThat(slave.address()).isEqualTo("b8:ce:f6:10:20:30");
        assertThat(slave.miiStatus()).isEqualTo("UP");
        assertThat(slave.attributes())
                .containsEntry("link_failure_count", "3")
                .containsEntry("parentdev", "0000:3b:00.0");
        assertThat(slave.statistic("rx_bytes")).isEqualTo(91827364501L);
        assertThat(slave.statistic("rx_crc")).isEqualTo(17L);
        assertThat(slave.carrierChanges()).isEqualTo(7L);
        // the VF's counters after "vf 0" do not overwrite the PF's
        assertThat(slave.statistic("tx_packets")).isEqualTo(65102938L);
        IpLink bond = links.named("bond1").orElseThrow();
        assertThat(bond.kind()).isEqualTo("bond");
        assertThat(bond.bondMode()).isEqualTo("802.3ad");
        assertThat(bond.xmitHashPolicy()).isEqualTo("layer3+4");
        assertThat(bond.flags()).contains("MASTER");
        IpLink vlan = links.named("bond1.120").orElseThrow();
        assertThat(vlan.parent()).isEqualTo("bond1");
        assertThat(vlan.kind()).isEqualTo("vlan");
        assertThat(vlan.attributes()).containsEntry("id", "120").containsEntry("addrgenmode", "eui64");
    }

    @Test
    void plainShowWithoutDetails() throws ParseException {
        IpLinks links = parser.parse(SampleText.fixture("ip", "ip-link-show-no-details.txt"));
        IpLink eno1 = links.named("eno1").orElseThrow();
        assertThat(eno1.up()).isTrue();
        assertThat(eno1.lowerUp()).isFalse();
        assertThat(eno1.state()).isEqualTo("DOWN");
        assertThat(eno1.kind()).isNull();
        assertThat(eno1.statistics()).isEmpty();
        assertThat(links.named("ib0").orElseThrow().linkType()).isEqualTo("infiniband");
        IpLink tun = links.named("tun0").orElseThrow();
        assertThat(tun.linkType()).isEqualTo("none");
        assertThat(tun.address()).isNull();
    }

    @Test
    void newIproute2StatisticsLayout() throws ParseException {
        IpLink l = parser.parse(SampleText.fixture("ip", "ip-s-link-new-iproute2.txt"))
                .links()
                .get(0);
        assertThat(l.statistic("rx_missed")).isEqualTo(512L);
        assertThat(l.statistic("tx_dropped")).isEqualTo(3L);
        assertThat(l.carrierChanges()).isNull();
    }

    @Test
    void humanReadableCounters() throws ParseException {
        IpLink l = parser.parse(
                        "2: eth0: <UP> mtu 1500\n    link/ether 00:0a:f7:01:02:03 brd ff:ff:ff:ff:ff:ff\n"
                                + "    RX: bytes  packets  errors  dropped missed  mcast\n    6.04T      4.67G    0       0       7       67.7M\n")
                .links()
                .get(0);
        assertThat(l.statistic("rx_bytes")).isEqualTo(6_040_000_000_000L);
        assertThat(l.statistic("rx_mcast")).isEqualTo(67_700_000L);
    }

    @Test
    void malformedInputNamesTheLine() {
        assertThat(SampleText.failureLine(() -> parser.parse(""))).isZero();
        assertThat(SampleText.failureLine(() -> parser.parse("Device \"eth9\" does not exist.\n")))
                .isEqualTo(1);
        assertThat(SampleText.failureLine(() -> parser.parse("link/ether 00:11:22:33:44:55\n")))
                .isEqualTo(1);
        assertThat(SampleText.failureLine(() -> parser.parse("link/ether 00:11:22:33:44:55\nbrd ff:ff\n")))
                .isEqualTo(1);
    }

    @Test
    void badCountersAndStrayLinesAreNotesAndTheLinksStand() {
        ParseFailures.assertNotedAt(
                parser, "2: eth0: <UP> mtu 1500\n    RX: bytes packets\n    12\n", 3, "2 counter titles but 1 values");
        ParseFailures.assertNotedAt(
                parser, "2: eth0: <UP> mtu 1500\n    RX: bytes packets\n", 2, "without a line of values");
        ParseFailures.assertNotedAt(
                parser, "2: eth0: <UP> mtu 1500\n    RX: bytes\n    99999999999999999999\n", 3, "bytes counter");
        IpLinks mtu = ParseFailures.assertNotedAt(parser, "2: eth0: <UP> mtu 99999999999999999999\n", 1, "mtu");
        assertThat(mtu.links().get(0).mtu()).isNull();
        IpLinks links = ParseFailures.assertNotedAt(
                parser,
                "garbage before\n2: eth0: <UP> mtu 1500 state UP\n    RX: bytes packets\n"
                        + "    10 x\n    TX: bytes packets extra\n    30 40 50 60\n3: eth1: <UP> mtu 9000\n",
                1,
                "expected a 'N: name");
        assertThat(links.links()).extracting(IpLink::name).containsExactly("eth0", "eth1");
        assertThat(links.links().get(0).statistic("rx_bytes")).isEqualTo(10L);
        assertThat(links.links().get(0).statistic("rx_packets")).isNull();
        assertThat(links.links().get(0).statistic("tx_extra")).isEqualTo(50L);
        assertThat(links.links().get(1).mtu()).isEqualTo(9000);
    }

    @Test
    void statisticsReadByColumnNameSoBothIproute2OrdersGiveTheSameCounters() throws ParseException {
        // iproute2 5.10 (b8663da0) moved "missed" to the -s row and "overrun" to the errors row
        IpLink before = parser.parse(SampleText.fixture("ip", "ip-s-s-link-iproute2-4.18-overrun-then-missed.txt"))
                .named("ens3f0")
                .orElseThrow();
        IpLink after = parser.parse(SampleText.fixture("ip", "ip-s-s-link-iproute2-6.8-missed-then-overrun.txt"))
                .named("ens3f0")
                .orElseThrow();
        for (IpLink l : java.util.List.of(before, after)) {
            assertThat(l.statistic("rx_missed")).isEqualTo(17L);
            assertThat(l.statistic("rx_overrun")).isZero();
            assertThat(l.statistic("rx_dropped")).isEqualTo(31L);
            assertThat(l.statistic("rx_crc")).isEqualTo(2L);
            assertThat(l.statistic("rx_bytes")).isEqualTo(5519203344L);
            assertThat(l.carrierChanges()).isEqualTo(6L);
        }
        assertThat(after.statistic("rx_nohandler")).isEqualTo(4L);
        assertThat(before.statistic("rx_nohandler")).isNull();
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated(SampleText.fixture("ip", "ip-d-s-s-link-roce-bond-lacp.txt"));
    }
}
