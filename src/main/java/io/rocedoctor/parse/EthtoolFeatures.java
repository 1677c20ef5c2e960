package io.rocedoctor.parse;

import java.util.Map;
import java.util.Optional;

/**
 * The offload features of one netdev from {@code ethtool -k}.
 *
 * @param interfaceName the netdev; null when the title was not captured
 * @param features      by feature name as ethtool prints it ("large-receive-offload")
 */
public record EthtoolFeatures(String interfaceName, Map<String, Feature> features) {
    public EthtoolFeatures {
        features = OrderedCopy.map(features);
    }

    /**
     * @param enabled       the current state
     * @param fixed         "[fixed]": the driver does not let it change
     * @param requestDiffers "[requested on|off]": a change was asked for but the device kept the other state
     */
    public record Feature(boolean enabled, boolean fixed, boolean requestDiffers) {
    }

    /** Whether a feature is on; empty when the output does not list it. */
    public Optional<Boolean> enabled(String name) {
        return Optional.ofNullable(features.get(name)).map(Feature::enabled);
    }
}
