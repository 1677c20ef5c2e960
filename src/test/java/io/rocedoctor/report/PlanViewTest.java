package io.rocedoctor.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class PlanViewTest {
    private static Report sonic;

    @BeforeAll
    static void plan() throws Exception {
        sonic = ReportFixtures.planned("switch-pfc-priority-mismatch-sonic");
    }

    private static Map<String, Object> step(int n, String id, String risk, String port) {
        return Map.of(
                "step",
                n,
                "id",
                id,
                "actions",
                List.of(id),
                "because",
                List.of("PFC_PRIORITY_MISMATCH"),
                "target",
                Map.of("switch", "leaf3", "switch_port", port),
                "risk",
                risk,
                "window",
                false,
                "manual",
                false,
                "apply",
                List.of("# on switch leaf3 (sonic)", "sudo config interface pfc priority " + port + " 3 on"),
                "switches",
                List.of(Map.of(
                        "name", "leaf3",
                        "platform", "sonic",
                        "apply", List.of("sudo config interface pfc priority " + port + " 3 on"))));
    }

    @Test
    void theSameStepForSeveralPortsIsOneStepListingThePorts() {
        PlanView plan = PlanView.of(sonic.plan());
        assertThat(plan.steps())
                .extracting(PlanView.Step::title)
                .containsExactly(
                        "Steps 1-2: baseline-perftest (by hand), for ens1f0np0 mlx5_0, ens1f1np1 mlx5_1",
                        "Steps 3-4: switch-pfc-priority, for Ethernet12, Ethernet8");
        PlanView.Step pfc = plan.steps().get(1);
        assertThat(pfc.facts())
                .containsEntry("risk", "traffic-pause")
                .doesNotContainKeys("target", "window", "actions");
        assertThat(pfc.parts())
                .extracting(PlanView.Part::heading)
                .containsExactly(
                        "Step 3, Ethernet12, on switch leaf3 (sonic)", "Step 4, Ethernet8, on switch leaf3 (sonic)");
        assertThat(pfc.parts().get(0).summary())
                .isEqualTo("Set the lossless (PFC) priorities of leaf3 Ethernet12 to exactly 3");
    }

    @Test
    void aNumberTellingMergedStepsApartSaysWhatItCounts() {
        PlanView plan = PlanView.of(Map.of("steps", List.of(baseline(1, "ib0", "1"), baseline(2, "ib1", "2"))));
        assertThat(plan.steps())
                .extracting(PlanView.Step::title)
                .containsExactly("Steps 1-2: baseline-perftest-infiniband (by hand), for ib0 port 1, ib1 port 2");
    }

    private static Map<String, Object> baseline(int n, String device, String port) {
        return Map.of(
                "step",
                n,
                "id",
                "baseline-perftest-infiniband",
                "actions",
                List.of("baseline-perftest-infiniband"),
                "because",
                List.of("BASELINE_MISSING"),
                "target", // sorted by key, as the planner writes one (Map.of's order changes per run)
                new java.util.TreeMap<>(Map.of("host", "l-supp-11", "device", device, "ibdev", "mlx5_0", "port", port)),
                "risk",
                "none",
                "window",
                false,
                "manual",
                true,
                "apply",
                List.of("ib_write_bw -d mlx5_0 -i " + port));
    }

    @Test
    void stepsOfOneActionThatDifferInMoreThanTheirTargetStayApart() {
        PlanView plan = PlanView.of(Map.of(
                "steps",
                List.of(
                        step(1, "switch-pfc-priority", "traffic-pause", "Ethernet8"),
                        step(2, "switch-pfc-priority", "link-flap", "Ethernet12"))));
        assertThat(plan.steps())
                .extracting(PlanView.Step::title)
                .containsExactly("Step 1: switch-pfc-priority", "Step 2: switch-pfc-priority");
    }

    @Test
    void aSwitchsCommandsAreTheirOwnBlockWithoutTheCommentThatNamedTheSwitch() {
        PlanView.Part part = PlanView.of(sonic.plan()).steps().get(1).parts().get(0);
        assertThat(part.commands().keySet()).containsExactly("apply", "verify", "rollback");
        assertThat(part.commands().get("apply"))
                .extracting(PlanView.Line::command)
                .containsExactly(
                        "show runningconfiguration all > roce-doctor-before-step-3.json",
                        "sudo sonic-db-cli CONFIG_DB hset 'PORT_QOS_MAP|'Ethernet12 pfc_enable 3",
                        "sudo config save -y");
        assertThat(part.commands().get("verify"))
                .containsExactly(new PlanView.Line("show pfc priority Ethernet12", "lossless priorities 3"));
    }

    @Test
    void aHostStepPairedWithASwitchHasTheSwitchBlockThenTheHostBlock() {
        Map<String, Object> paired = Map.of(
                "step", 1,
                "id", "host-pfc-priority",
                "actions", List.of("switch-pfc-priority", "host-pfc-priority"),
                "apply",
                        List.of(
                                "# on switch leaf3 (sonic)",
                                "sudo config save -y",
                                "# then on host gpu-node-21",
                                "mlnx_qos -i ens1f0np0 --pfc 0,0,0,1,0,0,0,0"),
                "verify", List.of("# on switch leaf3 (sonic)", "show pfc priority Ethernet8"),
                "switches",
                        List.of(Map.of(
                                "name",
                                "leaf3",
                                "platform",
                                "sonic",
                                "apply",
                                List.of("sudo config save -y"),
                                "verify",
                                List.of("show pfc priority Ethernet8"))));
        PlanView.Step step =
                PlanView.of(Map.of("steps", List.of(paired))).steps().get(0);
        assertThat(step.facts()).containsEntry("actions", "switch-pfc-priority, host-pfc-priority");
        assertThat(step.parts())
                .extracting(PlanView.Part::heading)
                .containsExactly("On switch leaf3 (sonic)", "Then on host gpu-node-21");
        assertThat(step.parts().get(1).commands())
                .containsOnlyKeys("apply")
                .containsEntry(
                        "apply", List.of(new PlanView.Line("mlnx_qos -i ens1f0np0 --pfc 0,0,0,1,0,0,0,0", null)));
    }

    @Test
    void aLineIsACommandWithItsCommentOrACommentAlone() {
        assertThat(PlanView.Line.of("cat /proc/irq/140/smp_affinity_list   # expect 32"))
                .isEqualTo(new PlanView.Line("cat /proc/irq/140/smp_affinity_list", "expect 32"));
        assertThat(PlanView.Line.of("# IRQ 140: restore the value apply.sh recorded"))
                .isEqualTo(new PlanView.Line(null, "IRQ 140: restore the value apply.sh recorded"));
        // a # inside a word or after one space is the command's own
        assertThat(PlanView.Line.of("echo a#b > /tmp/x # kept"))
                .isEqualTo(new PlanView.Line("echo a#b > /tmp/x # kept", null));
    }

    @Test
    void textShowsNoEmptyListNoPromptOnACommentOrAnActionIdAndTheRisk() {
        String text = new TextRenderer(false, 100).render(sonic);
        String plan = text.substring(text.indexOf("\nPlan\n"), text.indexOf("\nNot evaluated"));
        List<String> lines = plan.lines().toList();
        for (int i = 0; i + 1 < lines.size(); i++) {
            if (lines.get(i).matches(" +[a-z]+:")) {
                assertThat(indent(lines.get(i + 1)))
                        .as("a list heading with no item under it: %s", lines.get(i))
                        .isGreaterThan(indent(lines.get(i)));
            }
        }
        assertThat(plan)
                .doesNotContainPattern(Pattern.compile("\\$ #"))
                .doesNotContain("$ switch-pfc-priority")
                .doesNotContain("redacted")
                .contains("    risk: traffic-pause\n")
                .contains("\n    Step 3, Ethernet12, on switch leaf3 (sonic): Set the lossless")
                .contains("\n        $ show pfc priority Ethernet12   # lossless priorities 3\n");
    }

    @Test
    void markdownAndHtmlGiveEachSwitchItsBlockAndSetCommentsApart() {
        String md = new MarkdownRenderer().render(sonic);
        assertThat(md)
                .contains("#### Step 4, Ethernet8, on switch leaf3 (sonic): Set the lossless")
                .doesNotContain("# on switch leaf3")
                .doesNotContain("**notes**");
        String html = new HtmlRenderer().render(sonic);
        assertThat(html)
                .contains("<h4>Step 3, Ethernet12, on switch leaf3 (sonic): Set the lossless")
                .contains("<span class=\"line\"><code>show pfc priority Ethernet12</code>"
                        + "<span class=\"comment\">   # lossless priorities 3</span></span>")
                .doesNotContain("<h4>notes</h4>")
                .doesNotContain("<h5>switches</h5>");
    }

    private static int indent(String line) {
        return line.length() - line.stripLeading().length();
    }
}
