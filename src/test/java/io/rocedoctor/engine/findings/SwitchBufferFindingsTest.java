package io.rocedoctor.engine.findings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rocedoctor.engine.Evidence;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.engine.Thresholds;
import io.rocedoctor.facts.SwitchBufferPools;
import io.rocedoctor.facts.SwitchLosslessQueue;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The cell arithmetic of SWITCH_ECN_ABOVE_XOFF and SWITCH_HEADROOM_SHORT, on a 100G port with a 9100 B MTU and 5 m of cable. */
class SwitchBufferFindingsTest {
    private static final Thresholds T = ProfileThresholds.of("throughput");

    private static Thresholds with(String key, double value) {
        Map<String, Double> v = new TreeMap<>(T.values());
        v.put(key, value);
        return new Thresholds("test", v, false);
    }

    private static SwitchLosslessQueue queue(long xoff, Long ecnMin, Long headroom) {
        return new SwitchLosslessQueue(
                "leaf1",
                "Ethernet8",
                "sonic",
                3,
                3,
                3,
                xoff,
                "profile p: size + static_th",
                headroom,
                625L + 2 * 9100,
                9100,
                100000,
                true,
                ecnMin,
                1_500_000L,
                10,
                true,
                "show pfcwd config",
                null,
                null,
                false,
                "show pfcwd stats",
                0,
                false,
                "",
                List.of("p0"),
                "p",
                "RDMA_LOSSLESS");
    }

    @Test
    void bytesBecomeWholeCells() {
        assertThat(SwitchBufferFindings.cells(144, T)).isEqualTo(1);
        assertThat(SwitchBufferFindings.cells(145, T)).isEqualTo(2);
        assertThat(SwitchBufferFindings.cells(145, with("switch.cellBytes", 256)))
                .isEqualTo(1);
    }

    @Test
    void ecnAndXoffInOneCellAreEqualAndTheFindingShowsBothInCells() {
        SwitchLosslessQueue q = queue(144_000, 143_900L, null);
        assertThat(SwitchBufferFindings.ecnAboveXoff(q, T)).isTrue();
        Finding f = SwitchBufferFindings.ecnAboveXoffFinding(q, T).build("SWITCH_ECN_ABOVE_XOFF");
        assertThat(f.confidence()).isEqualTo("likely");
        assertThat(f.evidence())
                .extracting(Evidence::note)
                .anySatisfy(n -> assertThat(n).startsWith("minimum ECN marking threshold, 1000 cells of 144 B"))
                .anySatisfy(n -> assertThat(n).startsWith("XOFF point, 1000 cells, on the ingress priority group"));
    }

    @Test
    void nearMissEcnACellBelowXoff() {
        assertThat(SwitchBufferFindings.ecnAboveXoff(queue(144_000, 143_856L, null), T))
                .isFalse();
    }

    @Test
    void cellOccupancyFollowsSonicsFormula() {
        // 144 B cells: a 64 B packet wastes 144/64 = 2.25; half the packets small: 0.5 + 0.5 x 2.25.
        assertThat(SwitchBufferFindings.cellOccupancy(T)).isCloseTo(1.625, within(1e-9));
        // Cells of two minimal packets or less: at most 2 x cell / (1 + cell).
        assertThat(SwitchBufferFindings.cellOccupancy(with("switch.cellBytes", 96)))
                .isCloseTo(0.5 + 0.5 * 192 / 97.0, within(1e-9));
        assertThat(SwitchBufferFindings.cellOccupancy(with("switch.headroom.smallPacketShare", 0)))
                .isEqualTo(1.0);
    }

    @Test
    void theHeadroomNeededCountsTheCellsOfWhatArrivesAfterXoff() {
        // 9100 + 1.625 x (9100 + 625 + 12500) = 45215.6
        assertThat(SwitchBufferFindings.headroomNeeded(queue(1_000_000, 150_000L, 45_215L), T))
                .isEqualTo(45_216);
        assertThat(SwitchBufferFindings.headroomShort(queue(1_000_000, 150_000L, 45_215L), T))
                .isTrue();
        assertThat(SwitchBufferFindings.headroomShort(queue(1_000_000, 150_000L, 45_216L), T))
                .isFalse();
        // Without small packets the old floor stands: 2 x 9100 + 625 + 12500.
        assertThat(SwitchBufferFindings.headroomNeeded(
                        queue(1_000_000, 150_000L, 1L), with("switch.headroom.smallPacketShare", 0)))
                .isEqualTo(31_325);
    }

    @Test
    void theHeadroomFindingShowsTheArithmetic() {
        Finding f = SwitchBufferFindings.headroomShortFinding(queue(1_000_000, 150_000L, 16_384L), T)
                .build("SWITCH_HEADROOM_SHORT");
        assertThat(f.evidence().get(1).value()).isEqualTo("45216 B");
        assertThat(f.evidence().get(1).note())
                .contains("one 9100 B frame, plus 1.63 x (another frame + 2 x cable propagation = 9725 B")
                .contains("50.0% of the packets at 64 B in 144 B cells");
        assertThat(f.actions().get(0).parameters()).containsEntry("size", "45216");
    }

    @Test
    void skewedPoolsShowTheLosslessShareAndTheHeadroomPoolAgainstOnePgsHeadroom() {
        Finding f = SwitchBufferFindings.poolSkewed(new SwitchBufferPools(
                        "leaf1", "sonic", "config_db.json BUFFER_POOL", 5_000_000, 20_000_000, 40_000L, 50_176L))
                .build("SWITCH_BUFFER_POOL_SKEWED");
        assertThat(f.evidence()).extracting(Evidence::value).containsExactly("5000000 B", "40000 B");
        assertThat(f.evidence().get(0).note())
                .isEqualTo("ingress lossless pool(s), against 20000000 B of lossy pools (25.0%)");
        assertThat(f.evidence().get(1).note())
                .isEqualTo("shared headroom pool; the largest lossless PG headroom is 50176 B");
        assertThat(f.actions()).extracting(a -> a.parameters().get("switch")).containsExactly("leaf1");
    }

    @Test
    void nearMissPoolsWithoutASharedHeadroomPoolSayNoneAndUnknown() {
        Finding f = SwitchBufferFindings.poolSkewed(new SwitchBufferPools(
                        "leaf1", "sonic", "config_db.json BUFFER_POOL", 5_000_000, 20_000_000, null, null))
                .build("SWITCH_BUFFER_POOL_SKEWED");
        assertThat(f.evidence().get(1).value()).isEqualTo("none");
        assertThat(f.evidence().get(1).note()).endsWith("is unknown");
    }
}
