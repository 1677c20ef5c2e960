package io.rocedoctor.parse;

import java.util.List;

/**
 * {@code /proc/net/bonding/BOND}: the mode (normalised to the kernel's option names:
 * {@code 802.3ad}, {@code active-backup}, {@code balance-xor}...), the transmit hash policy
 * ({@code layer2}, {@code layer2+3}, {@code layer3+4}, {@code encap2+3}, {@code encap3+4},
 * {@code vlan+srcmac}; null where the mode has none), the active slave, for 802.3ad the active
 * aggregator (a member in another aggregator carries no traffic), and the members.
 */
public record BondStatus(
        String mode,
        String modeText,
        String xmitHashPolicy,
        String miiStatus,
        String activeSlave,
        String activeAggregatorId,
        List<Member> members) {

    public BondStatus {
        members = List.copyOf(members);
    }

    /** One slave interface with its link state and speed. */
    public record Member(String name, String miiStatus, Integer speedMbps, Long linkFailures, String aggregatorId) {}
}
