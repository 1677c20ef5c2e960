package io.rocedoctor.plan;

import io.rocedoctor.facts.Facts;
import io.rocedoctor.facts.IrqBinding;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What the bundle saw, by source ({@code /proc/irq/142/smp_affinity_list} -> {@code 0-3}): the
 * prior values of settings whose proposals carry none (a catalog setting's {@code prior-source}).
 */
public record Snapshot(String host, String machine, boolean redacted, Map<String, String> values) {
    public static final Snapshot EMPTY = new Snapshot(null, Map.of());
    /** The key of an IRQ's handler name as /proc/interrupts showed it: {@code /proc/interrupts IRQ 142}. */
    static final String IRQ_HANDLER = "/proc/interrupts IRQ ";

    public Snapshot {
        values = java.util.Collections.unmodifiableMap(new TreeMap<>(values));
    }

    public Snapshot(String host, Map<String, String> values) {
        this(host, null, false, values);
    }

    /**
     * This snapshot with the bundle's identity: the machine id the collector recorded (a hash of
     * /etc/machine-id, null when none) and whether host names were redacted (then the host name is a token).
     */
    public Snapshot identified(String machine, boolean redacted) {
        return new Snapshot(host, machine, redacted, values);
    }

    public static Snapshot of(Facts facts) {
        Map<String, String> values = new TreeMap<>();
        for (IrqBinding b : facts.of(IrqBinding.class)) {
            if (b.affinity() != null) {
                values.put(
                        "/proc/irq/" + b.irq() + "/smp_affinity_list",
                        b.affinity().toString());
            }
            if (b.name() != null) {
                values.put(IRQ_HANDLER + b.irq(), b.name());
            }
        }
        return new Snapshot(facts.host().name(), values);
    }

    public Optional<String> value(String source) {
        return Optional.ofNullable(values.get(source));
    }
}
