package io.rocedoctor.facts;

import io.rocedoctor.parse.CpuSet;

/** A NUMA node and its CPUs. */
public record NumaNode(int id, CpuSet cpus) {}
