package io.rocedoctor.facts;

import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.parse.CpuSet;
import io.rocedoctor.parse.InterruptCounts;
import io.rocedoctor.parse.ServiceState;
import io.rocedoctor.parse.SysctlValues;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Layer 4 beyond the IRQ bindings: per-CPU interrupt load of each NIC ({@link InterruptLoad}),
 * the irqbalance service ({@link IrqBalance}) and socket busy polling ({@link BusyPolling}).
 */
final class IrqFacts implements LayerFacts {

    @Override
    public FactLayer declaration() {
        return new FactLayer(
                "irq",
                Set.of(SourceKind.IRQBALANCE, SourceKind.SYSCTL, SourceKind.PROC_INTERRUPTS),
                Set.of(IrqBinding.class),
                Set.of(IrqBalance.class, BusyPolling.class, InterruptLoad.class));
    }

    @Override
    public void addTo(HostContext host, BuiltFacts facts) {
        host.sources(SourceKind.IRQBALANCE).stream()
                .findFirst()
                .flatMap(s -> host.parse(s, ServiceState.class))
                .ifPresent(state ->
                        facts.add(new IrqBalance(state.name().toLowerCase(java.util.Locale.ROOT), state.running())));
        host.sources(SourceKind.SYSCTL).stream()
                .findFirst()
                .flatMap(s -> host.parse(s, SysctlValues.class))
                .ifPresent(v ->
                        facts.add(new BusyPolling(number(v, "net.core.busy_poll"), number(v, "net.core.busy_read"))));
        facts.addAll(loads(host, facts.of(IrqBinding.class)));
    }

    private static Long number(SysctlValues v, String key) {
        var n = v.longValue(key);
        return n.isPresent() ? n.getAsLong() : null;
    }

    /** Per-CPU interrupt counts of each NIC's completion lines; the IRQ bindings say which lines are whose. */
    private static List<InterruptLoad> loads(HostContext host, List<IrqBinding> bindings) {
        Optional<Source> source =
                host.sources(SourceKind.PROC_INTERRUPTS).stream().findFirst();
        if (source.isEmpty() || bindings.isEmpty()) {
            return List.of();
        }
        Optional<InterruptCounts> first = host.ledger().parse(source.get(), 0, InterruptCounts.class);
        Optional<InterruptCounts> last = host.lastSample() > 0
                ? host.ledger().parse(source.get(), host.lastSample(), InterruptCounts.class)
                : Optional.empty();
        if (first.isEmpty()) {
            return List.of();
        }
        boolean sinceBoot =
                last.isEmpty() || !last.get().cpus().equals(first.get().cpus());
        Map<String, List<IrqBinding>> byNic = new TreeMap<>();
        Set<Integer> completions = new HashSet<>();
        for (IrqBinding b : bindings) {
            if (b.completion()) {
                byNic.computeIfAbsent(b.nic(), k -> new ArrayList<>()).add(b);
                completions.add(b.irq());
            }
        }
        Map<Integer, long[]> perCpu = perCpu(first.get(), sinceBoot ? null : last.get(), completions);
        List<Integer> cpus = first.get().cpus();
        List<InterruptLoad> out = new ArrayList<>();
        for (Map.Entry<String, List<IrqBinding>> e : byNic.entrySet()) {
            long[] sum = new long[cpus.size()];
            for (IrqBinding b : e.getValue()) {
                long[] c = perCpu.get(b.irq());
                if (c != null) {
                    addInto(sum, c);
                }
            }
            long total = 0;
            int top = 0;
            for (int i = 0; i < sum.length; i++) {
                total += sum[i];
                top = sum[i] > sum[top] ? i : top;
            }
            if (total == 0) {
                continue; // an idle NIC says nothing about where its interrupts land
            }
            int busiestCpu = cpus.get(top);
            List<Integer> busiestIrqs = new ArrayList<>();
            for (IrqBinding b : e.getValue()) {
                long[] c = perCpu.get(b.irq());
                if (c != null && c[top] > 0) {
                    busiestIrqs.add(b.irq());
                }
            }
            busiestIrqs.sort(null);
            out.add(new InterruptLoad(
                    e.getKey(),
                    device(host, e.getKey()),
                    e.getValue().size(),
                    total,
                    busiestCpu,
                    (double) sum[top] / total,
                    busiestIrqs,
                    localCpus(host, e.getKey()),
                    pinnedOneToOne(e.getValue()),
                    sinceBoot));
        }
        return out;
    }

