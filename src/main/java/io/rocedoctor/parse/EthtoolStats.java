package io.rocedoctor.parse;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The counters of {@code ethtool -S IF}, in the driver's order: a name and an unsigned 64-bit value
 * at each position. Per-ring counters printed as {@code [3]: rx_packets} (bnxt_en) are named
 * {@code rx_packets[3]}. A name printed twice keeps its first position and its last value.
 *
 * <p>A table of names and {@code long}s with its own index, not a map of boxed values: a typical
 * host prints ~300 counters per port and sample, both samples of every counter are compared, and
 * the map, its copy and its boxes were most of what the counters cost after their text was split.
 */
public final class EthtoolStats {
    private final String[] names;
    private final long[] values;
    private final int size;
    /** Open addressing by the name's hash: each slot a position + 1, 0 when empty; at least twice the size. */
    private final int[] slots;

    private EthtoolStats(String[] names, long[] values, int size, int[] slots) {
        this.names = names;
        this.values = values;
        this.size = size;
        this.slots = slots;
    }

    /** How many counters the output printed (a name printed twice counted once). */
    public int size() {
        return size;
    }

    /** The name of the counter at a position, 0 to {@link #size()} - 1. */
    public String name(int position) {
        return names[checked(position)];
    }

    /** The value at a position: unsigned 64 bits in a long ({@link TextLines#parseCounter}). */
    public long value(int position) {
        return values[checked(position)];
    }

    /** The position of a counter, -1 when the output has none of that name. */
    public int positionOf(String name) {
        return slots[slotOf(slots, names, name)] - 1;
    }

    public Optional<Long> counter(String name) {
        int at = positionOf(name);
        return at < 0 ? Optional.empty() : Optional.of(values[at]);
    }

    /** Every counter, name to value, in the driver's order. */
    public Map<String, Long> counters() {
        Map<String, Long> out = new LinkedHashMap<>(size * 4 / 3 + 1);
        for (int i = 0; i < size; i++) {
            out.put(names[i], values[i]);
        }
        return Collections.unmodifiableMap(out);
    }

    private int checked(int position) {
        if (position < 0 || position >= size) {
            throw new IndexOutOfBoundsException("counter " + position + " of " + size);
        }
        return position;
    }

    /** The slot holding {@code name}'s position, or the empty slot where it would go. */
    private static int slotOf(int[] slots, String[] names, String name) {
        int mask = slots.length - 1;
        int slot = spread(name.hashCode()) & mask;
        while (slots[slot] != 0 && !names[slots[slot] - 1].equals(name)) {
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    private static int spread(int hash) {
        return hash ^ (hash >>> 16);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof EthtoolStats s
                && Arrays.equals(names, 0, size, s.names, 0, s.size)
                && Arrays.equals(values, 0, size, s.values, 0, s.size);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(Arrays.copyOf(names, size)) + Arrays.hashCode(Arrays.copyOf(values, size));
    }

    @Override
    public String toString() {
        return "EthtoolStats" + counters();
    }

    /** The table as the parser reads it, line by line; no longer used once built. */
    static final class Builder {
        private String[] names;
        private long[] values;
        private int size;
        private int[] slots;

        /** Room for {@code expected} counters (a line each) without growing. */
        Builder(int expected) {
            int room = Math.max(expected, 4);
            names = new String[room];
            values = new long[room];
            slots = new int[Integer.highestOneBit(room) << 2];
        }

        /** A counter printed; a name seen before takes the new value in its first place. */
        void put(String name, long value) {
            int slot = slotOf(slots, names, name);
            if (slots[slot] != 0) {
                values[slots[slot] - 1] = value;
                return;
            }
            if (size == names.length) {
                names = Arrays.copyOf(names, size * 2);
                values = Arrays.copyOf(values, size * 2);
            }
            names[size] = name;
            values[size] = value;
            slots[slot] = ++size;
            if (size * 2 > slots.length) {
                rehash(slots.length * 2);
            }
        }

        boolean isEmpty() {
            return size == 0;
        }

        EthtoolStats build() {
            EthtoolStats built = new EthtoolStats(names, values, size, slots);
            names = null;
            values = null;
            slots = null;
            return built;
        }

        private void rehash(int length) {
            slots = new int[length];
            int mask = length - 1;
            for (int at = 0; at < size; at++) {
                int slot = spread(names[at].hashCode()) & mask;
                while (slots[slot] != 0) {
                    slot = (slot + 1) & mask;
                }
                slots[slot] = at + 1;
            }
        }
    }
}
