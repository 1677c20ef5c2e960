package io.rocedoctor.facts;

import java.util.List;

/** Everything roce-doctor understood from one bundle: the host, its facts, and the source ledger. */
public record Facts(Host host, List<Object> all, SourceLedger ledger) {
    public Facts {
        all = List.copyOf(all);
    }

    public <T> List<T> of(Class<T> type) {
        return all.stream().filter(type::isInstance).map(type::cast).toList();
    }
}
