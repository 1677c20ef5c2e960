package io.rocedoctor.facts;

/**
 * The NIC's own pause storm detector on one port (mlx5 {@code tx_pause_storm_warning_events} and
 * {@code tx_pause_storm_error_events}): how many times it saw this port send pause for too long,
 * between the samples or since boot ({@code sinceBoot}). An error event means the NIC stopped
 * sending pause to protect the fabric.
 */
public record PauseStormEvents(String device, String nic, long warnings, long errors, boolean sinceBoot) {}
