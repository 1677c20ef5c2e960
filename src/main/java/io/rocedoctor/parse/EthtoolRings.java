package io.rocedoctor.parse;

import java.util.Map;

/**
 * The ring (descriptor queue) sizes of one netdev from {@code ethtool -g} or {@code ethtool -j -g}.
 *
 * @param interfaceName  the netdev; null when the title was not captured
 * @param maximums       the "Pre-set maximums" block
 * @param current        the "Current hardware settings" block
 * @param otherSettings  newer ethtool's extra current settings keyed by their JSON name
 *                       ("rx-buf-len", "cqe-size", "tx-push", "rx-push", "tcp-data-split"), values
 *                       as printed ("n/a", "on", "off", a number); empty on older ethtool
 */
public record EthtoolRings(String interfaceName, Sizes maximums, Sizes current, Map<String, String> otherSettings) {
    public EthtoolRings {
        otherSettings = OrderedCopy.map(otherSettings);
    }

    /** One block; a size is null when the driver prints "n/a" or the line is missing. */
    public record Sizes(Long rx, Long rxMini, Long rxJumbo, Long tx) {}
}
