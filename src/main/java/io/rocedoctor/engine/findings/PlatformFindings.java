package io.rocedoctor.engine.findings;

import io.rocedoctor.engine.Finding;
import io.rocedoctor.engine.Severity;
import io.rocedoctor.engine.Thresholds;
import io.rocedoctor.facts.CpuFrequency;
import io.rocedoctor.facts.Nic;
import io.rocedoctor.parse.CpuSet;
import java.util.Map;

/** The findings of the platform rules of rules/pcie.drl: where the NIC sits and how its CPUs are clocked. */
public final class PlatformFindings {
    private PlatformFindings() {}

    /** NUMA_NODE_UNKNOWN: the numa_node sysfs file of the NIC's first port, on a host of several nodes. */
    public static Finding.Builder numaNodeUnknown(Nic nic, int numaNodes) {
        return Finding.about(nic.id())
                .scope(nic.ports())
                .confirmed()
                .evidence(
                        "/sys/class/net/" + nic.ports().get(0) + "/device/numa_node",
                        nic.numaNode(),
                        "the host has " + numaNodes
                                + " NUMA nodes; interrupts and memory cannot be placed near the NIC")
                .action("bios-numa-reporting", "nic", nic.id());
    }

    /**
     * CPU_GOVERNOR_POWERSAVE: for each governor other than performance, the CPUs judged that run it (its
     * lowest CPU's scaling_governor file quoted) and a step setting those CPUs to performance with that
     * governor as their rollback; medium under a latency profile. Confirmed on NIC-local CPUs; likely
     * when none of theirs was collected and the host's other CPUs stand for them (the files of those
     * CPUs then named as the governors read).
     */
    public static Finding.Builder cpuGovernor(CpuFrequency c, Thresholds t) {
        Finding.Builder f =
                Finding.about(c.nic()).scope(c.ports()).severity(t.latencySensitive() ? Severity.MEDIUM : Severity.LOW);
        String read = " of the " + c.judged().size() + (c.nicLocal() ? " NIC-local" : "") + " CPUs read";
        boolean first = true;
        for (Map.Entry<String, CpuSet> g : c.slowByGovernor().entrySet()) {
            CpuSet cpus = g.getValue();
            f.evidence(
                    "/sys/devices/system/cpu/cpu" + cpus.stream().min().getAsInt() + "/cpufreq/scaling_governor",
                    g.getKey(),
                    (cpus.size() == 1 ? "CPU " + cpus + " runs " : "CPUs " + cpus + " run ") + g.getKey() + " ("
                            + cpus.size() + read + ")"
                            + (first ? ", not performance: wake-ups and clock ramps add latency" : ""));
            f.action("cpu-governor-performance", "cpus", cpus.toString(), "current", g.getKey());
            first = false;
        }
        if (c.nicLocal()) {
            return f.confirmed();
        }
        return f.likely()
                .evidence(
                        "/sys/devices/system/cpu/cpu*/cpufreq/scaling_governor",
                        c.judged(),
                        "no NIC-local CPU's governor was collected; these CPUs stand for the host");
    }
}
