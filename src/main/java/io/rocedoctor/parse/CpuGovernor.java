package io.rocedoctor.parse;

/**
 * A CPU's cpufreq governor from {@code /sys/devices/system/cpu/cpuN/cpufreq/scaling_governor}.
 *
 * @param name "performance", "powersave", "schedutil", "ondemand", ...
 */
public record CpuGovernor(String name) {
    /** Whether the CPU is held at its highest frequency, as RDMA latency wants. */
    public boolean performance() {
        return "performance".equals(name);
    }
}
