package io.rocedoctor.facts;

import io.rocedoctor.parse.CpuSet;
import java.util.List;

/**
 * The cpufreq governors of the CPUs that serve a NIC: the NIC-local CPUs whose governor was
 * collected, or, when none was ({@code nicLocal} false), every CPU that was.
 *
 * @param judged    the CPUs whose governor is known and counts for this NIC
 * @param slow      those of them not held at full frequency (governor other than performance)
 * @param governors the governors seen on {@code slow}, most frequent first
 */
public record CpuFrequency(
        String nic, List<String> ports, boolean nicLocal, CpuSet judged, CpuSet slow, List<String> governors) {
    public CpuFrequency {
        ports = List.copyOf(ports);
        governors = List.copyOf(governors);
    }
}
