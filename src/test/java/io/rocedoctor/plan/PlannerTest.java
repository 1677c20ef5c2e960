package io.rocedoctor.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.engine.Diagnosis;
import io.rocedoctor.engine.Finding;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Given findings and their proposals, the plan's steps, their order, merges, conflicts and refusals. */
class PlannerTest {
    private final Planner planner = new Planner(new ActionCatalog());

    private Plan plan(Finding... findings) {
        return planner.plan(
                new Diagnosis(List.of(findings), List.of(), List.of(), List.of()),
                new Snapshot("gpu-node-17", Map.of("/proc/irq/142/smp_affinity_list", "0-3")));
    }

    private static Finding finding(String id, String severity, String action, String... params) {
        return Finding.of(id, "subject")
                .severity(severity)
                .action(action, params)
                .build();
    }

    private static List<String> ids(Plan plan) {
        return plan.steps().stream().map(Plan.Step::id).toList();
    }

    @Test
    void stepsFollowTheLayersWhateverOrderTheFindingsCameIn() {
        Plan plan = plan(
                finding("TRUST_MODE_MISMATCH", "high", "host-trust-dscp", "device", "ens1f0np0", "current", "pcp"),
                finding("ECN_DISABLED_ON_ROCE_PRIO", "high", "ecn-enable", "device", "ens1f0np0", "priority", "3"),
                finding(
                        "HASH_SINGLE_PATH_CONCENTRATION",
                        "critical",
                        "bond-xmit-hash-layer34",
                        "bond",
                        "bond0",
                        "current",
                        "layer2+3"),
                finding(
                        "BUSY_POLL_OFF",
                        "low",
                        "sysctl-busy-poll",
                        "key",
                        "net.core.busy_poll",
                        "value",
                        "50",
                        "current",
                        "0"),
                finding(
                        "IRQ_CROSS_NUMA",
                        "high",
                        "irq-affinity-local-numa",
                        "nic",
                        "0000:3b:00",
                        "device",
                        "ens1f0np0",
                        "irqs",
                        "142",
                        "cpus",
                        "24-31"),
                finding(
                        "RSS_HASH_NO_L4",
                        "medium",
                        "rss-hash-l4",
                        "device",
                        "ens1f0np0",
                        "flow",
                        "udp4",
                        "current",
                        "sd"),
                finding("PCIE_LINK_DOWNGRADED", "high", "pcie-reseat-nic", "nic", "0000:3b:00", "pci", "0000:3b:00.0"),
                finding("PHY_FEC_OFF", "medium", "phy-enable-rs-fec", "device", "ens1f0np0", "current", "Off"));
        assertThat(ids(plan))
                .containsExactly(
                        "phy-enable-rs-fec",
                        "pcie-reseat-nic",
                        "rss-hash-l4",
                        "irq-affinity-local-numa",
                        "sysctl-busy-poll",
                        "bond-xmit-hash-layer34",
                        "ecn-enable",
                        "host-trust-dscp");
        assertThat(plan.steps()).extracting(Plan.Step::step).containsExactly(1, 2, 3, 4, 5, 6, 7, 8);
        assertThat(plan.refusals()).isEmpty();
    }

    @Test
    void irqbalanceBansBeforeAffinityAndTrustBeforePfc() {
        Plan plan = plan(
                finding(
                        "IRQ_CROSS_NUMA",
                        "high",
                        "irq-affinity-local-numa",
                        "nic",
                        "0000:3b:00",
                        "device",
                        "ens1f0np0",
                        "irqs",
                        "142",
                        "cpus",
                        "24-31"),
                finding("IRQBALANCE_ACTIVE", "low", "irqbalance-ban-irqs", "irqs", "142"),
                finding(
                        "PFC_NOT_ON_ROCE_PRIO",
                        "high",
                        "host-pfc-priority",
                        "device",
                        "ens1f0np0",
                        "priorities",
                        "3",
                        "current",
                        ""),
                finding("TRUST_MODE_MISMATCH", "high", "host-trust-dscp", "device", "ens1f0np0", "current", "pcp"));
        assertThat(ids(plan))
                .containsExactly(
                        "irqbalance-ban-irqs", "irq-affinity-local-numa", "host-trust-dscp", "host-pfc-priority");
    }

    @Test
    void oneAffinityStepPerNicWhateverTheFindings() {
        Plan plan = plan(
                finding(
                        "IRQ_CROSS_NUMA",
                        "high",
                        "irq-affinity-local-numa",
                        "nic",
                        "0000:3b:00",
                        "device",
                        "ens1f0np0",
                        "irqs",
                        "142",
                        "cpus",
                        "24-31"),
                finding(
                        "IRQ_CONCENTRATED",
                        "medium",
                        "irq-affinity-spread",
                        "nic",
                        "0000:3b:00",
                        "device",
                        "ens1f0np0",
                        "irqs",
                        "142,143",
                        "cpus",
                        "26-27"),
                finding(
                        "IRQ_CROSS_NUMA",
                        "high",
                        "irq-affinity-local-numa",
                        "nic",
                        "0000:af:00",
                        "device",
                        "ens2f0np0",
                        "irqs",
                        "200",
                        "cpus",
                        "0-7"));
        assertThat(plan.steps()).hasSize(2);
        Plan.Step first = plan.steps().stream()
                .filter(s -> s.target().get("nic").equals("0000:3b:00"))
                .findFirst()
                .orElseThrow();
        assertThat(first.because()).containsExactly("IRQ_CONCENTRATED", "IRQ_CROSS_NUMA");
        // Both spread one IRQ per CPU over their lists; IRQ 142 is dealt 24 by one and 26 by the other.
        assertThat(first.apply())
                .containsExactly(
                        "echo 24 > /proc/irq/142/smp_affinity_list", "echo 27 > /proc/irq/143/smp_affinity_list");
        assertThat(first.notes())
                .anyMatch(n -> n.startsWith("conflict: IRQ_CROSS_NUMA wants /proc/irq/142/smp_affinity_list = 24,")
                        && n.contains("more severe (high over medium)"));
    }

