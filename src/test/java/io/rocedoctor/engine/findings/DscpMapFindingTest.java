package io.rocedoctor.engine.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.engine.ActionProposal;
import io.rocedoctor.engine.Evidence;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.CnpMarking;
import io.rocedoctor.facts.SwitchPort;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DscpMapFindingTest {
    private static final CnpMarking ASSUMED = new CnpMarking("p0", 48, 6, "ConnectX default", true);
    private static final CnpMarking READ =
            new CnpMarking("p0", 48, 6, "mlxconfig -d 0000:3b:00.0 query CNP_DSCP_P1", false);

    private static Finding judge(Map<Integer, Integer> dscpMap, Set<Integer> strict, CnpMarking... cnp) {
        SwitchPort sw = EndToEndFindingsTest.switchPort("dscp", List.of(3), dscpMap, strict);
        return DscpMapFinding.of("p0", EndToEndFindingsTest.roce(26, 3), List.of(cnp), sw)
                .build("DSCP_MAP_MISMATCH");
    }

    private static ActionProposal remap(int dscp, int priority) {
        return new ActionProposal(
                "switch-dscp-map",
                Map.of(
                        "switch",
                        "leaf1",
                        "platform",
                        "sonic",
                        "dscp_map",
                        "AZURE",
                        "dscp",
                        String.valueOf(dscp),
                        "priority",
                        String.valueOf(priority)));
    }

    @Test
    void roceDataOnALossyPriorityIsConfirmedAndMappedToTheLosslessOne() {
        Finding f = judge(Map.of(26, 0, 48, 6), Set.of(6), ASSUMED);
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.evidence()).extracting(Evidence::value).containsExactly("26", "0");
        assertThat(f.actions()).containsExactly(remap(26, 3));
    }

    @Test
    void anAssumedCnpDscpBehindTheDataIsLikelyAndMovedAboveTheDataQueue() {
        Finding f = judge(Map.of(26, 3, 48, 3), Set.of(), ASSUMED);
        assertThat(f.confidence()).isEqualTo("likely");
        assertThat(f.evidence().get(2).note()).startsWith("CNP DSCP assumed (vendor default)");
        assertThat(f.evidence().get(3).note()).endsWith("queue 3: neither strict nor above the RoCE queue 3");
        // No strict queue: the CNPs go one priority above the data.
        assertThat(f.actions()).containsExactly(remap(48, 4));
    }

    @Test
    void aCnpDscpReadFromTheHostConfirmsAndGoesToTheHighestStrictQueue() {
        Finding f = judge(Map.of(26, 3, 48, 0, 46, 6), Set.of(6), READ);
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.evidence().get(2).note()).isEqualTo("CNP DSCP in force on the host port (CNP priority 6)");
        assertThat(f.actions()).containsExactly(remap(48, 6));
    }

    @Test
    void nearMissCnpsOnAStrictQueueAddNeitherEvidenceNorAction() {
        Finding f = judge(Map.of(26, 3, 48, 6), Set.of(6), READ);
        assertThat(f.evidence()).hasSize(2);
        assertThat(f.actions()).isEmpty();
    }

    @Test
    void cnpsMarkedWithTheDatasOwnDscpAreNotRemappedOnTheSwitchWhichWouldMoveTheDataToo() {
        CnpMarking sameAsData = new CnpMarking("p0", 26, 3, "/sys/class/net/p0/ecn/roce_np/cnp_dscp", false);
        Finding f = judge(Map.of(26, 3), Set.of(6), sameAsData);
        assertThat(f.actions()).isEmpty();
        assertThat(f.evidence().get(f.evidence().size() - 1).note())
                .startsWith("the host marks its CNPs with the data's own DSCP: no switch map can separate them");
    }
}
