package io.rocedoctor.facts;

/**
 * How a port's NIC marks the congestion notifications (CNPs) it sends: their DSCP and 802.1p
 * priority. Read from the firmware configuration in force ({@code mlxconfig -d DEV query}
 * {@code CNP_DSCP_Pn} / {@code CNP_802P_PRIO_Pn}, n the physical port of the function) when the
 * bundle holds it; otherwise the vendor default (ConnectX: DSCP 48, priority 6), and {@code assumed}
 * says so.
 *
 * @param netdev   the port
 * @param dscp     the DSCP of its CNPs
 * @param priority the 802.1p priority of its CNPs; null when not known
 * @param source   where the values come from ({@code mlxconfig -d 0000:5e:00.0 query CNP_DSCP_P1}), or the default named
 * @param assumed  true when the values are the vendor default, not read from the bundle
 */
public record CnpMarking(String netdev, int dscp, Integer priority, String source, boolean assumed) {

    /** ConnectX firmware defaults (CNP_DSCP_Pn, CNP_802P_PRIO_Pn). */
    public static final int CONNECTX_DSCP = 48;

    public static final int CONNECTX_PRIORITY = 6;
}