    @Test
    void theSameProposalFromSeveralFindingsIsOneStepNamingThemAll() {
        Plan plan = plan(
                finding("ECN_DISABLED_ON_ROCE_PRIO", "high", "ecn-enable", "device", "ens1f0np0", "priority", "3"),
                finding("PFC_DOMINATES_ECN", "medium", "ecn-enable", "device", "ens1f0np0", "priority", "3"),
                finding("CNP_LOOP_BROKEN", "high", "ecn-enable", "device", "ens1f0np0", "priority", "3"));
        assertThat(plan.steps()).singleElement().satisfies(s -> {
            assertThat(s.because())
                    .containsExactly("CNP_LOOP_BROKEN", "ECN_DISABLED_ON_ROCE_PRIO", "PFC_DOMINATES_ECN");
            assertThat(s.changes()).hasSize(2);
        });
    }

    @Test
    void ringSizeConflictKeepsTheMoreSevereFindingsValueAndSaysWhy() {
        Plan plan = plan(
                finding(
                        "TRAP_RING_INFLATED",
                        "medium",
                        "rings-rx-size",
                        "device",
                        "ens1f0np0",
                        "rx",
                        "1024",
                        "current",
                        "8192"),
                finding(
                        "RX_BUFFER_EXHAUSTED",
                        "high",
                        "rings-rx-size",
                        "device",
                        "ens1f0np0",
                        "rx",
                        "8192",
                        "current",
                        "1024"));
        Plan.Step step = plan.steps().get(0);
        assertThat(plan.steps()).hasSize(1);
        assertThat(step.apply()).containsExactly("ethtool -G ens1f0np0 rx 8192");
        assertThat(step.notes())
                .anyMatch(n -> n.contains("RX_BUFFER_EXHAUSTED wants RX ring size of ens1f0np0 = 8192")
                        && n.contains("TRAP_RING_INFLATED wants 1024")
                        && n.contains("kept 8192"));
    }

    @Test
    void hostAndSwitchPfcAreOneStepSwitchFirstWithAWarning() {
        Plan plan = plan(
                finding(
                        "PFC_PRIORITY_MISMATCH",
                        "high",
                        "host-pfc-priority",
                        "device",
                        "ens1f0np0",
                        "priorities",
                        "3",
                        "current",
                        "3,4"),
                finding(
                        "PFC_PRIORITY_MISMATCH",
                        "high",
                        "switch-pfc-priority",
                        "switch",
                        "leaf-1",
                        "platform",
                        "sonic",
                        "switch_port",
                        "Ethernet0",
                        "priorities",
                        "3"));
        Plan.Step step = plan.steps().get(0);
        assertThat(plan.steps()).hasSize(1);
        assertThat(step.actions()).containsExactly("switch-pfc-priority", "host-pfc-priority");
        assertThat(step.layer()).isEqualTo("host-qos");
        assertThat(step.apply().get(0)).isEqualTo("# on switch leaf-1 (sonic)");
        String hostLine = "pfc_write ens1f0np0 3   # a function of the plan's scripts: ./apply.sh --execute --step 1";
        String switchLine = "sudo sonic-db-cli CONFIG_DB hset 'PORT_QOS_MAP|'Ethernet0 pfc_enable 3";
        assertThat(step.apply()).contains(switchLine, hostLine);
        assertThat(step.apply().indexOf(hostLine)).isGreaterThan(step.apply().indexOf(switchLine));
        assertThat(step.notes()).anyMatch(n -> n.contains("switch side first") && n.contains("may pause or drop"));
        assertThat(step.rollback())
                .first()
                .isEqualTo("pfc_write ens1f0np0 3,4   # a function of the plan's scripts: ./rollback.sh --step 1");
        assertThat(step.switches())
                .singleElement()
                .extracting(Plan.SwitchPart::name)
                .isEqualTo("leaf-1");
    }

    @Test
    void anEosSwitchStepIsItsCliLinesSavedToStartupAndRollsBackToTheSavedConfiguration() {
        Plan plan = plan(finding(
                "SWITCH_PFC_WATCHDOG_OFF",
                "high",
                "switch-pfc-watchdog-enable",
                "switch",
                "leaf-5",
                "platform",
                "eos",
                "switch_port",
                "Ethernet8/1",
                "priorities",
                "3"));
        Plan.Step step = plan.steps().get(0);
        assertThat(step.apply())
                .containsSubsequence(
                        "# on switch leaf-5 (eos)",
                        "copy running-config flash:roce-doctor-before-step-1.cfg",
                        "configure",
                        "interface Ethernet8/1",
                        "priority-flow-control pause watchdog",
                        "end",
                        "write memory");
        assertThat(step.apply())
                .as("no switch-wide watchdog timer in a one-port step")
                .noneMatch(l -> l.startsWith("priority-flow-control pause watchdog default"));
        assertThat(step.rollback())
                .containsExactly(
                        "# on switch leaf-5 (eos)",
                        "configure replace flash:roce-doctor-before-step-1.cfg",
                        "write memory");
    }

