package io.rocedoctor.bundle;

/**
 * What an uploaded archive may expand to before it is refused. The defaults hold any real
 * host bundle or sosreport (a large sosreport is a few hundred MB and some 50,000 files) with
 * room to spare, and stop gzip bombs and entry floods long before they hurt.
 */
public record ArchiveLimits(long maxTotalBytes, long maxEntryBytes, int maxEntries, int maxDepth, long maxRatio) {

    public static final ArchiveLimits DEFAULT =
            new ArchiveLimits(2L << 30, 512L << 20, 100_000, 40, 1_000);

    public ArchiveLimits {
        if (maxTotalBytes <= 0 || maxEntryBytes <= 0 || maxEntries <= 0 || maxDepth <= 0 || maxRatio <= 0) {
            throw new IllegalArgumentException("archive limits must be positive");
        }
    }
}
