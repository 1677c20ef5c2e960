package io.rocedoctor.facts;

/**
 * The priority a ToS lands on at a port, with the derivation spelled out. Trust dscp: ToS >> 2 is
 * the DSCP, looked up in the port's DSCP map (mlx5's default when the source printed none:
 * DSCP >> 3). Trust pcp: the VLAN PCP the NIC writes follows the ToS precedence bits (ToS >> 5).
 * Null priority when the port's QoS was not collected (the trust mode decides).
 */
record TosPriority(Integer priority, String derivation) {

    static TosPriority of(int tos, PortQos qos) {
        int dscp = tos >> 2;
        if (qos == null) {
            return new TosPriority(
                    null,
                    "ToS " + tos + " -> DSCP " + dscp + "; trust mode unknown (neither mlnx_qos nor dcb collected)");
        }
        if ("dscp".equals(qos.trust())) {
            boolean mapped = qos.dscpPriority().containsKey(dscp);
            int priority = dscpPriority(qos, dscp);
            return new TosPriority(
                    priority,
                    "ToS " + tos + " -> DSCP " + dscp + " -> priority " + priority + " (trust dscp"
                            + (mapped ? ")" : ", default DSCP map)"));
        }
        int priority = tos >> 5;
        return new TosPriority(
                priority,
                "ToS " + tos + " -> priority " + priority + " (trust "
                        + (qos.trust() == null ? "not shown, taken as pcp" : qos.trust())
                        + ": the ToS precedence bits)");
    }

    /** The priority a DSCP gets under trust dscp: the port's map, mlx5's default (DSCP >> 3) where it has none. */
    static int dscpPriority(PortQos qos, int dscp) {
        return qos.dscpPriority().getOrDefault(dscp, dscp >> 3);
    }
}