    /**
     * EOS no-drop only adds a priority: the port's other no-drop priorities from the dump are set back
     * to drop, so the lossless set is exactly the wanted one; a wanted priority already no-drop is not
     * dropped on the way. Rollback replaces the saved configuration, which holds the old set.
     */
    @Test
    void anEosPfcStepDropsThePortsOtherNoDropPrioritiesAndKeepsTheWantedOnes() {
        Plan.Step step = plan(finding(
                        "PFC_PRIORITY_MISMATCH",
                        "critical",
                        "switch-pfc-priority",
                        "switch",
                        "leaf-5",
                        "platform",
                        "eos",
                        "switch_port",
                        "Ethernet8/1",
                        "priorities",
                        "3",
                        "current",
                        "3,4"))
                .steps()
                .get(0);
        assertThat(step.apply())
                .containsExactly(
                        "# on switch leaf-5 (eos)",
                        "copy running-config flash:roce-doctor-before-step-1.cfg",
                        "configure",
                        "interface Ethernet8/1",
                        "priority-flow-control on",
                        "priority-flow-control priority 3 no-drop",
                        "priority-flow-control priority 4 drop",
                        "end",
                        "write memory");
        assertThat(step.rollback())
                .containsExactly(
                        "# on switch leaf-5 (eos)",
                        "configure replace flash:roce-doctor-before-step-1.cfg",
                        "write memory");
    }

    @Test
    void anEosPfcStepOnAPortWithNoLosslessPriorityOnlyAddsTheWantedOnes() {
        Plan.Step step = plan(finding(
                        "PFC_PRIORITY_MISMATCH",
                        "critical",
                        "switch-pfc-priority",
                        "switch",
                        "leaf-5",
                        "platform",
                        "eos",
                        "switch_port",
                        "Ethernet8/1",
                        "priorities",
                        "3,4",
                        "current",
                        ""))
                .steps()
                .get(0);
        assertThat(step.apply())
                .contains("priority-flow-control priority 3 no-drop", "priority-flow-control priority 4 no-drop")
                .noneMatch(l -> l.endsWith(" drop") && !l.endsWith("no-drop"));
    }

    /** A caveat of one platform's commands is told on that platform's steps only. */
    @Test
    void aPlatformsNoteComesWithThatPlatformsStepOnly() {
        Plan.Step nvue = plan(finding(
                        "PFC_PRIORITY_MISMATCH",
                        "critical",
                        "switch-pfc-priority",
                        "switch",
                        "leaf-5",
                        "platform",
                        "nvue",
                        "switch_port",
                        "swp8",
                        "priorities",
                        "3"))
                .steps()
                .get(0);
        Plan.Step sonic = plan(finding(
                        "PFC_PRIORITY_MISMATCH",
                        "critical",
                        "switch-pfc-priority",
                        "switch",
                        "leaf-5",
                        "platform",
                        "sonic",
                        "switch_port",
                        "Ethernet8",
                        "priorities",
                        "3"))
                .steps()
                .get(0);
        assertThat(nvue.notes())
                .anyMatch(n -> n.startsWith("The new PFC profile of swp8 starts from the values NVUE derives"));
        assertThat(sonic.notes())
                .noneMatch(n -> n.contains("NVUE derives"))
                .anyMatch(n -> n.contains("needs headroom"));
    }

    /**
     * A switch whose lossless class (4) differs from the host's (3): DSCP_MAP_MISMATCH would move RoCE's DSCP
     * to 4 while PFC_PRIORITY_MISMATCH moves PFC to 3; both steps together leave RoCE lossy. On every
     * platform one step stays, the more severe finding's, and says why the other is not in the plan.
     */
    @ParameterizedTest
    @ValueSource(strings = {"sonic", "nvue", "eos"})
    void stepsThatUndoEachOtherOnOneSwitchLeaveOneWithAConflictNote(String platform) {
        Plan plan = plan(
                finding(
                        "DSCP_MAP_MISMATCH",
                        "high",
                        "switch-dscp-map",
                        "switch",
                        "leaf-5",
                        "platform",
                        platform,
                        "dscp_map",
                        "RDMA",
                        "dscp",
                        "26",
                        "priority",
                        "4"),
                finding(
                        "PFC_PRIORITY_MISMATCH",
                        "critical",
                        "switch-pfc-priority",
                        "switch",
                        "leaf-5",
                        "platform",
                        platform,
                        "switch_port",
                        "Ethernet8",
                        "priorities",
                        "3",
                        "current",
                        "4"));
        assertThat(ids(plan)).containsExactly("switch-pfc-priority");
        assertThat(plan.steps().get(0).notes())
                .anyMatch(n -> n.startsWith("conflict: DSCP_MAP_MISMATCH wants 'Map DSCP 26 to priority 4")
                        && n.contains("both set the lossless priority of RoCE on leaf-5, to 4 and to 3")
                        && n.contains("kept this step because PFC_PRIORITY_MISMATCH is more severe"));
        assertThat(plan.refusals()).isEmpty();
    }

    @Test
    void nearMissStepsThatAgreeOnTheLosslessPriorityOrSitOnOtherSwitchesBothStay() {
        Finding pfc = finding(
                "PFC_PRIORITY_MISMATCH",
                "critical",
                "switch-pfc-priority",
                "switch",
                "leaf-5",
                "platform",
                "sonic",
                "switch_port",
                "Ethernet8",
                "priorities",
                "3,4");
        Plan agreeing = plan(
                pfc,
                finding(
                        "DSCP_MAP_MISMATCH",
                        "high",
                        "switch-dscp-map",
                        "switch",
                        "leaf-5",
                        "platform",
                        "sonic",
                        "dscp_map",
                        "RDMA",
                        "dscp",
                        "26",
                        "priority",
                        "4"));
        assertThat(ids(agreeing)).containsExactlyInAnyOrder("switch-dscp-map", "switch-pfc-priority");
        Plan elsewhere = plan(
                pfc,
                finding(
                        "DSCP_MAP_MISMATCH",
                        "high",
                        "switch-dscp-map",
                        "switch",
                        "leaf-6",
                        "platform",
                        "sonic",
                        "dscp_map",
                        "RDMA",
                        "dscp",
                        "26",
                        "priority",
                        "2"));
        assertThat(ids(elsewhere)).containsExactlyInAnyOrder("switch-dscp-map", "switch-pfc-priority");
        assertThat(elsewhere.steps())
                .allSatisfy(st -> assertThat(st.notes()).noneMatch(n -> n.startsWith("conflict:")));
    }

