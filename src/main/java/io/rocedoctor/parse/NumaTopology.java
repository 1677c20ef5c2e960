package io.rocedoctor.parse;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * NUMA nodes and their CPUs, from {@code lscpu} ("NUMA node1 CPU(s): 16-31") or
 * {@code numactl -H} ("node 1 cpus: 16 17 ..."); {@code cpuCount} is lscpu's "CPU(s)" and
 * {@code threadsPerCore} its "Thread(s) per core" (2 with SMT on), each null when not known.
 */
public record NumaTopology(Map<Integer, CpuSet> nodes, Integer cpuCount, String modelName, Integer threadsPerCore) {
    public NumaTopology {
        nodes = Collections.unmodifiableMap(new TreeMap<>(nodes));
    }

    /**
     * The physical cores behind a number of logical CPUs: SMT siblings share one core's execution
     * units, so they count once. The CPU count itself when threads per core are not known.
     */
    public int cores(int cpus) {
        int threads = threadsPerCore == null || threadsPerCore < 1 ? 1 : threadsPerCore;
        return (cpus + threads - 1) / threads;
    }

    /** The node owning a CPU, or -1. */
    public int nodeOf(int cpu) {
        for (Map.Entry<Integer, CpuSet> e : nodes.entrySet()) {
            if (e.getValue().contains(cpu)) {
                return e.getKey();
            }
        }
        return -1;
    }
}
