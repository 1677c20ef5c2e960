package io.rocedoctor.facts;

import io.rocedoctor.parse.CpuSet;
import io.rocedoctor.parse.OrderedCopy;
import java.util.List;
import java.util.Map;

/**
 * The cpufreq governors of the CPUs that serve a NIC: the NIC-local CPUs whose governor was
 * collected, or, when none was ({@code nicLocal} false), every CPU that was.
 *
 * @param judged    the CPUs whose governor is known and counts for this NIC
 * @param slow      those of them not held at full frequency (governor other than performance)
 * @param slowByGovernor the CPUs of {@code slow} by their governor, the governor of most CPUs first
 *                       (on a tie, by name): a host may mix them, and each CPU's rollback is its own
 */
public record CpuFrequency(
        String nic,
        List<String> ports,
        boolean nicLocal,
        CpuSet judged,
        CpuSet slow,
        Map<String, CpuSet> slowByGovernor) {
    public CpuFrequency {
        ports = List.copyOf(ports);
        slowByGovernor = OrderedCopy.map(slowByGovernor);
    }
}
