package io.rocedoctor.facts;

import java.util.List;

/**
 * Where the congestion notifications (CNPs) a port sends wait on their way, as the port's own QoS
 * shows it, next to the priority of the RoCE data they regulate: the priority their marking lands
 * on (trust dscp: the port's DSCP map of the CNP DSCP; trust pcp: their 802.1p priority), the
 * traffic class of that priority and how it is scheduled ({@code mlnx_qos} tc blocks: {@code strict},
 * {@code vendor}, {@code ets} with a bandwidth share). On ConnectX, strict traffic classes and the
 * vendor class are served before every ETS class (mlx5's en_dcbnl.c {@code mlx5e_build_tc_group}:
 * each strict TC gets a group above the ETS groups, vendor TCs the highest, groups served in strict
 * order). Only markings read from the bundle are judged, never a vendor default.
 *
 * @param priority          the priority the CNPs land on; null when the marking does not say (trust pcp, no 802.1p value)
 * @param trafficClass      that priority's traffic class; null when mlnx_qos was not collected
 * @param tsa               its scheduling ({@code strict}, {@code vendor}, {@code ets}); null when not known
 * @param highestEtsShare   whether it is an ETS class with the largest bandwidth share of the port's ETS classes
 * @param servedFirst       the priorities (other than the data's) whose class is strict, vendor or the largest ETS share
 */
public record CnpScheduling(
        String netdev,
        String nic,
        int dscp,
        Integer cnpPriority,
        String markingSource,
        Integer priority,
        String derivation,
        int dataPriority,
        String dataDerivation,
        Integer trafficClass,
        String tsa,
        Integer bandwidthPercent,
        boolean highestEtsShare,
        List<Integer> servedFirst,
        String trust,
        String qosSource) {
    public CnpScheduling {
        servedFirst = List.copyOf(servedFirst);
    }

    /** Strict and vendor classes go before every ETS class. */
    public static boolean strictlyServed(String tsa) {
        return "strict".equals(tsa) || "vendor".equals(tsa);
    }

    /** The CNPs share the queue, the pause and the buffer of the data they slow down. */
    public boolean onTheDataPriority() {
        return priority != null && priority == dataPriority;
    }

    /** The CNPs wait their ETS turn behind a class with a larger share. */
    public boolean behindALargerShare() {
        return tsa != null && !strictlyServed(tsa) && !highestEtsShare;
    }
}
