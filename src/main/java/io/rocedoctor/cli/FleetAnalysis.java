package io.rocedoctor.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectWriter;
import io.rocedoctor.bundle.BundleException;
import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.engine.Diagnosis;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.engine.RuleDocs;
import io.rocedoctor.engine.RuleInfo;
import io.rocedoctor.fleet.FleetFacts;
import io.rocedoctor.fleet.HostSummary;
import io.rocedoctor.report.Fleet;
import io.rocedoctor.report.HtmlRenderer;
import io.rocedoctor.report.JsonRenderer;
import io.rocedoctor.report.JunitRenderer;
import io.rocedoctor.report.MarkdownRenderer;
import io.rocedoctor.report.Report;
import io.rocedoctor.report.ReportBuilder;
import io.rocedoctor.report.TextRenderer;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Several bundles at once: each host analysed on one of {@code jobs} threads, its report written
 * as soon as every earlier host's is (so the output is the same for any number of jobs), its raw
 * text and facts dropped then; only a {@link HostSummary} per host stays for the fleet rules,
 * which run last. At most two bundles per job are in flight, so memory does not grow with the
 * number of bundles beyond the summaries.
 */
final class FleetAnalysis {

    /** How the run went: the most severe finding seen (its rank in ReportBuilder.SEVERITIES) and the unreadable count. */
    record Outcome(int worstRank, int unreadable) {}

    /** Where the reports go, in input order, then the fleet section. */
    interface Output {
        void host(Report report) throws IOException;

        void fleet(Fleet fleet) throws IOException;
    }

    private record HostResult(Report report, HostSummary summary, Fleet.Unreadable unreadable) {}

    private final Analysis analysis;
    private final int jobs;

    FleetAnalysis(Analysis analysis, int jobs) {
        this.analysis = analysis;
        this.jobs = jobs;
    }

    Outcome run(List<Path> inputs, Output out, Progress progress) throws IOException {
        List<HostSummary> summaries = new ArrayList<>();
        List<Fleet.HostRow> rows = new ArrayList<>();
        List<Fleet.Unreadable> unreadable = new ArrayList<>();
        int worst = ReportBuilder.SEVERITIES.size();
        ExecutorService pool = Executors.newFixedThreadPool(jobs, r -> {
            Thread t = new Thread(r, "roce-doctor-analyze");
            t.setDaemon(true);
            return t;
        });
        try {
            Deque<Future<HostResult>> inFlight = new ArrayDeque<>();
            int next = 0;
            while (next < inputs.size() || !inFlight.isEmpty()) {
                while (next < inputs.size() && inFlight.size() < 2 * jobs) {
                    Path input = inputs.get(next++);
                    inFlight.add(pool.submit(() -> analyse(input)));
                }
                HostResult r = await(inFlight.removeFirst());
                if (r.unreadable() != null) {
                    unreadable.add(r.unreadable());
                } else {
                    out.host(r.report());
                    summaries.add(r.summary());
                    rows.add(Fleet.HostRow.of(r.report()));
                    worst = Math.min(worst, worstRank(r.report().findings()));
                }
                progress.step();
            }
        } finally {
            pool.shutdownNow();
        }
        Set<SourceKind> usable = EnumSet.noneOf(SourceKind.class);
        summaries.forEach(s -> usable.addAll(s.usableSources()));
        Diagnosis fleet = analysis.engine().diagnoseFleet(FleetFacts.of(summaries), analysis.profile(), usable);
        List<Report.ReportFinding> findings = fleet.findings().stream()
                .sorted(Comparator.comparingInt((Finding f) -> ReportBuilder.rank(f.severity()))
                        .thenComparing(Finding::id)
                        .thenComparing(Finding::subject))
                .map(this::reportFinding)
                .toList();
        worst = Math.min(worst, worstRank(findings));
        out.fleet(Fleet.of(
                rows,
                unreadable,
                findings,
                fleet.notEvaluated().stream()
                        .map(n -> new Report.NotEvaluatedRule(n.rule(), n.missing(), n.reason()))
                        .toList()));
        return new Outcome(worst, unreadable.size());
    }

    /**
     * The {@code analyze} command with several bundles: output to stdout or a file, progress on
     * stderr, exit code as for one bundle (2 when any bundle was unreadable, the others still analysed).
     */
    static int execute(
            List<Path> inputs,
            String format,
            Path output,
            int jobs,
            String failOn,
            boolean everyRuleNotEvaluated,
            picocli.CommandLine.Model.CommandSpec spec,
            Analysis analysis)
            throws IOException, BadInputException {
        var err = spec.commandLine().getErr();
        Outcome outcome;
        if (output == null) {
            Writer writer = spec.commandLine().getOut();
            outcome = run(analysis, jobs, inputs, format, writer, true, err, failOn, everyRuleNotEvaluated);
            writer.flush();
        } else {
            // Every I/O problem here is the output's: a bundle that cannot be read is listed in the report.
            outcome = OutputFailure.writing(output, () -> {
                try (Writer writer =
                        java.nio.file.Files.newBufferedWriter(output, java.nio.charset.StandardCharsets.UTF_8)) {
                    return run(analysis, jobs, inputs, format, writer, false, err, failOn, everyRuleNotEvaluated);
                }
            });
        }
        if (outcome.unreadable() > 0) {
            throw new BadInputException(outcome.unreadable() + " of " + inputs.size()
                    + " bundles could not be read (listed in the report)");
        }
        return failOn != null && outcome.worstRank() <= ReportBuilder.rank(failOn) ? Main.FINDINGS : Main.OK;
    }

