package io.rocedoctor.synth;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A host being synthesized: healthy by construction (RoCE v2, ToS 106 -> DSCP 26 -> priority 3
 * with PFC and ECN on it, interrupts on the NIC's node, Gen4 x16 links, an 802.3ad bond per NIC
 * hashing on layer3+4, traffic spread evenly), then changed by faults, then written. Mutable on
 * purpose: a fault is a few assignments.
 */
public final class HostModel {
    final String name;
    final HostShape shape;
    final long seed;
    final Instant start;
    final List<NicModel> nics = new ArrayList<>();
    String bondMode = "802.3ad";
    String bondHashPolicy = "layer3+4";
    boolean irqbalanceActive;
    /** The cpufreq governor of every CPU. */
    String governor = "performance";
    /** Whether the engineer ran perftest (one ib_write_bw per RDMA device, one ib_write_lat) before capturing. */
    boolean perftest = true;
    /** The 99th percentile of that ib_write_lat run (on the first RDMA device) over its typical latency. */
    double latencyTailRatio = 1.2;
    /**
     * The prefix length of every RoCE port's address in ip -o addr show. Their addresses differ in
     * the second octet (10.20.., 10.21..), so 24 puts each port in a subnet of its own and 8 all in one.
     */
    int addressPrefix = 24;
    /** The leaf switch the ports face, dumped into the bundle; null when the bundle holds no switch evidence. */
    SwitchModel leaf;
    /** GPUs on root ports of their own, below no NIC's switch (a fault puts one there). */
    final List<GpuModel> ownRootPortGpus = new ArrayList<>();

    HostModel(String name, int number, HostShape shape, long seed, Instant start) {
        this.name = name;
        this.shape = shape;
        this.seed = seed;
        this.start = start;
        int rdma = 0;
        for (int i = 0; i < shape.nics(); i++) {
            NicModel nic = new NicModel(i, 0x18 + i * 0x0d, i % shape.numaNodes());
            for (int f = 0; f < shape.portsPerNic(); f++) {
                PortModel port = new PortModel(
                        nic,
                        f,
                        "ens" + (i + 1) + "f" + f + "np" + f,
                        "mlx5_" + rdma,
                        "10." + (20 + i * 4 + f) + "." + (number / 250) + "." + (1 + number % 250));
                port.channels = shape.queues();
                port.rssQueues = shape.queues();
                if (shape.vlan() > 0) {
                    port.runOverVlan(shape.vlan());
                }
                nic.ports.add(port);
                rdma++;
            }
            for (int g = 0; g < shape.gpusPerNic(); g++) {
                nic.addGpu();
            }
            nics.add(nic);
        }
    }

    /**
     * A GPU on a root port of its own on {@code node}, below no NIC's switch: its buses sit below the
     * first NIC's range (0x10 and 0x11 for the first, two lower for each next).
     */
    GpuModel addGpuOnOwnRootPort(int node) {
        GpuModel gpu = new GpuModel(null, 0x11 - 2 * ownRootPortGpus.size(), node);
        ownRootPortGpus.add(gpu);
        return gpu;
    }

    /** Every GPU in PCI order, the order nvidia-smi numbers them in (GPU0, GPU1...). */
    List<GpuModel> gpus() {
        List<GpuModel> out = new ArrayList<>(ownRootPortGpus);
        nics.forEach(n -> out.addAll(n.gpus));
        out.sort(java.util.Comparator.comparingInt(g -> g.bus));
        return out;
    }

    /** nvidia-smi's name of a GPU: GPU and its place in PCI order. */
    String gpuName(GpuModel gpu) {
        return "GPU" + gpus().indexOf(gpu);
    }

    public String name() {
        return name;
    }

    NicModel nic(int i) {
        return nics.get(i);
    }

    PortModel port(int nic, int port) {
        return nics.get(nic).ports.get(port);
    }

    List<PortModel> ports() {
        List<PortModel> out = new ArrayList<>();
        nics.forEach(n -> out.addAll(n.ports));
        return out;
    }

    /** Each NIC with two or more ports carries one bond over them: bond0 over NIC 0, bond1 over NIC 1... */
    boolean bonded(NicModel nic) {
        return nic.ports.size() > 1;
    }

    String bondName(NicModel nic) {
        return "bond" + nic.index;
    }

    /** The CPUs of a NUMA node: nodes hold consecutive CPU ranges, as on most x86 servers. */
    int[] cpusOf(int node) {
        int per = shape.cpusPerNode();
        int[] cpus = new int[per];
        for (int i = 0; i < per; i++) {
            cpus[i] = node * per + i;
        }
        return cpus;
    }

