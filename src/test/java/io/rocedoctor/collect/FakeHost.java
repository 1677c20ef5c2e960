package io.rocedoctor.collect;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A folder shaped like a host's sysfs and procfs: a dual-port ConnectX bonded as bond0, a
 * loopback without a device, an RDMA device per port, and two CPUs with a governor.
 */
final class FakeHost {
    static final String INTERRUPTS = """
                       CPU0       CPU1
              24:          1          0  IO-APIC   5-edge      ACPI:Ged
             140:       1000          0  PCI-MSIX-0000:3b:00.0   0-edge      mlx5_comp0@pci:0000:3b:00.0
             141:          0       2000  PCI-MSIX-0000:3b:00.0   1-edge      mlx5_comp1@pci:0000:3b:00.0
             150:         10          0  PCI-MSIX-0000:3b:00.1   0-edge      mlx5_comp0@pci:0000:3b:00.1
             160:          5          5  PCI-MSI   7-edge      ens1f1np1-legacy
            """;

    private FakeHost() {}

    /** The fake host's /etc/machine-id (machine-id(5): 32 lowercase hex digits). */
    static final String MACHINE_ID = "4a7f0c2e9b1d4e8f8c3a6b5d2e1f0a9c";

    static Path create(Path root) throws IOException {
        port(root, "ens1f0np0", "0000:3b:00.0", 140, 141);
        port(root, "ens1f1np1", "0000:3b:00.1", 150);
        write(root, "sys/devices/virtual/net/lo/mtu", "65536\n");
        Files.createSymbolicLink(
                mkdirs(root, "sys/class/net").resolve("lo"), root.resolve("sys/devices/virtual/net/lo"));
        write(root, "sys/devices/virtual/net/bond0/bonding/slaves", "ens1f0np0 ens1f1np1\n");
        Files.createSymbolicLink(root.resolve("sys/class/net/bond0"), root.resolve("sys/devices/virtual/net/bond0"));
        write(root, "proc/net/bonding/bond0", """
                Bonding Mode: IEEE 802.3ad Dynamic link aggregation
                Transmit Hash Policy: layer2 (0)

                Slave Interface: ens1f0np0
                MII Status: up
                Permanent HW addr: 0c:42:a1:5e:77:10
                """);
        for (String dev : new String[] {"mlx5_0", "mlx5_1"}) {
            mkdirs(root, "sys/class/infiniband/" + dev + "/ports/1");
        }
        Files.createSymbolicLink(
                root.resolve("sys/class/infiniband/mlx5_0/device"),
                root.resolve("sys/devices/pci0000:3a/0000:3b:00.0"));
        mkdirs(root, "sys/devices/pci0000:3a/0000:3b:00.0/net");
        Files.createSymbolicLink(
                root.resolve("sys/devices/pci0000:3a/0000:3b:00.0/net/ens1f0np0"),
                root.resolve("sys/class/net/ens1f0np0"));
        for (int cpu = 0; cpu < 2; cpu++) {
            write(root, "sys/devices/system/cpu/cpu" + cpu + "/cpufreq/scaling_governor", "performance\n");
        }
        mkdirs(root, "sys/devices/system/cpu/cpufreq");
        mkdirs(root, "sys/devices/system/node/node0");
        mkdirs(root, "sys/devices/system/node/node1");
        write(root, "proc/interrupts", INTERRUPTS);
        for (int irq : new int[] {140, 141, 150, 160}) {
            write(root, "proc/irq/" + irq + "/smp_affinity_list", "0-1\n");
        }
        write(root, "proc/sys/kernel/hostname", "gpu-node-17\n");
        write(root, "proc/sys/kernel/domainname", "(none)\n");
        write(root, "etc/machine-id", FakeHost.MACHINE_ID + "\n");
        return root;
    }

    private static void port(Path root, String iface, String address, int... irqs) throws IOException {
        Path device = mkdirs(root, "sys/devices/pci0000:3a/" + address);
        write(root, "sys/devices/pci0000:3a/" + address + "/numa_node", "1\n");
        write(root, "sys/devices/pci0000:3a/" + address + "/local_cpulist", "1\n");
        for (int irq : irqs) {
            write(root, "sys/devices/pci0000:3a/" + address + "/msi_irqs/" + irq, "msix\n");
        }
        Path netdev = mkdirs(root, "sys/devices/pci0000:3a/" + address + "/netdevs/" + iface);
        Files.createSymbolicLink(netdev.resolve("device"), device);
        write(root, "sys/devices/pci0000:3a/" + address + "/netdevs/" + iface + "/mtu", "9000\n");
        for (int prio = 0; prio < 8; prio++) {
            write(
                    root,
                    "sys/devices/pci0000:3a/" + address + "/netdevs/" + iface + "/ecn/roce_np/enable/" + prio,
                    prio == 3 ? "1\n" : "0\n");
            write(
                    root,
                    "sys/devices/pci0000:3a/" + address + "/netdevs/" + iface + "/ecn/roce_rp/enable/" + prio,
                    prio == 3 ? "1\n" : "0\n");
        }
        Files.createSymbolicLink(mkdirs(root, "sys/class/net").resolve(iface), netdev);
    }

    static void write(Path root, String rel, String text) throws IOException {
        Path file = root.resolve(rel);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private static Path mkdirs(Path root, String rel) throws IOException {
        return Files.createDirectories(root.resolve(rel));
    }
}
