package io.rocedoctor.facts;

import io.rocedoctor.parse.CpuSet;
import java.util.List;

/**
 * How one NIC's completion interrupts spread over CPUs between the first and last sample (since
 * boot with one sample): how many lines (queues) it has, how many interrupts they took, the CPU
 * that took most and its share, the lines that CPU served, the CPUs the NIC's interrupts belong on
 * (its NUMA node's, else every CPU of the host), and whether the lines' affinities look hand-set
 * (each pinned to one CPU of its own, as affinity scripts leave them).
 */
public record InterruptLoad(
        String nic,
        String device,
        int lines,
        long total,
        int busiestCpu,
        double busiestShare,
        List<Integer> busiestIrqs,
        CpuSet localCpus,
        boolean pinnedOneToOne,
        boolean sinceBoot) {
    public InterruptLoad {
        busiestIrqs = List.copyOf(busiestIrqs);
    }

    /** The busiest CPU's lines as the planner takes them: comma separated. */
    public String busiestIrqList() {
        return String.join(",", busiestIrqs.stream().map(String::valueOf).toList());
    }
}
