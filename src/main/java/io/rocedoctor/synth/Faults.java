package io.rocedoctor.synth;

import io.rocedoctor.synth.HostModel.NicModel;
import io.rocedoctor.synth.HostModel.PortModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The faults the synthesizer knows, one per catalog rule where a bundle can show it. Each
 * changes NIC 0, its first port or its bond, the way the rule's page in docs/rules/ describes the problem;
 * adding one is an entry here. Subjects follow the rules: a NIC by its PCI slot, a port by its
 * netdev, a bond by name, an RDMA port as {@code mlx5_0/1}, a fleet setting by its name.
 */
public final class Faults {
    private static final Predicate<HostShape> ANY = s -> true;
    private static final Predicate<HostShape> TWO_NODES = s -> s.numaNodes() > 1;
    private static final Predicate<HostShape> BONDED = s -> s.portsPerNic() > 1;
    private static final Predicate<HostShape> MULTI_QUEUE = s -> s.queues() > 1;
    private static final Predicate<HostShape> SWITCHED = HostShape::hasSwitch;
    // What a platform's dump shows: EOS prints no buffer thresholds, pools or hash fields, and its DSCP map is
    // switch-wide; NVUE's views read here count no drops and the synthesized watchdog view no storm.
    private static final Predicate<HostShape> BUFFERS_HASH_PORT_MAPS = s -> s.switchIs("sonic", "nvue");
    private static final Predicate<HostShape> STORMS_COUNTED = s -> s.switchIs("sonic");
    private static final Predicate<HostShape> DROPS_COUNTED = s -> s.switchIs("sonic", "eos");

