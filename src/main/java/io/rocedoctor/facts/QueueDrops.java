package io.rocedoctor.facts;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The drops of one switch queue, summed over whichever drop counters the dump has; since boot as
 * soon as one of them had a single sample, and the counters named for the evidence.
 */
final class QueueDrops {
    private long amount;
    private boolean sinceBoot;
    private final List<String> counters = new ArrayList<>();

    /** Counts {@code span} under the name {@code counter}; an absent counter adds nothing. */
    void add(Optional<SwitchContext.Span> span, String counter) {
        span.ifPresent(s -> {
            amount += s.amount();
            sinceBoot |= s.sinceBoot();
            counters.add(counter);
        });
    }

    long amount() {
        return amount;
    }

    boolean sinceBoot() {
        return sinceBoot;
    }

    /** The counters counted, as one line of evidence. */
    String counters() {
        return String.join(", ", counters);
    }
}
