package io.rocedoctor.facts;

/**
 * How RDMA CM traffic of one device port leaves the host: the RoCE version RDMA CM uses by default
 * ({@code v1} or {@code v2}; null when {@code cma_roce_mode} was not collected), its ToS (null when
 * {@code cma_roce_tos} was not collected), the DSCP it carries ({@code tos >> 2}), the trust mode of
 * the netdev, and the priority the NIC gives it, with the derivation spelled out
 * ({@code ToS 106 -> DSCP 26 -> priority 3 (trust dscp)}). Null priority: not derivable from what
 * was collected.
 */
public record RoceTraffic(
        String ibdev,
        int port,
        String netdev,
        String mode,
        Integer tos,
        Integer dscp,
        String trust,
        Integer priority,
        String derivation) {}
