package io.rocedoctor.facts;

import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.parse.PciDevice;
import io.rocedoctor.parse.PciDevices;
import io.rocedoctor.parse.PciTree;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Layer 1 (PCIe): the PCIe switches NVIDIA GPUs and NICs share ({@link PcieSwitchPeers}), the path
 * GPUDirect RDMA's peer-to-peer traffic takes when ACS lets it. The tree is {@code lspci -tv}'s when
 * collected (sos's pci plugin takes it), else the bus ranges of the bridges in {@code lspci -vvv};
 * the ACS controls are {@code lspci -vvv}'s. A GPU and a NIC whose lowest common bridge is a root
 * port share no switch: their traffic crosses the root complex whatever ACS says.
 */
final class PeerToPeerFacts implements LayerFacts {
    @Override
    public FactLayer declaration() {
        return new FactLayer(
                "peer-to-peer",
                // lspci -vvv is the PCIe layer's reading (HostContext.pci()); this layer adds the tree.
                Set.of(SourceKind.LSPCI_TREE),
                Set.of(),
                Set.of(PcieSwitchPeers.class));
    }

    @Override
    public void addTo(HostContext host, BuiltFacts facts) {
        PciDevices pci = host.pci();
        if (pci == null) {
            return;
        }
        List<PciDevice> gpus =
                pci.devices().stream().filter(PciDevice::nvidiaGpu).toList();
        if (gpus.isEmpty()) {
            return;
        }
        Optional<Source> treeCapture =
                host.sources(SourceKind.LSPCI_TREE).stream().findFirst();
        Optional<PciTree> tree = treeCapture.flatMap(s -> host.parse(s, PciTree.class));
        Function<String, List<String>> ancestors =
                tree.isPresent() ? tree.get()::ancestors : address -> busRangeAncestors(pci, address);
        String treeSource = tree.isPresent() ? treeCapture.get().display() : lspciSource(host) + " (bus ranges)";

        Map<String, Set<String>> gpusBelow = new TreeMap<>();
        Map<String, Set<String>> nicsBelow = new TreeMap<>();
        Map<String, Set<String>> portsBelow = new TreeMap<>();
        for (Nic nic : host.nics()) {
            String nicFunction = nicFunction(host, nic);
            if (nicFunction == null) {
                continue;
            }
            List<String> nicUp = ancestors.apply(nicFunction);
            for (PciDevice gpu : gpus) {
                List<String> gpuUp = ancestors.apply(gpu.address());
                String shared =
                        gpuUp.stream().filter(nicUp::contains).findFirst().orElse(null);
                // A root port has no bridge above it: no switch is shared.
                if (shared == null || ancestors.apply(shared).isEmpty()) {
                    continue;
                }
                gpusBelow.computeIfAbsent(shared, k -> new LinkedHashSet<>()).add(gpu.address());
                nicsBelow.computeIfAbsent(shared, k -> new LinkedHashSet<>()).add(nicFunction);
                Set<String> ports = portsBelow.computeIfAbsent(shared, k -> new LinkedHashSet<>());
                ports.addAll(gpuUp.subList(0, gpuUp.indexOf(shared)));
                ports.addAll(nicUp.subList(0, nicUp.indexOf(shared)));
            }
        }
        for (String upstream : gpusBelow.keySet()) {
            List<PcieSwitchPeers.Redirect> redirecting = new ArrayList<>();
            List<String> unknown = new ArrayList<>();
            for (String port : portsBelow.get(upstream)) {
                Optional<PciDevice> d = pci.at(port);
                if (d.isEmpty() || d.get().acsControl() == null) {
                    unknown.add(port);
                } else if (d.get().acsRedirectsPeerToPeer()) {
                    redirecting.add(new PcieSwitchPeers.Redirect(port, d.get().acsControl()));
                }
            }
            facts.add(new PcieSwitchPeers(
                    upstream,
                    List.copyOf(gpusBelow.get(upstream)),
                    List.copyOf(nicsBelow.get(upstream)),
                    List.copyOf(portsBelow.get(upstream)),
                    redirecting,
                    unknown,
                    treeSource,
                    lspciSource(host)));
        }
    }

    private static String lspciSource(HostContext host) {
        return host.sources(SourceKind.LSPCI).stream()
                .findFirst()
                .map(Source::display)
                .orElse("lspci -vvv");
    }

    /** The NIC's first port's PCI function, as lspci names it. */
    private static String nicFunction(HostContext host, Nic nic) {
        return nic.ports().stream()
                .map(host.ports()::get)
                .filter(p -> p != null && p.pciAddress() != null)
                .map(Port::pciAddress)
                .findFirst()
                .map(a -> host.pci().at(a).map(PciDevice::address).orElse(null))
                .orElse(null);
    }

    /** The bridges above a function by the bus ranges lspci -vvv prints, nearest first. */
    private static List<String> busRangeAncestors(PciDevices pci, String address) {
        List<String> out = new ArrayList<>();
        Optional<PciDevice> d = pci.at(address);
        while (d.isPresent() && out.size() < pci.devices().size()) {
            d = pci.upstreamBridge(d.get());
            d.ifPresent(b -> out.add(b.address()));
        }
        return out;
    }
}
