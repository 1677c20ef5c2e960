package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code nvidia-smi topo -m}: the connection matrix of GPUs and NICs, one tab-separated row
 * per device, and the legends under it.
 * <pre>
 * 	GPU0	GPU1	NIC0	NIC1	CPU Affinity	NUMA Affinity	GPU NUMA ID
 * GPU0	 X 	NV12	PIX	SYS	0-31	0		N/A
 * GPU1	NV12	 X 	SYS	NODE	32-63	1		N/A
 * NIC0	PIX	SYS	 X 	SYS
 * NIC1	SYS	NODE	SYS	 X
 *
 * Legend:
 *
 *   X    = Self
 *   PIX  = Connection traversing at most a single PCIe bridge
 *
 * NIC Legend:
 *
 *   NIC0: mlx5_0
 *   NIC1: mlx5_1
 * </pre>
 * gives GPU0 at PIX of NIC0 (mlx5_0) and SYS of NIC1, CPU affinity 0-31, NUMA affinity 0.
 *
 * <p>nvidia-smi writes the header row (underlined with ANSI escapes on a terminal, which are
 * dropped) as a tab, then one tab-separated label per column: {@code GPU0}..., the NICs
 * ({@code NIC0}... with a {@code NIC Legend:} naming each RDMA device since R470 drivers; before,
 * the device itself, {@code mlx5_0}), then {@code CPU Affinity}, {@code NUMA Affinity} (R450 on) and
 * {@code GPU NUMA ID} (R530 on). Each GPU row has one cell per column, {@code  X } on the diagonal,
 * {@code NV#} between NVLinked GPUs, {@code PIX PXB PHB NODE SYS} elsewhere (drivers before R384
 * printed {@code SOC} for {@code SYS}, read as {@code SYS}). NIC rows and the
 * {@code Legend:} block are not needed (the GPU rows hold the same cells) and are skipped; a GPU
 * row whose cells cannot be read against the header is a note; text with no header or no GPU row
 * (nvidia-smi's "No devices were found", a failed driver) is a ParseException.
 */
public final class NvidiaTopoParser extends LineParser<GpuTopology> {
    private static final Pattern ANSI = Pattern.compile("\\u001b\\[[0-9;]*m");
    private static final Pattern GPU = Pattern.compile("GPU[0-9]+");
    private static final Pattern LEGEND_ENTRY = Pattern.compile("\\s*(NIC[0-9]+):\\s*(\\S+)\\s*");
    private static final List<String> AFFINITY = List.of("CPU Affinity", "NUMA Affinity", "GPU NUMA ID");
    private static final List<String> LEVELS = List.of("PIX", "PXB", "PHB", "NODE", "SYS");

    @Override
    protected GpuTopology parse(TextLines lines) throws ParseException {
        List<String> columns = null;
        List<GpuTopology.GpuRow> gpus = new ArrayList<>();
        Map<String, String> legend = new LinkedHashMap<>();
        for (int n = 1; n <= lines.size(); n++) {
            String line = ANSI.matcher(lines.line(n)).replaceAll("");
            String[] fields = line.split("\t", -1);
            Matcher entry = LEGEND_ENTRY.matcher(line);
            if (columns == null
                    && fields.length > 1
                    && fields[0].isBlank()
                    && fields[1].strip().equals("GPU0")) {
                columns = new ArrayList<>();
                for (int i = 1; i < fields.length; i++) {
                    columns.add(fields[i].strip());
                }
            } else if (GPU.matcher(fields[0].strip()).matches() && fields.length > 1) {
                if (columns == null) {
                    lines.unreadable(n, "a GPU row before the header row of GPU and NIC columns");
                    continue;
                }
                row(fields, columns, n, lines).ifPresent(gpus::add);
            } else if (entry.matches()) {
                legend.put(entry.group(1), entry.group(2));
            }
        }
        if (columns == null) {
            throw new ParseException(0, "no header row of GPU and NIC columns (GPU0 ...)");
        }
        if (gpus.isEmpty()) {
            throw new ParseException(0, "no GPU row");
        }
        return new GpuTopology(gpus, legend);
    }

    private static java.util.Optional<GpuTopology.GpuRow> row(
            String[] fields, List<String> columns, int n, TextLines lines) {
        long matrix = columns.stream().filter(c -> !AFFINITY.contains(c)).count();
        if (fields.length - 1 < matrix) {
            lines.unreadable(
                    n, "a GPU row with " + (fields.length - 1) + " cells under " + matrix + " GPU and NIC columns");
            return java.util.Optional.empty();
        }
        Map<String, String> nics = new LinkedHashMap<>();
        String cpu = null;
        String numa = null;
        for (int i = 0; i < columns.size() && i + 1 < fields.length; i++) {
            String label = columns.get(i);
            String cell = fields[i + 1].strip();
            if (label.equals("CPU Affinity")) {
                cpu = cell.isEmpty() ? null : cell;
            } else if (label.equals("NUMA Affinity")) {
                numa = cell.isEmpty() ? null : cell;
            } else if (!GPU.matcher(label).matches() && !AFFINITY.contains(label) && !label.isEmpty()) {
                String level = cell.equals("SOC") ? "SYS" : cell;
                if (LEVELS.contains(level)) {
                    nics.put(label, level);
                } else {
                    lines.partlyUnreadable(new ParseException(
                            n, label + ": '" + TextLines.abbreviate(cell) + "' is none of PIX, PXB, PHB, NODE, SYS"));
                }
            }
        }
        return java.util.Optional.of(new GpuTopology.GpuRow(fields[0].strip(), nics, cpu, numa, n));
    }
}
