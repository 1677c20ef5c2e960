package io.rocedoctor.engine.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.engine.ActionProposal;
import io.rocedoctor.engine.Evidence;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.PauseStormEvents;
import io.rocedoctor.facts.Port;
import io.rocedoctor.facts.PriorityPause;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** PAUSE_STORM's and HOST_ORIGINATED_PAUSE's evidence on a 200G port, with a bnxt_en-style capture (no mlx5 names). */
class PauseFindingsTest {
    private static final Port PORT = new Port("p0", "0000:3b:00", "0000:3b:00.0", 200000, 9000, 0, null);

    private static PriorityPause pause(String direction, String counter, double perSecond, Double share) {
        return new PriorityPause(
                "p0", "0000:3b:00", 3, direction, counter, Math.round(perSecond * 10), perSecond, share, false);
    }

    @Test
    void theShareIsMeasuredWhereTheDriverCountsDurationAndBoundedAtLineRateElsewhere() {
        assertThat(pause("rx", "rx_prio3_pause", 100, 0.7).shareOfTime(200000)).isEqualTo(0.7);
        // 3000 frames/s x 65535 x 512 bit times / 200e9 b/s = 50.3%
        assertThat(pause("rx", "rx_pfc_ena_frames_pri3", 3000, null).shareOfTime(200000))
                .isCloseTo(0.5033, org.assertj.core.data.Offset.offset(1e-4));
        assertThat(pause("rx", "rx_pfc_ena_frames_pri3", 1e9, null).shareOfTime(200000))
                .isEqualTo(1.0);
        assertThat(pause("rx", "rx_pfc_ena_frames_pri3", 3000, null).shareOfTime(null))
                .isNull();
    }

    @Test
    void aStormOnFramesAloneIsLikelyAndNamesTheCounterTheCaptureHas() {
        Finding f = PauseFindings.storm(
                        PORT, List.of(pause("rx", "rx_pfc_ena_frames_pri3", 3000, null)), List.of(), List.of())
                .build("PAUSE_STORM");
        assertThat(f.confidence()).isEqualTo("likely");
        assertThat(f.evidence()).extracting(Evidence::value).containsExactly("rx_pfc_ena_frames_pri3 +30000");
        assertThat(f.evidence().get(0).note())
                .isEqualTo("paused by the peer on priority 3: at most 50.3% of the interval "
                        + "(3000 pause frames per second at 200 Gb/s; no duration counter)");
        assertThat(f.actions())
                .containsExactly(
                        new ActionProposal("pause-source-investigate", Map.of("device", "p0", "priority", "3")));
    }

    @Test
    void theStormDetectorBetweenSamplesConfirmsAndNamesThePrioritiesThisPortPauses() {
        PriorityPause sent = new PriorityPause("p0", "0000:3b:00", 4, "tx", "tx_prio4_pause", 50, 5.0, 0.001, false);
        Finding f = PauseFindings.storm(
                        PORT, List.of(), List.of(new PauseStormEvents("p0", "0000:3b:00", 1, 0, false)), List.of(sent))
                .build("PAUSE_STORM");
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.actions()).extracting(a -> a.parameters().get("priority")).containsExactly("4");
    }

    @Test
    void hostOriginatedPauseSaysHowLongThePeerWasHeldOff() {
        Finding f = PauseFindings.hostOriginated(PORT, List.of(pause("tx", "pfc_pri3_tx_duration_us", 40, 0.03)))
                .build("HOST_ORIGINATED_PAUSE");
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.evidence().get(0).note())
                .isEqualTo("pause sent on priority 3: the peer held off 3.0% of the interval");
        assertThat(f.evidence()).extracting(Evidence::value).contains("PCIe, NUMA, rings");
    }
}
