package io.rocedoctor.facts;

/**
 * Socket busy polling ({@code net.core.busy_poll} for poll/select, {@code net.core.busy_read} for
 * blocking reads), in microseconds; 0 is off, null when {@code sysctl -a} did not show the key.
 */
public record BusyPolling(Long busyPoll, Long busyRead) {}
