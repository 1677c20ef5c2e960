package io.rocedoctor.engine;

import io.rocedoctor.facts.Nic;
import io.rocedoctor.facts.Port;
import io.rocedoctor.facts.RdmaDevice;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The ports and NICs of a host that carry no RDMA device, so that the engine keeps RoCE rules off
 * them. A matched fact concerns one of them when it is that {@link Port} or {@link Nic}, or a record
 * whose {@code port}, {@code netdev}, {@code nic} or {@code device} names it (how the layer facts
 * name their subject). {@code wholeHost} is true when the host has NICs and none has an RDMA device.
 */
record WithoutRdma(Set<String> names, boolean wholeHost) {
    static final WithoutRdma NONE = new WithoutRdma(Set.of(), false);
    private static final Set<String> NAMING = Set.of("port", "netdev", "nic", "device");
    private static final Map<Class<?>, List<RecordComponent>> COMPONENTS = new ConcurrentHashMap<>();

    /** The ports and NICs without RDMA among any facts, picked out in one pass. */
    static WithoutRdma of(Collection<?> facts) {
        List<RdmaDevice> devices = new ArrayList<>();
        List<Port> ports = new ArrayList<>();
        List<Nic> nics = new ArrayList<>();
        for (Object f : facts) {
            if (f instanceof RdmaDevice d) {
                devices.add(d);
            } else if (f instanceof Port p) {
                ports.add(p);
            } else if (f instanceof Nic n) {
                nics.add(n);
            }
        }
        return of(devices, ports, nics);
    }

    /** The ports and NICs of a host without an RDMA device, from its devices, ports and NICs. */
    static WithoutRdma of(List<RdmaDevice> devices, List<Port> ports, List<Nic> nicFacts) {
        Set<String> withRdma = new HashSet<>();
        for (RdmaDevice d : devices) {
            if (d.nic() != null) {
                withRdma.add(d.nic());
            }
            withRdma.add(d.netdev());
        }
        // A RoCE LAG device runs over the bond: its member ports, and their NICs, carry RDMA.
        Set<String> portsWithRdma = new HashSet<>();
        for (Port p : ports) {
            if (withRdma.contains(p.name()) || p.bond() != null && withRdma.contains(p.bond())) {
                portsWithRdma.add(p.name());
                if (p.nic() != null) {
                    portsWithRdma.add(p.nic());
                }
            }
        }
        withRdma.addAll(portsWithRdma);
        Set<String> names = new TreeSet<>();
        for (Nic n : nicFacts) {
            if (!withRdma.contains(n.id())) {
                names.add(n.id());
            }
        }
        for (Port p : ports) {
            if (!withRdma.contains(p.name()) && (p.nic() == null || !withRdma.contains(p.nic()))) {
                names.add(p.name());
            }
        }
        boolean wholeHost = !nicFacts.isEmpty() && withRdma.isEmpty();
        return new WithoutRdma(names, wholeHost);
    }

    /** The names of ports and NICs without an RDMA device that these matched facts concern. */
    Set<String> named(List<Object> matched) {
        if (names.isEmpty()) {
            return Set.of();
        }
        Set<String> out = new TreeSet<>();
        for (Object o : matched) {
            if (o instanceof Port p) {
                add(out, p.name());
            } else if (o instanceof Nic n) {
                add(out, n.id());
            } else if (o != null && o.getClass().isRecord()) {
                for (RecordComponent c : COMPONENTS.computeIfAbsent(o.getClass(), WithoutRdma::naming)) {
                    try {
                        if (c.getAccessor().invoke(o) instanceof String s) {
                            add(out, s);
                        }
                    } catch (ReflectiveOperationException e) {
                        throw new IllegalStateException("cannot read " + c + " of a matched fact", e);
                    }
                }
            }
        }
        return out;
    }

    private void add(Set<String> out, String name) {
        if (name != null && names.contains(name)) {
            out.add(name);
        }
    }

    private static List<RecordComponent> naming(Class<?> type) {
        return java.util.Arrays.stream(type.getRecordComponents())
                .filter(c -> NAMING.contains(c.getName()) && c.getType() == String.class)
                .toList();
    }
}
