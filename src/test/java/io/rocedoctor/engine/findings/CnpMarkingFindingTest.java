package io.rocedoctor.engine.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.engine.Evidence;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.CnpScheduling;
import io.rocedoctor.facts.PortQos;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CnpMarkingFindingTest {
    private static PortQos qos(Map<Integer, Integer> dscpMap) {
        return new PortQos("p0", "dscp", List.of(3), dscpMap, Map.of(), Map.of(), List.of(), "mlnx_qos -i p0");
    }

    private static CnpScheduling onPriority(int priority, int data, String tsa, List<Integer> servedFirst) {
        return new CnpScheduling(
                "p0",
                "nic",
                26,
                3,
                "/sys/class/net/p0/ecn/roce_np/cnp_dscp",
                priority,
                "CNP DSCP 26 -> priority " + priority + " (trust dscp)",
                data,
                "ToS 106 -> DSCP 26 -> priority 3 (trust dscp)",
                priority,
                tsa,
                tsa == null ? null : 25,
                false,
                servedFirst,
                "dscp",
                "mlnx_qos -i p0");
    }

    @Test
    void theEvidenceNamesTheMarkingTheDataPriorityAndTheClass() {
        Finding f = CnpMarkingFinding.about(onPriority(3, 3, "ets", List.of(6)), qos(Map.of()))
                .build("CNP_MARKING_UNSAFE");
        assertThat(f.evidence())
                .extracting(Evidence::value)
                .containsExactly("DSCP 26, 802.1p 3", "3", "priority 3: tc 3, tsa ets, bw 25%");
        assertThat(f.evidence().get(2).note()).contains("behind the data");
        assertThat(f.actions().get(0).parameters())
                .containsEntry("priority", "6")
                .containsEntry("dscp", "48");
    }

    @Test
    void theTargetIsAPriorityServedFirstOtherThanTheDatas() {
        assertThat(CnpMarkingFinding.target(onPriority(3, 6, "ets", List.of(5, 7))))
                .isEqualTo(7);
        // Classes unknown: the first preferred priority that is not the data's.
        assertThat(CnpMarkingFinding.target(onPriority(6, 6, null, List.of()))).isEqualTo(7);
    }

    @Test
    void theDscpFollowsThePortsMapWhereItSendsTheClassSelectorElsewhere() {
        assertThat(CnpMarkingFinding.dscpFor(qos(Map.of()), 6)).isEqualTo(48);
        assertThat(CnpMarkingFinding.dscpFor(qos(Map.of(48, 0, 46, 6, 50, 6)), 6))
                .isEqualTo(46);
    }

    @Test
    void nearMissNoClassServedFirstProposesNoMarkingChange() {
        Finding f = CnpMarkingFinding.about(onPriority(3, 3, "ets", List.of()), qos(Map.of()))
                .build("CNP_MARKING_UNSAFE");
        assertThat(f.actions()).isEmpty();
    }
}