    public static final List<Fault> ALL = List.of(
            host(
                    "HASH_SINGLE_PATH_CONCENTRATION",
                    "bonds hash on layer2+3; bond0's first member carries 90% of the bytes",
                    BONDED,
                    h -> {
                        h.bondHashPolicy = "layer2+3";
                        skew(h.nic(0), 0.9);
                    },
                    h -> List.of(new ExpectedFinding(
                            "HASH_SINGLE_PATH_CONCENTRATION", h.bondName(h.nic(0)), "critical", "confirmed")),
                    "config:hash"),
            host(
                    "IRQ_CROSS_NUMA",
                    "NIC 0's completion interrupts pinned to CPUs of a remote NUMA node",
                    TWO_NODES,
                    h -> h.nic(0).irqNode = h.remoteNode(h.nic(0).node),
                    h -> List.of(new ExpectedFinding("IRQ_CROSS_NUMA", h.nic(0).slot(), "critical", "confirmed"))),
            host(
                    "IRQ_CONCENTRATED",
                    "all of NIC 0's completion interrupts pinned to one CPU",
                    ANY,
                    h -> h.nic(0).irqsOnOneCpu = true,
                    h -> List.of(ExpectedFinding.of("IRQ_CONCENTRATED", h.nic(0).slot()))),
            host(
                    "IRQBALANCE_ACTIVE",
                    "irqbalance running over hand-set interrupt affinity",
                    ANY,
                    h -> h.irqbalanceActive = true,
                    h -> List.of(ExpectedFinding.of("IRQBALANCE_ACTIVE", "irqbalance"))),
            host(
                    "PCIE_CEILING_BELOW_PORTS",
                    "NIC 0 is a dual-port 100G ConnectX-4 on Gen3 x16 (~107 Gb/s usable)",
                    BONDED,
                    h -> {
                        NicModel n = h.nic(0);
                        n.model = "MT27700 Family [ConnectX-4]";
                        n.partNumber = "MCX416A-CCAT";
                        n.partId = 4115;
                        n.firmware = "12.28.2006";
                        n.psid = "MT_2190110032";
                        n.capGts = 8;
                        n.gts = 8;
                    },
                    h -> List.of(new ExpectedFinding(
                            "PCIE_CEILING_BELOW_PORTS", h.nic(0).slot(), "critical", "confirmed"))),
            host("PCIE_LINK_DOWNGRADED", "NIC 0 (Gen4 x16) trained at x8", ANY, h -> h.nic(0).width = 8, h -> {
                List<ExpectedFinding> out = new ArrayList<>();
                out.add(new ExpectedFinding("PCIE_LINK_DOWNGRADED", h.nic(0).slot(), "critical", "confirmed"));
                if (h.nic(0).ports.size() * 100 > 0.85 * 15.754 * 8) {
                    out.add(ExpectedFinding.of(
                            "PCIE_CEILING_BELOW_PORTS", h.nic(0).slot()));
                }
                return out;
            }),
            host(
                    "NUMA_NODE_UNKNOWN",
                    "the platform reports numa_node -1 for NIC 0",
                    TWO_NODES,
                    h -> h.nic(0).reportedNode = -1,
                    h -> List.of(
                            new ExpectedFinding("NUMA_NODE_UNKNOWN", h.nic(0).slot(), "medium", "confirmed"))),
            host(
                    "PHY_LINK_SPEED_DEGRADED",
                    "the first port runs at 50G while it and its partner advertise 100G",
                    ANY,
                    h -> h.port(0, 0).speedMbps = 50_000,
                    h -> List.of(ExpectedFinding.of("PHY_LINK_SPEED_DEGRADED", h.port(0, 0).netdev))),
            host(
                    "PHY_CRC_ERRORS",
                    "the first port receives frames with bad CRCs (a dirty fibre, a bad cable)",
                    ANY,
                    h -> h.port(0, 0).counterRates.put("rx_crc_errors_phy", 40.0),
                    h -> List.of(ExpectedFinding.of("PHY_CRC_ERRORS", h.port(0, 0).netdev))),
            host(
                    "RX_BUFFER_EXHAUSTED",
                    "the first port drops for want of receive buffers (rx_out_of_buffer rising)",
                    ANY,
                    h -> h.port(0, 0).counterRates.put("rx_out_of_buffer", 2500.0),
                    h -> List.of(ExpectedFinding.of("RX_BUFFER_EXHAUSTED", h.port(0, 0).netdev)),
                    "rate:discards"),
            host(
                    "HOST_ORIGINATED_PAUSE",
                    "the first port holds its peer off 3% of the time on priority 3: the host cannot drain",
                    ANY,
                    h -> {
                        h.port(0, 0).counterRates.put("tx_prio3_pause", 1800.0);
                        h.port(0, 0).counterRates.put("tx_prio3_pause_duration", 30_000.0);
                    },
                    h -> List.of(ExpectedFinding.of("HOST_ORIGINATED_PAUSE", h.port(0, 0).netdev)),
                    "rate:pause"),
            host(
                    "GLOBAL_PAUSE_WITH_PFC",
                    "the first port runs link-level pause (RX and TX) next to PFC on priority 3",
                    ANY,
                    h -> h.port(0, 0).linkPause = true,
                    h -> List.of(ExpectedFinding.of("GLOBAL_PAUSE_WITH_PFC", h.port(0, 0).netdev))),
            host(
                    "PAUSE_STORM",
                    "the first port is paused 80% of the time on priority 3",
                    ANY,
                    h -> {
                        h.port(0, 0).counterRates.put("rx_prio3_pause", 50_000.0);
                        h.port(0, 0).counterRates.put("rx_prio3_pause_duration", 800_000.0);
                    },
                    h -> List.of(ExpectedFinding.of("PAUSE_STORM", h.port(0, 0).netdev)),
                    "rate:pause"),
            host(
                    "ROCE_V1_DEFAULT",
                    "RDMA CM of mlx5_0 defaults to RoCE v1",
                    ANY,
                    h -> h.port(0, 0).roceV2 = false,
                    h -> List.of(ExpectedFinding.of("ROCE_V1_DEFAULT", rdma(h.port(0, 0)))),
                    "config:roce-mode"),
            host(
                    "ROCE_TOS_UNSET",
                    "cma_roce_tos of mlx5_0 is 0: RDMA CM traffic lands in lossy priority 0",
                    ANY,
                    h -> h.port(0, 0).tos = 0,
                    // DSCP 0 lands on a lossy priority of the leaf too.
                    h -> withLeaf(
                            h, List.of(ExpectedFinding.of("ROCE_TOS_UNSET", rdma(h.port(0, 0)))), "DSCP_MAP_MISMATCH"),
                    "config:tos"),
            host(
                    "ROCE_TRAFFIC_CLASS_UNSET",
                    "mlx5_0 has no traffic class override: QPs not made through RDMA CM (NCCL, UCX) land in lossy"
                            + " priority 0",
                    ANY,
                    h -> h.port(0, 0).trafficClass = null,
                    h -> List.of(ExpectedFinding.of("ROCE_TRAFFIC_CLASS_UNSET", rdma(h.port(0, 0)))),
                    "config:tclass"),
            host(
                    "CNP_MARKING_UNSAFE",
                    "the first port's CNPs are marked DSCP 24 (CS3) / priority 3 at run time, the RoCE data's own priority",
                    ANY,
                    h -> {
                        h.port(0, 0).cnpDscp = 24;
                        h.port(0, 0).cnpPriority = 3;
                    },
                    // The leaf queues DSCP 24 with the data too.
                    h -> withLeaf(
                            h,
                            List.of(ExpectedFinding.of("CNP_MARKING_UNSAFE", h.port(0, 0).netdev)),
                            "DSCP_MAP_MISMATCH")),
            host(
                    "ROCE_MTU_BELOW_NETDEV",
                    "mlx5_0 runs RoCE at active_mtu 1024 over a 9000-byte netdev",
                    ANY,
                    h -> h.port(0, 0).activeMtu = 1024,
                    h -> List.of(ExpectedFinding.of("ROCE_MTU_BELOW_NETDEV", rdma(h.port(0, 0))))),
            host(
                    "ROCE_GID_V2_MISSING",
                    "mlx5_0 has only RoCE v1 GIDs for its IPv4 address",
                    ANY,
                    h -> h.port(0, 0).gidV2 = false,
                    h -> List.of(ExpectedFinding.of("ROCE_GID_V2_MISSING", rdma(h.port(0, 0))))),
            host(
                    "ROCE_RETRANSMITTING",
                    "mlx5_0's transport counters rise: out-of-sequence and sequence errors",
                    ANY,
                    h -> {
                        h.port(0, 0).rdmaRates.put("out_of_sequence", 300.0);
                        h.port(0, 0).rdmaRates.put("packet_seq_err", 40.0);
                        h.port(0, 0).rdmaRates.put("local_ack_timeout_err", 2.0);
                    },
                    h -> List.of(ExpectedFinding.of("ROCE_RETRANSMITTING", rdma(h.port(0, 0)))),
                    "rate:retransmissions"),
            host(
                    "ECN_DISABLED_ON_ROCE_PRIO",
                    "DCQCN (roce_np and roce_rp) off on priority 3 of the first port",
                    ANY,
                    h -> ecnOff(h.port(0, 0), 3),
                    h -> List.of(ExpectedFinding.of("ECN_DISABLED_ON_ROCE_PRIO", h.port(0, 0).netdev)),
                    "config:ecn"),
            host(
                    "PFC_NOT_ON_ROCE_PRIO",
                    "the first port has PFC on priority 4 while RoCE uses 3, and ECN off on 3",
                    ANY,
                    h -> {
                        h.port(0, 0).pfc = List.of(4);
                        ecnOff(h.port(0, 0), 3);
                    },
                    h -> withLeaf(
                            h,
                            List.of(
                                    new ExpectedFinding("PFC_NOT_ON_ROCE_PRIO", h.port(0, 0).netdev, "critical", null),
                                    ExpectedFinding.of("ECN_DISABLED_ON_ROCE_PRIO", h.port(0, 0).netdev)),
                            "PFC_PRIORITY_MISMATCH"),
                    "config:pfc",
                    "config:ecn"),
            host(
                    "PFC_TOO_MANY_PRIOS",
                    "the first port has PFC on priorities 3, 4 and 5",
                    ANY,
                    h -> h.port(0, 0).pfc = List.of(3, 4, 5),
                    h -> withLeaf(
                            h,
                            List.of(ExpectedFinding.of("PFC_TOO_MANY_PRIOS", h.port(0, 0).netdev)),
                            "PFC_PRIORITY_MISMATCH"),
                    "config:pfc"),
            host(
                    "BOND_MODE_NOT_MULTIPATH",
                    "bonds in active-backup: the backup member sits idle",
                    BONDED,
                    h -> {
                        h.bondMode = "active-backup";
                        h.nics.stream().filter(h::bonded).forEach(n -> skew(n, 1.0));
                    },
                    // An active-backup bond is judged by its mode, not its hash: no hash finding.
                    h -> h.nics.stream()
                            .filter(h::bonded)
                            .map(n -> ExpectedFinding.of("BOND_MODE_NOT_MULTIPATH", h.bondName(n)))
                            .toList(),
                    "config:hash"),
            host(
                    "ROCE_PATH_UNUSED",
                    "bond0 hashes on layer3+4, yet RDMA flows only on its first member",
                    BONDED,
                    h -> skew(h.nic(0), 1.0),
                    h -> List.of(ExpectedFinding.of("ROCE_PATH_UNUSED", h.port(0, 1).rdmaDevice + "/1"))),
            host(
                    "PHY_BER_HIGH",
                    "the first port's raw BER (1.2e-5) is within 10x of what its RS(528,514) FEC corrects",
                    ANY,
                    h -> h.port(0, 0).rawBer = "1.2E-5",
                    h -> List.of(new ExpectedFinding("PHY_BER_HIGH", h.port(0, 0).netdev, "medium", "likely"))),
            host(
                    "PHY_FEC_OFF",
                    "the first port runs 100G (4 x 25G NRZ lanes) with no FEC",
                    ANY,
                    h -> {
                        h.port(0, 0).fec = "No FEC";
                        h.port(0, 0).rawBer = "1E-13";
                    },
                    h -> List.of(ExpectedFinding.of("PHY_FEC_OFF", h.port(0, 0).netdev))),
            host(
                    "PHY_LINK_FLAPPING",
                    "the first port went down twice since boot, once between the samples",
                    ANY,
                    h -> {
                        h.port(0, 0).linkDowns = 2;
                        h.port(0, 0).carrierChangesBetweenSamples = 2;
                    },
                    h -> List.of(new ExpectedFinding("PHY_LINK_FLAPPING", h.port(0, 0).netdev, "high", "confirmed"))),
            host(
                    "PHY_MODULE_HOT",
                    "the first port's cable module runs at 76.5 C, over its 75 C warning threshold",
                    ANY,
                    h -> h.port(0, 0).moduleCelsius = 76.5,
                    h -> List.of(new ExpectedFinding("PHY_MODULE_HOT", h.port(0, 0).netdev, "medium", "confirmed"))),
            host(
                    "PCIE_MAXREADREQ_SMALL",
                    "NIC 0's functions read with MaxReadReq 512 bytes",
                    ANY,
                    h -> h.nic(0).maxReadReq = 512,
                    h -> List.of(
                            ExpectedFinding.of("PCIE_MAXREADREQ_SMALL", h.nic(0).slot()))),
            host(
                    "CPU_GOVERNOR_POWERSAVE",
                    "the CPUs run the powersave cpufreq governor",
                    ANY,
                    h -> h.governor = "powersave",
                    h -> h.nics.stream()
                            .map(n -> new ExpectedFinding("CPU_GOVERNOR_POWERSAVE", n.slot(), "low", "confirmed"))
                            .toList()),
            host(
                    "RSS_HASH_NO_L4",
                    "RSS of the first port hashes UDP over IPv4 on addresses only",
                    ANY,
                    h -> h.port(0, 0).udp4HashL4 = false,
                    h -> List.of(ExpectedFinding.of("RSS_HASH_NO_L4", h.port(0, 0).netdev))),
            host(
                    "RSS_QUEUES_TOO_FEW",
                    "the first port runs a quarter of the channels it could (ethtool -L combined)",
                    MULTI_QUEUE,
                    h -> {
                        PortModel p = h.port(0, 0);
                        p.channels = Math.max(1, h.shape.queues() / 4);
                        p.rssQueues = p.channels;
                    },
                    h -> List.of(ExpectedFinding.of("RSS_QUEUES_TOO_FEW", h.port(0, 0).netdev))),
            host(
                    "RSS_INDIRECTION_SKEWED",
                    "the first port's RSS table spreads flows over half its channels",
                    MULTI_QUEUE,
                    h -> h.port(0, 0).rssQueues = h.port(0, 0).channels / 2,
                    h -> List.of(ExpectedFinding.of("RSS_INDIRECTION_SKEWED", h.port(0, 0).netdev))),
            host(
                    "CNP_LOOP_BROKEN",
                    "mlx5_0 receives ECN-marked RoCE packets but sends no CNP",
                    ANY,
                    h -> h.port(0, 0).rdmaRates.put("np_cnp_sent", 0.0),
                    h -> List.of(new ExpectedFinding("CNP_LOOP_BROKEN", h.port(0, 0).netdev, "high", "confirmed"))),
            host(
                    "PFC_DOMINATES_ECN",
                    "the first port is paused 2.5% of the time on priority 3 while no ECN mark or CNP flows",
                    ANY,
                    h -> {
                        PortModel p = h.port(0, 0);
                        p.counterRates.put("rx_prio3_pause", 2500.0);
                        p.counterRates.put("rx_prio3_pause_duration", 25_000.0);
                        List.of("np_ecn_marked_roce_packets", "np_cnp_sent", "rp_cnp_handled")
                                .forEach(c -> p.rdmaRates.put(c, 0.0));
                    },
                    h -> List.of(new ExpectedFinding("PFC_DOMINATES_ECN", h.port(0, 0).netdev, "high", "likely")),
                    "rate:pause"),
            host(
                    "LOSSLESS_BUFFER_MISCONFIGURED",
                    "the first port maps lossless priority 3 to receive buffer 0, with the lossy priorities",
                    ANY,
                    h -> h.port(0, 0).losslessBuffer = 0,
                    h -> List.of(ExpectedFinding.of("LOSSLESS_BUFFER_MISCONFIGURED", h.port(0, 0).netdev))),
            host(
                    "BASELINE_BW_LOW",
                    "ib_write_bw on mlx5_0 reaches 60% of the port speed",
                    ANY,
                    h -> h.port(0, 0).perftestShare = 0.6,
                    h -> List.of(ExpectedFinding.of("BASELINE_BW_LOW", h.port(0, 0).rdmaDevice + ":ib_write_bw"))),
            host(
                    "BASELINE_LATENCY_JITTER",
                    "ib_write_lat on mlx5_0: the 99th percentile is 4.5x the typical latency",
                    ANY,
                    h -> h.latencyTailRatio = 4.5,
                    h -> List.of(
                            ExpectedFinding.of("BASELINE_LATENCY_JITTER", h.port(0, 0).rdmaDevice + ":ib_write_lat"))),
            host(
                    "BASELINE_MISSING",
                    "no perftest was run before the capture",
                    ANY,
                    h -> h.perftest = false,
                    h -> List.of(new ExpectedFinding("BASELINE_MISSING", h.name(), "info", "confirmed"))),
            host(
                    "SWITCH_ECN_ABOVE_XOFF",
                    "the leaf marks ECN on the first port's lossless queue from 4 MB, above its XOFF point",
                    BUFFERS_HASH_PORT_MAPS,
                    h -> facing(h).ecnMinBytes = 4_000_000,
                    h -> List.of(new ExpectedFinding("SWITCH_ECN_ABOVE_XOFF", queue(h), "high", "likely"))),
            host(
                    "SWITCH_PFC_WATCHDOG_OFF",
                    "the leaf's PFC watchdog does not watch the first port",
                    SWITCHED,
                    h -> facing(h).watchdog = false,
                    h -> List.of(new ExpectedFinding("SWITCH_PFC_WATCHDOG_OFF", switchPort(h), "high", "confirmed"))),
            host(
                    "SWITCH_PFC_STORM_DETECTED",
                    "the leaf's watchdog detected a PFC storm on the first port's lossless queue",
                    STORMS_COUNTED,
                    h -> facing(h).stormsBetweenSamples = 1,
                    h -> List.of(ExpectedFinding.of("SWITCH_PFC_STORM_DETECTED", queue(h)))),
            host(
                    "SWITCH_HEADROOM_SHORT",
                    "the leaf keeps 16 KiB of headroom for the first port's lossless PG (100G, 5 m)",
                    BUFFERS_HASH_PORT_MAPS,
                    h -> facing(h).xoffBytes = 16_384,
                    h -> List.of(new ExpectedFinding("SWITCH_HEADROOM_SHORT", queue(h), "high", "confirmed"))),
            host(
                    "SWITCH_BUFFER_POOL_SKEWED",
                    "the leaf's lossless ingress pool is 8 MiB against 21 MiB of lossy pool",
                    BUFFERS_HASH_PORT_MAPS,
                    h -> h.leaf.losslessPoolBytes = 8_388_608,
                    h -> List.of(ExpectedFinding.of("SWITCH_BUFFER_POOL_SKEWED", h.leaf.name))),
            host(
                    "SWITCH_LOSSLESS_DROPS",
                    "the leaf drops 50 packets a second on the first port's lossless PG",
                    DROPS_COUNTED,
                    h -> facing(h).losslessDropsPerSecond = 50,
                    h -> List.of(ExpectedFinding.of("SWITCH_LOSSLESS_DROPS", queue(h)))),
            host(
                    "SWITCH_ECMP_HASH_NO_L4",
                    "the leaf's ECMP and LAG hashes leave out the L4 ports",
                    BUFFERS_HASH_PORT_MAPS,
                    h -> h.leaf.hashesL4 = false,
                    h -> List.of(new ExpectedFinding("SWITCH_ECMP_HASH_NO_L4", h.leaf.name, "high", "confirmed"))),
            host(
                    "TRUST_MODE_MISMATCH",
                    "the leaf port facing the first port trusts PCP; the host trusts DSCP",
                    SWITCHED,
                    h -> facing(h).trust = "pcp",
                    h -> List.of(new ExpectedFinding("TRUST_MODE_MISMATCH", h.port(0, 0).netdev, "high", "confirmed"))),
            host(
                    "PFC_PRIORITY_MISMATCH",
                    "the leaf port facing the first port runs DSCP 26 lossless on priority 4; the host on 3",
                    SWITCHED,
                    h -> facing(h).losslessPriority = 4,
                    h -> pfcPriorityMismatch(h)),
            host(
                    "DSCP_MAP_MISMATCH",
                    "the leaf port facing the first port maps DSCP 24, not 26, to lossless priority 3",
                    BUFFERS_HASH_PORT_MAPS,
                    h -> facing(h).losslessDscp = 24,
                    h -> List.of(new ExpectedFinding("DSCP_MAP_MISMATCH", h.port(0, 0).netdev, "high", "confirmed"))),
            host(
                    "MTU_MISMATCH",
                    "the leaf port facing the first port has MTU 4200 under the host's 9000",
                    SWITCHED,
                    h -> facing(h).mtu = 4200,
                    h -> List.of(new ExpectedFinding("MTU_MISMATCH", h.port(0, 0).netdev, "medium", "confirmed"))),
            host(
                    "TRAP_HOST_ONLY_TUNING",
                    "the host is tuned for lossless RoCE, but the bundle holds no switch dump",
                    SWITCHED,
                    h -> h.leaf = null,
                    h -> List.of(new ExpectedFinding("TRAP_HOST_ONLY_TUNING", h.name(), "info", "likely"))),
            host(
                    "MULTI_NIC_SAME_SUBNET",
                    "every RoCE port addressed in one 10.0.0.0/8, with the kernel's default ARP and reverse-path"
                            + " settings and no source routing: connections resolve to one port",
                    ANY,
                    h -> h.addressPrefix = 8,
                    h -> List.of(ExpectedFinding.of(
                            "MULTI_NIC_SAME_SUBNET",
                            h.ports().stream().map(p -> p.netdev).collect(java.util.stream.Collectors.joining("+"))))),
            host(
                    "ROCE_VLAN_PRIORITY_MISMATCH",
                    "RoCE over a VLAN on the first port under trust pcp, its egress-qos-map written for socket priority 0"
                            + " only ({ 0:3 }): RDMA CM's ToS 106 is socket priority 2 and leaves with PCP 0, without PFC",
                    ANY,
                    h -> {
                        PortModel p = h.port(0, 0);
                        if (p.vlan == null) {
                            p.runOverVlan(100);
                        }
                        p.trust = "pcp";
                        p.vlanEgressQosMap.clear();
                        p.vlanEgressQosMap.put(0, 3);
                        if (h.leaf != null) {
                            facing(h).trust = "pcp";
                        }
                    },
                    h -> List.of(new ExpectedFinding(
                            "ROCE_VLAN_PRIORITY_MISMATCH", h.port(0, 0).vlanNetdev(), "high", "confirmed")),
                    "config:trust"),
            host(
                    "PCIE_ACS_BLOCKS_P2P",
                    "ACS redirects peer-to-peer requests and completions (ReqRedir+ CmpltRedir+) on the downstream ports of"
                            + " the PCIe switch NIC 0 shares with a GPU",
                    ANY,
                    h -> {
                        withGpu(h.nic(0));
                        h.nic(0).acsRedirect = true;
                    },
                    h -> List.of(new ExpectedFinding(
                            "PCIE_ACS_BLOCKS_P2P", h.nic(0).switchUpstreamPort(), "critical", "confirmed"))),
            host(
                    "GPU_NIC_AFFINITY_POOR",
                    "a GPU on a root port of its own on NIC 0's socket: its nearest RoCE NIC is across host bridges (NODE)"
                            + " while another GPU has NIC 0 below its own PCIe switch (PIX)",
                    ANY,
                    h -> {
                        withGpu(h.nic(0));
                        h.addGpuOnOwnRootPort(h.nic(0).node);
                    },
                    h -> List.of(new ExpectedFinding(
                            "GPU_NIC_AFFINITY_POOR", h.gpuName(h.ownRootPortGpus.get(0)), "high", "confirmed"))),
            fleet(
                    "FLEET_FIRMWARE_DRIFT",
                    "one host's NICs run older firmware (22.36.1010)",
                    2,
                    h -> h.nics.forEach(n -> n.firmware = "22.36.1010"),
                    "firmware"),
            fleet(
                    "FLEET_CONFIG_DRIFT",
                    "one host trusts PCP where the others trust DSCP",
                    2,
                    h -> h.ports().forEach(p -> p.trust = "pcp"),
                    "config:trust"),
            fleet(
                    "FLEET_OUTLIER_HOST",
                    "one host receives 20,000 PFC pauses per second on every port",
                    3,
                    h -> h.ports().forEach(p -> {
                        p.counterRates.put("rx_prio3_pause", 20_000.0);
                        p.counterRates.put("rx_prio3_pause_duration", 20_000.0);
                    }),
                    "rate:pause"),
            fleet(
                    "FLEET_GID_INDEX_DRIFT",
                    "one host's first port got a global IPv6 address before its IPv4 one: its RoCE v2 IPv4 GID is at index 5, not 3",
                    2,
                    h -> h.port(0, 0).ipv6Global = true,
                    "gid-index:mlx5_0/1"),
            fleet(
                    "FLEET_DCQCN_PARAMS_DRIFT",
                    "one host's RoCE ports recover from CNPs four times slower (roce_rp/rpg_time_reset 1200 where the others run 300)",
                    2,
                    h -> h.ports().forEach(p -> p.dcqcnReactionPoint.put("rpg_time_reset", 1200L)),
                    "dcqcn:roce_rp/rpg_time_reset"));

