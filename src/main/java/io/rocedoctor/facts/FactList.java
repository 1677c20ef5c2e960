package io.rocedoctor.facts;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The host's facts as they are built, in the order they were added, with those of each type kept
 * apart: the layers take facts by type some fifty times a bundle, and a scan of all ~2,500 facts
 * for each showed in the profile. Fact types are records, so a fact is of its own class only.
 */
final class FactList {
    private final List<Object> all = new ArrayList<>();
    private final Map<Class<?>, List<Object>> byType = new HashMap<>();

    /** The facts of a type, in the order they were added: a copy, so a layer may add while it reads. */
    @SuppressWarnings("unchecked")
    <T> List<T> of(Class<T> type) {
        return (List<T>) List.copyOf(byType.getOrDefault(type, List.of()));
    }

    void add(Object fact) {
        all.add(fact);
        byType.computeIfAbsent(fact.getClass(), k -> new ArrayList<>()).add(fact);
    }

    void addAll(Collection<?> facts) {
        facts.forEach(this::add);
    }

    /** Puts {@code now}, a fact of the same type, where {@code before} stood (the same object), keeping the order of the facts. */
    void replace(Object before, Object now) {
        int at = indexOf(all, before);
        if (at < 0) {
            throw new IllegalArgumentException("not a fact of this host: " + before);
        }
        if (now.getClass() != before.getClass()) {
            throw new IllegalArgumentException("a fact is replaced by one of its own type: " + before + " by " + now);
        }
        all.set(at, now);
        List<Object> same = byType.get(before.getClass());
        same.set(indexOf(same, before), now);
    }

    /** The types of the facts added. */
    java.util.Set<Class<?>> types() {
        return byType.keySet();
    }

    /** Every fact, in the order added. */
    List<Object> all() {
        return all;
    }

    private static int indexOf(List<Object> facts, Object fact) {
        for (int i = 0; i < facts.size(); i++) {
            if (facts.get(i) == fact) {
                return i;
            }
        }
        return -1;
    }
}
