package io.rocedoctor.engine;

import static io.rocedoctor.engine.SwitchedHost.diagnose;
import static io.rocedoctor.engine.SwitchedHost.ids;
import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.facts.CnpMarking;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Layer 10: host port p0 against switch port leaf1/Ethernet8, changed in one value on one side. */
class EndToEndRulesTest {

    @Fires("TRUST_MODE_MISMATCH")
    @Test
    void hostTrustsDscpWhileTheSwitchTrustsPcp() {
        Diagnosis d = diagnose(SwitchedHost.healthy().with(s -> s.switchTrust = "pcp"));
        assertThat(RuleHarness.ids(d)).containsExactly("TRUST_MODE_MISMATCH@p0");
        assertThat(d.findings().get(0).scope()).contains(SwitchedHost.LABEL);
        assertThat(d.findings().get(0).actions()).singleElement().satisfies(a -> {
            assertThat(a.action()).isEqualTo("switch-trust-dscp");
            assertThat(a.parameters())
                    .containsOnlyKeys("switch", "platform", "switch_port", "dscp_map")
                    .containsEntry("dscp_map", "RDMA");
        });
    }

    @Fires("TRUST_MODE_MISMATCH")
    @Test
    void hostTrustsPcpWhileTheSwitchTrustsDscpMovesTheHost() {
        Diagnosis d = diagnose(SwitchedHost.healthy().with(s -> s.hostTrust = "pcp"));
        assertThat(RuleHarness.ids(d)).containsExactly("TRUST_MODE_MISMATCH@p0");
        assertThat(d.findings().get(0).actions().get(0).action()).isEqualTo("host-trust-dscp");
        assertThat(d.findings().get(0).actions().get(0).parameters()).containsEntry("current", "pcp");
    }

    @NearMiss("TRUST_MODE_MISMATCH")
    @Test
    void nearMissSwitchTrustingBothAgreesWithEither() {
        assertThat(ids(SwitchedHost.healthy().with(s -> s.switchTrust = "both")))
                .isEmpty();
    }

    @Fires("PFC_PRIORITY_MISMATCH")
    @Test
    void hostPausesPriority3WhileTheSwitchPausesPriority4() {
        Diagnosis d = diagnose(SwitchedHost.healthy().with(s -> {
            s.switchPfc = List.of(4);
            s.dscpMap = Map.of(26, 4, 48, 6);
        }));
        Finding f = RuleHarness.only(d, "PFC_PRIORITY_MISMATCH@p0");
        assertThat(f.severity()).isEqualTo("critical");
        assertThat(f.actions()).singleElement().satisfies(a -> {
            assertThat(a.action()).isEqualTo("switch-pfc-priority");
            assertThat(a.parameters()).containsEntry("priorities", "3").containsEntry("switch_port", "Ethernet8");
        });
    }

    @Fires("PFC_PRIORITY_MISMATCH")
    @Test
    void whenOnlyTheSwitchHasTheRocePriorityTheHostChanges() {
        Diagnosis d = diagnose(SwitchedHost.healthy().with(s -> s.hostPfc = List.of(4)));
        assertThat(d.findings())
                .filteredOn(f -> f.id().equals("PFC_PRIORITY_MISMATCH"))
                .singleElement()
                .satisfies(f -> assertThat(f.actions().get(0).action()).isEqualTo("host-pfc-priority"));
    }

    @NearMiss("PFC_PRIORITY_MISMATCH")
    @Test
    void nearMissSameVectorInAnotherOrder() {
        assertThat(ids(SwitchedHost.healthy().with(s -> {
                    s.hostPfc = List.of(4, 3);
                    s.switchPfc = List.of(3, 4);
                })))
                .isEmpty();
    }

