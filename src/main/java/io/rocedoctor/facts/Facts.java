package io.rocedoctor.facts;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything roce-doctor understood from one bundle: the host, its facts, and the source ledger.
 * The facts of each type are kept apart (as {@link FactList} built them): the rules' session, the
 * plan, the report and the fleet summary take them by type some thirty times a bundle.
 */
public final class Facts {
    private final Host host;
    private final List<Object> all;
    private final SourceLedger ledger;
    private final Map<Class<?>, List<?>> byType = new HashMap<>();

    /** The host first, then the facts built in their order, kept by type as they were. */
    Facts(Host host, FactList built, SourceLedger ledger) {
        this.host = host;
        List<Object> facts = new ArrayList<>(built.all().size() + 1);
        facts.add(host);
        facts.addAll(built.all());
        // Wrapped, not copied again: List.copyOf copied the ~2,600 facts a second time.
        this.all = Collections.unmodifiableList(facts);
        this.ledger = ledger;
        byType.put(Host.class, List.of(host));
        built.types().forEach(type -> byType.put(type, built.of(type)));
    }

    /** Facts made elsewhere than by {@link FactBuilder} (a test's, a fleet's): {@code facts} are those besides the host. */
    public static Facts of(Host host, List<?> facts, SourceLedger ledger) {
        FactList built = new FactList();
        built.addAll(facts);
        return new Facts(host, built, ledger);
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
