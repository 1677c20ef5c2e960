package io.rocedoctor.parse;

/**
 * Parses a CPU list file: {@code /proc/irq/N/smp_affinity_list},
 * {@code /sys/class/net/IF/device/local_cpulist}.
 * <pre>
 * 24-31,88-95
 * </pre>
 * gives CPUs 24 to 31 and 88 to 95.
 */
public final class CpuListParser implements Parser<CpuSet> {
    @Override
    public CpuSet parse(String text) throws ParseException {
        TextLines lines = TextLines.of(text);
        if (lines.isBlank()) {
            throw new ParseException(0, "empty file");
        }
        int n = 1;
        while (lines.line(n).isBlank()) {
            n++;
        }
        CpuSet set = CpuSet.parse(lines.line(n), n);
        if (set.empty()) {
            throw new ParseException(n, "no CPU in the list");
        }
        return set;
    }
}
