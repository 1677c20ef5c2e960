package io.rocedoctor.engine.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.engine.ActionProposal;
import io.rocedoctor.engine.Evidence;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.CpuFrequency;
import io.rocedoctor.facts.Nic;
import io.rocedoctor.parse.CpuSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the platform findings say about a NIC at 0000:3b:00 with ports ens1f0np0 and ens1f1np1. */
class PlatformFindingsTest {
    private static Nic nic(int numaNode) {
        return new Nic(
                "0000:3b:00",
                "ConnectX-6 Dx",
                "mlx5_core",
                "22.39.1002",
                numaNode,
                List.of("ens1f0np0", "ens1f1np1"),
                200);
    }

    private static CpuFrequency governors(boolean nicLocal) {
        return new CpuFrequency(
                "0000:3b:00",
                List.of("ens1f0np0", "ens1f1np1"),
                nicLocal,
                CpuSet.of(0, 1, 2, 3),
                CpuSet.of(2, 3),
                Map.of("powersave", CpuSet.of(2, 3)));
    }

    @Test
    void anUnknownNumaNodeQuotesTheSysfsFileOfTheNicsFirstPort() {
        Finding f = PlatformFindings.numaNodeUnknown(nic(-1), 2).build("NUMA_NODE_UNKNOWN");
        assertThat(f.evidence())
                .containsExactly(new Evidence(
                        "/sys/class/net/ens1f0np0/device/numa_node",
                        "-1",
                        "the host has 2 NUMA nodes; interrupts and memory cannot be placed near the NIC"));
        assertThat(f.actions()).containsExactly(new ActionProposal("bios-numa-reporting", Map.of("nic", "0000:3b:00")));
    }

    @Test
    void nearMissTheNodeCountIsTheHostsAsRead() {
        Finding f = PlatformFindings.numaNodeUnknown(nic(-1), 8).build("NUMA_NODE_UNKNOWN");
        assertThat(f.evidence().get(0).note()).startsWith("the host has 8 NUMA nodes");
    }

    @Test
    void nicLocalCpusOnPowersaveAreConfirmedAndLowForThroughput() {
        Finding f = PlatformFindings.cpuGovernor(governors(true), ProfileThresholds.of("throughput"))
                .build("CPU_GOVERNOR_POWERSAVE");
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.severity()).isEqualTo("low");
        assertThat(f.evidence())
                .containsExactly(new Evidence(
                        "/sys/devices/system/cpu/cpu2/cpufreq/scaling_governor",
                        "powersave",
                        "CPUs 2-3 run powersave (2 of the 4 NIC-local CPUs read), not performance: wake-ups and clock"
                                + " ramps add latency"));
        assertThat(f.actions())
                .containsExactly(
                        new ActionProposal("cpu-governor-performance", Map.of("cpus", "2-3", "current", "powersave")));
    }

    @Test
    void nearMissCpusStandingForTheHostAreLikelyAndMediumForLatency() {
        Finding f = PlatformFindings.cpuGovernor(governors(false), ProfileThresholds.of("latency"))
                .build("CPU_GOVERNOR_POWERSAVE");
        assertThat(f.confidence()).isEqualTo("likely");
        assertThat(f.severity()).isEqualTo("medium");
        assertThat(f.evidence().get(0).note()).startsWith("CPUs 2-3 run powersave (2 of the 4 CPUs read)");
        assertThat(f.evidence().get(1))
                .isEqualTo(new Evidence(
                        "/sys/devices/system/cpu/cpu*/cpufreq/scaling_governor",
                        "0-3",
                        "no NIC-local CPU's governor was collected; these CPUs stand for the host"));
    }

    @Test
    void mixedGovernorsAreEachQuotedFromTheirOwnCpusAndRolledBackToTheirOwnValue() {
        Map<String, CpuSet> byGovernor = new LinkedHashMap<>();
        byGovernor.put("powersave", CpuSet.of(3, 4, 5));
        byGovernor.put("schedutil", CpuSet.of(1));
        CpuFrequency mixed = new CpuFrequency(
                "0000:3b:00",
                List.of("ens1f0np0", "ens1f1np1"),
                true,
                CpuSet.of(0, 1, 2, 3, 4, 5),
                CpuSet.of(1, 3, 4, 5),
                byGovernor);
        Finding f = PlatformFindings.cpuGovernor(mixed, ProfileThresholds.of("throughput"))
                .build("CPU_GOVERNOR_POWERSAVE");
        assertThat(f.evidence())
                .containsExactly(
                        new Evidence(
                                "/sys/devices/system/cpu/cpu3/cpufreq/scaling_governor",
                                "powersave",
                                "CPUs 3-5 run powersave (3 of the 6 NIC-local CPUs read), not performance: wake-ups"
                                        + " and clock ramps add latency"),
                        new Evidence(
                                "/sys/devices/system/cpu/cpu1/cpufreq/scaling_governor",
                                "schedutil",
                                "CPU 1 runs schedutil (1 of the 6 NIC-local CPUs read)"));
        assertThat(f.actions())
                .containsExactly(
                        new ActionProposal("cpu-governor-performance", Map.of("cpus", "3-5", "current", "powersave")),
                        new ActionProposal("cpu-governor-performance", Map.of("cpus", "1", "current", "schedutil")));
    }
}
