package io.rocedoctor.engine.findings;

import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.CounterRate;
import java.util.Collection;

/**
 * How sure a finding built on rising counters is: one counter that moved between two samples
 * proves the fault is happening now (confirmed); totals since boot from a single sample cannot say
 * when they rose (possible).
 */
final class RisingCounters {
    private RisingCounters() {}

    static boolean measured(Collection<CounterRate> rising) {
        return rising.stream().anyMatch(c -> !c.sinceBoot());
    }

    static Finding.Builder confidence(Finding.Builder f, Collection<CounterRate> rising) {
        return measured(rising) ? f.confirmed() : f.possible();
    }
}
