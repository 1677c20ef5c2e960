package io.rocedoctor.parse;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * NUMA nodes and their CPUs, from {@code lscpu} ("NUMA node1 CPU(s): 16-31") or
 * {@code numactl -H} ("node 1 cpus: 16 17 ..."); {@code cpuCount} is lscpu's "CPU(s)" when known.
 */
public record NumaTopology(Map<Integer, CpuSet> nodes, Integer cpuCount, String modelName) {
    public NumaTopology {
        nodes = Collections.unmodifiableMap(new TreeMap<>(nodes));
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
