package io.rocedoctor.cli;

import io.rocedoctor.bundle.BundleReader;
import io.rocedoctor.engine.Profile;
import java.io.IOException;
import java.io.PrintWriter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** What every command that diagnoses a bundle accepts: the profile, the user's rules and the bundle options. */
final class DiagnosisOptions {
    @Option(
            names = "--profile",
            defaultValue = "throughput",
            paramLabel = "NAME|FILE",
            description = "throughput, latency, storage, audit, or a profile YAML file (default: ${DEFAULT-VALUE}).")
    String profileName;

    @Mixin
    RulesOption rules;

    @Mixin
    BundleOptions bundle;

    /**
     * The pipeline these options describe; each capture that fails is a line on {@code warnings}.
     * The limits are checked first: they cost nothing, the rules take seconds to compile.
     */
    Analysis analysis(PrintWriter warnings) throws BadInputException {
        BundleReader reader = bundle.reader();
        Profile profile;
        try {
            profile = Profile.load(profileName);
        } catch (IOException e) {
            throw new BadInputException(e.getMessage(), e);
        }
        return new Analysis(rules.lazyEngine(), profile, reader, warnings);
    }
}
