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
    /**
     * Each type's facts as last handed out, until one of that type is added or replaced: the
     * layers take the ~2,300 counter rates several times with none added between, and a copy per
     * call showed in the profile.
     */
    private final Map<Class<?>, List<?>> taken = new HashMap<>();
    /** The type of the fact added last and its list: facts come in runs of one type (a port's ~300 counters). */
    private Class<?> lastType;

    private List<Object> lastOfType;
    /** Whether the facts of {@link #lastType} were handed out since one of them was added. */
    private boolean lastTypeTaken;

    /** The facts of a type, in the order they were added: an immutable list, so a layer may add while it reads. */
    @SuppressWarnings("unchecked")
    <T> List<T> of(Class<T> type) {
        List<?> known = taken.get(type);
        if (known == null) {
            known = List.copyOf(byType.getOrDefault(type, List.of()));
            taken.put(type, known);
            lastTypeTaken |= type == lastType;
        }
        return (List<T>) known;
    }

    void add(Object fact) {
        all.add(fact);
        Class<?> type = fact.getClass();
        if (type != lastType) {
            lastType = type;
            lastOfType = byType.computeIfAbsent(type, k -> new ArrayList<>());
            taken.remove(type);
            lastTypeTaken = false;
        } else if (lastTypeTaken) {
            taken.remove(type);
            lastTypeTaken = false;
        }
        lastOfType.add(fact);
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
        taken.remove(before.getClass());
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
