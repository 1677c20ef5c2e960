package io.rocedoctor.facts;

import java.util.Map;
import java.util.TreeMap;

/**
 * How a multipath group's bytes spread over its members in one direction ({@code tx} or
 * {@code rx}): each member's share, the busiest member and its share, and the group's load as a
 * fraction of its capacity (null when the interval or a speed is unknown). {@code sinceBoot}
 * marks shares computed from absolute counters (one sample). {@code sources} says where each
 * member's bytes were read ({@code ethtool -S ens1f0np0}).
 */
public record GroupTraffic(
        String group,
        String direction,
        Map<String, Double> shares,
        Map<String, Double> bytesPerSecond,
        String busiest,
        double busiestShare,
        Double loadFraction,
        boolean sinceBoot,
        Map<String, String> sources) {
    public GroupTraffic {
        shares = java.util.Collections.unmodifiableMap(new TreeMap<>(shares));
        bytesPerSecond = java.util.Collections.unmodifiableMap(new TreeMap<>(bytesPerSecond));
        sources = java.util.Collections.unmodifiableMap(new TreeMap<>(sources));
    }
}
