package io.rocedoctor.parse;

/**
 * One DCQCN switch of a netdev: {@code ecn/roce_np/enable/P} (notification point: this host
 * sends CNPs for ECN-marked packets of priority P) or {@code ecn/roce_rp/enable/P} (reaction
 * point: this host slows down on CNPs for priority P).
 *
 * @param enabled whether the file holds 1
 */
public record EcnEnable(boolean enabled) {
}
