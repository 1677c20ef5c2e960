package io.rocedoctor.fleet;

/** What a host's NIC of one model runs: firmware and driver, as {@code ethtool -i} says. */
public record NicVersion(String model, String firmware, String driver) {

    /** How the fleet rules compare versions: both at once. */
    String label() {
        return "firmware " + firmware + ", driver " + driver;
    }
}
