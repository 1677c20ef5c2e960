package io.rocedoctor.parse;

/**
 * The channel (queue) counts of one netdev from {@code ethtool -l}.
 *
 * @param interfaceName the netdev named in the title; null when the title was not captured
 * @param maximums      the "Pre-set maximums" block
 * @param current       the "Current hardware settings" block
 */
public record EthtoolChannels(String interfaceName, Counts maximums, Counts current) {
    /** One block; each count is null when the driver prints "n/a" or the line is missing. */
    public record Counts(Long rx, Long tx, Long other, Long combined) {}
}
