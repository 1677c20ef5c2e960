package io.rocedoctor.parse;

/**
 * Link-level (802.3x global) pause of one port, as {@code ethtool -a IF} prints it. A setting the
 * output did not show is null; {@code rxNegotiated}/{@code txNegotiated} are printed only when pause
 * autonegotiation is on.
 */
public record EthtoolPause(
        String interfaceName,
        Boolean autonegotiate,
        Boolean rx,
        Boolean tx,
        Boolean rxNegotiated,
        Boolean txNegotiated) {}
