package io.rocedoctor.engine.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.engine.ActionProposal;
import io.rocedoctor.engine.Evidence;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.PortQos;
import io.rocedoctor.facts.RoceTrafficClass;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TrafficClassFindingTest {
    private static final String FILE = "/sys/class/infiniband/mlx5_0/tc/1/traffic_class";

    private static PortQos qos(Map<Integer, Integer> dscpMap, Integer... pfc) {
        return new PortQos("p0", "dscp", List.of(pfc), dscpMap, Map.of(), Map.of(), List.of(), "mlnx_qos -i p0");
    }

    private static RoceTrafficClass unset(int rules) {
        return new RoceTrafficClass(
                "mlx5_0", 1, "p0", "0000:3b:00", null, rules, 0, "ToS 0 -> DSCP 0 -> priority 0 (trust dscp)", FILE);
    }

    @Test
    void theEvidenceNamesTheFileThePriorityAndThePfcAndTheStepSetsTheLosslessClass() {
        Finding f = TrafficClassFinding.about(unset(0), qos(Map.of(), 3)).build("ROCE_TRAFFIC_CLASS_UNSET");
        assertThat(f.evidence())
                .extracting(Evidence::source)
                .containsExactly(FILE, "RoCE priority of those QPs", "mlnx_qos -i p0");
        assertThat(f.evidence())
                .extracting(Evidence::value)
                .containsExactly("no global traffic class", "0", "PFC on priorities 3");
        assertThat(f.evidence().get(0).note()).contains("NCCL", "cma_roce_tos");
        assertThat(f.actions())
                .containsExactly(new ActionProposal(
                        "roce-traffic-class-set", Map.of("ibdev", "mlx5_0", "port", "1", "tclass", "106")));
    }

    @Test
    void theProposedClassFollowsThePortsDscpMapAndTheRulesAreCounted() {
        // DSCP 26 is mapped elsewhere; 24 is the lowest DSCP the map sends to priority 3.
        Finding f = TrafficClassFinding.about(unset(2), qos(Map.of(24, 3, 26, 0), 3))
                .build("ROCE_TRAFFIC_CLASS_UNSET");
        assertThat(f.evidence().get(0).value()).isEqualTo("no global traffic class, 2 address rules");
        assertThat(f.actions().get(0).parameters()).containsEntry("tclass", String.valueOf(24 << 2 | 2));
    }

    @Test
    void aGlobalValueIsShownAsTheFilePrintsIt() {
        RoceTrafficClass set = new RoceTrafficClass("mlx5_0", 1, "p0", "n", 0, 0, 0, "ToS 0 -> priority 0", FILE);
        assertThat(TrafficClassFinding.value(set)).isEqualTo("Global tclass=0");
    }
}
