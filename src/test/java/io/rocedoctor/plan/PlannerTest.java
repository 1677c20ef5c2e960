package io.rocedoctor.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.engine.Diagnosis;
import io.rocedoctor.engine.Finding;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** Given findings and their proposals, the plan's steps, their order, merges, conflicts and refusals. */
class PlannerTest {
    private final Planner planner = new Planner(new ActionCatalog());

    private Plan plan(Finding... findings) {
        return planner.plan(new Diagnosis(List.of(findings), List.of(), List.of(), List.of()),
                new Snapshot("gpu-node-17", Map.of("/proc/irq/142/smp_affinity_list", "0-3")));
    }

    private static Finding finding(String id, String severity, String action, String... params) {
        return Finding.of(id, "subject").severity(severity).action(action, params).build();
    }

    private static List<String> ids(Plan plan) {
        return plan.steps().stream().map(Plan.Step::id).toList();
    }

    @Test
    void stepsFollowTheLayersWhateverOrderTheFindingsCameIn() {
        Plan plan = plan(
                finding("TRUST_MODE_MISMATCH", "high", "host-trust-dscp", "device", "ens1f0np0", "current", "pcp"),
                finding("ECN_DISABLED_ON_ROCE_PRIO", "high", "ecn-enable", "device", "ens1f0np0", "priority", "3"),
                finding("HASH_SINGLE_PATH_CONCENTRATION", "critical", "bond-xmit-hash-layer34", "bond", "bond0", "current", "layer2+3"),
                finding("BUSY_POLL_OFF", "low", "sysctl-busy-poll", "key", "net.core.busy_poll", "value", "50", "current", "0"),
                finding("IRQ_CROSS_NUMA", "high", "irq-affinity-local-numa", "nic", "0000:3b:00", "device", "ens1f0np0",
                        "irqs", "142", "cpus", "24-31"),
                finding("RSS_HASH_NO_L4", "medium", "rss-hash-l4", "device", "ens1f0np0", "flow", "udp4", "current", "sd"),
                finding("PCIE_LINK_DOWNGRADED", "high", "pcie-reseat-nic", "nic", "0000:3b:00", "pci", "0000:3b:00.0"),
                finding("PHY_FEC_OFF", "medium", "phy-enable-rs-fec", "device", "ens1f0np0", "current", "Off"));
        assertThat(ids(plan)).containsExactly("phy-enable-rs-fec", "pcie-reseat-nic", "rss-hash-l4",
                "irq-affinity-local-numa", "sysctl-busy-poll", "bond-xmit-hash-layer34", "ecn-enable", "host-trust-dscp");
        assertThat(plan.steps()).extracting(Plan.Step::step).containsExactly(1, 2, 3, 4, 5, 6, 7, 8);
        assertThat(plan.refusals()).isEmpty();
    }

    @Test
    void irqbalanceBansBeforeAffinityAndTrustBeforePfc() {
        Plan plan = plan(
                finding("IRQ_CROSS_NUMA", "high", "irq-affinity-local-numa", "nic", "0000:3b:00", "device", "ens1f0np0",
                        "irqs", "142", "cpus", "24-31"),
                finding("IRQBALANCE_ACTIVE", "low", "irqbalance-ban-irqs", "irqs", "142"),
                finding("PFC_NOT_ON_ROCE_PRIO", "high", "host-pfc-priority", "device", "ens1f0np0", "priorities", "3", "current", ""),
                finding("TRUST_MODE_MISMATCH", "high", "host-trust-dscp", "device", "ens1f0np0", "current", "pcp"));
        assertThat(ids(plan)).containsExactly("irqbalance-ban-irqs", "irq-affinity-local-numa", "host-trust-dscp", "host-pfc-priority");
    }

