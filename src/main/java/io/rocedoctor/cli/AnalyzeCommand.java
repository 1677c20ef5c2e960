package io.rocedoctor.cli;

import io.rocedoctor.bundle.BundleException;
import io.rocedoctor.fleet.BundleInputs;
import io.rocedoctor.plan.Plan;
import io.rocedoctor.report.JsonRenderer;
import io.rocedoctor.report.Renderer;
import io.rocedoctor.report.Renderers;
import io.rocedoctor.report.Report;
import io.rocedoctor.report.ReportBuilder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
        name = "analyze",
        mixinStandardHelpOptions = true,
        description = "Diagnoses a bundle (a directory, tar.gz/tgz/tar/tar.xz or zip; native or sosreport).",
        footer = {
            "",
            "Examples:",
            "  roce-doctor analyze fixtures/bundles/cross-numa-irq",
            "  roce-doctor analyze bundle.tar.gz --format json --output report.json",
            "  roce-doctor analyze bundle.tar.gz -o report.html        # HTML from the name: pictures, for a ticket",
            "  roce-doctor analyze bundle.tar.gz --format markdown | xclip   # paste into a ticket",
            "  roce-doctor analyze sosreport.tar.xz --profile audit --fail-on high -o audit.xml   # JUnit"
        })
final class AnalyzeCommand implements Callable<Integer> {

    enum Format {
        text,
        json,
        yaml,
        markdown,
        html,
        junit;

        /** The format a file's extension names (report.html, audit.xml); text for any other name or none. */
        static Format of(Path output) {
            String name = output == null ? "" : output.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
            String ext = name.substring(name.lastIndexOf('.') + 1);
            return switch (ext) {
                case "json" -> json;
                case "yaml", "yml" -> yaml;
                case "md", "markdown" -> markdown;
                case "html", "htm" -> html;
                case "xml" -> junit;
                default -> text;
            };
        }
    }

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(
            arity = "1..*",
            paramLabel = "BUNDLE",
            description = "The bundle to analyse; several (or a folder of bundles) add the fleet findings.")
    List<Path> bundles;

    @Option(
            names = {"-f", "--format"},
            paramLabel = "FORMAT",
            description = "${COMPLETION-CANDIDATES} (default: from the --output file's extension, else text).")
    Format format;

    @Option(
            names = "--no-color",
            description = "No colour in the text report (also off when not a terminal or with NO_COLOR).")
    boolean noColor;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "FILE",
            description =
                    "Write the report to FILE instead of standard output; a name ending in html, md, json, yaml or "
                            + "xml gives the format.")
    Path output;

    @Option(
            names = "--show-not-evaluated",
            description = "In the text report, one line per rule not evaluated instead of one per missing source.")
    boolean showNotEvaluated;

    @Option(
            names = "--fail-on",
            paramLabel = "SEVERITY",
            completionCandidates = CompletionCommand.Severities.class,
            description = "Exit 1 when a finding is at or above this severity: critical, high, medium, low, info. "
                    + "In JUnit output, the findings that are failures (without it, all are).")
    String failOn;

    @Option(
            names = "--jobs",
            paramLabel = "N",
            description = "Bundles analysed in parallel (default: the number of CPUs).")
    Integer jobs;

    @CommandLine.Mixin
    DiagnosisOptions diagnosis;

    @Override
    public Integer call() throws IOException, BadInputException, BundleException {
        if (failOn != null && !ReportBuilder.SEVERITIES.contains(failOn)) {
            throw new BadInputException(
                    "--fail-on must be one of " + ReportBuilder.SEVERITIES + ", not '" + failOn + "'");
        }
        Format format = this.format != null ? this.format : Format.of(output);
        if (format == Format.json) {
            JsonRenderer.prepareInBackground(Report.class, Plan.class);
        }
        Analysis analysis = diagnosis.analysis(spec.commandLine().getErr());
        List<Path> inputs = BundleInputs.expand(bundles);
        if (inputs.size() > 1) {
            int n = jobs == null ? Runtime.getRuntime().availableProcessors() : jobs;
            if (n < 1 || n > 256) {
                throw new BadInputException("--jobs must be 1..256, not " + n);
            }
            return FleetAnalysis.execute(inputs, format.name(), output, n, failOn, showNotEvaluated, spec, analysis);
        }
        Report report = analysis.run(inputs.get(0));
        // Only the text report wraps: asking the terminal's width loads Jansi's native library, which
        // it writes to a temporary file at every start.
        int width = format == Format.text ? Terminal.width() : Terminal.DEFAULT_WIDTH;
        Renderer renderer = Renderers.of(
                format.name(), failOn, !noColor && Terminal.colour(output == null), width, showNotEvaluated);
        String rendered = renderer.render(report);
        if (output == null) {
            spec.commandLine().getOut().print(rendered);
            spec.commandLine().getOut().flush();
        } else {
            OutputFailure.writing(output, () -> Files.writeString(output, rendered, StandardCharsets.UTF_8));
        }
        if (failOn != null) {
            int threshold = ReportBuilder.rank(failOn);
            boolean failed = report.findings().stream().anyMatch(f -> ReportBuilder.rank(f.severity()) <= threshold);
            return failed ? Main.FINDINGS : Main.OK;
        }
        return Main.OK;
    }
}
