package io.rocedoctor.facts;

/**
 * Link-level (IEEE 802.3x, "global") pause of one port, from {@code ethtool -a IF}: the settings
 * and, with pause autonegotiation on, what was negotiated. Null where the output did not say.
 *
 * @param source the command read ({@code ethtool -a ens1f0np0})
 */
public record LinkPause(
        String device, String nic, Boolean rx, Boolean tx, Boolean rxNegotiated, Boolean txNegotiated, String source) {

    /** Receiving link pause is on: configured, or negotiated with the peer. */
    public boolean rxOn() {
        return Boolean.TRUE.equals(rxNegotiated) || (rxNegotiated == null && Boolean.TRUE.equals(rx));
    }

    /** Sending link pause is on: configured, or negotiated with the peer. */
    public boolean txOn() {
        return Boolean.TRUE.equals(txNegotiated) || (txNegotiated == null && Boolean.TRUE.equals(tx));
    }
}
