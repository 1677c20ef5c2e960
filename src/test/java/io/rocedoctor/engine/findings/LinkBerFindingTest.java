package io.rocedoctor.engine.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.engine.Evidence;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.engine.Thresholds;
import io.rocedoctor.facts.PhysicalLink;
import java.util.List;
import org.junit.jupiter.api.Test;

/** PHY_BER_HIGH's judgement and evidence, on one 200G PAM4 link with RS(544,514) whose values change one at a time. */
class LinkBerFindingTest {
    private static final Thresholds T = ProfileThresholds.of("throughput");

    private static PhysicalLink link(Double raw, Double effective, Long symbols, Double symbolBer) {
        return new PhysicalLink(
                "p0",
                "0000:3b:00",
                200000,
                200000,
                List.of(),
                List.of(),
                null,
                null,
                "mlxlink -d 0000:3b:00.0 -m -e -c",
                4,
                "PAM4",
                "RS-FEC(544,514)",
                "rs544",
                raw,
                raw == null ? null : String.valueOf(raw),
                effective,
                effective == null ? null : String.valueOf(effective),
                symbols,
                "rx_symbol_err_phy",
                symbolBer,
                0L,
                0L,
                10.0,
                0L);
    }

    @Test
    void symbolErrorsAboveTheTargetLoseFramesAndNameTheCounterTheCaptureHas() {
        Finding f = LinkBerFinding.of(link(1e-8, null, 40L, 2e-11), T).build("PHY_BER_HIGH");
        assertThat(LinkBerFinding.losing(link(1e-8, null, 40L, 2e-11), T)).isTrue();
        assertThat(f.severity()).isEqualTo("critical");
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.evidence()).extracting(Evidence::value).contains("rx_symbol_err_phy +40", "FEC : RS-FEC(544,514)");
        assertThat(f.evidence())
                .anySatisfy(e -> assertThat(e.note()).contains("over the 200 Gb/s received in the interval"));
    }

    @Test
    void nearMissOneSymbolErrorInsideTheTargetIsNoFinding() {
        assertThat(LinkBerFinding.holds(link(1e-8, null, 1L, 5e-13), T)).isFalse();
    }

    @Test
    void rawBerWithinTenfoldOfTheKp4LimitIsMediumAndLikely() {
        PhysicalLink l = link(3e-5, null, 0L, 0.0);
        assertThat(LinkBerFinding.nearFecLimit(l, T)).isTrue();
        Finding f = LinkBerFinding.of(l, T).build("PHY_BER_HIGH");
        assertThat(f.severity()).isEqualTo("medium");
        assertThat(f.confidence()).isEqualTo("likely");
        // No symbol error: no symbol error evidence.
        assertThat(f.evidence()).extracting(Evidence::value).noneMatch(v -> v.startsWith("rx_symbol_err_phy"));
    }

    @Test
    void nearMissRawBerOutsideTheMargin() {
        assertThat(LinkBerFinding.holds(link(2.3e-5, null, 0L, 0.0), T)).isFalse();
    }

    @Test
    void rawBerPastTheLimitIsCriticalButNotYetProvenLoss() {
        PhysicalLink l = link(3e-4, null, null, null);
        assertThat(LinkBerFinding.pastFecLimit(l, T)).isTrue();
        assertThat(LinkBerFinding.losing(l, T)).isFalse();
        assertThat(LinkBerFinding.of(l, T).build("PHY_BER_HIGH").severity()).isEqualTo("critical");
    }

    @Test
    void aLinkWithoutMlxlinkIsJudgedOnItsSymbolErrorsAlone() {
        PhysicalLink l = new PhysicalLink(
                "p0",
                "n",
                100000,
                null,
                List.of(),
                List.of(),
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                30L,
                "rx_pcs_symbol_err",
                3e-11,
                null,
                null,
                null,
                0L);
        Finding f = LinkBerFinding.of(l, T).build("PHY_BER_HIGH");
        assertThat(f.evidence()).extracting(Evidence::value).containsExactly("rx_pcs_symbol_err +30");
    }
}
