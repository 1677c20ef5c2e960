package io.rocedoctor.parse;

import java.util.Map;

/** The CPUs each IRQ may run on, by IRQ number, as {@code show_irq_affinity.sh} printed them (in its order). */
public record IrqAffinities(Map<Integer, CpuSet> byIrq) {
    public IrqAffinities {
        byIrq = OrderedCopy.map(byIrq);
    }
}
