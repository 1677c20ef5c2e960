package io.rocedoctor.plan;

import io.rocedoctor.facts.Facts;
import io.rocedoctor.facts.IrqBinding;
import java.util.AbstractMap;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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
        values = values instanceof IrqValues ? values : Collections.unmodifiableMap(new TreeMap<>(values));
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

    /** The IRQs' affinities and handler names; spelt out when first asked for (a bundle without a plan step never does). */
    public static Snapshot of(Facts facts) {
        return new Snapshot(facts.host().name(), new IrqValues(facts.of(IrqBinding.class)));
    }

    public Optional<String> value(String source) {
        return Optional.ofNullable(values.get(source));
    }

    /**
     * The values of {@link #of}, made from the IRQ lines on first use: most bundles' plans ask for
     * none, and spelling two keys and an affinity per line was ~1% of a typical bundle's analysis.
     */
    private static final class IrqValues extends AbstractMap<String, String> {
        private final List<IrqBinding> lines;
        private Map<String, String> made;

        IrqValues(List<IrqBinding> lines) {
            this.lines = lines;
        }

        @Override
        public Set<Entry<String, String>> entrySet() {
            return made().entrySet();
        }

        @Override
        public String get(Object key) {
            return made().get(key);
        }

        private synchronized Map<String, String> made() {
            if (made == null) {
                Map<String, String> values = new TreeMap<>();
                for (IrqBinding b : lines) {
                    if (b.affinity() != null) {
                        values.put(IrqBinding.ownFile(b.irq()), b.affinity().toString());
                    }
                    if (b.name() != null) {
                        values.put(IRQ_HANDLER + b.irq(), b.name());
                    }
                }
                made = Collections.unmodifiableMap(values);
            }
            return made;
        }
    }
}