    @Fires("DSCP_MAP_MISMATCH")
    @Test
    void roceDscpLandsOnALossyPriority() {
        Diagnosis d = diagnose(SwitchedHost.healthy().with(s -> s.dscpMap = Map.of(24, 3, 48, 6)));
        Finding f = RuleHarness.only(d, "DSCP_MAP_MISMATCH@p0");
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.actions().get(0).parameters())
                .containsEntry("dscp", "26")
                .containsEntry("priority", "3")
                .containsOnlyKeys("switch", "platform", "dscp_map", "dscp", "priority")
                .containsEntry("dscp_map", "RDMA");
    }

    @NearMiss("DSCP_MAP_MISMATCH")
    @Test
    void nearMissRoceDscpOnTheLosslessPriority() {
        assertThat(ids(SwitchedHost.healthy().with(s -> s.dscpMap = Map.of(26, 3, 48, 6))))
                .isEmpty();
    }

    @Fires("DSCP_MAP_MISMATCH")
    @Test
    void cnpDscpOnTheDataQueueWaitsBehindData() {
        Diagnosis d = diagnose(SwitchedHost.healthy().with(s -> s.dscpMap = Map.of(26, 3, 48, 3)));
        assertThat(RuleHarness.ids(d)).containsExactly("DSCP_MAP_MISMATCH@p0");
        assertThat(d.findings().get(0).confidence()).isEqualTo("likely");
        assertThat(d.findings().get(0).actions().get(0).parameters())
                .containsEntry("dscp", "48")
                .containsEntry("priority", "6");
    }

    @Fires("DSCP_MAP_MISMATCH")
    @Test
    void assumedCnpDscpIsSaidInTheEvidence() {
        Diagnosis d = diagnose(SwitchedHost.healthy().with(s -> s.dscpMap = Map.of(26, 3, 48, 3)));
        assertThat(d.findings().get(0).evidence())
                .anySatisfy(e -> assertThat(e.note()).contains("assumed"));
    }

    @Fires("DSCP_MAP_MISMATCH")
    @Test
    void cnpDscpReadFromMlxconfigIsTheOneJudged() {
        // The NIC marks CNPs with DSCP 46 (mlxconfig), which the switch maps onto the data priority:
        // DSCP 48 on strict queue 6 is no alibi. Read, not assumed: confirmed.
        Diagnosis d = diagnose(SwitchedHost.healthy().with(s -> {
            s.dscpMap = Map.of(26, 3, 46, 3, 48, 6);
            s.cnp = new CnpMarking("p0", 46, 5, "mlxconfig -d 0000:3b:00.0 query CNP_DSCP_P1", false);
        }));
        Finding f = RuleHarness.only(d, "DSCP_MAP_MISMATCH@p0");
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.actions().get(0).parameters()).containsEntry("dscp", "46").containsEntry("priority", "6");
        assertThat(f.evidence()).anySatisfy(e -> assertThat(e.source()).contains("mlxconfig"));
        assertThat(f.evidence()).noneSatisfy(e -> assertThat(e.note()).contains("assumed"));
    }

    @NearMiss("DSCP_MAP_MISMATCH")
    @Test
    void nearMissCnpDscpReadFromMlxconfigOnAStrictQueue() {
        // The default DSCP 48 would wait behind data here, but the NIC marks CNPs with 46, which goes to strict queue
        // 6.
        assertThat(ids(SwitchedHost.healthy().with(s -> {
                    s.dscpMap = Map.of(26, 3, 46, 6, 48, 3);
                    s.cnp = new CnpMarking("p0", 46, 6, "mlxconfig -d 0000:3b:00.0 query CNP_DSCP_P1", false);
                })))
                .isEmpty();
    }

    @NearMiss("DSCP_MAP_MISMATCH")
    @Test
    void nearMissCnpOnAHigherQueueThatIsNotStrict() {
        assertThat(ids(SwitchedHost.healthy().with(s -> s.strictQueues = Set.of())))
                .isEmpty();
    }

    @Fires("MTU_MISMATCH")
    @Test
    void hostMtuAboveTheSwitchPorts() {
        Diagnosis d = diagnose(SwitchedHost.healthy().with(s -> s.switchMtu = 8999));
        assertThat(RuleHarness.ids(d)).contains("MTU_MISMATCH@p0");
        assertThat(d.findings())
                .filteredOn(f -> f.id().equals("MTU_MISMATCH"))
                .singleElement()
                .satisfies(f -> assertThat(f.actions().get(0).parameters()).containsEntry("mtu", "9000"));
    }

    @NearMiss("MTU_MISMATCH")
    @Test
    void nearMissSwitchMtuEqualToTheHosts() {
        assertThat(RuleHarness.ids(diagnose(SwitchedHost.healthy().with(s -> s.switchMtu = 9000))))
                .doesNotContain("MTU_MISMATCH@p0");
    }

    @Fires("TRAP_HOST_ONLY_TUNING")
    @Test
    void hostTunedButNoSwitchDumpIsATrap() {
        Diagnosis d = diagnose(SwitchedHost.healthy().with(s -> s.switchDumped = false));
        assertThat(RuleHarness.ids(d)).containsExactly("TRAP_HOST_ONLY_TUNING@test-host");
        assertThat(d.findings().get(0).severity()).isEqualTo("info");
        assertThat(d.findings().get(0).actions().get(0).parameters()).containsEntry("device", "p0");
    }

    /** An ice host's QoS read from dcb (no MLNX_OFED): the evidence names dcb, not an mlnx_qos it never ran. */
    @Fires("TRAP_HOST_ONLY_TUNING")
    @Test
    void theTrapNamesTheCapturesTheHostQosWasReadFrom() {
        String dcb = "dcb pfc show dev p0, dcb app show dev p0";
        Diagnosis d = diagnose(SwitchedHost.healthy().with(s -> {
            s.switchDumped = false;
            s.hostQosSource = dcb;
        }));
        assertThat(d.findings().get(0).evidence())
                .anySatisfy(e -> assertThat(e.source()).isEqualTo(dcb))
                .noneSatisfy(e -> assertThat(e.source()).startsWith("mlnx_qos"));
    }

    /** RoCE over VLANs: a host trusting PCP is tuned as much as one trusting DSCP, and its switch must agree as much. */
    @Fires("TRAP_HOST_ONLY_TUNING")
    @Test
    void aHostTunedUnderTrustPcpWithoutSwitchDumpIsATrapToo() {
        Diagnosis d = diagnose(SwitchedHost.healthy().with(s -> {
            s.switchDumped = false;
            s.hostTrust = "pcp";
        }));
        assertThat(RuleHarness.ids(d)).containsExactly("TRAP_HOST_ONLY_TUNING@test-host");
        assertThat(d.findings().get(0).evidence().get(0).value()).isEqualTo("trust pcp, PFC on priority 3");
    }

    @NearMiss("TRAP_HOST_ONLY_TUNING")
    @Test
    void nearMissAHostWhoseTrustTheSourceCannotTellIsNotCountedTuned() {
        assertThat(ids(SwitchedHost.healthy().with(s -> {
                    s.switchDumped = false;
                    s.hostTrust = null;
                })))
                .doesNotContain("TRAP_HOST_ONLY_TUNING@test-host");
    }

    @NearMiss("TRAP_HOST_ONLY_TUNING")
    @Test
    void nearMissHostWithoutDcqcnIsNotTunedSoNoTrap() {
        assertThat(ids(SwitchedHost.healthy().with(s -> {
                    s.switchDumped = false;
                    s.hostEcn = false;
                })))
                .isEmpty();
    }

    @NearMiss("TRAP_HOST_ONLY_TUNING")
    @Test
    void nearMissTunedHostWithItsSwitchDumpIsNoTrap() {
        assertThat(ids(SwitchedHost.healthy())).doesNotContain("TRAP_HOST_ONLY_TUNING@test-host");
    }
}
