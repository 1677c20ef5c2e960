package io.rocedoctor.facts;

/**
 * The host a bundle describes: CPU and NUMA node counts (null when lscpu/numactl were not
 * collected), how many samples of the counters were taken and the seconds between the first
 * and the last (null with one sample or no timestamps).
 */
public record Host(String name, Integer cpuCount, int numaNodeCount, int samples, Double intervalSeconds) {}
