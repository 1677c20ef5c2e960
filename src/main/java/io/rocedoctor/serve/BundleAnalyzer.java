package io.rocedoctor.serve;

import io.rocedoctor.bundle.ArchiveLimits;
import io.rocedoctor.bundle.BundleException;
import io.rocedoctor.bundle.BundleReader;
import io.rocedoctor.cli.Analysis;
import io.rocedoctor.engine.Profile;
import io.rocedoctor.engine.RuleEngine;
import io.rocedoctor.facts.Nic;
import io.rocedoctor.plan.BundleDiff;
import io.rocedoctor.report.Renderer;
import io.rocedoctor.report.Renderers;
import io.rocedoctor.report.Report;
import io.rocedoctor.report.ReportBuilder;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The CLI's pipeline ({@link Analysis}: read under the archive limits, facts, rules, plan, report)
 * on a stored bundle, rendered in every format of {@code analyze --format}.
 */
public final class BundleAnalyzer {
    /** The formats of {@code analyze --format}, in its order. */
    public static final List<String> FORMATS = Renderers.NAMES;

    private final Analysis analysis;
    /**
     * Made once: the renderers hold no state, and a JSON or YAML renderer made per report spent more
     * on Jackson building its serializers than on writing (a profile under bench-serve: 8% of the
     * service's samples).
     */
    private final Map<String, Renderer> renderers = new LinkedHashMap<>();

    public BundleAnalyzer(ArchiveLimits limits) throws IOException {
        this.analysis = new Analysis(
                RuleEngine::builtIn,
                Profile.load("throughput"),
                new BundleReader(limits),
                new PrintWriter(Writer.nullWriter()));
        for (String format : FORMATS) {
            renderers.put(format, Renderers.of(format, null, false, 100, false));
        }
    }

    /** What an analysis leaves: every rendering, the findings and NICs for the search index, the host. */
    public record Result(
            Map<String, String> renderings,
            List<Report.ReportFinding> findings,
            List<Nic> nics,
            String host,
            String worstSeverity) {}

    /** Builds the rulebase now rather than on the first upload. */
    public void warmUp() {
        analysis.engine();
    }

    public Result analyse(Path bundle) throws BundleException {
        return analysis.run(bundle, (report, facts) -> {
            Map<String, String> renderings = new LinkedHashMap<>();
            renderers.forEach((format, renderer) -> renderings.put(format, renderer.render(report)));
            String worst = report.findings().stream()
                    .map(Report.ReportFinding::severity)
                    .min((a, b) -> Integer.compare(ReportBuilder.rank(a), ReportBuilder.rank(b)))
                    .orElse(null);
            return new Result(
                    renderings,
                    report.findings(),
                    facts.of(Nic.class),
                    report.bundle().host(),
                    worst);
        });
    }

    /** The CLI's {@code diff} of two stored bundles. */
    public BundleDiff diff(String beforeName, Path before, String afterName, Path after) throws BundleException {
        return analysis.diff(beforeName, before, afterName, after);
    }
}
