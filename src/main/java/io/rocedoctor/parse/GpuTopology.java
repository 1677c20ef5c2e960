package io.rocedoctor.parse;

import java.util.List;
import java.util.Map;

/**
 * The matrix {@code nvidia-smi topo -m} prints, the GPU rows only: for each GPU ({@code GPU0}) the
 * connection to each NIC column ({@code NIC0}, or the RDMA device's own name before the NIC legend
 * existed), its CPU and NUMA affinity as printed; and the NIC legend ({@code NIC0} -> {@code mlx5_0}).
 */
public record GpuTopology(List<GpuRow> gpus, Map<String, String> nicLegend) {
    public GpuTopology {
        gpus = List.copyOf(gpus);
        nicLegend = OrderedCopy.map(nicLegend);
    }

    /**
     * One GPU's row.
     *
     * @param nics NIC column -> connection ({@code PIX}, {@code PXB}, {@code PHB}, {@code NODE}, {@code SYS}), in column order
     */
    public record GpuRow(String gpu, Map<String, String> nics, String cpuAffinity, String numaAffinity, int line) {
        public GpuRow {
            nics = OrderedCopy.map(nics);
        }
    }

    /** The RDMA device a NIC column stands for: the legend's name, else the column's own. */
    public String device(String nicColumn) {
        return nicLegend.getOrDefault(nicColumn, nicColumn);
    }
}