    /** Without the port's current set the EOS step cannot be exact: it is refused, not guessed. */
    @Test
    void anEosPfcProposalWithoutThePortsCurrentSetIsRefused() {
        Plan plan = plan(finding(
                "PFC_PRIORITY_MISMATCH",
                "critical",
                "switch-pfc-priority",
                "switch",
                "leaf-5",
                "platform",
                "eos",
                "switch_port",
                "Ethernet8/1",
                "priorities",
                "3"));
        assertThat(plan.steps()).isEmpty();
        assertThat(plan.refusals())
                .singleElement()
                .extracting(Plan.Refusal::reason)
                .asString()
                .contains("parameter current is missing");
    }

    /**
     * nv unset of a whole hash would also reset the fields the step never touched (an ipv6-label or
     * inner-source-port someone enabled): the rollback puts back only the four L4 fields it set.
     */
    @Test
    void anNvueHashStepRollsBackTheL4FieldsItSetToTheirSavedValuesAndNothingElse() {
        Plan plan = plan(finding(
                "SWITCH_ECMP_HASH_NO_L4", "medium", "switch-ecmp-hash-l4", "switch", "leaf-3", "platform", "nvue"));
        Plan.Step step = plan.steps().get(0);
        assertThat(step.apply()).contains("nv show system forwarding > roce-doctor-before-step-1.txt");
        assertThat(step.rollback())
                .containsExactly(
                        "# on switch leaf-3 (nvue)",
                        "nv set system forwarding ecmp-hash source-port <its value in roce-doctor-before-step-1.txt>",
                        "nv set system forwarding ecmp-hash destination-port <its value in roce-doctor-before-step-1.txt>",
                        "nv set system forwarding lag-hash source-port <its value in roce-doctor-before-step-1.txt>",
                        "nv set system forwarding lag-hash destination-port <its value in roce-doctor-before-step-1.txt>",
                        "nv config apply -y",
                        "nv config save");
    }

    /**
     * default-global is every port's PFC, and nv set of switch-priority adds to what it holds: the
     * port gets a profile of its own holding exactly the wanted priorities, and rollback binds back
     * the profile it had and removes the new one.
     */
    @Test
    void anNvuePfcStepBindsAProfileOfThePortsOwnWithExactlyThePriorities() {
        Plan.Step step = plan(finding(
                        "PFC_PRIORITY_MISMATCH",
                        "high",
                        "switch-pfc-priority",
                        "switch",
                        "leaf-3",
                        "platform",
                        "nvue",
                        "switch_port",
                        "swp12",
                        "priorities",
                        "3,4"))
                .steps()
                .get(0);
        assertThat(step.summary()).isEqualTo("Set the lossless (PFC) priorities of leaf-3 swp12 to exactly 3,4");
        assertThat(step.apply())
                .containsExactly(
                        "# on switch leaf-3 (nvue)",
                        "nv show interface swp12 qos pfc > roce-doctor-before-step-1.txt",
                        "nv set qos pfc roce-doctor-swp12 switch-priority 3,4",
                        "nv set interface swp12 qos pfc profile roce-doctor-swp12",
                        "nv config apply -y",
                        "nv config save");
        assertThat(step.apply()).noneMatch(l -> l.contains("default-global"));
        assertThat(step.rollback())
                .containsExactly(
                        "# on switch leaf-3 (nvue)",
                        "nv set interface swp12 qos pfc profile <the profile in roce-doctor-before-step-1.txt>",
                        "nv unset interface swp12 qos pfc profile   # instead of the line above, only if roce-doctor-before-step-1.txt"
                                + " names no profile (default-global)",
                        "nv unset qos pfc roce-doctor-swp12",
                        "nv config apply -y",
                        "nv config save");
    }

    /** config interface pfc priority N on leaves the port's other priorities on: pfc_enable is written whole. */
    @Test
    void aSonicPfcStepWritesThePortsWholeLosslessSetAndRollsBackToTheSavedConfiguration() {
        Plan.Step step = plan(finding(
                        "PFC_PRIORITY_MISMATCH",
                        "high",
                        "switch-pfc-priority",
                        "switch",
                        "leaf-1",
                        "platform",
                        "sonic",
                        "switch_port",
                        "Ethernet0",
                        "priorities",
                        "3"))
                .steps()
                .get(0);
        assertThat(step.apply())
                .containsExactly(
                        "# on switch leaf-1 (sonic)",
                        "show runningconfiguration all > roce-doctor-before-step-1.json",
                        "sudo sonic-db-cli CONFIG_DB hset 'PORT_QOS_MAP|'Ethernet0 pfc_enable 3",
                        "sudo config save -y");
        assertThat(step.rollback())
                .containsExactly(
                        "# on switch leaf-1 (sonic)",
                        "sudo config replace roce-doctor-before-step-1.json",
                        "sudo config save -y");
    }

