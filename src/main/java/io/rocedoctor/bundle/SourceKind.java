package io.rocedoctor.bundle;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The registry of every kind of capture roce-doctor knows: its live command (or file), the
 * place it takes in a native bundle and in a sosreport. The collector, the native reader and
 * the sosreport reader all go through this table; parsers never see a path.
 *
 * <p>A template names its parameters in braces: {@code {if}} a netdev, {@code {dev}} an RDMA
 * device, {@code {port}} an RDMA port number, {@code {bond}}, {@code {irq}}, {@code {prio}},
 * {@code {proto}}, {@code {cpu}}, {@code {program}} (a perftest program: {@code ib_write_bw},
 * {@code ib_read_lat}...), {@code {args}} (the rest of a command line). A kind may
 * have several spellings (sos runs {@code lspci -nnvv}, a person {@code lspci -vvv}); the first
 * is the one the collector runs.
 */
public enum SourceKind {
    ETHTOOL_STATS(Origin.COMMAND, true, "ethtool -S {if}"),
    ETHTOOL_DRIVER(Origin.COMMAND, false, "ethtool -i {if}"),
    ETHTOOL_LINK(Origin.COMMAND, false, "ethtool {if}"),
    ETHTOOL_CHANNELS(Origin.COMMAND, false, "ethtool -l {if}"),
    ETHTOOL_RINGS(Origin.COMMAND, false, "ethtool -g {if}"),
    ETHTOOL_FEATURES(Origin.COMMAND, false, "ethtool -k {if}"),
    ETHTOOL_PRIV_FLAGS(Origin.COMMAND, false, "ethtool --show-priv-flags {if}"),
    ETHTOOL_RSS(Origin.COMMAND, false, "ethtool -x {if}"),
    ETHTOOL_FLOW_HASH(Origin.COMMAND, false, "ethtool -n {if} rx-flow-hash {proto}"),
    ETHTOOL_MODULE(Origin.COMMAND, false, "ethtool -m {if}"),
    /** Link-level (802.3x global) pause, autonegotiated or set: RX, TX. */
    ETHTOOL_PAUSE(Origin.COMMAND, false, "ethtool -a {if}"),
    IP_LINK_DETAILS(Origin.COMMAND, false, "ip -d link show", "ip -d link", "ip -d -s link", "ip -s -d link"),
    IP_LINK_STATS(Origin.COMMAND, true, "ip -s link show", "ip -s link", "ip -s -s link", "ip -s -d link", "ip -d -s link"),
    BONDING(Origin.FILE, false, "/proc/net/bonding/{bond}"),
    NETDEV_NUMA_NODE(Origin.FILE, false, "/sys/class/net/{if}/device/numa_node"),
    NETDEV_LOCAL_CPULIST(Origin.FILE, false, "/sys/class/net/{if}/device/local_cpulist"),
    NETDEV_MTU(Origin.FILE, false, "/sys/class/net/{if}/mtu"),
    ECN_NOTIFICATION_POINT(Origin.FILE, false, "/sys/class/net/{if}/ecn/roce_np/enable/{prio}"),
    ECN_REACTION_POINT(Origin.FILE, false, "/sys/class/net/{if}/ecn/roce_rp/enable/{prio}"),
    /**
     * Broadcom's out-of-tree bnxt_re: congestion control (ECN/DCQCN) on or off for the whole RDMA
     * device port, in configfs. The folder exists only once {@code /sys/kernel/config/bnxt_re/{dev}}
     * was made; the collector makes it for the read and removes it again.
     */
    BNXT_RE_CC_ECN_ENABLE(Origin.FILE, false, "/sys/kernel/config/bnxt_re/{dev}/ports/{port}/cc/ecn_enable"),
    MLNX_QOS(Origin.COMMAND, false, "mlnx_qos -i {if}"),
    /** iproute2's driver-neutral view of the same DCB state (DCBNL): PFC per priority. */
    DCB_PFC(Origin.COMMAND, false, "dcb pfc show dev {if}"),
    /** The DCB APP table: DSCP -> priority, default priority. */
    DCB_APP(Origin.COMMAND, false, "dcb app show dev {if}"),
    /** Priority -> receive buffer and buffer sizes; only drivers with DCBNL buffer ops (mlx5) answer. */
    DCB_BUFFER(Origin.COMMAND, false, "dcb buffer show dev {if}"),
    CMA_ROCE_MODE(Origin.COMMAND, false, "cma_roce_mode -d {dev} -p {port}"),
    CMA_ROCE_TOS(Origin.COMMAND, false, "cma_roce_tos -d {dev} -p {port}"),
    RDMA_LINK(Origin.COMMAND, false, "rdma link show", "rdma link"),
    RDMA_STATISTIC(Origin.COMMAND, true, "rdma statistic show", "rdma stat show", "rdma statistic", "rdma stat"),
    IBV_DEVINFO(Origin.COMMAND, false, "ibv_devinfo -v", "ibv_devinfo"),
    SHOW_GIDS(Origin.COMMAND, false, "show_gids"),
    IBDEV2NETDEV(Origin.COMMAND, false, "ibdev2netdev", "ibdev2netdev -v"),
    MLXLINK(Origin.COMMAND, false, "mlxlink -d {dev} -m -e -c", "mlxlink -d {dev} -p {port} -m -e -c", "mlxlink -d {dev} -m -c -e",
            "mlxlink -d {dev}", "mstlink -d {dev}"),
    MLXCONFIG(Origin.COMMAND, false, "mlxconfig -d {dev} query", "mlxconfig -d {dev} q", "mlxconfig -d {dev} -e q", "mstconfig -d {dev} q", "mstconfig -d {dev} query",
            "mstconfig -d {dev} -e q"),
    LSPCI(Origin.COMMAND, false, "lspci -vvv", "lspci -nnvv", "lspci -vvnn", "lspci -nvv", "lspci -vv"),
    LSCPU(Origin.COMMAND, false, "lscpu"),
    NUMACTL(Origin.COMMAND, false, "numactl -H", "numactl --hardware"),
    PROC_INTERRUPTS(Origin.FILE, true, "/proc/interrupts"),
    IRQ_AFFINITY(Origin.FILE, false, "/proc/irq/{irq}/smp_affinity_list"),
    SYSCTL(Origin.COMMAND, false, "sysctl -a"),
    IRQBALANCE(Origin.COMMAND, false, "systemctl is-active irqbalance"),
    CPUFREQ_GOVERNOR(Origin.FILE, false, "/sys/devices/system/cpu/cpu{cpu}/cpufreq/scaling_governor"),
    /** The program is the first argument: {@code ib_write_bw -d mlx5_0} and {@code ib_read_lat -d mlx5_0} are two sources. */
    PERFTEST(Origin.COMMAND, false, "{program} {args}", "{program}"),
    /** lldpd's view of the neighbours on each port: which switch, which switch port. */
    LLDP_NEIGHBORS(Origin.COMMAND, false, "lldpcli show neighbors", "lldpctl", "lldpcli show neighbors details");

