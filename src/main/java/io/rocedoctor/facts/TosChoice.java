package io.rocedoctor.facts;

/**
 * The ToS to give RDMA CM traffic so that it lands on a priority. DSCP {@code 8p+2} is the AF
 * class of priority {@code p} with low drop precedence (26 for priority 3, the usual RoCE choice);
 * its precedence bits give {@code p} under trust pcp, and mlx5's default DSCP map gives {@code p}
 * under trust dscp. When the port's DSCP map sends it elsewhere, the lowest DSCP mapped to
 * {@code p} is taken instead. The ECN bits carry ECT(0), as a RoCEv2 sender marks them.
 */
public final class TosChoice {
    /** ECN field ECT(0): DSCP 26 with it is ToS 106, the RoCE ToS of NVIDIA's examples (cma_roce_tos -t 106). */
    static final int ECT_0 = 2;

    private TosChoice() {}

    public static int forPriority(PortQos qos, int priority) {
        int dscp = 8 * priority + 2;
        if (qos != null
                && "dscp".equals(qos.trust())
                && !qos.dscpPriority().isEmpty()
                && !Integer.valueOf(priority).equals(qos.dscpPriority().get(dscp))) {
            dscp = qos.dscpPriority().entrySet().stream()
                    .filter(e -> e.getValue() == priority)
                    .mapToInt(java.util.Map.Entry::getKey)
                    .min()
                    .orElse(dscp);
        }
        return dscp << 2 | ECT_0;
    }
}
