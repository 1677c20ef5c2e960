package io.rocedoctor.parse;

import java.util.List;
import java.util.OptionalInt;

/**
 * {@code ethtool IF}: operating speed in Mb/s (null when the link is down: "Unknown!"), duplex,
 * auto-negotiation, link detected, and the supported / advertised / link-partner link modes.
 */
public record EthtoolLinkSettings(
        Integer speedMbps,
        String duplex,
        Boolean autoNegotiation,
        Boolean linkDetected,
        List<String> supportedModes,
        List<String> advertisedModes,
        List<String> partnerModes) {

    public EthtoolLinkSettings {
        supportedModes = List.copyOf(supportedModes);
        advertisedModes = List.copyOf(advertisedModes);
        partnerModes = List.copyOf(partnerModes);
    }

    /** The highest speed in Mb/s among link modes such as {@code 100000baseCR4/Full}. */
    public static OptionalInt highestSpeed(List<String> modes) {
        return modes.stream()
                .map(m -> m.replaceAll("^(\\d+)base.*", "$1"))
                .filter(s -> s.matches("\\d{1,7}"))
                .mapToInt(Integer::parseInt)
                .max();
    }
}
