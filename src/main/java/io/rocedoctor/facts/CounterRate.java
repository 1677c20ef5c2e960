package io.rocedoctor.facts;

/**
 * A counter of one subject (a port, an RDMA device) across the samples: first and last value,
 * their difference and its rate per second (null when the interval is unknown). With one sample,
 * {@code delta} is the absolute value since boot and {@code sinceBoot} says so. A counter that
 * went down between samples (driver reload, reset) has {@code wentDown} set and no rate: it is
 * reported, never turned into a huge number. {@code meaning} is what the counter measures whatever
 * the driver calls it; null when the rules judge no such measure.
 */
public record CounterRate(String subject, String counter, CounterMeaning meaning, long first, long last, long delta, Double perSecond,
                          boolean sinceBoot, boolean wentDown) {

    /** The first of a subject's counters that measures {@code meaning}, whatever the driver names it; empty when none. */
    public static java.util.Optional<CounterRate> first(java.util.Map<String, CounterRate> byName, CounterMeaning meaning) {
        return byName.values().stream().filter(c -> c.meaning() == meaning).findFirst();
    }
}
