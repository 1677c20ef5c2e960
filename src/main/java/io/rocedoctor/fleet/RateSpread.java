package io.rocedoctor.fleet;

/** One rate across the fleet: its median over the hosts that reported it, and how many did. */
public record RateSpread(String metric, double median, int hosts) {}