    @Test
    void anNvueTrustStepSaysItIsSwitchWideAndRestoresTheSavedTrustMode() {
        Plan.Step step = plan(finding(
                        "TRUST_MODE_MISMATCH",
                        "high",
                        "switch-trust-dscp",
                        "switch",
                        "leaf-3",
                        "platform",
                        "nvue",
                        "switch_port",
                        "swp12"))
                .steps()
                .get(0);
        assertThat(step.summary())
                .isEqualTo("Classify traffic by DSCP on every port of leaf-3 that uses the default-global QoS mapping");
        assertThat(step.target()).doesNotContainKey("switch_port");
        assertThat(step.apply())
                .startsWith(
                        "# on switch leaf-3 (nvue)",
                        "nv show qos mapping default-global > roce-doctor-before-step-1.txt");
        assertThat(step.rollback())
                .containsExactly(
                        "# on switch leaf-3 (nvue)",
                        "nv set qos mapping default-global trust <the trust in roce-doctor-before-step-1.txt>",
                        "nv config apply -y",
                        "nv config save");
    }

    /** A global change is one step for the switch, whatever number of ports asked for it; a per-port change is one per port. */
    @Test
    void aSwitchWideChangeIsOneStepForAllItsPortsAndAPerPortChangeOnePerPort() {
        Plan nvue = plan(
                finding(
                        "TRUST_MODE_MISMATCH",
                        "high",
                        "switch-trust-dscp",
                        "switch",
                        "leaf-3",
                        "platform",
                        "nvue",
                        "switch_port",
                        "swp12"),
                Finding.of("TRUST_MODE_MISMATCH", "ens1f1np1")
                        .severity("high")
                        .action("switch-trust-dscp", "switch", "leaf-3", "platform", "nvue", "switch_port", "swp8")
                        .build());
        assertThat(nvue.steps())
                .singleElement()
                .satisfies(s -> assertThat(s.target()).containsOnlyKeys("switch", "platform"));
        Plan otherSwitch = plan(
                finding(
                        "TRUST_MODE_MISMATCH",
                        "high",
                        "switch-trust-dscp",
                        "switch",
                        "leaf-3",
                        "platform",
                        "nvue",
                        "switch_port",
                        "swp12"),
                finding(
                        "TRUST_MODE_MISMATCH",
                        "high",
                        "switch-trust-dscp",
                        "switch",
                        "leaf-4",
                        "platform",
                        "nvue",
                        "switch_port",
                        "swp12"));
        assertThat(otherSwitch.steps()).hasSize(2);
        Plan sonic = plan(
                finding(
                        "TRUST_MODE_MISMATCH",
                        "high",
                        "switch-trust-dscp",
                        "switch",
                        "leaf-1",
                        "platform",
                        "sonic",
                        "switch_port",
                        "Ethernet0",
                        "dscp_map",
                        "RDMA"),
                finding(
                        "TRUST_MODE_MISMATCH",
                        "high",
                        "switch-trust-dscp",
                        "switch",
                        "leaf-1",
                        "platform",
                        "sonic",
                        "switch_port",
                        "Ethernet4",
                        "dscp_map",
                        "RDMA"));
        assertThat(sonic.steps())
                .extracting(Plan.Step::summary)
                .containsExactly(
                        "Classify traffic from Ethernet0 of leaf-1 by DSCP",
                        "Classify traffic from Ethernet4 of leaf-1 by DSCP");
        assertThat(sonic.steps().get(0).apply())
                .contains("sudo sonic-db-cli CONFIG_DB hset 'PORT_QOS_MAP|'Ethernet0 dscp_to_tc_map RDMA");
    }

    /** The map a SONiC port uses comes from its dump; without it the step is refused, never guessed (AZURE). */
    @Test
    void aSonicDscpMapStepEditsTheMapThePortUsesAndIsRefusedWithoutIt() {
        Plan.Step step = plan(finding(
                        "DSCP_MAP_MISMATCH",
                        "high",
                        "switch-dscp-map",
                        "switch",
                        "leaf-1",
                        "platform",
                        "sonic",
                        "dscp_map",
                        "RDMA",
                        "dscp",
                        "26",
                        "priority",
                        "3"))
                .steps()
                .get(0);
        assertThat(step.summary())
                .isEqualTo("Map DSCP 26 to priority 3 in DSCP map RDMA of leaf-1 (every port using the map)");
        assertThat(step.apply()).contains("sudo sonic-db-cli CONFIG_DB hset 'DSCP_TO_TC_MAP|'RDMA 26 3");
        Plan unknown = plan(finding(
                "DSCP_MAP_MISMATCH",
                "high",
                "switch-dscp-map",
                "switch",
                "leaf-1",
                "platform",
                "sonic",
                "dscp_map",
                null,
                "dscp",
                "26",
                "priority",
                "3"));
        assertThat(unknown.steps()).isEmpty();
        assertThat(unknown.refusals())
                .singleElement()
                .satisfies(r -> assertThat(r.reason())
                        .contains("parameter dscp_map is missing")
                        .contains("sonic commands need it"));
        Plan nvue = plan(finding(
                "DSCP_MAP_MISMATCH",
                "high",
                "switch-dscp-map",
                "switch",
                "leaf-3",
                "platform",
                "nvue",
                "dscp",
                "26",
                "priority",
                "3"));
        assertThat(nvue.refusals())
                .as("NVUE names no map: its default-global is the map")
                .isEmpty();
    }