    private static Outcome run(
            Analysis analysis,
            int jobs,
            List<Path> inputs,
            String format,
            Writer writer,
            boolean toTerminal,
            java.io.PrintWriter err,
            String failOn,
            boolean everyRuleNotEvaluated)
            throws IOException {
        String profile = analysis.profile().name();
        Output out = switch (format) {
            case "json" -> new Json(writer, profile);
            case "yaml" ->
                new Collected(
                        writer, (fleet, hosts) -> JsonRenderer.yaml().write(FleetView.model(profile, fleet, hosts)));
            case "markdown" -> new Collected(writer, new MarkdownRenderer()::renderFleet);
            case "html" -> new Collected(writer, new HtmlRenderer()::renderFleet);
            case "junit" -> new Collected(writer, new JunitRenderer(failOn)::renderFleet);
            default ->
                new Collected(
                        writer,
                        new TextRenderer(Terminal.colour(toTerminal), Terminal.width(), everyRuleNotEvaluated)
                                ::renderFleet);
        };
        return new FleetAnalysis(analysis, jobs)
                .run(inputs, out, new Progress(err, inputs.size(), System.console() != null));
    }

    private HostResult analyse(Path input) {
        try {
            return analysis.run(input, (report, facts) -> new HostResult(report, HostSummary.of(facts), null));
        } catch (BundleException e) {
            return new HostResult(null, null, new Fleet.Unreadable(input.toString(), e.getMessage()));
        }
    }

    private static HostResult await(Future<HostResult> f) throws IOException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } catch (ExecutionException e) {
            // A bug in one host's analysis is a bug: let it reach the internal-error handler.
            throw e.getCause() instanceof RuntimeException re ? re : new IllegalStateException(e.getCause());
        }
    }

    private static int worstRank(List<Report.ReportFinding> findings) {
        return findings.stream()
                .mapToInt(f -> ReportBuilder.rank(f.severity()))
                .min()
                .orElse(ReportBuilder.SEVERITIES.size());
    }

    private Report.ReportFinding reportFinding(Finding f) {
        RuleInfo rule = analysis.engine().catalog().get(f.id());
        return new Report.ReportFinding(
                f.id(),
                f.severity(),
                f.confidence(),
                rule == null ? "custom" : rule.layer().label(),
                f.subject(),
                rule == null ? f.id() : rule.summary(),
                RuleDocs.explanation(f.id()),
                f.evidence().stream()
                        .map(e -> new Report.Evidence(e.source(), e.value(), e.note()))
                        .toList(),
                List.of(),
                List.of(),
                List.of());
    }

    /** JSON: {@code {tool, version, profile, hosts: [report...], fleet: {...}}}, streamed host by host. */
    static final class Json implements Output {
        private final ObjectWriter values = JsonRenderer.streaming();
        private final JsonGenerator json;

        Json(Writer writer, String profile) throws IOException {
            json = values.getFactory().createGenerator(writer);
            json.useDefaultPrettyPrinter();
            json.writeStartObject();
            json.writeStringField("tool", "roce-doctor");
            json.writeStringField("version", ReportBuilder.VERSION);
            json.writeStringField("profile", profile);
            json.writeArrayFieldStart("hosts");
        }

        @Override
        public void host(Report report) throws IOException {
            values.writeValue(json, report);
        }

        @Override
        public void fleet(Fleet fleet) throws IOException {
            json.writeEndArray();
            json.writeFieldName("fleet");
            values.writeValue(json, fleet);
            json.writeEndObject();
            json.writeRaw('\n');
            json.flush();
        }
    }

    /**
     * The formats that open with the fleet's headline and host table: the hosts' reports are kept
     * (the model, not the bundles) until the fleet section is known, then rendered in one piece.
     */
    static final class Collected implements Output {
        private final Writer out;
        private final java.util.function.BiFunction<Fleet, List<Report>, String> renderer;
        private final List<Report> hosts = new ArrayList<>();

        Collected(Writer out, java.util.function.BiFunction<Fleet, List<Report>, String> renderer) {
            this.out = out;
            this.renderer = renderer;
        }

        @Override
        public void host(Report report) {
            hosts.add(report);
        }

        @Override
        public void fleet(Fleet fleet) throws IOException {
            out.write(renderer.apply(fleet, hosts));
            out.flush();
        }
    }

    /** The fleet model as the JSON streams it, for YAML, in the same field order. */
    record FleetView(String tool, String version, String profile, List<Report> hosts, Fleet fleet) {
        static FleetView model(String profile, Fleet fleet, List<Report> hosts) {
            return new FleetView("roce-doctor", ReportBuilder.VERSION, profile, hosts, fleet);
        }
    }
}
