package io.rocedoctor.parse;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A GID is its 128-bit value: sysfs/show_gids full hex and ibv_devinfo's inet_ntop form of one address are one GID. */
class GidTest {

    @Test
    void fullHexAndInetNtopSpellingsOfOneAddressAreEqual() {
        Gid full = Gid.of("fe80:0000:0000:0000:1270:fdff:fe12:3456").orElseThrow();
        Gid compressed = Gid.of("fe80::1270:fdff:fe12:3456").orElseThrow();
        assertThat(compressed).isEqualTo(full);
        assertThat(full.address()).isEqualTo("fe80::1270:fdff:fe12:3456");
        assertThat(Gid.of("FE80::1270:FDFF:FE12:3456")).contains(full);
    }

    @Test
    void ipv4MappedGidsInEverySpellingAreTheDottedAddress() {
        Gid full = Gid.of("0000:0000:0000:0000:0000:ffff:c0a8:0715").orElseThrow();
        assertThat(Gid.of("::ffff:192.168.7.21")).contains(full);
        assertThat(Gid.of("::ffff:c0a8:715")).contains(full);
        assertThat(full.ipv4Mapped()).isTrue();
        assertThat(full.address()).isEqualTo("192.168.7.21");
    }

    @Test
    void compressionTakesTheLongestZeroRunAndLeavesASingleZeroGroup() {
        assertThat(Gid.of("2001:0db8:0000:0000:0001:0000:0000:0000")
                        .orElseThrow()
                        .address())
                .isEqualTo("2001:db8:0:0:1::");
        assertThat(Gid.of("2001:db8:0:1:1:1:1:1").orElseThrow().address()).isEqualTo("2001:db8:0:1:1:1:1:1");
        assertThat(Gid.of("::").orElseThrow().address()).isEqualTo("::");
        assertThat(Gid.of("0:0:0:0:0:0:0:1").orElseThrow().address()).isEqualTo("::1");
    }

    @Test
    void differentAddressesDiffer() {
        assertThat(Gid.of("fe80::1270:fdff:fe12:3457")).isNotEqualTo(Gid.of("fe80:0000:0000:0000:1270:fdff:fe12:3456"));
        assertThat(Gid.of("::ffff:192.168.7.22")).isNotEqualTo(Gid.of("::ffff:192.168.7.21"));
    }

    @Test
    void textThatIsNoGidIsNone() {
        assertThat(Gid.of("fe80::1::2")).isEmpty();
        assertThat(Gid.of("fe80:0000:0000:0000:1270:fdff:fe12")).isEmpty();
        assertThat(Gid.of("1:2:3:4:5:6:7:8:9")).isEmpty();
        assertThat(Gid.of("fe80::12345")).isEmpty();
        assertThat(Gid.of("::ffff:192.168.7.256")).isEmpty();
        assertThat(Gid.of("::ffff:192.168.7")).isEmpty();
        assertThat(Gid.of("192.168.7.21")).isEmpty();
        assertThat(Gid.of("fe80::g")).isEmpty();
        assertThat(Gid.of("")).isEmpty();
    }
}