    @Test
    void anNvueDscpMapStepRestoresTheSavedSwitchPriorityOfThatDscpOnly() {
        Plan.Step step = plan(finding(
                        "DSCP_MAP_MISMATCH",
                        "high",
                        "switch-dscp-map",
                        "switch",
                        "leaf-3",
                        "platform",
                        "nvue",
                        "dscp",
                        "26",
                        "priority",
                        "3"))
                .steps()
                .get(0);
        assertThat(step.apply())
                .startsWith(
                        "# on switch leaf-3 (nvue)",
                        "nv show qos mapping default-global dscp 26 > roce-doctor-before-step-1.txt");
        assertThat(step.rollback())
                .containsExactly(
                        "# on switch leaf-3 (nvue)",
                        "nv set qos mapping default-global dscp 26 switch-priority <the switch-priority in roce-doctor-before-step-1.txt>",
                        "nv config apply -y",
                        "nv config save");
    }

    /** The polling interval and robustness are switch-wide: a one-port step leaves them alone. */
    @Test
    void anNvueWatchdogStepTouchesOnlyThePortAndTurnsItOffOnlyIfItWasOff() {
        Plan.Step step = plan(finding(
                        "SWITCH_PFC_WATCHDOG_OFF",
                        "high",
                        "switch-pfc-watchdog-enable",
                        "switch",
                        "leaf-3",
                        "platform",
                        "nvue",
                        "switch_port",
                        "swp12",
                        "priorities",
                        "3"))
                .steps()
                .get(0);
        assertThat(step.apply())
                .containsExactly(
                        "# on switch leaf-3 (nvue)",
                        "nv show interface swp12 qos pfc-watchdog > roce-doctor-before-step-1.txt",
                        "nv set interface swp12 qos pfc-watchdog",
                        "nv config apply -y",
                        "nv config save");
        assertThat(step.rollback())
                .containsExactly(
                        "# on switch leaf-3 (nvue)",
                        "nv unset interface swp12 qos pfc-watchdog   # only if roce-doctor-before-step-1.txt shows the watchdog off on swp12: the step turned it on",
                        "nv config apply -y",
                        "nv config save");
    }

    /** pfcwd stop would also remove a watchdog the port had before, with its own action and times. */
    @Test
    void aSonicWatchdogStepRollsBackToTheSavedConfiguration() {
        Plan.Step step = plan(finding(
                        "SWITCH_PFC_WATCHDOG_OFF",
                        "high",
                        "switch-pfc-watchdog-enable",
                        "switch",
                        "leaf-1",
                        "platform",
                        "sonic",
                        "switch_port",
                        "Ethernet0",
                        "priorities",
                        "3"))
                .steps()
                .get(0);
        assertThat(step.apply())
                .containsExactly(
                        "# on switch leaf-1 (sonic)",
                        "show runningconfiguration all > roce-doctor-before-step-1.json",
                        "sudo config pfcwd start --action drop Ethernet0 200 --restoration-time 200",
                        "sudo config save -y");
        assertThat(step.rollback())
                .containsExactly(
                        "# on switch leaf-1 (sonic)",
                        "sudo config replace roce-doctor-before-step-1.json",
                        "sudo config save -y");
    }

    /** One nv set per field, ECN itself enabled on the class, and one step for the switch: default-global is every port's. */
    @Test
    void anNvueEcnStepEnablesEcnOnTheTrafficClassFieldByFieldOnceForTheSwitch() {
        Plan plan = plan(
                finding(
                        "SWITCH_ECN_ABOVE_XOFF",
                        "high",
                        "switch-ecn-thresholds",
                        "switch",
                        "leaf-3",
                        "platform",
                        "nvue",
                        "switch_port",
                        "swp12",
                        "queue",
                        "3"),
                finding(
                        "SWITCH_ECN_ABOVE_XOFF",
                        "high",
                        "switch-ecn-thresholds",
                        "switch",
                        "leaf-3",
                        "platform",
                        "nvue",
                        "switch_port",
                        "swp8",
                        "queue",
                        "3"));
        Plan.Step step = plan.steps().get(0);
        assertThat(plan.steps()).hasSize(1);
        assertThat(step.summary()).contains("every port of leaf-3").doesNotContain("swp");
        assertThat(step.apply())
                .containsExactly(
                        "# on switch leaf-3 (nvue)",
                        "nv show qos congestion-control default-global > roce-doctor-before-step-1.txt",
                        "nv set qos congestion-control default-global traffic-class 3 ecn enable",
                        "nv set qos congestion-control default-global traffic-class 3 min-threshold 150000",
                        "nv set qos congestion-control default-global traffic-class 3 max-threshold 1500000",
                        "nv set qos congestion-control default-global traffic-class 3 probability 5",
                        "nv config apply -y",
                        "nv config save");
        assertThat(step.rollback())
                .contains(
                        "nv unset qos congestion-control default-global traffic-class 3   # instead of the four lines"
                                + " above, only if roce-doctor-before-step-1.txt shows no traffic-class 3: the step created it");
    }

    /** The WRED profile is the one the port's queue uses (never AZURE_LOSSLESS by default), and it is shared: one step per profile. */
    @Test
    void aSonicEcnStepEditsTheQueuesWredProfileOncePerProfile() {
        Plan plan = plan(
                finding(
                        "SWITCH_ECN_ABOVE_XOFF",
                        "high",
                        "switch-ecn-thresholds",
                        "switch",
                        "leaf-1",
                        "platform",
                        "sonic",
                        "switch_port",
                        "Ethernet0",
                        "queue",
                        "3",
                        "ecn_profile",
                        "RDMA_LOSSLESS"),
                finding(
                        "SWITCH_ECN_ABOVE_XOFF",
                        "high",
                        "switch-ecn-thresholds",
                        "switch",
                        "leaf-1",
                        "platform",
                        "sonic",
                        "switch_port",
                        "Ethernet4",
                        "queue",
                        "3",
                        "ecn_profile",
                        "RDMA_LOSSLESS"),
                finding(
                        "SWITCH_ECN_ABOVE_XOFF",
                        "high",
                        "switch-ecn-thresholds",
                        "switch",
                        "leaf-1",
                        "platform",
                        "sonic",
                        "switch_port",
                        "Ethernet8",
                        "queue",
                        "3",
                        "ecn_profile",
                        "OTHER_LOSSLESS"));
        assertThat(plan.steps())
                .extracting(Plan.Step::summary)
                .containsExactly(
                        "Start ECN marking well below the PFC XOFF point in WRED profile OTHER_LOSSLESS of leaf-1 (every queue using it)",
                        "Start ECN marking well below the PFC XOFF point in WRED profile RDMA_LOSSLESS of leaf-1 (every queue using it)");
        assertThat(plan.steps().get(1).apply())
                .contains("sudo ecnconfig -p RDMA_LOSSLESS -gmin 150000 -gmax 1500000 -gdrop 5");
    }

