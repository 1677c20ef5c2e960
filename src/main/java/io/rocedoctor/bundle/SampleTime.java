package io.rocedoctor.bundle;

import java.time.Instant;

/** When sample {@code n} of the counters was taken. */
public record SampleTime(int n, Instant at) {}
