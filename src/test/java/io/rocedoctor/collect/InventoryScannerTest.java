package io.rocedoctor.collect;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InventoryScannerTest {

    @TempDir
    Path root;

    @Test
    void findsTheRdmaDevicesTheirPortsAndNetdevs() throws IOException {
        Inventory inventory = new InventoryScanner(FakeHost.create(root)).scan();

        assertThat(inventory.rdmaDevices())
                .containsExactly(
                        new Inventory.RdmaDevice("mlx5_0", List.of(1), List.of("ens1f0np0")),
                        new Inventory.RdmaDevice("mlx5_1", List.of(1), List.of()));
    }

    @Test
    void takesNetdevsWithADeviceAndBondsApartLeavingVirtualOnesOut() throws IOException {
        Inventory inventory = new InventoryScanner(FakeHost.create(root)).scan();

        assertThat(inventory.netdevs()).containsExactly("ens1f0np0", "ens1f1np1");
        assertThat(inventory.bonds()).containsExactly("bond0");
    }

    @Test
    void findsTheNicInterruptsByMsiVectorAndByName() throws IOException {
        Inventory inventory = new InventoryScanner(FakeHost.create(root)).scan();

        assertThat(inventory.irqs()).containsExactly(140, 141, 150, 160);
    }

    @Test
    void findsNumaNodesGovernedCpusAndEcnPriorities() throws IOException {
        Inventory inventory = new InventoryScanner(FakeHost.create(root)).scan();

        assertThat(inventory.numaNodes()).containsExactly(0, 1);
        assertThat(inventory.governedCpus()).containsExactly(0, 1);
        assertThat(inventory.ecnPriorities())
                .isEqualTo(Map.of(
                        "ens1f0np0", List.of(0, 1, 2, 3, 4, 5, 6, 7), "ens1f1np1", List.of(0, 1, 2, 3, 4, 5, 6, 7)));
    }

    @Test
    void aHostWithoutRdmaNorSysfsFindsNothingAndDoesNotFail() throws IOException {
        Inventory inventory = new InventoryScanner(root).scan();

        assertThat(inventory.rdmaDevices()).isEmpty();
        assertThat(inventory.netdevs()).isEmpty();
        assertThat(inventory.summary()).startsWith("0 RDMA devices, 0 netdevs");
    }

    @Test
    void aNameThatWouldReadAsAnOptionOrTwoArgumentsIsNeverTaken() throws IOException {
        FakeHost.create(root);
        Files.createDirectories(root.resolve("sys/class/net/-x/device"));
        Files.createDirectories(root.resolve("sys/class/net/a b/device"));

        assertThat(new InventoryScanner(root).scan().netdevs()).containsExactly("ens1f0np0", "ens1f1np1");
    }

    @Test
    void hostNamesLeaveOutAnUnsetDomain() throws IOException {
        assertThat(new InventoryScanner(FakeHost.create(root)).hostNames()).containsExactly("gpu-node-17");
    }
}
