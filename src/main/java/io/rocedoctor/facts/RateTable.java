package io.rocedoctor.facts;

import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.ToIntFunction;

/**
 * A subject's counter rates by name, in the order the source printed them, over the parsed table's
 * positions and index: no second hash map per port (~300 counters a port). A position whose counter
 * got no rate (absent from the last sample) holds none. Immutable.
 */
final class RateTable extends AbstractMap<String, CounterRate> {
    private final ToIntFunction<String> positionOf;
    private final CounterRate[] byPosition;
    private final List<CounterRate> rates;

    /** {@code positionOf}: a counter's position in {@code byPosition}, -1 when the source has none of that name. */
    RateTable(ToIntFunction<String> positionOf, CounterRate[] byPosition) {
        this.positionOf = positionOf;
        this.byPosition = byPosition;
        List<CounterRate> present = new ArrayList<>(byPosition.length);
        for (CounterRate r : byPosition) {
            if (r != null) {
                present.add(r);
            }
        }
        this.rates = Collections.unmodifiableList(present);
    }

    @Override
    public CounterRate get(Object counter) {
        int at = counter instanceof String name ? positionOf.applyAsInt(name) : -1;
        return at < 0 ? null : byPosition[at];
    }

    @Override
    public boolean containsKey(Object counter) {
        return get(counter) != null;
    }

    @Override
    public int size() {
        return rates.size();
    }

    /** The rates in the source's order. */
    @Override
    public Collection<CounterRate> values() {
        return rates;
    }

    /** A copy: the layers take {@link #get} and {@link #values()}, only Map's own equals and toString walk this. */
    @Override
    public Set<Entry<String, CounterRate>> entrySet() {
        Set<Entry<String, CounterRate>> entries = new LinkedHashSet<>(rates.size() * 4 / 3 + 1);
        rates.forEach(r -> entries.add(new SimpleImmutableEntry<>(r.counter(), r)));
        return Collections.unmodifiableSet(entries);
    }
}
