package io.rocedoctor.bundle;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What an uploaded archive may expand to before it is refused (docs/security.md lists them).
 *
 * <p>Why these defaults:
 * <ul>
 * <li>{@code max-expanded-bytes} 1 GiB and {@code max-entry-bytes} 256 MiB: a large sosreport
 * expands to a few hundred MB, and sos itself caps a log at 25 MiB by default.</li>
 * <li>{@code max-entries} 100,000: a large sosreport holds some 50,000 files.</li>
 * <li>{@code max-depth} 40 folders: the deepest sysfs copies in a sosreport are about 15 deep.</li>
 * <li>{@code max-ratio} 100 once {@code ratio-grace-bytes} 32 MiB are written: command output
 * compresses 5 to 15 times and a whole sosreport stays under 20, while deflate reaches about
 * 1,000 on zeros (bzip2 and xz far more), so a gzip bomb is stopped after 32 MiB on disk instead
 * of 1 GiB. The grace lets small bundles of very repetitive files pass (the interrupts table of
 * a 256-CPU host is mostly zeros and alone can compress beyond 100).</li>
 * </ul>
 */
public record ArchiveLimits(
        long maxExpandedBytes, long maxEntryBytes, int maxEntries, int maxDepth, long maxRatio, long ratioGraceBytes) {

    public static final ArchiveLimits DEFAULT = new ArchiveLimits(1L << 30, 256L << 20, 100_000, 40, 100, 32L << 20);

    /** The property names {@link #fromProperties} accepts, also the CLI's option names without "--". */
    public static final String MAX_EXPANDED_BYTES = "max-expanded-bytes";

    public static final String MAX_ENTRY_BYTES = "max-entry-bytes";
    public static final String MAX_ENTRIES = "max-entries";
    public static final String MAX_DEPTH = "max-depth";
    public static final String MAX_RATIO = "max-ratio";
    public static final String RATIO_GRACE_BYTES = "ratio-grace-bytes";

    public ArchiveLimits {
        if (maxExpandedBytes <= 0
                || maxEntryBytes <= 0
                || maxEntries <= 0
                || maxDepth <= 0
                || maxRatio <= 0
                || ratioGraceBytes < 0) {
            throw new IllegalArgumentException("archive limits must be positive");
        }
        // Keeps maxRatio * compressed bytes far from overflowing a long.
        if (maxRatio > 1_000_000) {
            throw new IllegalArgumentException(MAX_RATIO + " must be at most 1000000");
        }
    }

    /**
     * The defaults overridden by the given settings, keyed by the names above. Byte sizes take an
     * optional binary suffix: {@code 64M}, {@code 2G}, {@code 512k}.
     *
     * @throws IllegalArgumentException naming the key when a key is unknown or a value is not a
     *         positive whole number
     */
    public static ArchiveLimits fromProperties(Map<String, String> settings) {
        Map<String, String> rest = new LinkedHashMap<>(settings);
        ArchiveLimits limits = new ArchiveLimits(
                size(rest, MAX_EXPANDED_BYTES, DEFAULT.maxExpandedBytes),
                size(rest, MAX_ENTRY_BYTES, DEFAULT.maxEntryBytes),
                (int) Math.min(Integer.MAX_VALUE, count(rest, MAX_ENTRIES, DEFAULT.maxEntries)),
                (int) Math.min(Integer.MAX_VALUE, count(rest, MAX_DEPTH, DEFAULT.maxDepth)),
                count(rest, MAX_RATIO, DEFAULT.maxRatio),
                size(rest, RATIO_GRACE_BYTES, DEFAULT.ratioGraceBytes));
        if (!rest.isEmpty()) {
            throw new IllegalArgumentException(
                    "unknown archive limit '" + rest.keySet().iterator().next()
                            + "' (known: "
                            + String.join(
                                    ", ",
                                    MAX_EXPANDED_BYTES,
                                    MAX_ENTRY_BYTES,
                                    MAX_ENTRIES,
                                    MAX_DEPTH,
                                    MAX_RATIO,
                                    RATIO_GRACE_BYTES)
                            + ")");
        }
        return limits;
    }

    private static long count(Map<String, String> rest, String key, long fallback) {
        String value = rest.remove(key);
        return value == null ? fallback : parse(key, value.strip(), 1);
    }

    private static long size(Map<String, String> rest, String key, long fallback) {
        String value = rest.remove(key);
        if (value == null) {
            return fallback;
        }
        String v = value.strip().toUpperCase(Locale.ROOT);
        int shift = v.isEmpty()
                ? 0
                : switch (v.charAt(v.length() - 1)) {
                    case 'K' -> 10;
                    case 'M' -> 20;
                    case 'G' -> 30;
                    case 'T' -> 40;
                    default -> 0;
                };
        return parse(key, shift == 0 ? v : v.substring(0, v.length() - 1), 1L << shift);
    }

    private static long parse(String key, String digits, long unit) {
        if (!digits.matches("[0-9]{1,18}")) {
            throw new IllegalArgumentException(
                    key + ": '" + ArchiveExtractor.printable(digits) + "' is not a whole number");
        }
        long n = Long.parseLong(digits);
        if (n == 0 || n > Long.MAX_VALUE / unit) {
            throw new IllegalArgumentException(key + ": " + digits + " is out of range");
        }
        return n * unit;
    }
}
