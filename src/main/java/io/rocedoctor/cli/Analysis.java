package io.rocedoctor.cli;

import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.bundle.BundleException;
import io.rocedoctor.bundle.BundleReader;
import io.rocedoctor.engine.Diagnosis;
import io.rocedoctor.engine.Profile;
import io.rocedoctor.engine.RuleEngine;
import io.rocedoctor.facts.FactBuilder;
import io.rocedoctor.facts.Facts;
import io.rocedoctor.plan.ActionCatalog;
import io.rocedoctor.plan.Planner;
import io.rocedoctor.plan.Snapshot;
import io.rocedoctor.report.Report;
import io.rocedoctor.report.ReportBuilder;

import java.nio.file.Path;
import java.util.function.BiFunction;

/** The pipeline for one bundle: read, build facts, diagnose, plan, report. The bundle's scratch is gone when this returns. */
final class Analysis {
    private final RuleEngine engine;
    private final Profile profile;
    private final BundleReader reader;
    private final Planner planner = new Planner(new ActionCatalog());

    Analysis(RuleEngine engine, Profile profile, BundleReader reader) {
        this.engine = engine;
        this.profile = profile;
        this.reader = reader;
    }

    Report run(Path input) throws BundleException {
        return run(input, (report, facts) -> report);
    }

    /** Runs the pipeline and keeps what {@code keep} takes of the report and facts (a fleet keeps a summary). */
    <T> T run(Path input, BiFunction<Report, Facts, T> keep) throws BundleException {
        return inspect(input, (bundle, facts, diagnosis) -> keep.apply(ReportBuilder.build(bundle, facts, diagnosis,
                engine.catalog(), profile, planner.plan(diagnosis, Snapshot.of(facts))), facts));
    }

    /** Runs the pipeline up to the diagnosis and hands it to {@code use} while the bundle is still open. */
    <T> T inspect(Path input, Use<T> use) throws BundleException {
        try (Bundle bundle = reader.read(input)) {
            Facts facts = new FactBuilder().build(bundle);
            return use.apply(bundle, facts, engine.diagnose(facts, profile));
        }
    }

    interface Use<T> {
        T apply(Bundle bundle, Facts facts, Diagnosis diagnosis);
    }
}