    /**
     * No --headroom-size option exists and a PG range 3-4 would turn PFC on for priority 4: the step
     * raises the xoff of the buffer profile the port's lossless PG already uses, and says it is shared.
     */
    @Test
    void aSonicHeadroomStepRaisesTheXoffOfTheProfileThePgUses() {
        Plan.Step step = plan(finding(
                        "SWITCH_HEADROOM_SHORT",
                        "high",
                        "switch-headroom-size",
                        "switch",
                        "leaf-1",
                        "platform",
                        "sonic",
                        "switch_port",
                        "Ethernet12",
                        "buffer_profile",
                        "pg_lossless_100000_5m_profile",
                        "size",
                        "68200"))
                .steps()
                .get(0);
        assertThat(step.summary())
                .isEqualTo("Give every lossless PG of leaf-1 using buffer profile pg_lossless_100000_5m_profile"
                        + " 68200 bytes of headroom (xoff)");
        assertThat(step.apply())
                .containsExactly(
                        "# on switch leaf-1 (sonic)",
                        "show runningconfiguration all > roce-doctor-before-step-1.json",
                        "sudo sonic-db-cli CONFIG_DB hset 'BUFFER_PROFILE|'pg_lossless_100000_5m_profile xoff 68200",
                        "sudo config save -y");
    }

    /** Two ports short of headroom on one shared profile: one step, with the headroom the longer cable needs. */
    @Test
    void portsSharingAHeadroomProfileGetOneStepWithTheLargestHeadroomAndANote() {
        Plan plan = plan(
                Finding.of("SWITCH_HEADROOM_SHORT", "leaf-1/Ethernet8:3")
                        .severity("high")
                        .action(
                                "switch-headroom-size",
                                "switch",
                                "leaf-1",
                                "platform",
                                "sonic",
                                "switch_port",
                                "Ethernet8",
                                "buffer_profile",
                                "pg_lossless",
                                "size",
                                "52000")
                        .build(),
                Finding.of("SWITCH_HEADROOM_SHORT", "leaf-1/Ethernet12:3")
                        .severity("high")
                        .action(
                                "switch-headroom-size",
                                "switch",
                                "leaf-1",
                                "platform",
                                "sonic",
                                "switch_port",
                                "Ethernet12",
                                "buffer_profile",
                                "pg_lossless",
                                "size",
                                "68200")
                        .build(),
                Finding.of("SWITCH_HEADROOM_SHORT", "leaf-1/Ethernet16:3")
                        .severity("high")
                        .action(
                                "switch-headroom-size",
                                "switch",
                                "leaf-1",
                                "platform",
                                "sonic",
                                "switch_port",
                                "Ethernet16",
                                "buffer_profile",
                                "other",
                                "size",
                                "40000")
                        .build());
        assertThat(plan.steps()).hasSize(2);
        Plan.Step shared = plan.steps().stream()
                .filter(s -> s.summary().contains("pg_lossless"))
                .findFirst()
                .orElseThrow();
        assertThat(shared.apply()).contains("sudo sonic-db-cli CONFIG_DB hset 'BUFFER_PROFILE|'pg_lossless xoff 68200");
        assertThat(shared.notes())
                .anyMatch(n -> n.contains("leaf-1/Ethernet8:3 wants 52000")
                        && n.contains("leaf-1/Ethernet12:3 wants 68200")
                        && n.contains("kept 68200, the largest"));
    }

    @Test
    void aSwitchActionWithoutCommandsForThePlatformIsRefusedNotGuessed() {
        Plan plan = plan(finding(
                "SWITCH_HEADROOM_SHORT",
                "high",
                "switch-headroom-size",
                "switch",
                "leaf-3",
                "platform",
                "nvue",
                "switch_port",
                "swp12",
                "buffer_profile",
                "p",
                "size",
                "90000"));
        assertThat(plan.steps()).isEmpty();
        assertThat(plan.refusals())
                .singleElement()
                .satisfies(r -> assertThat(r.reason()).contains("no nvue commands"));
    }

