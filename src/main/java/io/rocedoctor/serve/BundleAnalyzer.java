package io.rocedoctor.serve;

import io.rocedoctor.bundle.ArchiveLimits;
import io.rocedoctor.bundle.BundleException;
import io.rocedoctor.bundle.BundleReader;
import io.rocedoctor.cli.Analysis;
import io.rocedoctor.engine.Profile;
import io.rocedoctor.engine.RuleEngine;
import io.rocedoctor.facts.Nic;
import io.rocedoctor.plan.BundleDiff;
import io.rocedoctor.report.Renderers;
import io.rocedoctor.report.Report;
import io.rocedoctor.report.ReportBuilder;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;

/**
 * The CLI's pipeline ({@link Analysis}: read under the archive limits, facts, rules, plan, report)
 * on a stored bundle, its report kept as JSON ({@link StoredReport}: the other formats of {@code
 * analyze --format} are rendered from it when asked).
 */
public final class BundleAnalyzer {
    /** The formats of {@code analyze --format}, in its order. */
    public static final List<String> FORMATS = Renderers.NAMES;

    private final Analysis analysis;

    public BundleAnalyzer(ArchiveLimits limits) throws IOException {
        this.analysis = new Analysis(
                RuleEngine::builtIn,
                Profile.load("throughput"),
                new BundleReader(limits),
                new PrintWriter(Writer.nullWriter()));
    }

    /** What an analysis leaves: the report's JSON, the findings and NICs for the search index, the host. */
    public record Result(
            String reportJson,
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
            String worst = report.findings().stream()
                    .map(Report.ReportFinding::severity)
                    .min((a, b) -> Integer.compare(ReportBuilder.rank(a), ReportBuilder.rank(b)))
                    .orElse(null);
            return new Result(
                    StoredReport.render(report, StoredReport.STORED),
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
