package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The RSS configuration of one netdev from {@code ethtool -x}.
 *
 * @param interfaceName the netdev; null when the title was not captured
 * @param ringCount     the RX ring count of the title; null when the title was not captured
 * @param table         the indirection table entries (queue numbers) in order
 * @param tableElided   a "..." line stood for part of the table: counts derived from it are partial
 * @param hashKey       the key bytes; empty when absent or "Operation not supported"
 * @param hashFunctions function name (toeplitz, xor, crc32) to on/off; empty on old ethtool
 */
public record RssIndirection(
        String interfaceName,
        Integer ringCount,
        List<Integer> table,
        boolean tableElided,
        List<Integer> hashKey,
        Map<String, Boolean> hashFunctions) {
    public RssIndirection {
        table = List.copyOf(table);
        hashKey = List.copyOf(hashKey);
        hashFunctions = OrderedCopy.map(hashFunctions);
    }

    /** The distinct queues the table spreads flows to. */
    public SortedSet<Integer> queuesUsed() {
        return new TreeSet<>(table);
    }

    /** Rings of the title that no table entry points to (only meaningful when the table is not elided). */
    public List<Integer> unusedRings() {
        List<Integer> out = new ArrayList<>();
        for (int r = 0; ringCount != null && r < ringCount; r++) {
            if (!table.contains(r)) {
                out.add(r);
            }
        }
        return out;
    }

    /** Entries of the busiest queue divided by those of the idlest used queue; NaN for an empty table. */
    public double weightRatio() {
        TreeMap<Integer, Integer> counts = new TreeMap<>();
        table.forEach(q -> counts.merge(q, 1, Integer::sum));
        if (counts.isEmpty()) {
            return Double.NaN;
        }
        int max = counts.values().stream().mapToInt(Integer::intValue).max().getAsInt();
        int min = counts.values().stream().mapToInt(Integer::intValue).min().getAsInt();
        return (double) max / min;
    }

    /** A key that is present but all zero bytes (a known driver bug that defeats hashing). */
    public boolean hashKeyAllZero() {
        return !hashKey.isEmpty() && hashKey.stream().allMatch(b -> b == 0);
    }

    /** The hash function turned on, if the output lists one. */
    public Optional<String> activeHashFunction() {
        return hashFunctions.entrySet().stream()
                .filter(Map.Entry::getValue)
                .map(Map.Entry::getKey)
                .sorted()
                .findFirst();
    }
}
