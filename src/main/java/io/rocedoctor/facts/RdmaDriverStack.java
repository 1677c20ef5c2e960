package io.rocedoctor.facts;

/**
 * The RDMA driver stack the host runs, as {@code ofed_info -s} names it ({@code MLNX_OFED_LINUX-5.8-1.0.1.1},
 * DOCA-Host's {@code OFED-internal-24.01-0.3.3}); hosts of one fabric running different ones drift.
 */
public record RdmaDriverStack(String label, String source) {}