    int remoteNode(int node) {
        return (node + 1) % shape.numaNodes();
    }

    /** One physical NIC: its slot, model and firmware, where it sits, its PCIe link and who serves its interrupts. */
    static final class NicModel {
        final int index;
        final int bus;
        final int node;
        final List<PortModel> ports = new ArrayList<>();
        String model = "MT2892 Family [ConnectX-6 Dx]";
        String partNumber = "MCX623106AN-CDAT";
        int partId = 4125;
        String firmware = "22.39.1002";
        String psid = "MT_0000000359";
        String driverVersion = "5.15.0-91-generic";
        /** What sysfs and lspci say; -1 when the platform does not know. */
        int reportedNode;

        double capGts = 16;
        int capWidth = 16;
        int maxReadReq = 4096;
        double gts = 16;
        int width = 16;
        /** The node whose CPUs the completion interrupts are pinned to. */
        int irqNode;
        /** All completion interrupts on one CPU instead of one per CPU. */
        boolean irqsOnOneCpu;
        /** The GPUs below the NIC's PCIe switch; with none, the NIC sits on a root port of its own. */
        final List<GpuModel> gpus = new ArrayList<>();
        /**
         * Whether ACS on that switch's downstream ports redirects peer-to-peer requests and completions
         * to the root complex (ReqRedir+ CmpltRedir+, as Linux sets them when an IOMMU asks for ACS).
         */
        boolean acsRedirect;

        NicModel(int index, int bus, int node) {
            this.index = index;
            this.bus = bus;
            this.node = node;
            this.reportedNode = node;
            this.irqNode = node;
        }

        /** The device name lspci prints (vendor and model), which the facts call the NIC's model. */
        String lspciName() {
            return "Mellanox Technologies " + model;
        }

        String slot() {
            return String.format("0000:%02x:00", bus);
        }

        boolean downgraded() {
            return gts < capGts || width < capWidth;
        }

        boolean behindSwitch() {
            return !gpus.isEmpty();
        }

        /** The PCIe switch's upstream port, on the bus between the root port's and the downstream ports'. */
        String switchUpstreamPort() {
            return String.format("0000:%02x:00.0", bus - 2);
        }

        /** A GPU below the NIC's switch, on the bus after the NIC's and its other GPUs'. */
        GpuModel addGpu() {
            if (gpus.size() == HostShape.MAX_GPUS_PER_NIC) {
                throw new IllegalArgumentException(
                        "a NIC's PCIe switch holds " + HostShape.MAX_GPUS_PER_NIC + " GPUs at most");
            }
            GpuModel gpu = new GpuModel(this, bus + 1 + gpus.size(), node);
            gpus.add(gpu);
            return gpu;
        }
    }

    /**
     * An NVIDIA A100 PCIe GPU: below a NIC's PCIe switch ({@code switchNic}), or on a root port of its
     * own (null), on PCI bus {@code bus} (function 00.0), attached to NUMA node {@code node}.
     */
    static final class GpuModel {
        final NicModel switchNic;
        final int bus;
        final int node;

        GpuModel(NicModel switchNic, int bus, int node) {
            this.switchNic = switchNic;
            this.bus = bus;
            this.node = node;
        }
    }

    /** One port: netdev, RDMA device, link, QoS and RoCE settings, and how busy it is. */
    static final class PortModel {
        final NicModel nic;
        final int function;
        final String netdev;
        final String rdmaDevice;
        final String ipv4;
        int speedMbps = 100_000;
        int mtu = 9000;
        int activeMtu = 4096;
        String trust = "dscp";
        List<Integer> pfc = List.of(3);
        int tos = 106;
        /** MLNX_OFED's traffic class of every QP of the port (tc/1/traffic_class); null: none set. */
        Integer trafficClass = 106;
        /** MLNX_OFED's CNP marking in force (ecn/roce_np/cnp_dscp, cnp_802p_prio): ConnectX's default. */
        int cnpDscp = 48;

        int cnpPriority = 6;

        boolean roceV2 = true;
        boolean gidV2 = true;
        /** Whether a global IPv6 address came up on the port before its IPv4 one (its GIDs then take 2 and 3). */
        boolean ipv6Global = false;
        /** The VLAN RoCE runs over on this port (netdev.ID); null: none. */
        Integer vlan;
        /**
         * That VLAN's egress-qos-map, socket priority -> PCP: healthy, the socket priority of the RoCE
         * ToS (106: 2, the kernel's ip_tos2prio) goes to the PFC priority.
         */
        final Map<Integer, Integer> vlanEgressQosMap = new java.util.TreeMap<>();

