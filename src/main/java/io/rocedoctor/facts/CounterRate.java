package io.rocedoctor.facts;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;

/**
 * A counter of one subject (a port, an RDMA device) across the samples: first and last value,
 * their difference and its rate per second (null when the interval is unknown). With one sample,
 * {@code delta} is the absolute value since boot and {@code sinceBoot} says so. A counter that
 * went down between samples (driver reload, reset) has {@code wentDown} set and no rate: it is
 * reported, never turned into a huge number. {@code meaning} is what the counter measures whatever
 * the driver calls it; null when the rules judge no such measure.
 *
 * <p>{@code first} and {@code last} are unsigned 64-bit values held in a long (a counter above
 * 2^63-1 reads as a negative long; JSON and {@link #change()} show it unsigned). {@code delta} is a
 * count, at most {@link Long#MAX_VALUE}: a since-boot value above it is held at it.
 */
public record CounterRate(
        String subject,
        String counter,
        CounterMeaning meaning,
        @JsonSerialize(using = CounterRate.Unsigned.class) long first,
        @JsonSerialize(using = CounterRate.Unsigned.class) long last,
        long delta,
        Double perSecond,
        boolean sinceBoot,
        boolean wentDown) {

    /** The first of a subject's counters that measures {@code meaning}, whatever the driver names it; empty when none. */
    public static java.util.Optional<CounterRate> first(
            java.util.Map<String, CounterRate> byName, CounterMeaning meaning) {
        for (CounterRate c : byName.values()) {
            if (c.meaning() == meaning) {
                return java.util.Optional.of(c);
            }
        }
        return java.util.Optional.empty();
    }

    /** {@code "18446744073709551017 -> 420"}: the two values as the tool printed them. */
    public String change() {
        return Long.toUnsignedString(first) + " -> " + Long.toUnsignedString(last);
    }

    /**
     * Whether a u64 counter read {@code a} then {@code b} (unsigned, {@code b < a}) wrapped past
     * 2^64-1 rather than being reset: it was in the top half of the range and is now in the bottom
     * half, having counted fewer than 2^63 across the wrap. A reset from a value below 2^63 never
     * qualifies; a counter cannot climb that far between two samples.
     */
    static boolean wrapsAt64Bits(long a, long b) {
        return a < 0 && b >= 0 && b - a > 0;
    }

    /** An unsigned count as a delta: values above {@link Long#MAX_VALUE} held at it. */
    static long saturated(long unsigned) {
        return unsigned < 0 ? Long.MAX_VALUE : unsigned;
    }

    /** Writes a long's 64 bits as the unsigned number they hold. */
    public static final class Unsigned extends StdSerializer<Long> {
        private static final long serialVersionUID = 1L;

        public Unsigned() {
            super(Long.class);
        }

        @Override
        public void serialize(Long value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeNumber(Long.toUnsignedString(value));
        }
    }
}
