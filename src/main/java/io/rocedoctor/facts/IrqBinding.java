package io.rocedoctor.facts;

import io.rocedoctor.parse.CpuSet;

/**
 * One interrupt line of a NIC: its number and action name, the NIC and PCI function it serves,
 * whether it is a completion (data path) interrupt, the CPUs it may run on
 * ({@code smp_affinity_list}; null when not collected), and how many interrupts it took between
 * the first and last sample (or since boot with one sample), with the CPUs that took them.
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
        CpuSet servedBy) {}
