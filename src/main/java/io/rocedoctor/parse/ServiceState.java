package io.rocedoctor.parse;

/** What {@code systemctl is-active UNIT} prints, one constant per word systemd uses. */
public enum ServiceState {
    ACTIVE,
    RELOADING,
    REFRESHING,
    INACTIVE,
    FAILED,
    ACTIVATING,
    DEACTIVATING,
    MAINTENANCE,
    UNKNOWN;

    /** Whether the service is running or about to be (irqbalance would be moving IRQs). */
    public boolean running() {
        return this == ACTIVE || this == RELOADING || this == REFRESHING || this == ACTIVATING;
    }
}