    /** One investigation per switch however many ports and findings ask for it, every port listed in it. */
    @Test
    void theSameInvestigationOnSeveralPortsIsOneStepListingThemAll() {
        Plan plan = plan(
                Finding.of("SWITCH_LOSSLESS_DROPS", "leaf-1/Ethernet8:3")
                        .severity("critical")
                        .action(
                                "switch-storm-investigate",
                                "switch",
                                "leaf-1",
                                "switch_port",
                                "Ethernet8",
                                "priority",
                                "3")
                        .build(),
                Finding.of("SWITCH_PFC_STORM_DETECTED", "leaf-1/Ethernet12:3")
                        .severity("critical")
                        .action(
                                "switch-storm-investigate",
                                "switch",
                                "leaf-1",
                                "switch_port",
                                "Ethernet12",
                                "priority",
                                "3")
                        .build(),
                Finding.of("SWITCH_LOSSLESS_DROPS", "leaf-2/Ethernet8:3")
                        .severity("critical")
                        .action(
                                "switch-storm-investigate",
                                "switch",
                                "leaf-2",
                                "switch_port",
                                "Ethernet8",
                                "priority",
                                "3")
                        .build());
        assertThat(plan.steps())
                .extracting(Plan.Step::summary)
                .containsExactly(
                        "Find the source of the PFC storm or lossless drops on leaf-1 ports Ethernet12 and Ethernet8 (priority 3)",
                        "Find the source of the PFC storm or lossless drops on leaf-2 ports Ethernet8 (priority 3)");
        assertThat(plan.steps().get(0).because()).containsExactly("SWITCH_LOSSLESS_DROPS", "SWITCH_PFC_STORM_DETECTED");
        assertThat(plan.steps().get(0).apply())
                .anyMatch(l -> l.contains("for each of the ports Ethernet12 and Ethernet8"));
    }

    @Test
    void oneHostInvestigationListsEveryPort() {
        Plan plan = plan(
                Finding.of("PAUSE_STORM_HOST", "ens1f0np0")
                        .severity("high")
                        .action("pause-source-investigate", "device", "ens1f0np0", "priority", "3")
                        .build(),
                Finding.of("PAUSE_STORM_HOST", "ens1f1np1")
                        .severity("high")
                        .action("pause-source-investigate", "device", "ens1f1np1", "priority", "3")
                        .build());
        assertThat(plan.steps())
                .singleElement()
                .satisfies(s -> assertThat(s.summary())
                        .isEqualTo("Find who sends the pause frames seen on ens1f0np0 and ens1f1np1 priority 3"));
    }

    /** Merged subjects read as a list: "a and b", "a, b and c"; one subject stays as it is. */
    @Test
    void aMergedInvestigationNamesItsSubjectsAsAList() {
        Finding[] three = Stream.of("mlx5_0", "mlx5_1", "mlx5_2")
                .map(dev -> Finding.of("ROCE_RETRANSMITTING", dev)
                        .severity("high")
                        .action("roce-loss-trace", "ibdev", dev)
                        .build())
                .toArray(Finding[]::new);
        assertThat(plan(three).steps())
                .singleElement()
                .extracting(Plan.Step::summary)
                .isEqualTo("Trace where RoCE packets are lost on mlx5_0, mlx5_1 and mlx5_2");
        assertThat(plan(three[0], three[1]).steps())
                .singleElement()
                .extracting(Plan.Step::summary)
                .isEqualTo("Trace where RoCE packets are lost on mlx5_0 and mlx5_1");
        assertThat(plan(three[0]).steps())
                .singleElement()
                .extracting(Plan.Step::summary)
                .isEqualTo("Trace where RoCE packets are lost on mlx5_0");
    }

    @Test
    void hostTrustWithoutASwitchDumpWarnsToCheckTheSwitchByHand() {
        Plan plan = plan(
                finding("TRUST_MODE_MISMATCH", "high", "host-trust-dscp", "device", "ens1f0np0", "current", "pcp"));
        assertThat(plan.steps().get(0).notes()).anyMatch(n -> n.contains("switch-trust-dscp") && n.contains("by hand"));
    }

    @Test
    void rollbackUsesTheSnapshotsValueAndSaysWhenItHasNone() {
        Plan plan = plan(
                finding(
                        "HASH_SINGLE_PATH_CONCENTRATION",
                        "critical",
                        "bond-xmit-hash-layer34",
                        "bond",
                        "bond0",
                        "current",
                        "layer2+3"),
                finding(
                        "IRQ_CROSS_NUMA",
                        "high",
                        "irq-affinity-local-numa",
                        "nic",
                        "0000:3b:00",
                        "device",
                        "ens1f0np0",
                        "irqs",
                        "142,143",
                        "cpus",
                        "24-31"));
        Plan.Step irq = plan.steps().get(0);
        Plan.Step bond = plan.steps().get(1);
        assertThat(bond.rollback()).containsExactly("echo layer2+3 > /sys/class/net/bond0/bonding/xmit_hash_policy");
        assertThat(bond.notes()).isEmpty();
        assertThat(irq.rollback())
                .containsExactly(
                        "# /proc/irq/143/smp_affinity_list: restore the value apply.sh recorded (the snapshot lacks it)",
                        "echo 0-3 > /proc/irq/142/smp_affinity_list");
        assertThat(irq.notes()).anyMatch(n -> n.contains("lacks the prior value of /proc/irq/143/smp_affinity_list"));
    }

    @Test
    void manualActionsCarryInstructionsNotChanges() {
        Plan plan = plan(finding(
                "PCIE_CEILING_BELOW_PORTS", "high", "pcie-move-nic-slot", "nic", "0000:3b:00", "pci", "0000:3b:00.0"));
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
        assertThat(plan.refusals())
                .hasSize(expected)
                .allSatisfy(r -> assertThat(r.reason()).startsWith("parameter "));
    }

    @Test
    void unknownActionsAndUndeclaredOrMissingParametersAreRefused() {
        Plan plan = plan(
                finding("X", "high", "format-the-disk", "device", "sda"),
                finding("Y", "high", "ecn-enable", "device", "ens1f0np0", "priority", "3", "extra", "1"),
                finding("Z", "high", "ecn-enable", "device", "ens1f0np0"));
        assertThat(plan.steps()).isEmpty();
        assertThat(plan.refusals())
                .extracting(Plan.Refusal::reason)
                .containsExactly(
                        "the action catalog has no such action",
                        "parameter 'extra' is not declared by the catalog",
                        "parameter priority is missing");
    }
}
