package io.rocedoctor.collect;

import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * Every source a capture of this host takes, rendered from the {@link SourceKind} registry the
 * reader matches: each kind is expanded over the inventory by the parameters its collector
 * spelling names. Counter sources come first, so sample 0's counters are read close together.
 */
public record CapturePlan(List<Source> counters, List<Source> once) {

    /** The {@code ethtool -n IF rx-flow-hash P} protocols docs/bundle-format.md asks for. */
    static final List<String> FLOW_HASH_PROTOCOLS = List.of("udp4", "tcp4", "udp6");

    public CapturePlan {
        counters = List.copyOf(counters);
        once = List.copyOf(once);
    }

    /** The plan for every kind in {@code kinds}; kinds whose spelling takes free arguments (perftest) are run by a person, not collected. */
    public static CapturePlan of(Inventory inventory, Collection<SourceKind> kinds) {
        List<Source> counters = new ArrayList<>();
        List<Source> once = new ArrayList<>();
        for (SourceKind kind : SourceKind.values()) {
            // show_irq_affinity.sh is read from sysinfo-snapshots: the collector takes each IRQ's smp_affinity_list
            // itself.
            if (!kinds.contains(kind) || kind.parameters().contains("args") || kind == SourceKind.SHOW_IRQ_AFFINITY) {
                continue;
            }
            for (List<String> args : arguments(kind.parameters(), inventory)) {
                (kind.counter() ? counters : once).add(new Source(kind, args));
            }
        }
        return new CapturePlan(counters, once);
    }

    public static CapturePlan of(Inventory inventory) {
        return of(inventory, Set.of(SourceKind.values()));
    }

    public List<Source> all() {
        List<Source> all = new ArrayList<>(counters);
        all.addAll(once);
        return all;
    }

    /** The argument lists a kind is captured with, by the names of its parameters. */
    static List<List<String>> arguments(List<String> parameters, Inventory inventory) {
        List<List<String>> out = new ArrayList<>();
        switch (String.join(",", parameters)) {
            case "" -> out.add(List.of());
            case "if" -> inventory.netdevs().forEach(i -> out.add(List.of(i)));
            case "if,proto" ->
                inventory.netdevs().forEach(i -> FLOW_HASH_PROTOCOLS.forEach(p -> out.add(List.of(i, p))));
            case "if,prio" ->
                inventory
                        .ecnPriorities()
                        .forEach((i, prios) -> prios.forEach(p -> out.add(List.of(i, String.valueOf(p)))));
            case "bond" -> inventory.bonds().forEach(b -> out.add(List.of(b)));
            case "dev" -> inventory.rdmaDevices().forEach(d -> out.add(List.of(d.name())));
            case "dev,port" ->
                inventory
                        .rdmaDevices()
                        .forEach(d -> d.ports().forEach(p -> out.add(List.of(d.name(), String.valueOf(p)))));
            case "irq" -> inventory.irqs().forEach(q -> out.add(List.of(String.valueOf(q))));
            case "cpu" -> inventory.governedCpus().forEach(c -> out.add(List.of(String.valueOf(c))));
            default ->
                throw new IllegalStateException("no inventory for source parameters {" + String.join("}{", parameters)
                        + "}: teach CapturePlan.arguments and scripts/roce-doctor-collect.sh");
        }
        return out;
    }
}
