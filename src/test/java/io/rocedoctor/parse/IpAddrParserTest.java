package io.rocedoctor.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class IpAddrParserTest {
    private final IpAddrParser parser = new IpAddrParser();

    @Test
    void javadocExampleGivesEachAddressWithItsDeviceAndPrefix() throws ParseException {
        IpAddresses a = parser.parse(SampleText.javadocExample(IpAddrParser.class));
        assertThat(a.addresses())
                .extracting(e -> e.device() + " " + e.family() + " " + e.local())
                .containsExactly(
                        "lo inet 127.0.0.1/8",
                        "ens1f0np0 inet 192.168.10.11/24",
                        "ens1f0np0 inet6 fe80::e42:a1ff:fe5e:7710/64");
        assertThat(a.addresses().get(1).scope()).isEqualTo("global");
        assertThat(a.addresses().get(1).flags()).containsExactly("noprefixroute", "ens1f0np0");
    }

    /** The multi-line form of ip address (sos's ip -d address), a VLAN's @PARENT and a peer address. */
    @Test
    void theMultiLineFormNamesTheDeviceOfItsHeader() throws ParseException {
        IpAddresses a = parser.parse("""
                5: ens1f1np1: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 9000 qdisc mq state UP group default qlen 1000
                    link/ether 0c:42:a1:5e:77:11 brd ff:ff:ff:ff:ff:ff promiscuity 0  allmulti 0 minmtu 68 maxmtu 9978
                    altname enp65s0f1np1
                    inet 192.168.10.12/24 brd 192.168.10.255 scope global ens1f1np1
                       valid_lft forever preferred_lft forever
                    inet 192.168.10.99/24 scope global secondary ens1f1np1
                       valid_lft forever preferred_lft forever
                7: ens1f1np1.100@ens1f1np1: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 9000 qdisc noqueue state UP group default qlen 1000
                    link/ether 0c:42:a1:5e:77:11 brd ff:ff:ff:ff:ff:ff
                    vlan protocol 802.1Q id 100 <REORDER_HDR>
                    inet 10.0.0.1 peer 10.0.0.2/32 scope global ens1f1np1.100
                       valid_lft forever preferred_lft forever
                """);
        assertThat(a.addresses())
                .extracting(e -> e.device() + " " + e.local() + " " + e.flags())
                .containsExactly(
                        "ens1f1np1 192.168.10.12/24 [ens1f1np1]",
                        "ens1f1np1 192.168.10.99/24 [secondary, ens1f1np1]",
                        "ens1f1np1.100 10.0.0.1/32 [ens1f1np1.100]");
        assertThat(a.addresses().get(2).peer()).isEqualTo("10.0.0.2");
    }

    @Test
    void nearMissABadAddressIsANoteAndTheOthersStand() throws ParseException {
        Parsed<IpAddresses> p = parser.read("""
                4: ens1f0np0    inet 192.168.10.300/24 scope global ens1f0np0\\       valid_lft forever preferred_lft forever
                5: ens1f1np1    inet 192.168.10.12/24 brd 192.168.10.255 scope global ens1f1np1\\       valid_lft forever preferred_lft forever
                """);
        assertThat(p.value().addresses()).extracting(IpAddresses.Entry::device).containsExactly("ens1f1np1");
        assertThat(p.notes()).extracting(LineNote::line).containsExactly(1);
    }

    @Test
    void aTextWithoutAddressesFails() {
        assertThatThrownBy(() -> parser.parse("Device \"eth9\" does not exist.\n"))
                .isInstanceOf(ParseException.class);
        assertThatThrownBy(
                        () -> parser.parse(
                                "2: eth0: <BROADCAST,MULTICAST> mtu 1500 qdisc noop state DOWN\n    link/ether 00:11:22:33:44:55 brd ff:ff:ff:ff:ff:ff\n"))
                .isInstanceOf(ParseException.class);
    }

    @Test
    void subnetsAreTheNetworkOfTheAddress() {
        InetPrefix p = InetPrefix.of("192.168.10.11/24").orElseThrow();
        assertThat(p.subnet()).isEqualTo("192.168.10.0/24");
        assertThat(InetPrefix.of("192.168.10.0/24").orElseThrow().contains(p)).isTrue();
        assertThat(InetPrefix.of("192.168.11.0/24").orElseThrow().contains(p)).isFalse();
        assertThat(InetPrefix.of("host.example")).isEmpty();
        assertThat(InetPrefix.of("10.0.0.1/33")).isEmpty();
        assertThat(InetPrefix.of("10.0.0.1").orElseThrow().length()).isEqualTo(32);
        assertThat(List.of(InetPrefix.of("fe80::1/64").orElseThrow().ipv4())).containsExactly(false);
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated(SampleText.javadocExample(IpAddrParser.class)
                + "5: p1: <UP> mtu 1500\n    inet 10.1.1.1 peer 10.1.1.2/32 scope global p1\n");
    }
}
