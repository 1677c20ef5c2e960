package io.rocedoctor.cli;

import io.rocedoctor.bundle.BundleException;
import io.rocedoctor.plan.Plan;
import io.rocedoctor.plan.PlanFiles;
import io.rocedoctor.report.Report;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
        name = "plan",
        mixinStandardHelpOptions = true,
        description =
                "Writes the remediation plan of a bundle: plan.yaml, apply.sh, rollback.sh, switch/NAME.txt and persist/.",
        footer = {
            "",
            "Examples:",
            "  roce-doctor plan fixtures/bundles/cross-numa-irq --out /tmp/plan",
            "  /tmp/plan/apply.sh                      # dry run: what each step would change",
            "  /tmp/plan/apply.sh --execute --step 1   # one step, then measure",
            "  /tmp/plan/rollback.sh --execute         # undo what apply.sh recorded, newest first",
            "  /tmp/plan/persist/persist.sh            # dry run: the files that keep the changes after a reboot",
            "",
            "Exit codes: 0 plan written, 2 bad usage or unreadable bundle, 3 internal error."
        })
final class PlanCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BUNDLE", description = "The bundle to plan for.")
    Path bundle;

    @Option(
            names = {"-o", "--out"},
            required = true,
            paramLabel = "DIR",
            description =
                    "The folder to write the plan into: new or empty, or with --replace a previous plan of the same host.")
    Path out;

    @Option(
            names = "--replace",
            description = "Replace the previous plan of the same host in --out (its files only;"
                    + " refused when the folder holds anything else, or a state/ that records applied changes).")
    boolean replace;

    @CommandLine.Mixin
    DiagnosisOptions diagnosis;

    @Override
    public Integer call() throws IOException, BadInputException, BundleException {
        Report report = diagnosis.analysis(spec.commandLine().getErr()).run(bundle);
        Plan plan = (Plan) report.plan();
        try {
            PlanFiles.write(plan, out, replace);
        } catch (PlanFiles.RefusedFolder e) {
            throw new BadInputException(e.getMessage());
        } catch (IOException e) {
            throw new BadInputException("cannot write " + OutputFailure.line(out, e), e);
        }
        PrintWriter o = spec.commandLine().getOut();
        o.println("plan for " + (plan.host() == null ? bundle : plan.host()) + ": "
                + plan.steps().size() + " step(s) in " + out);
        for (Plan.Step step : plan.steps()) {
            o.println(String.format(
                    "  %2d. [%s] %s%s (%s)",
                    step.step(),
                    step.layer(),
                    step.manual() ? "MANUAL: " : "",
                    step.summary(),
                    String.join(", ", step.because())));
        }
        for (Plan.Refusal r : plan.refusals()) {
            o.println("  refused " + r.action() + " for " + String.join(", ", r.because()) + ": " + r.reason());
        }
        if (plan.steps().isEmpty()) {
            o.println("nothing to apply: the plan has no steps");
        } else {
            o.println("next: " + out.resolve("apply.sh") + " (dry run), then --execute --step "
                    + plan.steps().get(0).step());
        }
        o.flush();
        return Main.OK;
    }
}
