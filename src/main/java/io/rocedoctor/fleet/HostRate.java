package io.rocedoctor.fleet;

/** One host's rate of one metric ({@code pause}, {@code discards}, {@code retransmissions}), per second. */
public record HostRate(String host, String metric, double perSecond) {}