    @Test
    void oneAffinityStepPerNicWhateverTheFindings() {
        Plan plan = plan(
                finding("IRQ_CROSS_NUMA", "high", "irq-affinity-local-numa", "nic", "0000:3b:00", "device", "ens1f0np0",
                        "irqs", "142", "cpus", "24-31"),
                finding("IRQ_CONCENTRATED", "medium", "irq-affinity-spread", "nic", "0000:3b:00", "device", "ens1f0np0",
                        "irqs", "142,143", "cpus", "26-27"),
                finding("IRQ_CROSS_NUMA", "high", "irq-affinity-local-numa", "nic", "0000:af:00", "device", "ens2f0np0",
                        "irqs", "200", "cpus", "0-7"));
        assertThat(plan.steps()).hasSize(2);
        Plan.Step first = plan.steps().stream().filter(s -> s.target().get("nic").equals("0000:3b:00")).findFirst().orElseThrow();
        assertThat(first.because()).containsExactly("IRQ_CONCENTRATED", "IRQ_CROSS_NUMA");
        // Both spread one IRQ per CPU over their lists; IRQ 142 is dealt 24 by one and 26 by the other.
        assertThat(first.apply()).containsExactly("echo 24 > /proc/irq/142/smp_affinity_list",
                "echo 27 > /proc/irq/143/smp_affinity_list");
        assertThat(first.notes()).anyMatch(n -> n.startsWith("conflict: IRQ_CROSS_NUMA wants /proc/irq/142/smp_affinity_list = 24,")
                && n.contains("more severe (high over medium)"));
    }

    @Test
    void theSameProposalFromSeveralFindingsIsOneStepNamingThemAll() {
        Plan plan = plan(
                finding("ECN_DISABLED_ON_ROCE_PRIO", "high", "ecn-enable", "device", "ens1f0np0", "priority", "3"),
                finding("PFC_DOMINATES_ECN", "medium", "ecn-enable", "device", "ens1f0np0", "priority", "3"),
                finding("CNP_LOOP_BROKEN", "high", "ecn-enable", "device", "ens1f0np0", "priority", "3"));
        assertThat(plan.steps()).singleElement().satisfies(s -> {
            assertThat(s.because()).containsExactly("CNP_LOOP_BROKEN", "ECN_DISABLED_ON_ROCE_PRIO", "PFC_DOMINATES_ECN");
            assertThat(s.changes()).hasSize(2);
        });
    }

    @Test
    void ringSizeConflictKeepsTheMoreSevereFindingsValueAndSaysWhy() {
        Plan plan = plan(
                finding("TRAP_RING_INFLATED", "medium", "rings-rx-size", "device", "ens1f0np0", "rx", "1024", "current", "8192"),
                finding("RX_BUFFER_EXHAUSTED", "high", "rings-rx-size", "device", "ens1f0np0", "rx", "8192", "current", "1024"));
        Plan.Step step = plan.steps().get(0);
        assertThat(plan.steps()).hasSize(1);
        assertThat(step.apply()).containsExactly("ethtool -G ens1f0np0 rx 8192");
        assertThat(step.notes()).anyMatch(n -> n.contains("RX_BUFFER_EXHAUSTED wants RX ring size of ens1f0np0 = 8192")
                && n.contains("TRAP_RING_INFLATED wants 1024") && n.contains("kept 8192"));
    }

    @Test
    void hostAndSwitchPfcAreOneStepSwitchFirstWithAWarning() {
        Plan plan = plan(
                finding("PFC_PRIORITY_MISMATCH", "high", "host-pfc-priority", "device", "ens1f0np0", "priorities", "3",
                        "current", "3,4"),
                finding("PFC_PRIORITY_MISMATCH", "high", "switch-pfc-priority", "switch", "leaf-1", "platform", "sonic",
                        "switch_port", "Ethernet0", "priorities", "3"));
        Plan.Step step = plan.steps().get(0);
        assertThat(plan.steps()).hasSize(1);
        assertThat(step.actions()).containsExactly("switch-pfc-priority", "host-pfc-priority");
        assertThat(step.layer()).isEqualTo("host-qos");
        assertThat(step.apply().get(0)).isEqualTo("# on switch leaf-1 (sonic)");
        String hostLine = "pfc_write ens1f0np0 3   # a function of the plan's scripts: ./apply.sh --execute --step 1";
        assertThat(step.apply()).contains("sudo config interface pfc priority Ethernet0 3 on", hostLine);
        assertThat(step.apply().indexOf(hostLine))
                .isGreaterThan(step.apply().indexOf("sudo config interface pfc priority Ethernet0 3 on"));
        assertThat(step.notes()).anyMatch(n -> n.contains("switch side first") && n.contains("may pause or drop"));
        assertThat(step.rollback()).first().isEqualTo("pfc_write ens1f0np0 3,4   # a function of the plan's scripts: ./rollback.sh --step 1");
        assertThat(step.switches()).singleElement().extracting(Plan.SwitchPart::name).isEqualTo("leaf-1");
    }

