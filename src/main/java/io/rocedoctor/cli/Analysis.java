package io.rocedoctor.cli;

import io.rocedoctor.bundle.ArchiveExtractor;
import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.bundle.BundleException;
import io.rocedoctor.bundle.BundleReader;
import io.rocedoctor.engine.Diagnosis;
import io.rocedoctor.engine.Profile;
import io.rocedoctor.engine.RuleEngine;
import io.rocedoctor.facts.FactBuilder;
import io.rocedoctor.facts.Facts;
import io.rocedoctor.facts.SourceLedger;
import io.rocedoctor.plan.ActionCatalog;
import io.rocedoctor.plan.BundleDiff;
import io.rocedoctor.plan.Planner;
import io.rocedoctor.plan.Snapshot;
import io.rocedoctor.report.Report;
import io.rocedoctor.report.ReportBuilder;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BiFunction;

/**
 * The pipeline for one bundle: read, build facts, diagnose, plan, report. The bundle's scratch is
 * gone when this returns. A bundle of which no capture could be parsed is bad input; otherwise each
 * capture that failed is one line on {@code warnings} (the report lists them too). Public for
 * {@code io.rocedoctor.serve}, which runs the same pipeline on uploaded bundles.
 */
public final class Analysis {
    private final java.util.function.Supplier<RuleEngine> engineSource;
    private volatile RuleEngine engine;
    private final Profile profile;
    private final BundleReader reader;
    private final PrintWriter warnings;
    private final Planner planner = new Planner(new ActionCatalog());

    /** {@code engine} is asked once, when the first bundle's facts are ready (the rulebase may be building meanwhile). */
    public Analysis(
            java.util.function.Supplier<RuleEngine> engine,
            Profile profile,
            BundleReader reader,
            PrintWriter warnings) {
        this.engineSource = engine;
        this.profile = profile;
        this.reader = reader;
        this.warnings = warnings;
    }

    public RuleEngine engine() {
        RuleEngine e = engine;
        if (e == null) {
            synchronized (this) {
                if (engine == null) {
                    engine = engineSource.get();
                }
                e = engine;
            }
        }
        return e;
    }

    Profile profile() {
        return profile;
    }

    public Report run(Path input) throws BundleException {
        return run(input, (report, facts) -> report);
    }

    /** Runs the pipeline and keeps what {@code keep} takes of the report and facts (a fleet keeps a summary). */
    public <T> T run(Path input, BiFunction<Report, Facts, T> keep) throws BundleException {
        return inspect(
                input,
                (bundle, facts, diagnosis) -> keep.apply(
                        ReportBuilder.build(
                                bundle,
                                facts,
                                diagnosis,
                                engine().catalog(),
                                profile,
                                planner.plan(
                                        diagnosis,
                                        Snapshot.of(facts)
                                                .identified(
                                                        bundle.machine(),
                                                        bundle.redacted().contains("hostnames")))),
                        facts));
    }

    /** The {@code diff} of two bundles: each read and diagnosed, then their findings and figures compared. */
    public BundleDiff diff(String beforeName, Path before, String afterName, Path after) throws BundleException {
        return compare(beforeName, before, afterName, after).diff();
    }

    /** Two bundles compared, with the host each says it is (the bundle's host name; null when it has none). */
    public record Comparison(String beforeHost, String afterHost, BundleDiff diff) {
        public boolean sameHost() {
            return java.util.Objects.equals(beforeHost, afterHost);
        }
    }

    /** As {@link #diff}, keeping the hosts: {@code diff} refuses two hosts unless asked. */
    public Comparison compare(String beforeName, Path before, String afterName, Path after) throws BundleException {
        record Side(String host, Diagnosis diagnosis, Facts facts) {}
        Side b = inspect(before, (bundle, facts, found) -> new Side(bundle.host(), found, facts));
        Side a = inspect(after, (bundle, facts, found) -> new Side(bundle.host(), found, facts));
        return new Comparison(
                b.host(),
                a.host(),
                BundleDiff.of(beforeName, b.diagnosis(), b.facts(), afterName, a.diagnosis(), a.facts()));
    }

    /** Runs the pipeline up to the diagnosis and hands it to {@code use} while the bundle is still open. */
    public <T> T inspect(Path input, Use<T> use) throws BundleException {
        try (Bundle bundle = reader.read(input)) {
            Facts facts = usableFacts(input, bundle, warnings);
            return use.apply(bundle, facts, engine().diagnose(facts, profile));
        }
    }

    /** The bundle's facts, when at least one capture parsed; each failed capture is a warning line. */
    static Facts usableFacts(Path input, Bundle bundle, PrintWriter warnings) throws BundleException {
        Facts facts = new FactBuilder().build(bundle);
        List<SourceLedger.Failure> failures = facts.ledger().failures();
        if (facts.ledger().parsedNothing()) {
            throw new BundleException(
                    input,
                    "nothing usable: no capture could be parsed"
                            + (failures.isEmpty()
                                    ? ""
                                    : " (" + where(failures.get(0))
                                            + (failures.size() > 1 ? "; " + (failures.size() - 1) + " more failed" : "")
                                            + ")"));
        }
        for (SourceLedger.Failure f : failures) {
            warnings.println("roce-doctor: " + input + ": " + where(f));
        }
        warnings.flush();
        return facts;
    }

    /** {@code commands/x:12: ethtool -i x: no 'driver:' line}, printable whatever the bundle holds. */
    private static String where(SourceLedger.Failure f) {
        String at = f.file() == null ? "" : f.file() + (f.line() > 0 ? ":" + f.line() : "") + ": ";
        return ArchiveExtractor.printable(at + f.source() + ": " + f.error());
    }

    public interface Use<T> {
        T apply(Bundle bundle, Facts facts, Diagnosis diagnosis);
    }
}
