package io.rocedoctor.facts;

/**
 * A counter of one subject (a port, an RDMA device) across the samples: first and last value,
 * their difference and its rate per second (null when the interval is unknown). With one sample,
 * {@code delta} is the absolute value since boot and {@code sinceBoot} says so. A counter that
 * went down between samples (driver reload, reset) has {@code wentDown} set and no rate: it is
 * reported, never turned into a huge number.
 */
public record CounterRate(String subject, String counter, long first, long last, long delta, Double perSecond,
                          boolean sinceBoot, boolean wentDown) {
}
