package io.rocedoctor.facts;

/**
 * The priority RoCE traffic of one port uses, as the congestion and QoS rules judge it. It is the
 * priority RDMA CM traffic gets from its ToS ({@link RoceTraffic}) when a ToS is set. When the ToS
 * is unset (0) or not collected and exactly one priority is lossless (PFC on), that priority is
 * taken as the intended one ({@code intended}): the administrator made it lossless for RoCE, and
 * applications that set their own traffic class (NCCL, perftest -T) use it; that RDMA CM traffic
 * misses it is ROCE_TOS_UNSET's finding, not a second one here. Otherwise there is no fact.
 */
public record RocePriority(String device, String nic, int priority, boolean intended, String derivation) {}
