package io.rocedoctor.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.bundle.SwitchSourceKind;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A rule's @sources: requirements all needed, alternatives any one, kinds joined by + all of them. */
class RuleInfoTest {
    private static final List<RuleInfo.Requirement> QOS =
            RuleInfo.requirements("MLNX_QOS|DCB_PFC+DCB_APP switch:NVUE_ROCE");

    @Test
    void anAlternativeOfSeveralKindsIsMetOnlyByAllOfThem() {
        RuleInfo.Requirement host = QOS.get(0);
        assertThat(host.metBy(Set.of(SourceKind.MLNX_QOS))).isTrue();
        assertThat(host.metBy(Set.of(SourceKind.DCB_PFC, SourceKind.DCB_APP))).isTrue();
        assertThat(host.metBy(Set.of(SourceKind.DCB_APP))).isFalse();
        assertThat(host.metBy(Set.of(SourceKind.DCB_PFC))).isFalse();
    }

    @Test
    void everyRequirementIsItsOwn() {
        assertThat(QOS).hasSize(2);
        assertThat(QOS.get(1).metBy(Set.of(SwitchSourceKind.NVUE_ROCE))).isTrue();
        assertThat(QOS.get(1).metBy(Set.of(SourceKind.MLNX_QOS))).isFalse();
    }

    @Test
    void anUnknownKindBreaksTheBuild() {
        assertThatThrownBy(() -> RuleInfo.requirements("MLNX_QOS|DCB_PFC+NO_SUCH_KIND"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
