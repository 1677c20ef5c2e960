package io.rocedoctor.facts;

/**
 * MLNX_OFED's traffic class override of one RoCE device port
 * ({@code /sys/class/infiniband/DEV/tc/PORT/traffic_class}) and where it leaves the traffic of QPs
 * not made through RDMA CM (NCCL, UCX, perftest without {@code -R}), which {@code cma_roce_tos}
 * does not reach: with a global value set, every QP carries it; without, such a QP carries the
 * traffic class its application set, 0 unless told otherwise ({@code NCCL_IB_TC},
 * {@code UCX_IB_TRAFFIC_CLASS}, {@code ib_write_bw --tclass}), and {@code priority} is the one ToS 0
 * lands on.
 *
 * @param tclass     the global value; null when none is set
 * @param rules      the per-address rules the file also holds (they apply only where no global value is set)
 * @param priority   the priority that traffic lands on; null when the port's QoS was not collected
 * @param derivation how ({@code ToS 0 -> DSCP 0 -> priority 0 (trust dscp)})
 * @param source     the file read
 */
public record RoceTrafficClass(
        String ibdev,
        int port,
        String netdev,
        String nic,
        Integer tclass,
        int rules,
        Integer priority,
        String derivation,
        String source) {

    /** {@code mlx5_0/1}: how the rdma tool names a device port. */
    public String id() {
        return ibdev + "/" + port;
    }
}
