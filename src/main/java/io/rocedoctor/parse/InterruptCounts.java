package io.rocedoctor.parse;

import java.util.List;

/**
 * {@code /proc/interrupts}: the CPU ids of the header (offline CPUs leave gaps) and one row per
 * interrupt line. Numbered rows carry the IRQ number; summary rows ({@code NMI}, {@code LOC},
 * {@code ERR}) carry only their label.
 */
public record InterruptCounts(List<Integer> cpus, List<Row> rows) {

    public InterruptCounts {
        cpus = List.copyOf(cpus);
        rows = List.copyOf(rows);
    }

    /**
     * One line: label ({@code "36"} or {@code "NMI"}), the IRQ number when numeric, the count per
     * header CPU (same order as {@link #cpus()}; a short summary row such as {@code ERR} is padded
     * with zeros), the trailing text, and the name: for a numbered row its last token, the action
     * name ({@code mlx5_comp3@pci:0000:3b:00.0}; empty when the IRQ has no action), for a summary
     * row the whole description ({@code Non-maskable interrupts}).
     */
    public record Row(String label, Integer irq, long[] perCpu, String description, String name) {
        public long total() {
            long t = 0;
            for (long c : perCpu) {
                t += c;
            }
            return t;
        }
    }
}
