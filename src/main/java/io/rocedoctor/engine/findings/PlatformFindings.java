package io.rocedoctor.engine.findings;

import io.rocedoctor.engine.Finding;
import io.rocedoctor.engine.Severity;
import io.rocedoctor.engine.Thresholds;
import io.rocedoctor.facts.CpuFrequency;
import io.rocedoctor.facts.Nic;

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
     * CPU_GOVERNOR_POWERSAVE: the scaling_governor of the lowest CPU not at full frequency, and how many
     * of the CPUs judged are not; medium under a latency profile. Confirmed on NIC-local CPUs; likely
     * when none of theirs was collected and the host's other CPUs stand for them (the files of those
     * CPUs then named as the governors read).
     */
    public static Finding.Builder cpuGovernor(CpuFrequency c, Thresholds t) {
        int first = c.slow().stream().min().getAsInt();
        Finding.Builder f = Finding.about(c.nic())
                .scope(c.ports())
                .severity(t.latencySensitive() ? Severity.MEDIUM : Severity.LOW)
                .evidence(
                        "/sys/devices/system/cpu/cpu" + first + "/cpufreq/scaling_governor",
                        c.governors().get(0),
                        c.slow().size() + " of " + c.judged().size() + (c.nicLocal() ? " NIC-local" : "")
                                + " CPUs read (" + c.slow() + ") run " + String.join(", ", c.governors())
                                + ", not performance: wake-ups and clock ramps add latency");
        if (c.nicLocal()) {
            f.confirmed();
        } else {
            f.likely()
                    .evidence(
                            "/sys/devices/system/cpu/cpu*/cpufreq/scaling_governor",
                            c.judged(),
                            "no NIC-local CPU's governor was collected; these CPUs stand for the host");
        }
        return f.action(
                "cpu-governor-performance",
                "cpus",
                c.slow().toString(),
                "current",
                c.governors().get(0));
    }
}
