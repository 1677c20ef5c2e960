package io.rocedoctor.cli;

import io.rocedoctor.bundle.BundleReader;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** What every command that reads a bundle accepts: the archive limits and {@code --debug}. */
final class BundleOptions {
    @Mixin
    ArchiveLimitOptions archiveLimits;

    /** Declared so that every bundle reader accepts it; Main's handler looks for it on the command line. */
    @Option(names = "--debug", description = "Print stack traces of internal errors.")
    boolean debug;

    /** A reader held to the limits given; a bad limit value is bad input naming the option. */
    BundleReader reader() throws BadInputException {
        try {
            return new BundleReader(archiveLimits.limits());
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage(), e);
        }
    }
}
