package io.rocedoctor.parse;

import static io.rocedoctor.parse.ParseFailures.assertFailsAt;
import static io.rocedoctor.parse.ParseFailures.assertNotedAt;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class ShowGidsParserTest {
    private final ShowGidsParser parser = new ShowGidsParser();

    @Test
    void javadocExample() throws Exception {
        GidTable t = parser.parse(JavadocExample.of(ShowGidsParser.class));
        assertThat(t.gidsFound()).isEqualTo(2);
        assertThat(t.entries().get(1))
                .isEqualTo(new GidTable.GidEntry(
                        "mlx5_1", 1, 3, "0000:0000:0000:0000:0000:ffff:c0a8:0715", "192.168.7.21", 2, "ens2f1np1"));
    }

    @Test
    void twoDevicesWithAndWithoutIpv4() throws Exception {
        GidTable t = parser.parse(RdmaFamilyFixtures.read("show_gids/show_gids-two-devices-ipv4.txt"));
        assertThat(t.entries()).hasSize(6);
        assertThat(t.gidsFound()).isEqualTo(6);
        GidTable.GidEntry linkLocal = t.entries().get(1);
        assertThat(linkLocal.ipv4()).isNull();
        assertThat(linkLocal.roceVersion()).isEqualTo(2);
        assertThat(linkLocal.netdev()).isEqualTo("ens3f0np0");
        GidTable.GidEntry v2 = t.entries().get(3);
        assertThat(v2.index()).isEqualTo(3);
        assertThat(v2.ipv4()).isEqualTo("192.168.7.21");
        assertThat(t.entries().get(5).device()).isEqualTo("mlx5_3");
    }

    @Test
    void excerptWithoutHeaderOrFooter() throws Exception {
        GidTable t = parser.parse(RdmaFamilyFixtures.read("show_gids/show_gids-noheader-nofooter-excerpt.txt"));
        assertThat(t.gidsFound()).isNull();
        assertThat(t.entries())
                .containsExactly(new GidTable.GidEntry(
                        "mlx5_bond_0", 1, 3, "0000:0000:0000:0000:0000:ffff:0a14:0102", "10.20.1.2", 2, "bond0"));
    }

    @Test
    void emptyTable() throws Exception {
        GidTable t = parser.parse(
                "DEV\tPORT\tINDEX\tGID\t\tIPv4\tVER\tDEV\n---\t----\t-----\t---\t\t----\t---\t---\nn_gids_found=0\n");
        assertThat(t.entries()).isEmpty();
        assertThat(t.gidsFound()).isZero();
    }

    @Test
    void nothingReadableFails() {
        assertFailsAt(parser, "", 0);
        assertFailsAt(parser, "show_gids: command not found\n", 1);
        assertFailsAt(parser, "mlx5_0 1 99999999999999999999999 fe80::1 v2 ens1f0\n", 1);
        assertFailsAt(parser, "---\t----\n", 1);
    }

    @Test
    void aBadRowIsANoteAndTheOtherRowsStand() throws Exception {
        GidTable t = assertNotedAt(
                parser,
                "DEV PORT INDEX GID IPv4 VER DEV\nmlx5_0 1 2 fe80::1 ens1f0\n"
                        + "mlx5_0 1 3 0000:0000:0000:0000:0000:ffff:c0a8:0715 192.168.7.21 v2 ens1f0\nn_gids_found=2\n",
                2,
                "no RoCE version");
        assertThat(t.entries()).singleElement().satisfies(e -> {
            assertThat(e.index()).isEqualTo(3);
            assertThat(e.roceVersion()).isEqualTo(2);
        });
        assertThat(t.gidsFound()).isEqualTo(2);
        // Near miss: with its version the row is read.
        assertThat(parser.parse("mlx5_0 1 2 fe80::1 v2 ens1f0\n").entries())
                .extracting(GidTable.GidEntry::index)
                .containsExactly(2);
    }

    @Test
    void extraCellsAfterTheNetdevAreIgnored() throws Exception {
        Parsed<GidTable> read = parser.read("mlx5_0 1 3 fe80::1 v2 ens1f0 up 4096\n");
        assertThat(read.value().entries())
                .singleElement()
                .satisfies(e -> assertThat(e.netdev()).isEqualTo("ens1f0"));
        assertThat(read.notes()).isEmpty();
    }

    /**
     * sysinfo-snapshot's show_pretty_gids prints the type as sysfs holds it ("RoCE v2", "IB/RoCE v1",
     * padded with tabs) and N\\A for what it could not read; before, every such row was "no RoCE version".
     */
    @Test
    void sysinfoSnapshotsTypeNamesAndNotAvailableCells() throws Exception {
        Parsed<GidTable> read = parser.read("DEV\tPORT\tINDEX\tGID\t\t\t\t\t\tIPv4\n"
                + "---\t----\t-----\t---\t\t\t\t\t\t------------\n"
                + "mlx5_0\t1\t0\tfe80:0000:0000:0000:0ac0:ebff:fe21:03da\t\t\t\tIB/RoCE v1\t\tens1f0np0\n"
                + "mlx5_0\t1\t3\t0000:0000:0000:0000:0000:ffff:c0a8:d3f2\t\t192.168.211.242  \tRoCE v2\t\t\tN\\A\n"
                + "mlx5_1\t1\t0\tfe80:0000:0000:0000:248a:0703:00b1:bc05\t\t\t\tN\\A\t\t\tN\\A\n"
                + "\nn_gids_found=3\n");
        assertThat(read.value().entries())
                .extracting(GidTable.GidEntry::index, GidTable.GidEntry::roceVersion, GidTable.GidEntry::netdev)
                .containsExactly(tuple(0, 1, "ens1f0np0"), tuple(3, 2, null));
        assertThat(read.value().entries().get(1).ipv4()).isEqualTo("192.168.211.242");
        assertThat(read.notes()).singleElement().satisfies(n -> {
            assertThat(n.line()).isEqualTo(5);
            assertThat(n.reason()).contains("no RoCE version");
        });
        // a type word alone, with no version after it, is no version
        assertNotedAt(parser, "mlx5_0 1 0 fe80::1 RoCE\nmlx5_0 1 1 fe80::1 v2 ens1f0\n", 1, "no RoCE version");
    }

    @Test
    void aFooterWithoutItsCountIsANoteAndTheRowsStand() {
        GidTable t = assertNotedAt(parser, "mlx5_0 1 0 fe80::1 v2 ens1f0\nn_gids_found=lots\n", 2, "n_gids_found");
        assertThat(t.gidsFound()).isNull();
        assertThat(t.entries()).hasSize(1);
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated(RdmaFamilyFixtures.read("show_gids/show_gids-two-devices-ipv4.txt"));
    }
}
