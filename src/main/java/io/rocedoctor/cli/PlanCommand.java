package io.rocedoctor.cli;

import io.rocedoctor.bundle.BundleException;
import io.rocedoctor.plan.Plan;
import io.rocedoctor.plan.PlanFiles;
import io.rocedoctor.report.Report;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "plan", mixinStandardHelpOptions = true,
        description = "Writes the remediation plan of a bundle: plan.yaml, apply.sh, rollback.sh and switch/NAME.txt.",
        footer = {"", "Examples:",
                "  roce-doctor plan fixtures/bundles/cross-numa-irq --out /tmp/plan",
                "  /tmp/plan/apply.sh                      # dry run: what each step would change",
                "  /tmp/plan/apply.sh --execute --step 1   # one step, then measure",
                "  /tmp/plan/rollback.sh                   # undo what apply.sh recorded, newest first",
                "", "Exit codes: 0 plan written, 2 bad usage or unreadable bundle, 3 internal error."})
final class PlanCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BUNDLE", description = "The bundle to plan for.")
    Path bundle;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "The folder to write the plan into.")
    Path out;

    @CommandLine.Mixin
    DiagnosisOptions diagnosis;

    @Override
    public Integer call() throws IOException, BadInputException, BundleException {
        Path state = out.resolve("state");
        if (Files.isDirectory(state)) {
            try (Stream<Path> records = Files.list(state)) {
                if (records.anyMatch(p -> p.getFileName().toString().endsWith(".key"))) {
                    throw new BadInputException(state + " records changes of an earlier plan: run its rollback.sh first,"
                            + " or choose another --out");
                }
            }
        }
        Report report = diagnosis.analysis(spec.commandLine().getErr()).run(bundle);
        Plan plan = (Plan) report.plan();
        OutputFailure.writing(out, () -> PlanFiles.write(plan, out));
        PrintWriter o = spec.commandLine().getOut();
        o.println("plan for " + (plan.host() == null ? bundle : plan.host()) + ": " + plan.steps().size() + " step(s) in " + out);
        for (Plan.Step step : plan.steps()) {
            o.println(String.format("  %2d. [%s] %s%s (%s)", step.step(), step.layer(), step.manual() ? "MANUAL: " : "",
                    step.summary(), String.join(", ", step.because())));
        }
        for (Plan.Refusal r : plan.refusals()) {
            o.println("  refused " + r.action() + " for " + String.join(", ", r.because()) + ": " + r.reason());
        }
        o.println("next: " + out.resolve("apply.sh") + " (dry run), then --execute --step 1");
        o.flush();
        return Main.OK;
    }
}
