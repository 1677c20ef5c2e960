package io.rocedoctor.bench;

import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.bundle.BundleReader;
import io.rocedoctor.engine.Diagnosis;
import io.rocedoctor.engine.Profile;
import io.rocedoctor.engine.RuleEngine;
import io.rocedoctor.facts.FactBuilder;
import io.rocedoctor.facts.Facts;
import io.rocedoctor.plan.ActionCatalog;
import io.rocedoctor.plan.Planner;
import io.rocedoctor.plan.Snapshot;
import io.rocedoctor.report.ReportBuilder;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * CPU time of what follows a bundle's facts: the rule session ({@link RuleEngine#diagnose}) and the
 * plan and report ({@link ReportBuilder#build}). The bundles are read and their facts built once;
 * each round diagnoses and reports every bundle again. Thread CPU is taken per bundle and summed per
 * round; the rounds after the first half are printed one per line and their medians last (the first
 * half lets C1 compile). Usage, with the launcher's flags:
 * {@code java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xss4m -cp target/roce-doctor.jar:target/bench-classes
 * io.rocedoctor.bench.DiagnoseCost ROUNDS BUNDLE...}
 */
public final class DiagnoseCost {
    private DiagnoseCost() {}

    public static void main(String[] args) throws Exception {
        int rounds = Integer.parseInt(args[0]);
        Profile profile = Profile.builtIn("throughput");
        RuleEngine engine = RuleEngine.builtIn();
        Planner planner = new Planner(new ActionCatalog());
        List<Bundle> bundles = new ArrayList<>();
        List<Facts> facts = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            Bundle bundle = new BundleReader().read(Path.of(args[i]));
            bundles.add(bundle);
            facts.add(new FactBuilder().build(bundle));
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        int firstCounted = rounds / 2;
        double[] diagnose = new double[rounds - firstCounted];
        double[] report = new double[rounds - firstCounted];
        long findings = 0;
        for (int round = 0; round < rounds; round++) {
            long diagnoseNanos = 0;
            long reportNanos = 0;
            for (int b = 0; b < bundles.size(); b++) {
                Bundle bundle = bundles.get(b);
                long start = threads.getCurrentThreadCpuTime();
                Diagnosis diagnosis = engine.diagnose(facts.get(b), profile);
                long diagnosed = threads.getCurrentThreadCpuTime();
                findings += ReportBuilder.build(
                                bundle,
                                facts.get(b),
                                diagnosis,
                                engine.catalog(),
                                profile,
                                planner.plan(
                                        diagnosis,
                                        Snapshot.of(facts.get(b))
                                                .identified(
                                                        bundle.machine(),
                                                        bundle.redacted().contains("hostnames"))))
                        .findings()
                        .size();
                diagnoseNanos += diagnosed - start;
                reportNanos += threads.getCurrentThreadCpuTime() - diagnosed;
            }
            if (round >= firstCounted) {
                diagnose[round - firstCounted] = diagnoseNanos / 1e6 / bundles.size();
                report[round - firstCounted] = reportNanos / 1e6 / bundles.size();
                System.out.printf(
                        "round %2d: diagnose %8.3f ms/bundle, plan and report %8.3f%n",
                        round, diagnose[round - firstCounted], report[round - firstCounted]);
            }
        }
        System.out.printf(
                "median: diagnose %8.3f ms/bundle, plan and report %8.3f (%d findings in all)%n",
                median(diagnose), median(report), findings);
        for (Bundle bundle : bundles) {
            bundle.close();
        }
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
