package io.rocedoctor.facts;

import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.parse.GpuTopology;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Layer 1 (PCIe): each NVIDIA GPU's nearest RoCE NIC from {@code nvidia-smi topo -m}
 * ({@link GpuNicAffinity}). Only NIC columns naming an RDMA device whose port runs Ethernet count:
 * an InfiniBand HCA or a NIC without RDMA carries no RoCE GPUDirect traffic.
 */
final class GpuTopologyFacts implements LayerFacts {
    @Override
    public FactLayer declaration() {
        return new FactLayer(
                "gpu-topology",
                Set.of(SourceKind.NVIDIA_SMI_TOPO),
                Set.of(RdmaDevice.class),
                Set.of(GpuNicAffinity.class));
    }

    @Override
    public void addTo(HostContext host, BuiltFacts facts) {
        Optional<Source> capture =
                host.sources(SourceKind.NVIDIA_SMI_TOPO).stream().findFirst();
        Optional<GpuTopology> topo = capture.flatMap(s -> host.parse(s, GpuTopology.class));
        if (topo.isEmpty()) {
            return;
        }
        Set<String> roce = new TreeSet<>();
        for (RdmaDevice d : facts.of(RdmaDevice.class)) {
            if (!d.infiniband()) {
                roce.add(d.name());
            }
        }
        record Nearest(String gpu, String nic, String level, String cpu) {}
        List<Nearest> nearest = new ArrayList<>();
        for (GpuTopology.GpuRow row : topo.get().gpus()) {
            String bestNic = null;
            String bestLevel = null;
            for (Map.Entry<String, String> cell : row.nics().entrySet()) {
                String device = topo.get().device(cell.getKey());
                if (roce.contains(device)
                        && (bestLevel == null
                                || GpuNicAffinity.LEVELS.indexOf(cell.getValue())
                                        < GpuNicAffinity.LEVELS.indexOf(bestLevel))) {
                    bestNic = device;
                    bestLevel = cell.getValue();
                }
            }
            if (bestNic != null) {
                nearest.add(new Nearest(row.gpu(), bestNic, bestLevel, row.cpuAffinity()));
            }
        }
        Optional<Nearest> hostBest =
                nearest.stream().min(java.util.Comparator.comparingInt(n -> GpuNicAffinity.LEVELS.indexOf(n.level())));
        for (Nearest n : nearest) {
            Nearest best = hostBest.get();
            facts.add(new GpuNicAffinity(
                    n.gpu(),
                    n.nic(),
                    n.level(),
                    best.level(),
                    best.gpu() + " and " + best.nic(),
                    n.cpu(),
                    capture.get().display()));
        }
    }
}