    @Test
    void anEosSwitchStepIsItsCliLinesAndRollsBackToTheSavedConfiguration() {
        Plan plan = plan(finding("SWITCH_PFC_WATCHDOG_OFF", "high", "switch-pfc-watchdog-enable", "switch", "leaf-5",
                "platform", "eos", "switch_port", "Ethernet8/1", "priorities", "3"));
        Plan.Step step = plan.steps().get(0);
        assertThat(step.apply()).containsSubsequence("# on switch leaf-5 (eos)", "copy running-config flash:roce-doctor-before-step-1.cfg",
                "configure", "interface Ethernet8/1", "priority-flow-control pause watchdog", "end");
        assertThat(step.rollback()).containsExactly("# on switch leaf-5 (eos)", "configure replace flash:roce-doctor-before-step-1.cfg");
    }

    /**
     * nv unset of a whole hash would also reset the fields the step never touched (an ipv6-label or
     * inner-source-port someone enabled): the rollback puts back only the four L4 fields it set.
     */
    @Test
    void anNvueHashStepRollsBackTheL4FieldsItSetToTheirSavedValuesAndNothingElse() {
        Plan plan = plan(finding("SWITCH_ECMP_HASH_NO_L4", "medium", "switch-ecmp-hash-l4", "switch", "leaf-3", "platform", "nvue"));
        Plan.Step step = plan.steps().get(0);
        assertThat(step.apply()).contains("nv show system forwarding > roce-doctor-before-step-1.txt");
        assertThat(step.rollback()).containsExactly("# on switch leaf-3 (nvue)",
                "nv set system forwarding ecmp-hash source-port <its value in roce-doctor-before-step-1.txt>",
                "nv set system forwarding ecmp-hash destination-port <its value in roce-doctor-before-step-1.txt>",
                "nv set system forwarding lag-hash source-port <its value in roce-doctor-before-step-1.txt>",
                "nv set system forwarding lag-hash destination-port <its value in roce-doctor-before-step-1.txt>",
                "nv config apply -y");
    }

    /**
     * nv unset put PFC back to the NOS default, not to what someone had configured: the rollback
     * sets the saved priorities back and removes only the ones the saved view did not list.
     */
    @Test
    void anNvuePfcStepRestoresTheSavedPrioritiesAndRemovesOnlyThoseItTurnedOn() {
        Plan.Step step = plan(finding("PFC_PRIORITY_MISMATCH", "high", "switch-pfc-priority", "switch", "leaf-3",
                "platform", "nvue", "switch_port", "swp12", "priorities", "3,4")).steps().get(0);
        assertThat(step.apply()).startsWith("# on switch leaf-3 (nvue)", "nv show qos pfc default-global > roce-doctor-before-step-1.txt");
        assertThat(step.rollback()).containsExactly("# on switch leaf-3 (nvue)",
                "nv set qos pfc default-global switch-priority <the switch-priority in roce-doctor-before-step-1.txt; skip when it shows none>",
                "nv unset qos pfc default-global switch-priority 3   # only if roce-doctor-before-step-1.txt does not list 3: the step turned it on",
                "nv unset qos pfc default-global switch-priority 4   # only if roce-doctor-before-step-1.txt does not list 4: the step turned it on",
                "nv config apply -y");
    }

