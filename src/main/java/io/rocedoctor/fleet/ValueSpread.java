package io.rocedoctor.fleet;

import java.util.List;

/**
 * How the hosts of a fleet spread over the values of one thing they should share: the versions of
 * one NIC model ({@code aspect} "nic-version", subject the model), one setting ("config",
 * subject the setting's name) or one value of a per-subject aspect ("gid-index", subject the
 * device port {@code mlx5_0/1}). Variants come most common first, ties by value, so the first is
 * what the fleet mostly runs; {@code distinct} is their number.
 */
public record ValueSpread(String aspect, String subject, int distinct, List<Variant> variants) {

    /** One value and the hosts that have it, sorted. */
    public record Variant(String value, List<String> hosts) {
        public Variant {
            hosts = List.copyOf(hosts);
        }

        /** The hosts as a report shows them: the first few, then how many more. */
        public String hostList() {
            int shown = Math.min(hosts.size(), 8);
            String list = String.join(", ", hosts.subList(0, shown));
            return hosts.size() > shown ? list + " and " + (hosts.size() - shown) + " more" : list;
        }
    }

    public ValueSpread {
        variants = List.copyOf(variants);
    }
}
