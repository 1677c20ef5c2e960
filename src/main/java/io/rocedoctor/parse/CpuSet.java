package io.rocedoctor.parse;

import java.util.BitSet;
import java.util.List;
import java.util.stream.IntStream;

/**
 * An immutable set of CPU ids, written and read in the kernel's list format ({@code 0-3,8,10-11}),
 * as in {@code smp_affinity_list}, {@code local_cpulist} and lscpu's NUMA lines.
 */
public final class CpuSet {
    public static final CpuSet EMPTY = new CpuSet(new BitSet());
    private static final int MAX_CPU = 1 << 16;

    private final BitSet bits;

    private CpuSet(BitSet bits) {
        this.bits = bits;
    }

    public static CpuSet of(int... cpus) {
        BitSet b = new BitSet();
        for (int c : cpus) {
            b.set(c);
        }
        return new CpuSet(b);
    }

    public static CpuSet of(List<Integer> cpus) {
        BitSet b = new BitSet();
        cpus.forEach(b::set);
        return new CpuSet(b);
    }

    /**
     * Parses the list format; white space and a trailing comma are tolerated, as both appear in
     * real captures. Throws with the given line number on anything else. The parts are cut at each
     * run of commas and white space ({@code [,\\s]+}) by hand: a list is parsed per IRQ (2,000 on
     * a large host), and the expression's split was most of it.
     */
    public static CpuSet parse(String list, int line) throws ParseException {
        String s = list.strip();
        if (s.isEmpty() || s.equals("(null)")) {
            return EMPTY;
        }
        BitSet b = new BitSet();
        int start = 0;
        while (start < s.length()) {
            int end = start;
            while (end < s.length() && !separator(s.charAt(end))) {
                end++;
            }
            if (end > start) {
                range(s, start, end, list, line, b);
            }
            start = end + 1;
        }
        return new CpuSet(b);
    }

    /** A character of {@code [,\\s]}: a comma or the regex class \\s. */
    private static boolean separator(char c) {
        return c == ',' || TextLines.isRegexSpace(c);
    }

    /** One part, {@code 8} or {@code 24-31} (a stride after ':' is ignored), set in {@code b}. */
    private static void range(String s, int start, int end, String list, int line, BitSet b) throws ParseException {
        int dash = s.indexOf('-', start);
        int from;
        int to;
        try {
            if (dash < 0 || dash >= end) {
                from = to = Integer.parseInt(s, start, end, 10);
            } else {
                from = Integer.parseInt(s, start, dash, 10);
                int colon = s.indexOf(':', dash + 1);
                to = Integer.parseInt(s, dash + 1, colon < 0 || colon >= end ? end : colon, 10);
            }
        } catch (NumberFormatException e) {
            throw new ParseException(line, "not a CPU list: '" + TextLines.abbreviate(list) + "'");
        }
        if (from < 0 || to < from || to >= MAX_CPU) {
            throw new ParseException(
                    line, "CPU range out of bounds: '" + TextLines.abbreviate(s.substring(start, end)) + "'");
        }
        b.set(from, to + 1);
    }

    public boolean contains(int cpu) {
        return cpu >= 0 && bits.get(cpu);
    }

    public boolean containsAll(CpuSet other) {
        BitSet rest = (BitSet) other.bits.clone();
        rest.andNot(bits);
        return rest.isEmpty();
    }

    public boolean intersects(CpuSet other) {
        return bits.intersects(other.bits);
    }

    /** The CPUs of this set that are not in {@code other}. */
    public CpuSet minus(CpuSet other) {
        BitSet rest = (BitSet) bits.clone();
        rest.andNot(other.bits);
        return new CpuSet(rest);
    }

    public CpuSet union(CpuSet other) {
        BitSet all = (BitSet) bits.clone();
        all.or(other.bits);
        return new CpuSet(all);
    }

    public int size() {
        return bits.cardinality();
    }

    public boolean empty() {
        return bits.isEmpty();
    }

    public IntStream stream() {
        return bits.stream();
    }

    /** The kernel list format: {@code 0-3,8}. */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        int i = bits.nextSetBit(0);
        while (i >= 0) {
            int end = bits.nextClearBit(i) - 1;
            if (out.length() > 0) {
                out.append(',');
            }
            out.append(i);
            if (end > i) {
                out.append('-').append(end);
            }
            i = bits.nextSetBit(end + 1);
        }
        return out.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CpuSet c && c.bits.equals(bits);
    }

    @Override
    public int hashCode() {
        return bits.hashCode();
    }
}
