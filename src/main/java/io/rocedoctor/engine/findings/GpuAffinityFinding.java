package io.rocedoctor.engine.findings;

import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.GpuNicAffinity;

/** GPU_NIC_AFFINITY_POOR's evidence (docs/rules/GPU_NIC_AFFINITY_POOR.md): the GPU's nearest RoCE NIC and the host's best. */
public final class GpuAffinityFinding {
    private GpuAffinityFinding() {}

    public static Finding.Builder of(GpuNicAffinity a) {
        String why = switch (a.level()) {
            case "SYS" ->
                "the nearest RoCE NIC is on the other socket: GPUDirect RDMA crosses the inter-socket" + " link";
            case "PHB" ->
                "the nearest RoCE NIC is reached through the CPU's host bridge, past the PCIe"
                        + " switches: NCCL leaves GPUDirect RDMA off beyond PXB by default, while this host"
                        + " puts NICs below GPUs' own switches";
            default ->
                "the nearest RoCE NIC is only across host bridges: NCCL leaves GPUDirect RDMA off"
                        + " beyond PXB by default, while this host puts NICs below GPUs' own switches";
        };
        return Finding.about(a.gpu())
                .scope(a.nearestNic())
                .confirmed()
                .evidence(a.source(), a.gpu() + " to " + a.nearestNic() + ": " + a.level(), why)
                .evidence(
                        a.source(),
                        "nearest pair on the host: " + a.hostBestPair() + " at " + a.hostBest(),
                        a.hostHasNearLayout()
                                ? "a GPU and a NIC can share a PCIe switch here"
                                : "no GPU of the host has a RoCE NIC below its own switch")
                .action("gpu-nic-affinity-layout", "gpu", a.gpu(), "nic", a.nearestNic());
    }
}
