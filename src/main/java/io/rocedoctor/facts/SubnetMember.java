package io.rocedoctor.facts;

/**
 * An address of a RoCE netdev in a subnet that another RoCE netdev of the host has an address in
 * too ({@link SharedSubnet}), with what decides which netdev answers and sends for it: the ARP and
 * reverse-path settings in force and the policy routing of its source address.
 *
 * @param arpIgnore      arp_ignore in force (max of all and the netdev), null when not collected
 * @param arpAnnounce    arp_announce in force, null when not collected
 * @param rpFilter       rp_filter in force, null when not collected
 * @param settings       the netdev's settings with where each comes from, null when not collected
 * @param sourceRouted   true when a rule {@code from ADDR lookup T}, tried before the main table, leads
 *                       to a table with a usable route through the netdev; false when the rules and routes
 *                       were read and none does; null when either was not collected
 * @param ruleTable      the table of the {@code from ADDR} rule found, null when there is none
 * @param policy         what was found: the rule and the route, or what is missing
 */
public record SubnetMember(
        String subnet,
        String netdev,
        String nic,
        String address,
        Integer arpIgnore,
        Integer arpAnnounce,
        Integer rpFilter,
        ArpSettings settings,
        Boolean sourceRouted,
        String ruleTable,
        String policy) {

    /** arp_ignore 0 answers ARP for any local address on any netdev: a peer may learn this address at another port. */
    public boolean answersForOthers() {
        return arpIgnore != null && arpIgnore != 1 && arpIgnore != 2;
    }

    /** arp_announce below 2 may put another netdev's address in the ARP requests this netdev sends. */
    public boolean announcesOthers() {
        return arpAnnounce != null && arpAnnounce != 2;
    }

    /** Strict reverse-path filtering drops what arrives on this netdev for an address whose route leaves by another. */
    public boolean strictReversePath() {
        return rpFilter != null && rpFilter == 1;
    }

    /** The rules and routes were read and no {@code from ADDR} rule leads to a route through this netdev. */
    public boolean notSourceRouted() {
        return Boolean.FALSE.equals(sourceRouted);
    }
}
