package io.rocedoctor.bundle;

import static io.rocedoctor.bundle.KindSpec.parsedBy;
import static io.rocedoctor.bundle.KindSpec.recognisedOnly;

import io.rocedoctor.parse.BnxtReEcnEnableParser;
import io.rocedoctor.parse.BondStatus;
import io.rocedoctor.parse.BondingParser;
import io.rocedoctor.parse.CpuGovernor;
import io.rocedoctor.parse.CpuGovernorParser;
import io.rocedoctor.parse.CpuListParser;
import io.rocedoctor.parse.CpuSet;
import io.rocedoctor.parse.DcbApp;
import io.rocedoctor.parse.DcbAppParser;
import io.rocedoctor.parse.DcbBuffer;
import io.rocedoctor.parse.DcbBufferParser;
import io.rocedoctor.parse.DcbPfc;
import io.rocedoctor.parse.DcbPfcParser;
import io.rocedoctor.parse.DriverStack;
import io.rocedoctor.parse.EcnEnable;
import io.rocedoctor.parse.EcnEnableParser;
import io.rocedoctor.parse.EthtoolChannels;
import io.rocedoctor.parse.EthtoolChannelsParser;
import io.rocedoctor.parse.EthtoolDriverInfo;
import io.rocedoctor.parse.EthtoolDriverInfoParser;
import io.rocedoctor.parse.EthtoolLinkSettings;
import io.rocedoctor.parse.EthtoolLinkSettingsParser;
import io.rocedoctor.parse.EthtoolPause;
import io.rocedoctor.parse.EthtoolPauseParser;
import io.rocedoctor.parse.EthtoolRings;
import io.rocedoctor.parse.EthtoolRingsParser;
import io.rocedoctor.parse.EthtoolStats;
import io.rocedoctor.parse.EthtoolStatsParser;
import io.rocedoctor.parse.GidTable;
import io.rocedoctor.parse.GpuTopology;
import io.rocedoctor.parse.Ibdev2netdevParser;
import io.rocedoctor.parse.IbdevNetdevMap;
import io.rocedoctor.parse.IbvDevices;
import io.rocedoctor.parse.IbvDevinfoParser;
import io.rocedoctor.parse.IntegerValueParser;
import io.rocedoctor.parse.InterruptCounts;
import io.rocedoctor.parse.IpAddrParser;
import io.rocedoctor.parse.IpAddresses;
import io.rocedoctor.parse.IpLinks;
import io.rocedoctor.parse.IpLinksParser;
import io.rocedoctor.parse.IpRouteParser;
import io.rocedoctor.parse.IpRoutes;
import io.rocedoctor.parse.IpRuleParser;
import io.rocedoctor.parse.IpRules;
import io.rocedoctor.parse.IrqAffinities;
import io.rocedoctor.parse.LldpNeighbors;
import io.rocedoctor.parse.LldpNeighborsParser;
import io.rocedoctor.parse.LscpuParser;
import io.rocedoctor.parse.LspciParser;
import io.rocedoctor.parse.LspciTreeParser;
import io.rocedoctor.parse.MlnxQos;
import io.rocedoctor.parse.MlnxQosParser;
import io.rocedoctor.parse.MlxconfigParser;
import io.rocedoctor.parse.MlxconfigQuery;
import io.rocedoctor.parse.MlxlinkParser;
import io.rocedoctor.parse.MlxlinkReport;
import io.rocedoctor.parse.ModuleInfo;
import io.rocedoctor.parse.ModuleInfoParser;
import io.rocedoctor.parse.NumaTopology;
import io.rocedoctor.parse.NumactlParser;
import io.rocedoctor.parse.NvidiaTopoParser;
import io.rocedoctor.parse.OfedInfoParser;
import io.rocedoctor.parse.PciDevices;
import io.rocedoctor.parse.PciTree;
import io.rocedoctor.parse.PerftestParser;
import io.rocedoctor.parse.PerftestResult;
import io.rocedoctor.parse.ProcInterruptsParser;
import io.rocedoctor.parse.RdmaLinkParser;
import io.rocedoctor.parse.RdmaLinks;
import io.rocedoctor.parse.RdmaStatisticParser;
import io.rocedoctor.parse.RdmaStatistics;
import io.rocedoctor.parse.RdmaTrafficClass;
import io.rocedoctor.parse.RdmaTrafficClassParser;
import io.rocedoctor.parse.RoceMode;
import io.rocedoctor.parse.RoceModeParser;
import io.rocedoctor.parse.RoceTos;
import io.rocedoctor.parse.RoceTosParser;
import io.rocedoctor.parse.RssIndirection;
import io.rocedoctor.parse.RssIndirectionParser;
import io.rocedoctor.parse.RxFlowHash;
import io.rocedoctor.parse.RxFlowHashParser;
import io.rocedoctor.parse.ServiceState;
import io.rocedoctor.parse.ServiceStateParser;
import io.rocedoctor.parse.ShowGidsParser;
import io.rocedoctor.parse.ShowIrqAffinityParser;
import io.rocedoctor.parse.SysctlParser;
import io.rocedoctor.parse.SysctlValues;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The registry of every kind of capture roce-doctor knows: its live command (or file), the
 * place it takes in a native bundle and in a sosreport, and the parser that reads it into a
 * record ({@code parsedBy}), or why no fact is built from it ({@code recognisedOnly}: its files
 * are known, not "unknown"). The collector, the native reader, the sosreport reader and the fact
 * layers ({@code ledger.parse(source, Record.class)}) all go through this table; parsers never see
 * a path. Adding a source is one constant here (docs/architecture.md).
 *
 * <p>A template names its parameters in braces: {@code {if}} a netdev, {@code {dev}} an RDMA
 * device, {@code {port}} an RDMA port number, {@code {bond}}, {@code {irq}}, {@code {prio}},
 * {@code {proto}}, {@code {cpu}}, {@code {program}} (a perftest program: {@code ib_write_bw},
 * {@code ib_read_lat}...), {@code {args}} (the rest of a command line), {@code {rpparam}} and
 * {@code {npparam}} (a DCQCN reaction or notification point parameter file's name). A kind may
 * have several spellings (sos runs {@code lspci -nnvv}, a person {@code lspci -vvv}); the first
 * is the one the collector runs.
 */
public enum SourceKind implements CaptureKind {
    ETHTOOL_STATS(Origin.COMMAND, true, parsedBy(EthtoolStats.class, new EthtoolStatsParser()), "ethtool -S {if}"),
    ETHTOOL_DRIVER(
            Origin.COMMAND, false, parsedBy(EthtoolDriverInfo.class, new EthtoolDriverInfoParser()), "ethtool -i {if}"),
    ETHTOOL_LINK(
            Origin.COMMAND,
            false,
            parsedBy(EthtoolLinkSettings.class, new EthtoolLinkSettingsParser()),
            "ethtool {if}"),
    ETHTOOL_CHANNELS(
            Origin.COMMAND, false, parsedBy(EthtoolChannels.class, new EthtoolChannelsParser()), "ethtool -l {if}"),
    ETHTOOL_RINGS(Origin.COMMAND, false, parsedBy(EthtoolRings.class, new EthtoolRingsParser()), "ethtool -g {if}"),
    ETHTOOL_FEATURES(
            Origin.COMMAND,
            false,
            recognisedOnly("the offload settings are kept for the person reading the bundle; no rule judges them"),
            "ethtool -k {if}"),
    ETHTOOL_PRIV_FLAGS(
            Origin.COMMAND,
            false,
            recognisedOnly(
                    "the driver's private flags are kept for the person reading the bundle; no rule judges them"),
            "ethtool --show-priv-flags {if}"),
    ETHTOOL_RSS(Origin.COMMAND, false, parsedBy(RssIndirection.class, new RssIndirectionParser()), "ethtool -x {if}"),
    ETHTOOL_FLOW_HASH(
            Origin.COMMAND,
            false,
            parsedBy(RxFlowHash.class, new RxFlowHashParser()),
            "ethtool -n {if} rx-flow-hash {proto}"),
    ETHTOOL_MODULE(Origin.COMMAND, false, parsedBy(ModuleInfo.class, new ModuleInfoParser()), "ethtool -m {if}"),
    /** Link-level (802.3x global) pause, autonegotiated or set: RX, TX. */
    ETHTOOL_PAUSE(Origin.COMMAND, false, parsedBy(EthtoolPause.class, new EthtoolPauseParser()), "ethtool -a {if}"),
    IP_LINK_DETAILS(
            Origin.COMMAND,
            false,
            parsedBy(IpLinks.class, new IpLinksParser()),
            "ip -d link show",
            "ip -d link",
            "ip -d -s link",
            "ip -s -d link"),
    IP_LINK_STATS(
            Origin.COMMAND,
            true,
            parsedBy(IpLinks.class, new IpLinksParser()),
            "ip -s link show",
            "ip -s link",
            "ip -s -s link",
            "ip -s -d link",
            "ip -d -s link"),
    /**
     * Addresses and prefixes per netdev: {@code ip -o addr show} as the collectors run it and sos
     * ({@code ip -o addr}), the multi-line form as sos ({@code ip -d address}) and sysinfo-snapshot
     * ({@code ip -s -s addr show}) take it; one parser reads both.
     */
    IP_ADDR(
            Origin.COMMAND,
            false,
            parsedBy(IpAddresses.class, new IpAddrParser()),
            "ip -o addr show",
            "ip -o addr",
            "ip -o address",
            "ip -o address show",
            "ip -o -4 addr show",
            "ip -4 -o addr show",
            "ip -d address",
            "ip -d address show",
            "ip -s -s addr show",
            "ip -s -s addr",
            "ip address show",
            "ip address",
            "ip addr show",
            "ip addr",
            "ip a s",
            "ip a"),
    /** IPv4 policy routing rules (sos: {@code ip -4 rule list}). */
    IP_RULE(
            Origin.COMMAND,
            false,
            parsedBy(IpRules.class, new IpRuleParser()),
            "ip rule show",
            "ip rule list",
            "ip rule",
            "ip -4 rule list",
            "ip -4 rule show",
            "ip -4 rule"),
    /** IPv4 routes of every table, local and main included (sos and sysinfo-snapshot take it by this name). */
    IP_ROUTE_ALL(
            Origin.COMMAND,
            false,
            parsedBy(IpRoutes.class, new IpRouteParser()),
            "ip route show table all",
            "ip route list table all",
            "ip -4 route show table all"),
    BONDING(Origin.FILE, false, parsedBy(BondStatus.class, new BondingParser()), "/proc/net/bonding/{bond}"),
    NETDEV_NUMA_NODE(
            Origin.FILE, false, parsedBy(Long.class, new IntegerValueParser()), "/sys/class/net/{if}/device/numa_node"),
    NETDEV_LOCAL_CPULIST(
            Origin.FILE,
            false,
            parsedBy(CpuSet.class, new CpuListParser()),
            "/sys/class/net/{if}/device/local_cpulist"),
    NETDEV_MTU(Origin.FILE, false, parsedBy(Long.class, new IntegerValueParser()), "/sys/class/net/{if}/mtu"),
    ECN_NOTIFICATION_POINT(
            Origin.FILE,
            false,
            parsedBy(EcnEnable.class, new EcnEnableParser()),
            "/sys/class/net/{if}/ecn/roce_np/enable/{prio}"),
    ECN_REACTION_POINT(
            Origin.FILE,
            false,
            parsedBy(EcnEnable.class, new EcnEnableParser()),
            "/sys/class/net/{if}/ecn/roce_rp/enable/{prio}"),
    /** MLNX_OFED: the DSCP of the CNPs the port sends, in force now (mlxconfig's CNP_DSCP_Pn is the boot value). */
    ECN_CNP_DSCP(
            Origin.FILE,
            false,
            parsedBy(Long.class, new IntegerValueParser()),
            "/sys/class/net/{if}/ecn/roce_np/cnp_dscp"),
    /** MLNX_OFED: the 802.1p priority of the CNPs the port sends, in force now. */
    ECN_CNP_PRIORITY(
            Origin.FILE,
            false,
            parsedBy(Long.class, new IntegerValueParser()),
            "/sys/class/net/{if}/ecn/roce_np/cnp_802p_prio"),
    /**
     * Broadcom's out-of-tree bnxt_re: congestion control (ECN/DCQCN) on or off for the whole RDMA
     * device port, in configfs. The folder exists only once {@code /sys/kernel/config/bnxt_re/{dev}}
     * was made; the collector makes it for the read and removes it again.
     */
    BNXT_RE_CC_ECN_ENABLE(
            Origin.FILE,
            false,
            parsedBy(EcnEnable.class, new BnxtReEcnEnableParser()),
            "/sys/kernel/config/bnxt_re/{dev}/ports/{port}/cc/ecn_enable"),
    MLNX_QOS(Origin.COMMAND, false, parsedBy(MlnxQos.class, new MlnxQosParser()), "mlnx_qos -i {if}"),
    /** iproute2's driver-neutral view of the same DCB state (DCBNL): PFC per priority. */
    DCB_PFC(Origin.COMMAND, false, parsedBy(DcbPfc.class, new DcbPfcParser()), "dcb pfc show dev {if}"),
    /** The DCB APP table: DSCP -> priority, default priority. */
    DCB_APP(Origin.COMMAND, false, parsedBy(DcbApp.class, new DcbAppParser()), "dcb app show dev {if}"),
    /** Priority -> receive buffer and buffer sizes; only drivers with DCBNL buffer ops (mlx5) answer. */
    DCB_BUFFER(Origin.COMMAND, false, parsedBy(DcbBuffer.class, new DcbBufferParser()), "dcb buffer show dev {if}"),
    CMA_ROCE_MODE(
            Origin.COMMAND, false, parsedBy(RoceMode.class, new RoceModeParser()), "cma_roce_mode -d {dev} -p {port}"),
    CMA_ROCE_TOS(
            Origin.COMMAND, false, parsedBy(RoceTos.class, new RoceTosParser()), "cma_roce_tos -d {dev} -p {port}"),
    /** MLNX_OFED's traffic class override of every QP of a port, RDMA CM or not (absent from upstream kernels). */
    RDMA_TRAFFIC_CLASS(
            Origin.FILE,
            false,
            parsedBy(RdmaTrafficClass.class, new RdmaTrafficClassParser()),
            "/sys/class/infiniband/{dev}/tc/{port}/traffic_class"),
    RDMA_LINK(Origin.COMMAND, false, parsedBy(RdmaLinks.class, new RdmaLinkParser()), "rdma link show", "rdma link"),
    RDMA_STATISTIC(
            Origin.COMMAND,
            true,
            parsedBy(RdmaStatistics.class, new RdmaStatisticParser()),
            "rdma statistic show",
            "rdma stat show",
            "rdma statistic",
            "rdma stat"),
    IBV_DEVINFO(
            Origin.COMMAND, false, parsedBy(IbvDevices.class, new IbvDevinfoParser()), "ibv_devinfo -v", "ibv_devinfo"),
    SHOW_GIDS(Origin.COMMAND, false, parsedBy(GidTable.class, new ShowGidsParser()), "show_gids"),
    IBDEV2NETDEV(
            Origin.COMMAND,
            false,
            parsedBy(IbdevNetdevMap.class, new Ibdev2netdevParser()),
            "ibdev2netdev",
            "ibdev2netdev -v"),
    MLXLINK(
            Origin.COMMAND,
            false,
            parsedBy(MlxlinkReport.class, new MlxlinkParser()),
            "mlxlink -d {dev} -m -e -c",
            "mlxlink -d {dev} -p {port} -m -e -c",
            "mlxlink -d {dev} -m -c -e",
            "mlxlink -d {dev}",
            "mstlink -d {dev}"),
    MLXCONFIG(
            Origin.COMMAND,
            false,
            parsedBy(MlxconfigQuery.class, new MlxconfigParser()),
            "mlxconfig -d {dev} query",
            "mlxconfig -d {dev} q",
            "mlxconfig -d {dev} -e q",
            "mstconfig -d {dev} q",
            "mstconfig -d {dev} query",
            "mstconfig -d {dev} -e q"),
    /** The driver stack's package and version, as MLNX_OFED and DOCA-Host's {@code ofed_info -s} prints it. */
    OFED_INFO(Origin.COMMAND, false, parsedBy(DriverStack.class, new OfedInfoParser()), "ofed_info -s"),
    LSPCI(
            Origin.COMMAND,
            false,
            parsedBy(PciDevices.class, new LspciParser()),
            "lspci -vvv",
            "lspci -nnvv",
            "lspci -vvnn",
            "lspci -nvv",
            "lspci -vv"),
    /** The PCI tree: which bridges a GPU and a NIC sit below (sos's pci plugin runs it too). */
    LSPCI_TREE(Origin.COMMAND, false, parsedBy(PciTree.class, new LspciTreeParser()), "lspci -tv", "lspci -t"),
    /** NVIDIA's GPU-NIC connection matrix; absent (not collected) on a host without nvidia-smi. */
    NVIDIA_SMI_TOPO(
            Origin.COMMAND,
            false,
            parsedBy(GpuTopology.class, new NvidiaTopoParser()),
            "nvidia-smi topo -m",
            "nvidia-smi topo --matrix"),
    LSCPU(Origin.COMMAND, false, parsedBy(NumaTopology.class, new LscpuParser()), "lscpu"),
    NUMACTL(
            Origin.COMMAND,
            false,
            parsedBy(NumaTopology.class, new NumactlParser()),
            "numactl -H",
            "numactl --hardware"),
    PROC_INTERRUPTS(Origin.FILE, true, parsedBy(InterruptCounts.class, new ProcInterruptsParser()), "/proc/interrupts"),
    IRQ_AFFINITY(Origin.FILE, false, parsedBy(CpuSet.class, new CpuListParser()), "/proc/irq/{irq}/smp_affinity_list"),
    /** mlnx-tools' script: each IRQ of a netdev or RDMA device with its smp_affinity mask (what sysinfo-snapshot takes). */
    SHOW_IRQ_AFFINITY(
            Origin.COMMAND,
            false,
            parsedBy(IrqAffinities.class, new ShowIrqAffinityParser()),
            "show_irq_affinity.sh {if}"),
    SYSCTL(Origin.COMMAND, false, parsedBy(SysctlValues.class, new SysctlParser()), "sysctl -a"),
    IRQBALANCE(
            Origin.COMMAND,
            false,
            parsedBy(ServiceState.class, new ServiceStateParser()),
            "systemctl is-active irqbalance"),
    CPUFREQ_GOVERNOR(
            Origin.FILE,
            false,
            parsedBy(CpuGovernor.class, new CpuGovernorParser()),
            "/sys/devices/system/cpu/cpu{cpu}/cpufreq/scaling_governor"),
    /** The program is the first argument: {@code ib_write_bw -d mlx5_0} and {@code ib_read_lat -d mlx5_0} are two sources. */
    PERFTEST(
            Origin.COMMAND,
            false,
            parsedBy(PerftestResult.class, new PerftestParser()),
            "{program} {args}",
            "{program}"),
    /** lldpd's view of the neighbours on each port: which switch, which switch port. */
    LLDP_NEIGHBORS(
            Origin.COMMAND,
            false,
            parsedBy(LldpNeighbors.class, new LldpNeighborsParser()),
            "lldpcli show neighbors",
            "lldpctl",
            "lldpcli show neighbors details"),
    /**
     * MLNX_OFED/DOCA-Host mlx5's DCQCN reaction point parameters, one integer file each
     * ({@code rpg_time_reset}, {@code rpg_ai_rate}, {@code rate_reduce_monitor_period}...). Listed
     * after every kind of a file under {@code ecn/}: a kind for one of these files must win.
     */
    DCQCN_REACTION_POINT_PARAMETER(
            Origin.FILE,
            false,
            parsedBy(Long.class, new IntegerValueParser()),
            "/sys/class/net/{if}/ecn/roce_rp/{rpparam}"),
    /**
     * The notification point's parameters ({@code min_time_between_cnps}; its {@code cnp_dscp} and
     * {@code cnp_802p_prio} are ECN_CNP_DSCP and ECN_CNP_PRIORITY, listed before).
     */
    DCQCN_NOTIFICATION_POINT_PARAMETER(
            Origin.FILE,
            false,
            parsedBy(Long.class, new IntegerValueParser()),
            "/sys/class/net/{if}/ecn/roce_np/{npparam}");

    /** Whether the capture is a command's stdout or a copied file. */
    public enum Origin {
        COMMAND,
        FILE
    }

    private final KindSpec spec;

    SourceKind(Origin origin, boolean counter, KindSpec.Reading<?> reading, String... templates) {
        this.spec = new KindSpec(origin, counter, reading, templates);
    }

    @Override
    public KindSpec spec() {
        return spec;
    }

    /** Finds the kind and arguments of a source, first matching kind wins (most specific listed first). */
    public static Optional<Source> recognise(String text, boolean mangled, Origin origin) {
        return Recognised.FIRST.answer(
                new Recognised.Asked(text, mangled, origin),
                () -> KindSpec.recognise(values(), text, mangled, origin, Source::new));
    }

    /**
     * Every kind of the origin whose spelling matches, in the table's order, not only the first: sos
     * runs {@code ip -s -d link} once where a native bundle has the details and the counters apart.
     */
    public static List<Source> recogniseEvery(String text, boolean mangled, Origin origin) {
        return Recognised.EVERY.answer(new Recognised.Asked(text, mangled, origin), () -> {
            List<Source> every = new ArrayList<>();
            for (SourceKind kind : values()) {
                if (kind.origin() == origin) {
                    kind.match(text, mangled).ifPresent(args -> every.add(new Source(kind, args)));
                }
            }
            return List.copyOf(every);
        });
    }

    /**
     * What {@link #recognise} and {@link #recogniseEvery} answered, by the text asked: the bundles
     * of a fleet list the same commands and paths, and matching one against every kind's spellings
     * was ~3% of a bundle's analysis (every kind for each of a sosreport's ~110 commands, an eighth
     * of reading one). Bounded: past the bound, texts are matched anew.
     */
    private static final class Recognised<T> {
        static final int MAX_ANSWERS = 20_000;
        static final Recognised<Optional<Source>> FIRST = new Recognised<>();
        static final Recognised<List<Source>> EVERY = new Recognised<>();

        private final java.util.Map<Asked, T> answers = new java.util.concurrent.ConcurrentHashMap<>();

        /**
         * A question, compared by hand: a record's own equals and hashCode run through method handles,
         * under C1 three quarters of a lookup here (~1% of a typical bundle's Java samples).
         */
        record Asked(String text, boolean mangled, Origin origin) {
            @Override
            public boolean equals(Object o) {
                return o instanceof Asked a && a.mangled == mangled && a.origin == origin && a.text.equals(text);
            }

            @Override
            public int hashCode() {
                return (text.hashCode() * 31 + Boolean.hashCode(mangled)) * 31 + origin.hashCode();
            }
        }

        T answer(Asked asked, java.util.function.Supplier<T> match) {
            T known = answers.get(asked);
            if (known == null) {
                known = match.get();
                if (answers.size() < MAX_ANSWERS) {
                    answers.put(asked, known);
                }
            }
            return known;
        }
    }
}
