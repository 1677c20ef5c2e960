package io.rocedoctor.cli;

import io.rocedoctor.bundle.ArchiveLimits;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The archive limits of every command that reads a bundle (docs/security.md). Unset options keep
 * the safe defaults; sizes take a binary suffix ({@code 2G}, {@code 64M}). Public for {@code serve}.
 */
public final class ArchiveLimitOptions {
    private final Map<String, String> settings = new LinkedHashMap<>();

    @Option(
            names = "--max-expanded-bytes",
            paramLabel = "SIZE",
            description = "Refuse an archive expanding to more than SIZE in all (default 1G).")
    void maxExpandedBytes(String value) {
        settings.put(ArchiveLimits.MAX_EXPANDED_BYTES, value);
    }

    @Option(
            names = "--max-entry-bytes",
            paramLabel = "SIZE",
            description = "Refuse a single entry larger than SIZE (default 256M).")
    void maxEntryBytes(String value) {
        settings.put(ArchiveLimits.MAX_ENTRY_BYTES, value);
    }

    @Option(
            names = "--max-entries",
            paramLabel = "N",
            description = "Refuse an archive with more than N entries (default 100000).")
    void maxEntries(String value) {
        settings.put(ArchiveLimits.MAX_ENTRIES, value);
    }

    @Option(
            names = "--max-depth",
            paramLabel = "N",
            description = "Refuse entries nested deeper than N folders (default 40).")
    void maxDepth(String value) {
        settings.put(ArchiveLimits.MAX_DEPTH, value);
    }

    @Option(
            names = "--max-ratio",
            paramLabel = "N",
            description =
                    "Refuse an archive expanding more than N times its compressed size past a grace of 32M (default 100).")
    void maxRatio(String value) {
        settings.put(ArchiveLimits.MAX_RATIO, value);
    }

    /** The limits in force; an {@link IllegalArgumentException} names the option and the bad value. */
    public ArchiveLimits limits() {
        return ArchiveLimits.fromProperties(settings);
    }
}