        final boolean[] ecnNotificationPoint = {true, true, true, true, true, true, true, true};
        final boolean[] ecnReactionPoint = {true, true, true, true, true, true, true, true};
        /**
         * The DCQCN parameter files of MLNX_OFED's mlx5 (ecn/roce_rp, ecn/roce_np) with the firmware's
         * defaults (mlxconfig's RPG_TIME_RESET 300, RPG_AI_RATE 5, RPG_HAI_RATE 50...): CNPs on DSCP 48
         * and priority 6, as the leaf's strict queue 6 expects.
         */
        final Map<String, Long> dcqcnReactionPoint = new java.util.TreeMap<>(Map.ofEntries(
                Map.entry("clamp_tgt_rate", 0L),
                Map.entry("clamp_tgt_rate_after_time_inc", 1L),
                Map.entry("dce_tcp_g", 1019L),
                Map.entry("dce_tcp_rtt", 1L),
                Map.entry("initial_alpha_value", 1023L),
                Map.entry("rate_reduce_monitor_period", 4L),
                Map.entry("rate_to_set_on_first_cnp", 0L),
                Map.entry("rpg_ai_rate", 5L),
                Map.entry("rpg_byte_reset", 32767L),
                Map.entry("rpg_gd", 11L),
                Map.entry("rpg_hai_rate", 50L),
                Map.entry("rpg_max_rate", 0L),
                Map.entry("rpg_min_dec_fac", 50L),
                Map.entry("rpg_min_rate", 1L),
                Map.entry("rpg_threshold", 1L),
                Map.entry("rpg_time_reset", 300L)));

        final Map<String, Long> dcqcnNotificationPoint = new java.util.TreeMap<>(Map.of("min_time_between_cnps", 4L));
        /** Fraction of the line rate the port sends and receives between the samples. */
        double txLoad = 0.5;

        double rxLoad = 0.5;
        /** Combined channels in use (ethtool -l); mlx5's preset maximum is the port's completion vectors. */
        int channels;
        /** The channels the RSS indirection table spreads flows over (ethtool -x). */
        int rssQueues;
        /** Whether RSS hashes UDP over IPv4 on its ports (ethtool -n rx-flow-hash udp4), as mlx5 does by default. */
        boolean udp4HashL4 = true;
        /** The receive buffer (mlnx_qos) the PFC priorities map to; buffer 0 holds the lossy ones. */
        int losslessBuffer = 1;
        /** Transceiver temperature and its high warning and alarm thresholds (ethtool -m, mlxlink). */
        double moduleCelsius = 41;
        /** Link-level pause RX and TX (ethtool -a); off where PFC runs, as a tuned host has it. */
        boolean linkPause = false;
        /** The FEC in force, as mlxlink names it, and the raw (pre-FEC) BER it reports; FEC leaves no error after it. */
        String fec = "Standard RS-FEC - RS(528,514)";

        String rawBer = "2E-13";
        /** Link-down events mlxlink counted since its counters were cleared, and carrier changes between the samples. */
        int linkDowns;

        int carrierChangesBetweenSamples;
        /** The perftest ib_write_bw average as a share of min(port speed, PCIe ceiling). */
        double perftestShare = 0.97;
        /** Extra ethtool -S counter rates per second a fault sets (rx_out_of_buffer, tx_prio3_pause...). */
        final java.util.Map<String, Double> counterRates = new java.util.TreeMap<>();
        /** Extra rdma statistic counter rates per second (out_of_sequence, np_cnp_sent...). */
        final java.util.Map<String, Double> rdmaRates = new java.util.TreeMap<>();

        PortModel(NicModel nic, int function, String netdev, String rdmaDevice, String ipv4) {
            this.nic = nic;
            this.function = function;
            this.netdev = netdev;
            this.rdmaDevice = rdmaDevice;
            this.ipv4 = ipv4;
            // DCQCN at work on a healthy fabric: a few marks and CNPs per second.
            rdmaRates.put("np_ecn_marked_roce_packets", 120.0);
            rdmaRates.put("np_cnp_sent", 118.0);
            rdmaRates.put("rp_cnp_handled", 115.0);
        }

        String pciAddress() {
            return nic.slot() + "." + function;
        }

        void runOverVlan(int id) {
            vlan = id;
            vlanEgressQosMap.clear();
            vlanEgressQosMap.put(io.rocedoctor.facts.RoceVlanPriority.socketPriority(tos), pfc.get(0));
        }

        String vlanNetdev() {
            return netdev + "." + vlan;
        }
    }
}
