package io.rocedoctor.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import io.rocedoctor.bundle.BundleException;
import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.engine.Diagnosis;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.engine.RuleDocs;
import io.rocedoctor.engine.RuleInfo;
import io.rocedoctor.fleet.FleetFacts;
import io.rocedoctor.fleet.HostSummary;
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
import java.util.Locale;
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

    /** A bundle that could not be read, and why. */
    record Unreadable(String path, String error) {
    }

    /** The fleet's part of the output: how many hosts, which bundles failed, and the fleet rules' findings. */
    record FleetSection(int hosts, List<Unreadable> unreadable, List<Report.ReportFinding> findings,
                        List<Report.NotEvaluatedRule> notEvaluated) {
    }

    /** How the run went: the most severe finding seen (its rank in ReportBuilder.SEVERITIES) and the unreadable count. */
    record Outcome(int worstRank, int unreadable) {
    }

    /** Where the reports go, in input order, then the fleet section. */
    interface Output {
        void host(Report report) throws IOException;

        void fleet(FleetSection fleet) throws IOException;
    }

    private record HostResult(Report report, HostSummary summary, Unreadable unreadable) {
    }

    private final Analysis analysis;
    private final int jobs;

    FleetAnalysis(Analysis analysis, int jobs) {
        this.analysis = analysis;
        this.jobs = jobs;
    }

    Outcome run(List<Path> inputs, Output out, Progress progress) throws IOException {
        List<HostSummary> summaries = new ArrayList<>();
        List<Unreadable> unreadable = new ArrayList<>();
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
                .sorted(Comparator.comparingInt((Finding f) -> ReportBuilder.rank(f.severity())).thenComparing(Finding::id)
                        .thenComparing(Finding::subject))
                .map(this::reportFinding).toList();
        worst = Math.min(worst, worstRank(findings));
        out.fleet(new FleetSection(summaries.size(), unreadable, findings, fleet.notEvaluated().stream()
                .map(n -> new Report.NotEvaluatedRule(n.rule(), n.missing(), n.reason())).toList()));
        return new Outcome(worst, unreadable.size());
    }

    /**
     * The {@code analyze} command with several bundles: output to stdout or a file, progress on
     * stderr, exit code as for one bundle (2 when any bundle was unreadable, the others still analysed).
     */
    static int execute(List<Path> inputs, String format, Path output, int jobs, String failOn,
                       picocli.CommandLine.Model.CommandSpec spec, Analysis analysis) throws IOException, BadInputException {
        var err = spec.commandLine().getErr();
        if (!format.equals("text") && !format.equals("json")) {
            throw new BadInputException("with several bundles, --format is text or json, not " + format);
        }
        Outcome outcome;
        if (output == null) {
            Writer writer = spec.commandLine().getOut();
            outcome = run(analysis, jobs, inputs, format, writer, true, err);
            writer.flush();
        } else {
            // Every I/O problem here is the output's: a bundle that cannot be read is listed in the report.
            outcome = OutputFailure.writing(output, () -> {
                try (Writer writer = java.nio.file.Files.newBufferedWriter(output, java.nio.charset.StandardCharsets.UTF_8)) {
                    return run(analysis, jobs, inputs, format, writer, false, err);
                }
            });
        }
        if (outcome.unreadable() > 0) {
            throw new BadInputException(outcome.unreadable() + " of " + inputs.size() + " bundles could not be read (listed in the report)");
        }
        return failOn != null && outcome.worstRank() <= ReportBuilder.rank(failOn) ? Main.FINDINGS : Main.OK;
    }

    private static Outcome run(Analysis analysis, int jobs, List<Path> inputs, String format, Writer writer,
                               boolean toTerminal, java.io.PrintWriter err) throws IOException {
        Output out = format.equals("json") ? new Json(writer, analysis.profile().name())
                : new Text(writer, new TextRenderer(Terminal.colour(toTerminal), Terminal.width()));
        return new FleetAnalysis(analysis, jobs).run(inputs, out, new Progress(err, inputs.size(), System.console() != null));
    }

    private HostResult analyse(Path input) {
        try {
            return analysis.run(input, (report, facts) -> new HostResult(report, HostSummary.of(facts), null));
        } catch (BundleException e) {
            return new HostResult(null, null, new Unreadable(input.toString(), e.getMessage()));
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
        return findings.stream().mapToInt(f -> ReportBuilder.rank(f.severity())).min().orElse(ReportBuilder.SEVERITIES.size());
    }

    private Report.ReportFinding reportFinding(Finding f) {
        RuleInfo rule = analysis.engine().catalog().get(f.id());
        return new Report.ReportFinding(f.id(), f.severity(), f.confidence(), rule == null ? "custom" : rule.layer().label(), f.subject(),
                rule == null ? f.id() : rule.summary(), RuleDocs.explanation(f.id()),
                f.evidence().stream().map(e -> new Report.Evidence(e.source(), e.value(), e.note())).toList(),
                List.of(), List.of(), List.of());
    }

    /** JSON: {@code {tool, version, profile, hosts: [report...], fleet: {...}}}, streamed host by host. */
    static final class Json implements Output {
        private final ObjectMapper mapper = new ObjectMapper()
                .setDefaultPropertyInclusion(JsonInclude.Value.construct(JsonInclude.Include.NON_NULL, JsonInclude.Include.NON_NULL))
                .enable(SerializationFeature.INDENT_OUTPUT)
                .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
                .disable(SerializationFeature.FLUSH_AFTER_WRITE_VALUE);
        private final JsonGenerator json;

        Json(Writer writer, String profile) throws IOException {
            json = mapper.getFactory().createGenerator(writer);
            json.useDefaultPrettyPrinter();
            json.writeStartObject();
            json.writeStringField("tool", "roce-doctor");
            json.writeStringField("version", ReportBuilder.VERSION);
            json.writeStringField("profile", profile);
            json.writeArrayFieldStart("hosts");
        }

        @Override
        public void host(Report report) throws IOException {
            mapper.writeValue(json, report);
        }

        @Override
        public void fleet(FleetSection fleet) throws IOException {
            json.writeEndArray();
            json.writeFieldName("fleet");
            mapper.writeValue(json, fleet);
            json.writeEndObject();
            json.writeRaw('\n');
            json.flush();
        }
    }

    /** Text: each host's report as for one bundle, then the fleet's findings. */
    static final class Text implements Output {
        private final Writer out;
        private final TextRenderer renderer;

        Text(Writer out, TextRenderer renderer) {
            this.out = out;
            this.renderer = renderer;
        }

        @Override
        public void host(Report report) throws IOException {
            out.write(renderer.render(report));
            out.write("\n");
        }

        @Override
        public void fleet(FleetSection fleet) throws IOException {
            StringBuilder s = new StringBuilder("Fleet: " + fleet.hosts() + " host" + (fleet.hosts() == 1 ? "" : "s") + " analysed together\n\n");
            if (fleet.findings().isEmpty()) {
                s.append("No fleet finding.\n");
            }
            for (Report.ReportFinding f : fleet.findings()) {
                s.append(String.format(Locale.ROOT, "%-8s %s  %s  [%s]%n", f.severity().toUpperCase(Locale.ROOT), f.id(), f.subject(), f.confidence()))
                        .append("         ").append(f.title()).append('\n');
                f.evidence().forEach(e -> s.append("         - ").append(e.source()).append(": ").append(e.value())
                        .append(e.note() == null ? "" : "  " + e.note()).append('\n'));
            }
            if (!fleet.unreadable().isEmpty()) {
                s.append("\nBundles that could not be read\n");
                fleet.unreadable().forEach(u -> s.append("  ").append(u.error()).append('\n'));
            }
            s.append('\n').append(fleet.findings().size()).append(" fleet finding").append(fleet.findings().size() == 1 ? "" : "s")
                    .append(", ").append(fleet.unreadable().size()).append(" bundle").append(fleet.unreadable().size() == 1 ? "" : "s")
                    .append(" unreadable.\n");
            out.write(s.toString());
            out.flush();
        }
    }
}
