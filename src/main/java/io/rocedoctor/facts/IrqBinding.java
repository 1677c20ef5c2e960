package io.rocedoctor.facts;

import io.rocedoctor.parse.CpuSet;

/**
 * One interrupt line of a NIC: its number and action name, the NIC and PCI function it serves,
 * whether it is a completion (data path) interrupt, the CPUs it may run on
 * ({@code smp_affinity_list}; null when not collected), and how many interrupts it took between
 * the first and last sample (or since boot with one sample), with the CPUs that took them.
 * {@code affinitySource} names where the affinity was read: the IRQ's own {@code smp_affinity_list},
 * or the {@code show_irq_affinity.sh IF} listing a sysinfo-snapshot holds instead.
 */
public record IrqBinding(
        int irq,
        String name,
        String nic,
        String pciAddress,
        boolean completion,
        CpuSet affinity,
        long count,
        boolean sinceBoot,
        CpuSet servedBy,
        String affinitySource) {

    /** A line whose affinity, if known, was read from its own {@code /proc/irq/N/smp_affinity_list}. */
    public IrqBinding(
            int irq,
            String name,
            String nic,
            String pciAddress,
            boolean completion,
            CpuSet affinity,
            long count,
            boolean sinceBoot,
            CpuSet servedBy) {
        this(irq, name, nic, pciAddress, completion, affinity, count, sinceBoot, servedBy, ownFile(irq));
    }

    /** The file a line's affinity is read from on a live host and in a native bundle. */
    public static String ownFile(int irq) {
        return "/proc/irq/" + irq + "/smp_affinity_list";
    }
}