    /** Whether the capture is a command's stdout or a copied file. */
    public enum Origin { COMMAND, FILE }

    private final Origin origin;
    private final boolean counter;
    private final List<String> templates;
    private final List<SourceTemplate> parsedTemplates;

    SourceKind(Origin origin, boolean counter, String... templates) {
        this.origin = origin;
        this.counter = counter;
        this.templates = List.of(templates);
        this.parsedTemplates = new ArrayList<>();
        for (String t : templates) {
            parsedTemplates.add(new SourceTemplate(t, origin == Origin.COMMAND));
        }
    }

    public Origin origin() {
        return origin;
    }

    /** Counter sources are captured once per sample; the others once. */
    public boolean counter() {
        return counter;
    }

    public List<String> templates() {
        return templates;
    }

    /** The parameter names of the collector's spelling, in order. */
    public List<String> parameters() {
        return parsedTemplates.get(0).parameters();
    }

    /**
     * The command line or absolute path for these arguments, in the collector's spelling: the
     * first spelling that takes as many arguments ({@code ib_write_bw} alone, without a trailing space).
     */
    public String render(List<String> args) {
        return parsedTemplates.stream().filter(t -> t.parameters().size() == args.size()).findFirst()
                .orElse(parsedTemplates.get(0)).render(args);
    }

    /**
     * Recognises a command line or absolute path as written in a manifest (or, with
     * {@code mangled}, a file name under {@code commands/} or {@code sos_commands/<plugin>/}).
     * Returns the arguments in template order.
     */
    public Optional<List<String>> match(String text, boolean mangled) {
        return SourceTemplate.matchAny(parsedTemplates, text, mangled);
    }

    /** Finds the kind and arguments of a source, first matching kind wins (most specific listed first). */
    public static Optional<Source> recognise(String text, boolean mangled, Origin origin) {
        for (SourceKind kind : values()) {
            if (kind.origin != origin) {
                continue;
            }
            Optional<List<String>> args = kind.match(text, mangled);
            if (args.isPresent()) {
                return Optional.of(new Source(kind, args.get()));
            }
        }
        return Optional.empty();
    }
}
