package io.rocedoctor.report;

import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.bundle.BundleReader;
import io.rocedoctor.engine.Diagnosis;
import io.rocedoctor.engine.Profile;
import io.rocedoctor.engine.RuleEngine;
import io.rocedoctor.facts.FactBuilder;
import io.rocedoctor.facts.Facts;
import io.rocedoctor.plan.ActionCatalog;
import io.rocedoctor.plan.Plan;
import io.rocedoctor.plan.Planner;
import io.rocedoctor.plan.Snapshot;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Reports to render: a golden scenario's, through the real pipeline, and hand-made ones with hostile text. */
final class ReportFixtures {
    static final String HOSTILE = "<script>alert('x')</script> \"quoted\" & co";

    private ReportFixtures() {}

    static Report scenario(String name) throws Exception {
        return scenario(name, false);
    }

    /** A golden scenario's report with the plan the planner makes of it, as {@code analyze} renders it. */
    static Report planned(String name) throws Exception {
        return scenario(name, true);
    }

    private static Report scenario(String name, boolean planned) throws Exception {
        return read(Path.of("fixtures/bundles", name), planned);
    }

    /** Any bundle's report, without a plan. */
    static Report read(Path bundlePath) throws Exception {
        return read(bundlePath, false);
    }

    private static Report read(Path bundlePath, boolean planned) throws Exception {
        RuleEngine engine = RuleEngine.builtIn();
        Profile profile = Profile.load("throughput");
        try (Bundle bundle = new BundleReader().read(bundlePath)) {
            Facts facts = new FactBuilder().build(bundle);
            Diagnosis diagnosis = engine.diagnose(facts, profile);
            Plan plan = planned
                    ? new Planner(new ActionCatalog())
                            .plan(diagnosis, Snapshot.of(facts).identified(bundle.machine(), false))
                    : null;
            return ReportBuilder.build(bundle, facts, diagnosis, engine.catalog(), profile, plan);
        }
    }

    /** A cause explaining a symptom, one rule not evaluated, a plan; bundle text everywhere hostile. */
    static Report hostile(Object plan) {
        Report.ReportFinding cause = new Report.ReportFinding(
                "IRQ_CROSS_NUMA",
                "critical",
                "confirmed",
                "irq",
                "eth0" + HOSTILE,
                "NIC interrupts served by CPUs on a remote NUMA node",
                "Why it matters.",
                List.of(new Report.Evidence("/proc/irq/140/smp_affinity_list", HOSTILE, "note " + HOSTILE)),
                List.of("BASELINE_LATENCY_JITTER@eth0|x"),
                List.of(),
                List.of("irq-affinity-local-numa"));
        Report.ReportFinding symptom = new Report.ReportFinding(
                "BASELINE_LATENCY_JITTER",
                "medium",
                "likely",
                "transport",
                "eth0|x",
                "Latency varies",
                "",
                List.of(new Report.Evidence("perftest", "12 us", null)),
                List.of(),
                List.of("IRQ_CROSS_NUMA@eth0" + HOSTILE),
                List.of());
        Report.ReportFinding low = new Report.ReportFinding(
                "CPU_GOVERNOR_POWERSAVE",
                "low",
                "confirmed",
                "platform",
                "cpu0",
                "CPUs may slow down",
                "",
                List.of(),
                List.of(),
                List.of(),
                List.of());
        FigureData figures = new FigureData(
                List.of(new FigureData.NicSummary(
                        "0000:3b:00", "ConnectX " + HOSTILE, "mlx5_core", "22.1", 1, List.of("eth0"), 100)),
                List.of(new FigureData.PathShares(
                        "bond" + HOSTILE, "tx", Map.of("eth0" + HOSTILE, 0.9, "eth1", 0.1), false)),
                List.of(),
                List.of(),
                List.of(),
                List.of());
        return new Report(
                "roce-doctor",
                "0.1.0",
                "throughput",
                new Report.BundleInfo(
                        "/tmp/" + HOSTILE, "native", "host" + HOSTILE, 2, 10.0, List.of("refused " + HOSTILE)),
                new Report.Analysed(
                        "Analysed host" + HOSTILE, "Analysed host" + HOSTILE, 1, 1, List.of("mlx5_0"), List.of()),
                new Report.Sources(
                        List.of("ethtool -S eth0"),
                        List.of("mlxlink"),
                        List.of(new Report.FailedSource("lspci -vvv", "commands/lspci_-vvv", 3, "bad line " + HOSTILE)),
                        List.of("note " + HOSTILE)),
                List.of(cause, symptom, low),
                List.of(
                        new Report.NotEvaluatedRule("PHY_BER_HIGH", List.of("mlxlink -d mlx5_0 -m -e -c"), null),
                        new Report.NotEvaluatedRule(
                                "PAUSE_STORM", List.of(), "the audit profile evaluates configuration only")),
                List.of(
                        new Report.NotEvaluatedGroup(
                                "not collected: mlxlink -d mlx5_0 -m -e -c", List.of("PHY_BER_HIGH"), null),
                        new Report.NotEvaluatedGroup(
                                "the audit profile evaluates configuration only", List.of("PAUSE_STORM"), null)),
                List.of("BASELINE_LATENCY_JITTER", "CPU_GOVERNOR_POWERSAVE", "IRQ_CROSS_NUMA", "PCIE_LINK_DOWNGRADED"),
                plan,
                figures);
    }

    /** The hostile report with a virtio NIC that reports no model and no firmware, as a sosreport of a VM shows it. */
    static Report withUnreportedNic() {
        Report r = hostile(plan());
        FigureData figures = new FigureData(
                List.of(new FigureData.NicSummary("0000:00:03", null, "virtio_net", null, null, List.of("eth0"), 0)),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of());
        return new Report(
                r.tool(),
                r.version(),
                r.profile(),
                r.bundle(),
                r.analysed(),
                r.sources(),
                r.findings(),
                r.notEvaluated(),
                r.notEvaluatedSummary(),
                r.evaluated(),
                r.plan(),
                figures);
    }

    /** The subject of a refused proposal: a bond name with a command, markup and a terminal escape in it. */
    static final String REFUSED_SUBJECT = "bond0;reboot" + HOSTILE + "\u001b[2J\u202e";

    /** A plan in the shape of docs/planner.md, as the planner's JSON gives it, with one proposal refused. */
    static Map<String, Object> plan() {
        return Map.of(
                "steps",
                List.of(Map.of(
                        "step",
                        1,
                        "id",
                        "irq-affinity-local-numa",
                        "layer",
                        "irq",
                        "because",
                        List.of("IRQ_CROSS_NUMA"),
                        "risk",
                        "none",
                        "window",
                        false,
                        "manual",
                        false,
                        "apply",
                        List.of("echo 32-39 > /proc/irq/140/smp_affinity_list"),
                        "verify",
                        List.of("cat /proc/irq/140/smp_affinity_list"),
                        "rollback",
                        List.of("echo 0 > /proc/irq/140/smp_affinity_list"))),
                "refusals",
                List.of(Map.of(
                        "action",
                        "bond-xmit-hash-layer34",
                        "because",
                        List.of("HASH_SINGLE_PATH_CONCENTRATION"),
                        "subject",
                        REFUSED_SUBJECT,
                        "reason",
                        "parameter bond: 'bond0;reboot' is not a network interface name")));
    }
}
