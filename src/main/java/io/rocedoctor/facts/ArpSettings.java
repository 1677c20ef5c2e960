package io.rocedoctor.facts;

/**
 * A netdev's ARP and reverse-path settings in force, from {@code sysctl -a}: for each the value of
 * {@code net.ipv4.conf.all}, of the netdev, and the one the kernel applies, the larger of the two
 * (Documentation/networking/ip-sysctl.rst: "The max value from conf/{all,interface}/arp_ignore is
 * used", the same for arp_announce and rp_filter; {@code IN_DEV_MAXCONF}). {@code default} only
 * seeds netdevs made later and is not kept. Null where sysctl did not print the key.
 */
public record ArpSettings(String netdev, Value arpIgnore, Value arpAnnounce, Value rpFilter, String source) {

    /** One setting: {@code all}'s, the netdev's, and the larger in force (null when either is unknown). */
    public record Value(Integer all, Integer device) {
        public Integer effective() {
            return all == null || device == null ? null : Math.max(all, device);
        }

        /** {@code 0 (all 0, ens1f0np0 0)}: what is in force and where it comes from. */
        public String describe() {
            return effective() + " (all " + all + ", the netdev " + device + ")";
        }
    }
}
