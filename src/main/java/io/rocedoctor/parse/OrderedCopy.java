package io.rocedoctor.parse;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Unmodifiable copies that keep their source's order. {@code Map.copyOf} and {@code Set.copyOf}
 * iterate in an order salted per JVM start, so anything derived from iterating them (facts,
 * evidence, reports) would differ from one run to the next on the same bundle.
 */
public final class OrderedCopy {
    private OrderedCopy() {}

    public static <K, V> Map<K, V> map(Map<? extends K, ? extends V> source) {
        return Collections.unmodifiableMap(new LinkedHashMap<>(source));
    }

    public static <T> Set<T> set(Collection<? extends T> source) {
        return Collections.unmodifiableSet(new LinkedHashSet<>(source));
    }
}
