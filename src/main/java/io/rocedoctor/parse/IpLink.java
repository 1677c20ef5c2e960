package io.rocedoctor.parse;

import java.util.List;
import java.util.Map;

/**
 * One link of {@code ip -d link}, {@code ip -s link} or {@code ip -d -s -s link}.
 *
 * @param index      the ifindex
 * @param name       the name without "@parent"
 * @param parent     the part after "@" (a VLAN's lower device, "if7" for a veth peer); null when none
 * @param flags      the flags between angle brackets ("UP", "LOWER_UP", "SLAVE", ...)
 * @param mtu        null when not printed
 * @param qdisc      null when not printed
 * @param state      the operational state ("UP", "DOWN", "UNKNOWN"); null when not printed
 * @param master     the bond or bridge this link is enslaved to; null when none
 * @param linkType   "ether", "loopback", "infiniband", ... from "link/TYPE"; null when absent
 * @param address    the link-layer address; null when absent
 * @param kind       the first word of the {@code -d} detail line: "bond", "bond_slave", "vlan",
 *                   "bridge_slave", ...; null for a plain device or without {@code -d}
 * @param attributes every "name value" pair of the link and {@code -d} detail lines ("mode" and
 *                   "xmit_hash_policy" of a bond, "state" and "mii_status" of a bond slave, "id"
 *                   of a vlan, "brd", "numtxqueues", "promiscuity", ...); best effort for kinds
 *                   whose details are not strict pairs
 * @param altNames   the "altname" lines
 * @param statistics counters keyed "rx_bytes", "rx_packets", "rx_errors", "rx_dropped",
 *                   "rx_missed"/"rx_overrun", "rx_mcast", "tx_bytes", ..., "tx_carrier",
 *                   "tx_collsns", and with {@code -s -s} "rx_length", "rx_crc", "rx_frame",
 *                   "rx_fifo", "tx_aborted", "tx_fifo", "tx_window", "tx_heartbeat", "tx_transns"
 * @param egressQosMap a VLAN's {@code egress-qos-map}: socket priority -> the PCP its frames get
 *                   (the kernel prints only non-zero PCPs; an unlisted priority gets PCP 0); empty
 *                   for other kinds or when none is set
 */
public record IpLink(
        int index,
        String name,
        String parent,
        List<String> flags,
        Integer mtu,
        String qdisc,
        String state,
        String master,
        String linkType,
        String address,
        String kind,
        Map<String, String> attributes,
        List<String> altNames,
        Map<String, Long> statistics,
        Map<Integer, Integer> egressQosMap) {
    public IpLink {
        flags = List.copyOf(flags);
        attributes = OrderedCopy.map(attributes);
        altNames = List.copyOf(altNames);
        statistics = OrderedCopy.map(statistics);
        egressQosMap = OrderedCopy.map(egressQosMap);
    }

    /** The PCP a VLAN gives frames of a socket priority: its egress-qos-map, 0 for a priority it does not list. */
    public int egressPcp(int socketPriority) {
        return egressQosMap.getOrDefault(socketPriority, 0);
    }

    public boolean up() {
        return flags.contains("UP");
    }

    public boolean lowerUp() {
        return flags.contains("LOWER_UP");
    }

    /** The bond mode ("802.3ad", "active-backup", ...) when this link is a bond. */
    public String bondMode() {
        return "bond".equals(kind) ? attributes.get("mode") : null;
    }

    /** The transmit hash policy ("layer3+4", "layer2", ...) when this link is a bond. */
    public String xmitHashPolicy() {
        return "bond".equals(kind) ? attributes.get("xmit_hash_policy") : null;
    }

    /** "ACTIVE" or "BACKUP" when this link is a bond slave. */
    public String slaveState() {
        return "bond_slave".equals(kind) ? attributes.get("state") : null;
    }

    /** "UP" or "DOWN" when this link is a bond slave. */
    public String miiStatus() {
        return "bond_slave".equals(kind) ? attributes.get("mii_status") : null;
    }

    /** A counter; null when not printed. */
    public Long statistic(String key) {
        return statistics.get(key);
    }

    /**
     * Carrier up/down transitions: iproute2 prints them as "transns" in the {@code -s -s}
     * "TX errors:" block; a "carrier_changes N" detail pair is read too should a version print one; null when neither.
     */
    public Long carrierChanges() {
        Long transns = statistics.get("tx_transns");
        if (transns != null) {
            return transns;
        }
        String changes = attributes.get("carrier_changes");
        return changes != null && changes.matches("\\d{1,18}") ? Long.valueOf(changes) : null;
    }
}