    private Faults() {}

    public static Optional<Fault> byId(String id) {
        return ALL.stream().filter(f -> f.id().equals(id)).findFirst();
    }

    private static Fault host(
            String id,
            String description,
            Predicate<HostShape> fits,
            Consumer<HostModel> inject,
            Function<HostModel, List<ExpectedFinding>> expected,
            String... fleetAspects) {
        return new Fault(id, description, 1, fits, inject, expected, Set.of(fleetAspects));
    }

    /** A fleet fault changes one host and no host rule catches it; its findings follow from its aspects. */
    private static Fault fleet(
            String id, String description, int minHosts, Consumer<HostModel> inject, String... fleetAspects) {
        return new Fault(id, description, minHosts, ANY, inject, h -> List.of(), Set.of(fleetAspects));
    }

    /** The NIC's traffic concentrated: the first port carries {@code share} of its bytes, the group as loaded as before. */
    private static void skew(NicModel nic, double share) {
        int n = nic.ports.size();
        double total = n * 0.5;
        for (PortModel p : nic.ports) {
            double load = p.function == 0 ? total * share : total * (1 - share) / (n - 1);
            p.txLoad = Math.min(1.0, load);
            p.rxLoad = Math.min(1.0, load);
        }
    }

    /** A fault about GPUs needs one below the NIC's switch: a host synthesized without GPUs gets it. */
    private static void withGpu(NicModel nic) {
        if (nic.gpus.isEmpty()) {
            nic.addGpu();
        }
    }

