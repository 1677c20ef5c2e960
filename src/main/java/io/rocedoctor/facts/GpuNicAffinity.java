package io.rocedoctor.facts;

import java.util.List;

/**
 * How near an NVIDIA GPU's nearest RoCE NIC is, as {@code nvidia-smi topo -m} prints it: {@code PIX}
 * (one PCIe switch between them), {@code PXB} (several, below one host bridge), {@code PHB} (through
 * the host bridge), {@code NODE} (across host bridges of one NUMA node), {@code SYS} (across the
 * sockets' interconnect). {@code hostBest} is the nearest connection any GPU of the host has to a
 * RoCE NIC ({@code hostBestPair} names that GPU and NIC), which tells a layout that could do better
 * from one that cannot. {@code cpuAffinity} is the GPU's row's CPU Affinity; {@code source} the capture.
 */
public record GpuNicAffinity(
        String gpu,
        String nearestNic,
        String level,
        String hostBest,
        String hostBestPair,
        String cpuAffinity,
        String source) {

    /** The connections nearest first, as NCCL ranks them (its PATH_PIX ... PATH_SYS). */
    public static final List<String> LEVELS = List.of("PIX", "PXB", "PHB", "NODE", "SYS");

    /** Whether the host has a GPU with a RoCE NIC below the same PCIe switches (PIX or PXB). */
    public boolean hostHasNearLayout() {
        return LEVELS.indexOf(hostBest) <= LEVELS.indexOf("PXB");
    }

    /**
     * Poor: the nearest RoCE NIC is on the other socket ({@code SYS}: every GPUDirect transfer
     * crosses the inter-socket link), or beyond the PCIe switches ({@code PHB}: through the host
     * bridge, better than {@code NODE} across host bridges, still past {@code PXB}, where NCCL stops
     * using GPUDirect RDMA by default: src/graph/paths.cc ncclTopoCheckGdr, netGdrLevel = PATH_PXB)
     * while the host shows that a GPU can have its NIC below its own switch.
     */
    public boolean poor() {
        return level.equals("SYS") || beyondSwitches() && hostHasNearLayout();
    }

    /** {@code PHB} or {@code NODE}: on the GPU's socket, but not below its PCIe switches. */
    public boolean beyondSwitches() {
        return level.equals("PHB") || level.equals("NODE");
    }
}
