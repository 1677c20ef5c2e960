package io.rocedoctor.facts;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything roce-doctor understood from one bundle: the host, its facts, and the source ledger.
 * The facts of each type are kept apart once: the rules' session, the plan, the report and the
 * fleet summary take them by type some thirty times a bundle. Fact types are records, so a fact
 * is of its own class only.
 */
public final class Facts {
    private final Host host;
    private final List<Object> all;
    private final SourceLedger ledger;
    private final Map<Class<?>, List<Object>> byType = new HashMap<>();

    public Facts(Host host, List<Object> all, SourceLedger ledger) {
        this.host = host;
        this.all = List.copyOf(all);
        this.ledger = ledger;
        for (Object fact : this.all) {
            byType.computeIfAbsent(fact.getClass(), k -> new java.util.ArrayList<>())
                    .add(fact);
        }
        byType.replaceAll((type, facts) -> List.copyOf(facts));
    }

    public Host host() {
        return host;
    }

    /** Every fact, the host first, then in the order they were built. */
    public List<Object> all() {
        return all;
    }

    public SourceLedger ledger() {
        return ledger;
    }

    /** The facts of a type, in the order they were built. */
    @SuppressWarnings("unchecked")
    public <T> List<T> of(Class<T> type) {
        return (List<T>) byType.getOrDefault(type, List.of());
    }
}