    private static void ecnOff(PortModel p, int priority) {
        p.ecnNotificationPoint[priority] = false;
        p.ecnReactionPoint[priority] = false;
    }

    /** A host-side QoS change the leaf port facing the first port no longer agrees with, when the bundle holds the leaf. */
    private static List<ExpectedFinding> withLeaf(HostModel h, List<ExpectedFinding> host, String endToEndRule) {
        if (h.leaf == null) {
            return host;
        }
        List<ExpectedFinding> out = new ArrayList<>(host);
        out.add(ExpectedFinding.of(endToEndRule, h.port(0, 0).netdev));
        return out;
    }

    /**
     * The lossless priority differs; on EOS the DSCP map is switch-wide and still sends DSCP 26 to
     * traffic class 3, lossy on that port, so the RoCE DSCP's map is wrong there too.
     */
    private static List<ExpectedFinding> pfcPriorityMismatch(HostModel h) {
        ExpectedFinding pfc =
                new ExpectedFinding("PFC_PRIORITY_MISMATCH", h.port(0, 0).netdev, "critical", "confirmed");
        return h.leaf.platform.equals("eos")
                ? List.of(pfc, ExpectedFinding.of("DSCP_MAP_MISMATCH", h.port(0, 0).netdev))
                : List.of(pfc);
    }

    /** The leaf port the first host port faces. */
    private static SwitchModel.SwitchPortModel facing(HostModel h) {
        return h.leaf.facing(h.port(0, 0));
    }

    private static String switchPort(HostModel h) {
        return h.leaf.name + "/" + facing(h).name;
    }

    /** A lossless queue of that leaf port, as the switch rules name it: {@code leaf/EthernetN:priority}. */
    private static String queue(HostModel h) {
        return switchPort(h) + ":" + facing(h).losslessPriority;
    }

    private static String rdma(PortModel p) {
        return p.rdmaDevice + "/1";
    }
}