    /** Turning every priority of the step off would also turn off the ones that were lossless before it. */
    @Test
    void aSonicPfcStepTurnsOffOnlyThePrioritiesTheSavedViewDidNotList() {
        Plan.Step step = plan(finding("PFC_PRIORITY_MISMATCH", "high", "switch-pfc-priority", "switch", "leaf-1",
                "platform", "sonic", "switch_port", "Ethernet0", "priorities", "3")).steps().get(0);
        assertThat(step.apply()).startsWith("# on switch leaf-1 (sonic)", "pfc show priority Ethernet0 > roce-doctor-before-step-1.txt");
        assertThat(step.rollback()).containsExactly("# on switch leaf-1 (sonic)",
                "sudo config interface pfc priority Ethernet0 3 off   # only if roce-doctor-before-step-1.txt does not list 3: the step turned it on");
    }

    @Test
    void anNvueTrustStepRestoresTheSavedTrustMode() {
        Plan.Step step = plan(finding("TRUST_MODE_MISMATCH", "high", "switch-trust-dscp", "switch", "leaf-3",
                "platform", "nvue", "switch_port", "swp12")).steps().get(0);
        assertThat(step.apply()).startsWith("# on switch leaf-3 (nvue)", "nv show qos mapping default-global > roce-doctor-before-step-1.txt");
        assertThat(step.rollback()).containsExactly("# on switch leaf-3 (nvue)",
                "nv set qos mapping default-global trust <the trust in roce-doctor-before-step-1.txt>", "nv config apply -y");
    }

    @Test
    void anNvueDscpMapStepRestoresTheSavedSwitchPriorityOfThatDscpOnly() {
        Plan.Step step = plan(finding("DSCP_MAP_MISMATCH", "high", "switch-dscp-map", "switch", "leaf-3",
                "platform", "nvue", "dscp", "26", "priority", "3")).steps().get(0);
        assertThat(step.apply()).startsWith("# on switch leaf-3 (nvue)",
                "nv show qos mapping default-global dscp 26 > roce-doctor-before-step-1.txt");
        assertThat(step.rollback()).containsExactly("# on switch leaf-3 (nvue)",
                "nv set qos mapping default-global dscp 26 switch-priority <the switch-priority in roce-doctor-before-step-1.txt>",
                "nv config apply -y");
    }

    /** The step changes two global watchdog timers and the port's watchdog: all three come back. */
    @Test
    void anNvueWatchdogStepRestoresTheSavedTimersAndTurnsThePortsWatchdogOffOnlyIfItWasOff() {
        Plan.Step step = plan(finding("SWITCH_PFC_WATCHDOG_OFF", "high", "switch-pfc-watchdog-enable", "switch", "leaf-3",
                "platform", "nvue", "switch_port", "swp12", "priorities", "3")).steps().get(0);
        assertThat(step.apply()).startsWith("# on switch leaf-3 (nvue)", "nv show qos pfc-watchdog > roce-doctor-before-step-1.txt",
                "nv show interface swp12 qos pfc-watchdog >> roce-doctor-before-step-1.txt");
        assertThat(step.rollback()).containsExactly("# on switch leaf-3 (nvue)",
                "nv set qos pfc-watchdog polling-interval <its value in roce-doctor-before-step-1.txt>",
                "nv set qos pfc-watchdog robustness <its value in roce-doctor-before-step-1.txt>",
                "nv unset interface swp12 qos pfc-watchdog   # only if roce-doctor-before-step-1.txt shows the watchdog off on swp12: the step turned it on",
                "nv config apply -y");
    }

    /** pfcwd stop would also remove a watchdog the port had before, with its own action and times. */
    @Test
    void aSonicWatchdogStepRollsBackToTheSavedConfiguration() {
        Plan.Step step = plan(finding("SWITCH_PFC_WATCHDOG_OFF", "high", "switch-pfc-watchdog-enable", "switch", "leaf-1",
                "platform", "sonic", "switch_port", "Ethernet0", "priorities", "3")).steps().get(0);
        assertThat(step.apply()).startsWith("# on switch leaf-1 (sonic)", "show runningconfiguration all > roce-doctor-before-step-1.json");
        assertThat(step.rollback()).containsExactly("# on switch leaf-1 (sonic)", "sudo config replace roce-doctor-before-step-1.json");
    }

