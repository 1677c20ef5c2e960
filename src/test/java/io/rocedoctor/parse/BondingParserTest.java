package io.rocedoctor.parse;

import static io.rocedoctor.parse.SampleText.failureLine;
import static io.rocedoctor.parse.SampleText.fixture;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class BondingParserTest {
    private final BondingParser parser = new BondingParser();

    @Test
    void javadocExample() throws ParseException {
        BondStatus b = parser.parse(SampleText.javadocExample(BondingParser.class));
        assertThat(b.mode()).isEqualTo("802.3ad");
        assertThat(b.xmitHashPolicy()).isEqualTo("layer2+3");
        assertThat(b.miiStatus()).isEqualTo("up");
        assertThat(b.members()).containsExactly(new BondStatus.Member("ens1f0np0", "up", 100000, 0L, "1"));
    }

    @Test
    void activeBackup() throws ParseException {
        BondStatus b = parser.parse(fixture("proc_net_bonding", "bond1-active-backup.txt"));
        assertThat(b.mode()).isEqualTo("active-backup");
        assertThat(b.modeText()).isEqualTo("fault-tolerance (active-backup)");
        assertThat(b.xmitHashPolicy()).isNull();
        assertThat(b.activeSlave()).isEqualTo("ens3f0np0");
        assertThat(b.activeAggregatorId()).isNull();
        assertThat(b.members())
                .containsExactly(
                        new BondStatus.Member("ens3f0np0", "up", 100000, 0L, null),
                        new BondStatus.Member("ens3f1np1", "up", 100000, 2L, null));
    }

    @Test
    void lacpLayer34WithMemberDownInAnotherAggregator() throws ParseException {
        BondStatus b = parser.parse(fixture("proc_net_bonding", "bond0-802.3ad-layer3+4-member-down.txt"));
        assertThat(b.mode()).isEqualTo("802.3ad");
        assertThat(b.xmitHashPolicy()).isEqualTo("layer3+4");
        assertThat(b.miiStatus()).isEqualTo("up");
        assertThat(b.activeSlave()).isNull();
        assertThat(b.activeAggregatorId()).isEqualTo("3");
        assertThat(b.members())
                .containsExactly(
                        new BondStatus.Member("enp59s0f0np0", "up", 25000, 0L, "3"),
                        new BondStatus.Member("enp59s0f1np1", "down", null, 4L, "4"));
    }

    @Test
    void balanceXor() throws ParseException {
        BondStatus b = parser.parse(fixture("proc_net_bonding", "bond2-balance-xor-layer2+3.txt"));
        assertThat(b.mode()).isEqualTo("balance-xor");
        assertThat(b.xmitHashPolicy()).isEqualTo("layer2+3");
        assertThat(b.members()).extracting(BondStatus.Member::name).containsExactly("eno5", "eno6");
        assertThat(b.members().get(0).linkFailures()).isEqualTo(1L);
    }

    @Test
    void everyKernelModeName() throws ParseException {
        String[][] modes = {
            {"load balancing (round-robin)", "balance-rr"},
            {"fault-tolerance (active-backup)", "active-backup"},
            {"load balancing (xor)", "balance-xor"},
            {"fault-tolerance (broadcast)", "broadcast"},
            {"IEEE 802.3ad Dynamic link aggregation", "802.3ad"},
            {"transmit load balancing", "balance-tlb"},
            {"adaptive load balancing", "balance-alb"},
        };
        for (String[] m : modes) {
            assertThat(parser.parse("Bonding Mode: " + m[0] + "\nMII Status: down\n")
                            .mode())
                    .as(m[0])
                    .isEqualTo(m[1]);
        }
    }

    @Test
    void kernel310WithoutActiveAggregatorAndASlaveInNoAggregator() {
        // "802.3ad info" and "bond bond0 has no active aggregator" are the kernel's own colon-less lines: no note
        BondStatus b = ParseFailures.assertReadWhole(
                parser, fixture("proc_net_bonding", "bond0-802.3ad-kernel-3.10-no-active-aggregator.txt"));
        assertThat(b.mode()).isEqualTo("802.3ad");
        assertThat(b.xmitHashPolicy()).isEqualTo("layer2");
        assertThat(b.activeAggregatorId()).isNull();
        assertThat(b.members())
                .containsExactly(
                        new BondStatus.Member("p2p1", "down", null, 2L, null),
                        new BondStatus.Member("p2p2", "down", null, 1L, "2"));
    }

    @Test
    void activeBackupWithArpMonitorOfKernel6() {
        BondStatus b = ParseFailures.assertReadWhole(
                parser, fixture("proc_net_bonding", "bond3-active-backup-arp-monitor-6.1.txt"));
        assertThat(b.mode()).isEqualTo("active-backup");
        assertThat(b.modeText()).isEqualTo("fault-tolerance (active-backup) (fail_over_mac active)");
        assertThat(b.xmitHashPolicy()).isNull();
        assertThat(b.activeSlave()).isEqualTo("ens2f1np1");
        assertThat(b.members())
                .extracting(BondStatus.Member::name, BondStatus.Member::linkFailures)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("ens2f0np0", 3L),
                        org.assertj.core.groups.Tuple.tuple("ens2f1np1", 0L));
    }

    @Test
    void anUnreadableLineIsANoteAndTheOtherMembersStand() {
        String text =
                "Bonding Mode: load balancing (xor)\nTransmit Hash Policy: layer3+4 (1)\n\nSlave Interface: eno5\n"
                        + "Speed: fast\nLink Failure Count: lots\n\nSlave Interface: eno6\nMII Status: up\nthis is no bonding line\n"
                        + "Speed: 25000 Mbps\n";
        BondStatus b = ParseFailures.assertNotesAt(
                parser,
                text,
                Map.of(
                        6,
                        "bonding: Link Failure Count is not a whole number",
                        5,
                        "neither 'N Mbps' nor 'Unknown'",
                        10,
                        "bonding: expected 'name: value'"));
        assertThat(b.xmitHashPolicy()).isEqualTo("layer3+4");
        assertThat(b.members())
                .containsExactly(
                        new BondStatus.Member("eno5", null, null, null, null),
                        new BondStatus.Member("eno6", "up", 25000, null, null));
    }

    @Test
    void malformedInput() {
        assertThat(failureLine(() -> parser.parse(""))).isEqualTo(0);
        assertThat(failureLine(() -> parser.parse("cat: /proc/net/bonding/bond0: No such file or directory\n")))
                .isEqualTo(1);
        assertThat(failureLine(() -> parser.parse("Slave Interface: eno5\nMII Status: up\n")))
                .isEqualTo(1);
        assertThat(failureLine(() -> parser.parse("garbage\nmore garbage\n"))).isEqualTo(1);
        // truncated before the mode line
        assertThat(failureLine(() -> parser.parse("Ethernet Channel Bonding Driver: v6.1\n\nBonding Mo")))
                .isEqualTo(1);
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated(fixture("proc_net_bonding", "bond0-802.3ad-layer3+4-member-down.txt"));
    }
}