    /** The per-CPU counts of the lines asked for, between the samples ({@code last} null: since boot). */
    private static Map<Integer, long[]> perCpu(InterruptCounts first, InterruptCounts last, Set<Integer> irqs) {
        Map<Integer, long[]> lastRows = new HashMap<>();
        if (last != null) {
            last.rows().stream()
                    .filter(r -> r.irq() != null && irqs.contains(r.irq()))
                    .forEach(r -> lastRows.put(r.irq(), r.perCpu()));
        }
        Map<Integer, long[]> out = new HashMap<>();
        for (InterruptCounts.Row r : first.rows()) {
            if (r.irq() == null || !irqs.contains(r.irq())) {
                continue;
            }
            long[] end = lastRows.get(r.irq());
            if (last != null && end == null) {
                continue;
            }
            out.put(r.irq(), between(r.perCpu(), end));
        }
        return out;
    }

    // The two loops below are methods of their own, called per line, so that C1 compiles them
    // within a large host's first lines (2,000 of 256 CPUs) of a cold run: as loops inside a method
    // run once, the interpreter went through a hundred thousand counts before they were compiled.

    /** The per-CPU counts from {@code first} to {@code end} (null: since boot), a count that fell taken as none. */
    private static long[] between(long[] first, long[] end) {
        long[] d = new long[first.length];
        for (int i = 0; i < d.length; i++) {
            d[i] = end == null ? first[i] : Math.max(0, end[i] - first[i]);
        }
        return d;
    }

    private static void addInto(long[] sum, long[] counts) {
        for (int i = 0; i < sum.length; i++) {
            sum[i] += counts[i];
        }
    }

    private static String device(HostContext host, String nic) {
        return host.nics().stream()
                .filter(n -> n.id().equals(nic))
                .findFirst()
                .map(n -> n.ports().get(0))
                .orElse(null);
    }

    /** The NIC's own node's CPUs when known, else every CPU the topology lists. */
    private static CpuSet localCpus(HostContext host, String nic) {
        if (host.topology() == null) {
            return null;
        }
        Integer node = host.nics().stream()
                .filter(n -> n.id().equals(nic))
                .findFirst()
                .map(Nic::numaNode)
                .orElse(null);
        if (node != null && host.topology().nodes().containsKey(node)) {
            return host.topology().nodes().get(node);
        }
        return host.topology().nodes().values().stream().reduce(CpuSet.EMPTY, CpuSet::union);
    }

    /**
     * Every line with a known affinity pinned to a single CPU, no two lines of one PCI function on
     * the same CPU (the functions of a dual-port NIC commonly reuse the same cores).
     */
    private static boolean pinnedOneToOne(List<IrqBinding> lines) {
        int known = 0;
        for (IrqBinding b : lines) {
            if (b.affinity() != null) {
                if (b.affinity().size() != 1) {
                    return false;
                }
                known++;
            }
        }
        if (known < 2) {
            return false;
        }
        Map<String, Set<CpuSet>> byFunction = new HashMap<>();
        for (IrqBinding b : lines) {
            if (b.affinity() != null
                    && !byFunction
                            .computeIfAbsent(b.pciAddress(), k -> new HashSet<>())
                            .add(b.affinity())) {
                return false;
            }
        }
        return true;
    }
}