    @Test
    void anNvueEcnStepRestoresTheSavedThresholdsOfItsTrafficClassOrRemovesTheClassItCreated() {
        Plan.Step step = plan(finding("SWITCH_ECN_ABOVE_XOFF", "high", "switch-ecn-thresholds", "switch", "leaf-3",
                "platform", "nvue", "switch_port", "swp12", "priority", "3")).steps().get(0);
        assertThat(step.apply()).startsWith("# on switch leaf-3 (nvue)",
                "nv show qos congestion-control default-global > roce-doctor-before-step-1.txt");
        assertThat(step.rollback()).containsExactly("# on switch leaf-3 (nvue)",
                "nv set qos congestion-control default-global traffic-class 3 min-threshold <its value in roce-doctor-before-step-1.txt>",
                "nv set qos congestion-control default-global traffic-class 3 max-threshold <its value in roce-doctor-before-step-1.txt>",
                "nv set qos congestion-control default-global traffic-class 3 probability <its value in roce-doctor-before-step-1.txt>",
                "nv unset qos congestion-control default-global traffic-class 3   # instead of the three lines above, only if"
                        + " roce-doctor-before-step-1.txt shows no traffic-class 3: the step created it",
                "nv config apply -y");
    }

    /** The headroom step also sets the RoCE mode: both the headroom and the mode come back. */
    @Test
    void anNvueHeadroomStepRestoresTheSavedHeadroomAndRoceMode() {
        Plan.Step step = plan(finding("SWITCH_HEADROOM_SHORT", "high", "switch-headroom-size", "switch", "leaf-3",
                "platform", "nvue", "switch_port", "swp12", "size", "90000")).steps().get(0);
        assertThat(step.apply()).startsWith("# on switch leaf-3 (nvue)", "nv show qos roce > roce-doctor-before-step-1.txt",
                "nv show qos advance-buffer-config default-global >> roce-doctor-before-step-1.txt");
        assertThat(step.rollback()).containsExactly("# on switch leaf-3 (nvue)",
                "nv set qos advance-buffer-config default-global ingress-lossless-buffer headroom <its value in roce-doctor-before-step-1.txt>",
                "nv unset qos advance-buffer-config default-global ingress-lossless-buffer headroom   # instead of the line above, only if"
                        + " roce-doctor-before-step-1.txt shows no ingress-lossless-buffer headroom: the step set it",
                "nv set qos roce mode <the RoCE mode in roce-doctor-before-step-1.txt>",
                "nv unset qos roce   # instead of the line above, only if roce-doctor-before-step-1.txt shows RoCE not enabled: the step enabled it",
                "nv config apply -y");
    }

    /** pfc_read exists only inside apply.sh: the hint shows what a person types, the script still reads with pfc_read. */
    @Test
    void theVerifyHintIsARealCommandWhileTheScriptKeepsItsHelper() {
        Plan.Step step = plan(finding("PFC_NOT_ON_ROCE_PRIO", "high", "host-pfc-priority", "device", "ens1f0np0",
                "priorities", "3", "current", "")).steps().get(0);
        assertThat(step.verify()).contains("mlnx_qos -i ens1f0np0 || dcb pfc show dev ens1f0np0   # expect 3");
        assertThat(step.verify()).noneMatch(l -> l.contains("pfc_read"));
        assertThat(step.changes()).singleElement().extracting(Plan.Change::read).isEqualTo("pfc_read ens1f0np0");
    }

    @Test
    void aSwitchActionWithoutCommandsForThePlatformIsRefusedNotGuessed() {
        Plan plan = plan(finding("SWITCH_HEADROOM_SHORT", "high", "switch-headroom-size", "switch", "leaf-5", "platform", "eos",
                "switch_port", "Ethernet8/1", "size", "90000"));
        assertThat(plan.steps()).isEmpty();
        assertThat(plan.refusals()).singleElement().satisfies(r -> assertThat(r.reason()).contains("no eos commands"));
    }

