package io.rocedoctor.parse;

import static io.rocedoctor.parse.ParseFailures.assertFailsAt;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** cma_roce_mode, cma_roce_tos and the ECN enable files (mlx5 sysfs, bnxt_re configfs): the parsers built on {@link SingleLine}. */
class OneValueParsersTest {
    private final RoceModeParser mode = new RoceModeParser();
    private final RoceTosParser tos = new RoceTosParser();
    private final EcnEnableParser ecn = new EcnEnableParser();
    private final BnxtReEcnEnableParser bnxtEcn = new BnxtReEcnEnableParser();

    @Test
    void javadocExamples() throws Exception {
        assertThat(mode.parse(JavadocExample.of(RoceModeParser.class)).version())
                .isEqualTo(RoceMode.Version.ROCE_V2);
        assertThat(tos.parse(JavadocExample.of(RoceTosParser.class)).tos()).isEqualTo(106);
        assertThat(ecn.parse(JavadocExample.of(EcnEnableParser.class)).enabled())
                .isTrue();
        assertThat(bnxtEcn.parse(JavadocExample.of(BnxtReEcnEnableParser.class)).enabled())
                .isTrue();
    }

    @Test
    void roceModes() throws Exception {
        assertThat(mode.parse(RdmaFamilyFixtures.read("cma_roce_mode/default_roce_mode-mlx5_3-v2.txt")))
                .isEqualTo(new RoceMode(RoceMode.Version.ROCE_V2, "RoCE v2"));
        assertThat(mode.parse(RdmaFamilyFixtures.read("cma_roce_mode/default_roce_mode-mlx5_1-ib-roce-v1.txt")))
                .isEqualTo(new RoceMode(RoceMode.Version.ROCE_V1, "IB/RoCE v1"));
        assertThat(mode.parse("\r\nRoCE v1\r\n").version()).isEqualTo(RoceMode.Version.ROCE_V1);
    }

    @Test
    void roceTos() throws Exception {
        RoceTos bare = tos.parse(RdmaFamilyFixtures.read("cma_roce_tos/cma_roce_tos-d-mlx5_1-bare.txt"));
        assertThat(bare.tos()).isEqualTo(96);
        assertThat(bare.dscp()).isEqualTo(24);
        assertThat(bare.ecn()).isZero();
        RoceTos labelled = tos.parse(RdmaFamilyFixtures.read("cma_roce_tos/cma_roce_tos-d-mlx5_3-labelled.txt"));
        assertThat(labelled.tos()).isEqualTo(104);
        assertThat(labelled.dscp()).isEqualTo(26);
    }

    @Test
    void ecnFiles() throws Exception {
        assertThat(ecn.parse(RdmaFamilyFixtures.read("ecn_enable/roce_np-enable-3-on.txt"))
                        .enabled())
                .isTrue();
        assertThat(ecn.parse(RdmaFamilyFixtures.read("ecn_enable/roce_rp-enable-5-off.txt"))
                        .enabled())
                .isFalse();
    }

    @Test
    void bnxtReEcnEnablePrintsHashX() throws Exception {
        assertThat(bnxtEcn.parse(RdmaFamilyFixtures.read("bnxt_re_cc/ecn_enable-bnxt_re0-1-on.txt"))
                        .enabled())
                .isTrue();
        assertThat(bnxtEcn.parse(RdmaFamilyFixtures.read("bnxt_re_cc/ecn_enable-bnxt_re1-1-off.txt"))
                        .enabled())
                .isFalse();
        // %#x prints zero without its prefix; a written 0x0 reads back as 0, but a 0x0 is still off.
        assertThat(bnxtEcn.parse("0x0\n").enabled()).isFalse();
        assertThat(bnxtEcn.parse("\n0xff\n").enabled()).isTrue();
    }

    @Test
    void bnxtReEcnEnableNearMisses() {
        assertFailsAt(bnxtEcn, "1\n", 1); // decimal: upstream debugfs enable_cc, not this file
        assertFailsAt(bnxtEcn, "0x\n", 1);
        assertFailsAt(bnxtEcn, "0x100\n", 1); // more than the byte the driver keeps
        assertFailsAt(bnxtEcn, "0X1\n", 1);
        assertFailsAt(bnxtEcn, "Enabled\n", 1); // the wording of cc/apply, another file
        assertFailsAt(bnxtEcn, "0x1\n0x1\n", 2);
        assertFailsAt(bnxtEcn, "", 0);
    }

    @Test
    void malformedInputs() {
        assertFailsAt(mode, "", 0);
        assertFailsAt(mode, "cat: default_roce_mode: No such file or directory\n", 1);
        assertFailsAt(mode, "RoCE v2\nRoCE v2\n", 2);
        assertFailsAt(tos, "\n\n256\n", 3);
        assertThatThrownBy(() -> tos.parse("99999999999999999999999")).isInstanceOf(ParseException.class);
        assertThatThrownBy(() -> tos.parse("usage: cma_roce_tos")).isInstanceOf(ParseException.class);
        assertFailsAt(ecn, "2\n", 1);
        assertFailsAt(ecn, " \n", 0);
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(mode, text);
        ParserFuzz.survives(tos, text);
        ParserFuzz.survives(ecn, text);
        ParserFuzz.survives(bnxtEcn, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return Arbitraries.oneOf(
                ParserFuzz.randomText(),
                ParserFuzz.mutated(RdmaFamilyFixtures.read("cma_roce_tos/cma_roce_tos-d-mlx5_3-labelled.txt")),
                ParserFuzz.mutated(RdmaFamilyFixtures.read("cma_roce_mode/default_roce_mode-mlx5_1-ib-roce-v1.txt")),
                ParserFuzz.mutated(RdmaFamilyFixtures.read("bnxt_re_cc/ecn_enable-bnxt_re0-1-on.txt")));
    }
}
