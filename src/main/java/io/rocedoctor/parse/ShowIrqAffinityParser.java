package io.rocedoctor.parse;

import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses mlnx-tools' {@code show_irq_affinity.sh IF}, which prints, for each IRQ of the netdev or
 * RDMA device, {@code echo -n "$irq_num: "; cat /proc/irq/$irq_num/smp_affinity}: the IRQ and its
 * affinity as the kernel's hex mask, in comma-separated 32-bit groups, the last group CPUs 0-31
 * (common_irq_affinity.sh, function show_irq_affinity):
 * <pre>
 * 136: 00000000,00000001
 * 137: 00000000,00010000
 * </pre>
 * -> IRQ 136 on CPU 0, IRQ 137 on CPU 16. An old variant of the script cats {@code smp_affinity_list}
 * instead; a value holding a '-' ({@code 0-3}) can only be that list and is read as one. A line of
 * another shape is a note.
 */
public final class ShowIrqAffinityParser extends LineParser<IrqAffinities> {
    private static final Pattern LINE = Pattern.compile("(\\d{1,9}):\\s*(\\S.*)");
    private static final Pattern MASK = Pattern.compile("[0-9a-fA-F]+(,[0-9a-fA-F]+)*");

    @Override
    protected IrqAffinities parse(TextLines lines) throws ParseException {
        Map<Integer, CpuSet> byIrq = new LinkedHashMap<>();
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n).trim();
            if (line.isEmpty()) {
                continue;
            }
            Matcher m = LINE.matcher(line);
            if (!m.matches()) {
                lines.unreadable(n, "expected 'IRQ: MASK', found '" + TextLines.abbreviate(line) + "'");
                continue;
            }
            String value = m.group(2).trim();
            try {
                byIrq.put(Integer.parseInt(m.group(1)), value.contains("-") ? CpuSet.parse(value, n) : mask(value, n));
            } catch (ParseException e) {
                lines.unreadable(e);
            }
        }
        return new IrqAffinities(byIrq);
    }

    /** {@code 00000000,00010000} -> CPU 16: groups of 8 hex digits, the last one CPUs 0-31. */
    static CpuSet mask(String value, int line) throws ParseException {
        if (!MASK.matcher(value).matches()) {
            throw new ParseException(
                    line, "'" + TextLines.abbreviate(value) + "' is neither a hex CPU mask nor a CPU list");
        }
        String hex = value.replace(",", "");
        if (hex.length() > 4096) {
            throw new ParseException(
                    line, "a CPU mask of " + hex.length() + " hex digits is longer than any kernel prints");
        }
        BitSet bits = new BitSet();
        for (int i = 0; i < hex.length(); i++) {
            int nibble = Character.digit(hex.charAt(hex.length() - 1 - i), 16);
            for (int b = 0; b < 4; b++) {
                if ((nibble & (1 << b)) != 0) {
                    bits.set(i * 4 + b);
                }
            }
        }
        return CpuSet.of(bits.stream().boxed().toList());
    }
}
