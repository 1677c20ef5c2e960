package io.rocedoctor.facts;

import java.util.Collection;
import java.util.List;

/**
 * The host's facts built so far, as one layer may use them: it takes facts by type, only of a type
 * it declared it consumes or produces, and adds only facts of the types it produces. A read or an
 * addition the declaration does not name is a bug in the layer, caught by any test that builds it.
 */
final class BuiltFacts {
    private final FactList all;
    private final FactLayer layer;

    BuiltFacts(FactList all, FactLayer layer) {
        this.all = all;
        this.layer = layer;
    }

    /** The facts of a type, in the order they were added. */
    <T> List<T> of(Class<T> type) {
        if (!layer.consumes().contains(type) && !layer.produces().contains(type)) {
            throw new IllegalStateException("the " + layer.name() + " layer reads " + type.getSimpleName()
                    + " facts but does not declare it consumes them");
        }
        return all.of(type);
    }

    void add(Object fact) {
        requireProduced(fact);
        all.add(fact);
    }

    void addAll(Collection<?> facts) {
        facts.forEach(this::requireProduced);
        all.addAll(facts);
    }

    /** Puts {@code now} where {@code before} stood (the same object), keeping the order of the facts. */
    void replace(Object before, Object now) {
        requireProduced(now);
        all.replace(before, now);
    }

    private void requireProduced(Object fact) {
        if (!layer.produces().contains(fact.getClass())) {
            throw new IllegalStateException("the " + layer.name() + " layer adds "
                    + fact.getClass().getSimpleName() + " facts but does not declare it produces them");
        }
    }
}
