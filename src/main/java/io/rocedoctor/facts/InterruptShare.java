package io.rocedoctor.facts;

import io.rocedoctor.parse.CpuSet;
import java.util.Collection;

/** How a NIC's interrupts split between the CPUs of its own NUMA node and the others. */
public final class InterruptShare {
    private InterruptShare() {}

    /**
     * The share of the interrupts taken by lines whose affinity leaves {@code local}. When the
     * lines took no interrupt at all (an idle capture), the share of lines stands in.
     */
    public static double offNode(Collection<IrqBinding> lines, CpuSet local) {
        long total = 0;
        long off = 0;
        int offLines = 0;
        int withAffinity = 0;
        for (IrqBinding b : lines) {
            if (b.affinity() == null) {
                continue;
            }
            withAffinity++;
            boolean remote = !local.containsAll(b.affinity());
            total += b.count();
            if (remote) {
                off += b.count();
                offLines++;
            }
        }
        if (total > 0) {
            return (double) off / total;
        }
        return withAffinity == 0 ? 0 : (double) offLines / withAffinity;
    }
}
