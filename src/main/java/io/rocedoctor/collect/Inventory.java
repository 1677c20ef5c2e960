package io.rocedoctor.collect;

import io.rocedoctor.parse.OrderedCopy;
import java.util.List;
import java.util.Map;

/**
 * What a host has that the capture is about: its RDMA devices and their ports, the netdevs with
 * a device behind them (bond members included), the bonds, the interrupts that serve those
 * netdevs, the NUMA nodes, the CPUs whose frequency governor can be read, and the DCQCN
 * priorities each netdev exposes. Every name is a plain sysfs name, safe as one argument.
 */
public record Inventory(
        List<RdmaDevice> rdmaDevices,
        List<String> netdevs,
        List<String> bonds,
        List<Integer> irqs,
        List<Integer> numaNodes,
        List<Integer> governedCpus,
        Map<String, List<Integer>> ecnPriorities) {

    /** An RDMA device such as {@code mlx5_0}, its port numbers and the netdevs bound to it. */
    public record RdmaDevice(String name, List<Integer> ports, List<String> netdevs) {
        public RdmaDevice {
            ports = List.copyOf(ports);
            netdevs = List.copyOf(netdevs);
        }
    }

    public Inventory {
        rdmaDevices = List.copyOf(rdmaDevices);
        netdevs = List.copyOf(netdevs);
        bonds = List.copyOf(bonds);
        irqs = List.copyOf(irqs);
        numaNodes = List.copyOf(numaNodes);
        governedCpus = List.copyOf(governedCpus);
        ecnPriorities = OrderedCopy.map(ecnPriorities);
    }

    /** One line for the terminal: what was found. */
    public String summary() {
        return count(rdmaDevices.size(), "RDMA device")
                + names(rdmaDevices.stream().map(RdmaDevice::name).toList()) + ", "
                + count(netdevs.size(), "netdev") + names(netdevs) + ", "
                + count(bonds.size(), "bond") + names(bonds) + ", "
                + count(irqs.size(), "NIC interrupt") + ", "
                + count(numaNodes.size(), "NUMA node");
    }

    private static String count(int n, String what) {
        return n + " " + what + (n == 1 ? "" : "s");
    }

    private static String names(List<String> names) {
        return names.isEmpty() ? "" : " (" + String.join(", ", names) + ")";
    }
}
