package io.rocedoctor.engine.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.engine.ActionProposal;
import io.rocedoctor.engine.Evidence;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.LinkPause;
import io.rocedoctor.facts.PortQos;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GlobalPauseFindingTest {
    private static final PortQos QOS =
            new PortQos("p0", "dscp", List.of(3), Map.of(), Map.of(), Map.of(), List.of(), "mlnx_qos -i p0");

    @Test
    void theEvidenceNamesBothPausesAndTheStepTurnsLinkPauseOff() {
        Finding f = GlobalPauseFinding.of(
                        new LinkPause("p0", "0000:3b:00", true, true, null, null, "ethtool -a p0"), QOS)
                .build("GLOBAL_PAUSE_WITH_PFC");
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.evidence()).extracting(Evidence::value).containsExactly("RX on, TX on", "PFC on priorities 3");
        assertThat(f.actions()).containsExactly(new ActionProposal("host-link-pause-off", Map.of("device", "p0")));
    }

    @Test
    void anAutonegotiatedPauseShowsWhatWasNegotiated() {
        LinkPause p = new LinkPause("p0", "n", false, false, true, false, "ethtool -a p0");
        assertThat(p.rxOn()).isTrue();
        assertThat(p.txOn()).isFalse();
        assertThat(GlobalPauseFinding.directions(p)).isEqualTo("RX negotiated on, TX negotiated off");
    }

    @Test
    void nearMissConfiguredOnButNegotiatedOffIsOff() {
        LinkPause p = new LinkPause("p0", "n", true, true, false, false, "ethtool -a p0");
        assertThat(p.rxOn() || p.txOn()).isFalse();
    }
}
