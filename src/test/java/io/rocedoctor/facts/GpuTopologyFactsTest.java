package io.rocedoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.bundle.BundleReader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Each GPU's nearest RoCE NIC from nvidia-smi topo -m, and the host's nearest pair. */
class GpuTopologyFactsTest extends BundleFolderTest {
    private static Facts scenario(String name) throws Exception {
        try (Bundle b = new BundleReader().read(Path.of("fixtures/bundles", name))) {
            return new FactBuilder().build(b);
        }
    }

    @Test
    void eachGpuGetsItsNearestRoceNicAndTheHostsBestPair() throws Exception {
        assertThat(scenario("gpu-nic-affinity-poor").of(GpuNicAffinity.class))
                .extracting(
                        GpuNicAffinity::gpu, GpuNicAffinity::nearestNic, GpuNicAffinity::level, GpuNicAffinity::poor)
                .containsExactly(
                        tuple("GPU0", "mlx5_0", "PIX", false),
                        tuple("GPU1", "mlx5_0", "NODE", true),
                        tuple("GPU2", "mlx5_0", "SYS", true),
                        tuple("GPU3", "mlx5_0", "SYS", true));
    }

    @Test
    void nearMissNodeOnAHostWhereNoGpuHasANicBelowItsSwitchIsNotPoor() throws Exception {
        assertThat(scenario("gpu-nic-affinity-node-only").of(GpuNicAffinity.class))
                .isNotEmpty()
                .noneMatch(GpuNicAffinity::poor)
                .allMatch(a -> a.hostBest().equals("PHB"));
    }

    @Test
    void nearMissANicColumnThatIsNoRdmaDeviceOfTheHostIsNotCounted() throws Exception {
        write("manifest.yaml", "format: 1\nhost: h1\n");
        write("commands/ibdev2netdev", "mlx5_0 port 1 ==> ens1f0np0 (Up)\n");
        // NIC1 (mlx5_9) is PIX but the host knows no such RoCE device: GPU0's nearest RoCE NIC is SYS.
        write(
                "commands/nvidia-smi_topo_-m",
                "\tGPU0\tNIC0\tNIC1\tCPU Affinity\n" + "GPU0\t X \tSYS\tPIX\t0-15\n"
                        + "\nNIC Legend:\n\n  NIC0: mlx5_0\n  NIC1: mlx5_9\n");
        assertThat(facts().of(GpuNicAffinity.class))
                .extracting(GpuNicAffinity::nearestNic, GpuNicAffinity::level)
                .containsExactly(tuple("mlx5_0", "SYS"));
    }
}