    @Test
    void hostTrustWithoutASwitchDumpWarnsToCheckTheSwitchByHand() {
        Plan plan = plan(finding("TRUST_MODE_MISMATCH", "high", "host-trust-dscp", "device", "ens1f0np0", "current", "pcp"));
        assertThat(plan.steps().get(0).notes()).anyMatch(n -> n.contains("switch-trust-dscp") && n.contains("by hand"));
    }

    @Test
    void rollbackUsesTheSnapshotsValueAndSaysWhenItHasNone() {
        Plan plan = plan(
                finding("HASH_SINGLE_PATH_CONCENTRATION", "critical", "bond-xmit-hash-layer34", "bond", "bond0", "current", "layer2+3"),
                finding("IRQ_CROSS_NUMA", "high", "irq-affinity-local-numa", "nic", "0000:3b:00", "device", "ens1f0np0",
                        "irqs", "142,143", "cpus", "24-31"));
        Plan.Step irq = plan.steps().get(0);
        Plan.Step bond = plan.steps().get(1);
        assertThat(bond.rollback()).containsExactly("echo layer2+3 > /sys/class/net/bond0/bonding/xmit_hash_policy");
        assertThat(bond.notes()).isEmpty();
        assertThat(irq.rollback()).containsExactly(
                "# /proc/irq/143/smp_affinity_list: restore the value apply.sh recorded (the snapshot lacks it)",
                "echo 0-3 > /proc/irq/142/smp_affinity_list");
        assertThat(irq.notes()).anyMatch(n -> n.contains("lacks the prior value of /proc/irq/143/smp_affinity_list"));
    }

    @Test
    void manualActionsCarryInstructionsNotChanges() {
        Plan plan = plan(finding("PCIE_CEILING_BELOW_PORTS", "high", "pcie-move-nic-slot", "nic", "0000:3b:00", "pci", "0000:3b:00.0"));
        Plan.Step step = plan.steps().get(0);
        assertThat(step.manual()).isTrue();
        assertThat(step.changes()).isEmpty();
        assertThat(step.apply()).anyMatch(l -> l.contains("Gen4 x16"));
        assertThat(step.rollback()).isNotEmpty();
    }

    @Test
    void everyHostileValueOfEveryParameterIsRefusedAndNeverReachesAStep() throws IOException {
        List<Finding> findings = new ArrayList<>();
        int expected = 0;
        for (String id : CatalogSamples.ids()) {
            ActionSpec spec = CatalogSamples.read(id);
            for (Map.Entry<String, String> p : spec.parameters().entrySet()) {
                for (List<String> values : ParameterTypeTest.HOSTILE.values()) {
                    for (String v : values) {
                        if (v.isEmpty() && p.getValue().equals("priority-list")) {
                            continue;
                        }
                        findings.add(CatalogSamples.proposing("HOSTILE", "high", spec, p.getKey(), v));
                        expected++;
                    }
                }
            }
        }
        Plan plan = plan(findings.toArray(Finding[]::new));
        assertThat(plan.steps()).isEmpty();
        assertThat(plan.refusals()).hasSize(expected).allSatisfy(r -> assertThat(r.reason()).startsWith("parameter "));
    }

    @Test
    void unknownActionsAndUndeclaredOrMissingParametersAreRefused() {
        Plan plan = plan(
                finding("X", "high", "format-the-disk", "device", "sda"),
                finding("Y", "high", "ecn-enable", "device", "ens1f0np0", "priority", "3", "extra", "1"),
                finding("Z", "high", "ecn-enable", "device", "ens1f0np0"));
        assertThat(plan.steps()).isEmpty();
        assertThat(plan.refusals()).extracting(Plan.Refusal::reason).containsExactly(
                "the action catalog has no such action",
                "parameter 'extra' is not declared by the catalog",
                "parameter priority is missing");
    }
}
