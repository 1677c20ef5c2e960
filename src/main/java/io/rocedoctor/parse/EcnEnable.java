package io.rocedoctor.parse;

/**
 * One DCQCN switch: mlx5's {@code ecn/roce_np/enable/P} of a netdev (notification point: this host
 * sends CNPs for ECN-marked packets of priority P) or {@code ecn/roce_rp/enable/P} (reaction
 * point: this host slows down on CNPs for priority P); or Broadcom bnxt_re's {@code cc/ecn_enable}
 * of an RDMA device port, one switch for its RoCE traffic whatever the priority.
 *
 * @param enabled whether the switch is on
 */
public record EcnEnable(boolean enabled) {}
