package io.rocedoctor.engine.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.engine.ActionProposal;
import io.rocedoctor.engine.Evidence;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.GpuNicAffinity;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GpuAffinityFindingTest {
    @Test
    void nodeBesideAPixPairNamesBothAndProposesTheLayoutStep() {
        Finding f = GpuAffinityFinding.of(new GpuNicAffinity(
                        "GPU1", "mlx5_0", "NODE", "PIX", "GPU0 and mlx5_0", "0-15", "nvidia-smi topo -m"))
                .build("GPU_NIC_AFFINITY_POOR");
        assertThat(f.evidence())
                .extracting(Evidence::value)
                .containsExactly("GPU1 to mlx5_0: NODE", "nearest pair on the host: GPU0 and mlx5_0 at PIX");
        assertThat(f.evidence().get(0).note()).contains("across host bridges");
        assertThat(f.actions())
                .containsExactly(new ActionProposal("gpu-nic-affinity-layout", Map.of("gpu", "GPU1", "nic", "mlx5_0")));
    }

    @Test
    void sysSaysTheOtherSocket() {
        Finding f = GpuAffinityFinding.of(new GpuNicAffinity(
                        "GPU2", "mlx5_0", "SYS", "SYS", "GPU2 and mlx5_0", "16-31", "nvidia-smi topo -m"))
                .build("GPU_NIC_AFFINITY_POOR");
        assertThat(f.evidence().get(0).note()).contains("other socket");
        assertThat(f.evidence().get(1).note()).contains("no GPU of the host");
    }

    @Test
    void phbSaysTheHostBridgeAndNcclsGpuDirectLimit() {
        Finding f = GpuAffinityFinding.of(new GpuNicAffinity(
                        "GPU3", "mlx5_1", "PHB", "PXB", "GPU0 and mlx5_0", "0-15", "nvidia-smi topo -m"))
                .build("GPU_NIC_AFFINITY_POOR");
        assertThat(f.evidence().get(0).note())
                .contains("through the CPU's host bridge")
                .contains("GPUDirect RDMA off beyond PXB");
    }
}
