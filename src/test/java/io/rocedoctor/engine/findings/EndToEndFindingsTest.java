package io.rocedoctor.engine.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.engine.ActionProposal;
import io.rocedoctor.engine.Evidence;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.Host;
import io.rocedoctor.facts.Port;
import io.rocedoctor.facts.PortQos;
import io.rocedoctor.facts.RoceTraffic;
import io.rocedoctor.facts.SwitchPort;
import io.rocedoctor.facts.TunedHostPort;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class EndToEndFindingsTest {
    static SwitchPort switchPort(String trust, List<Integer> pfc, Map<Integer, Integer> dscp, Set<Integer> strict) {
        return new SwitchPort(
                "leaf1",
                "Ethernet8",
                "sonic",
                100000,
                9000,
                5,
                trust,
                pfc,
                dscp,
                Map.of(),
                Map.of(),
                strict,
                List.of("p0"),
                "AZURE");
    }

    static PortQos hostQos(String trust, List<Integer> pfc) {
        return new PortQos("p0", trust, pfc, Map.of(), Map.of(), Map.of(), List.of(), "mlnx_qos -i p0");
    }

    static RoceTraffic roce(int dscp, int priority) {
        return new RoceTraffic(
                "mlx5_0", 1, "p0", "v2", dscp << 2, dscp, "dscp", priority, "ToS " + (dscp << 2) + " -> DSCP " + dscp);
    }

    @Test
    void aSwitchTrustingPcpIsTheSideMovedToDscpWithItsMap() {
        Finding f = EndToEndFindings.trustMismatch(
                        hostQos("dscp", List.of(3)), switchPort("pcp", List.of(3), Map.of(), Set.of()))
                .build("TRUST_MODE_MISMATCH");
        assertThat(f.subject()).isEqualTo("p0");
        assertThat(f.scope()).contains("leaf1/Ethernet8");
        assertThat(f.evidence())
                .extracting(Evidence::source)
                .containsExactly("mlnx_qos -i p0", "switch leaf1: Ethernet8");
        assertThat(f.actions())
                .containsExactly(new ActionProposal(
                        "switch-trust-dscp",
                        Map.of(
                                "switch",
                                "leaf1",
                                "platform",
                                "sonic",
                                "switch_port",
                                "Ethernet8",
                                "dscp_map",
                                "AZURE")));
    }

    @Test
    void nearMissAHostTrustingPcpIsTheSideMovedWhenTheSwitchTrustsDscp() {
        Finding f = EndToEndFindings.trustMismatch(
                        hostQos("pcp", List.of(3)), switchPort("dscp", List.of(3), Map.of(), Set.of()))
                .build("TRUST_MODE_MISMATCH");
        assertThat(f.actions())
                .containsExactly(new ActionProposal("host-trust-dscp", Map.of("device", "p0", "current", "pcp")));
    }

    @Test
    void theHostLackingTheRocePriorityTheSwitchPausesTakesTheSwitchsVector() {
        Finding f = EndToEndFindings.pfcPriorityMismatch(
                        hostQos("dscp", List.of(4)),
                        switchPort("dscp", List.of(3), Map.of(), Set.of()),
                        List.of(roce(26, 3)))
                .build("PFC_PRIORITY_MISMATCH");
        assertThat(f.evidence()).extracting(Evidence::source).last().isEqualTo("cma_roce_tos -d mlx5_0 -p 1");
        assertThat(f.actions())
                .containsExactly(new ActionProposal(
                        "host-pfc-priority", Map.of("device", "p0", "priorities", "3", "current", "4")));
    }

    @Test
    void nearMissWhenTheHostPausesItsRocePriorityTheSwitchFollowsTheHost() {
        Finding f = EndToEndFindings.pfcPriorityMismatch(
                        hostQos("dscp", List.of(4)),
                        switchPort("dscp", List.of(3), Map.of(), Set.of()),
                        List.of(roce(34, 4)))
                .build("PFC_PRIORITY_MISMATCH");
        assertThat(f.actions())
                .containsExactly(new ActionProposal(
                        "switch-pfc-priority",
                        Map.of(
                                "switch",
                                "leaf1",
                                "platform",
                                "sonic",
                                "switch_port",
                                "Ethernet8",
                                "priorities",
                                "4",
                                "current",
                                "3")));
    }

    @Test
    void theSwitchPortIsRaisedToTheHostsMtu() {
        Finding f = EndToEndFindings.mtuMismatch(
                        new Port("p0", "0000:3b:00", "0000:3b:00.0", 100000, 9216, 0, null),
                        switchPort("dscp", List.of(3), Map.of(), Set.of()))
                .build("MTU_MISMATCH");
        assertThat(f.evidence()).extracting(Evidence::value).containsExactly("9216", "9000");
        assertThat(f.actions().get(0).parameters()).containsEntry("mtu", "9216");
    }

    @Test
    void eachTunedPortIsEvidenceAndAskedForItsSwitchDump() {
        Finding f = EndToEndFindings.hostOnlyTuning(
                        new Host(null, 32, 2, 2, 10.0),
                        List.of(new TunedHostPort(
                                "p0", "dscp", List.of(3), List.of(3), "ToS 106 -> priority 3", "mlnx_qos -i p0")))
                .build("TRAP_HOST_ONLY_TUNING");
        assertThat(f.subject()).isEqualTo("host");
        assertThat(f.confidence()).isEqualTo("likely");
        assertThat(f.evidence()).extracting(Evidence::source).containsExactly("mlnx_qos -i p0", "switches/");
        assertThat(f.evidence().get(0).value()).isEqualTo("trust dscp, PFC on priority 3");
        assertThat(f.actions()).containsExactly(new ActionProposal("collect-switch-dump", Map.of("device", "p0")));
    }

    @Test
    void nearMissAPortTrustingPcpSaysSo() {
        Finding f = EndToEndFindings.hostOnlyTuning(
                        new Host("gpu-node-21", 32, 2, 2, 10.0),
                        List.of(new TunedHostPort(
                                "p0", "pcp", List.of(3), List.of(3), "ToS 106 -> priority 3", "mlnx_qos -i p0")))
                .build("TRAP_HOST_ONLY_TUNING");
        assertThat(f.evidence().get(0).value()).isEqualTo("trust pcp, PFC on priority 3");
    }

    @Test
    void tunedPortsAreListedInTheOrderOfTheirNamesWhateverOrderTheSessionCollectedThem() {
        Finding f = EndToEndFindings.hostOnlyTuning(
                        new Host("gpu-node-21", 32, 2, 2, 10.0),
                        List.of(
                                new TunedHostPort("p1", "dscp", List.of(3), List.of(3), "ToS 106", "mlnx_qos -i p1"),
                                new TunedHostPort("p0", "dscp", List.of(3), List.of(3), "ToS 106", "mlnx_qos -i p0")))
                .build("TRAP_HOST_ONLY_TUNING");
        assertThat(f.scope()).containsExactly("gpu-node-21", "p0", "p1");
        assertThat(f.actions()).extracting(a -> a.parameters().get("device")).containsExactly("p0", "p1");
    }
}
