package io.rocedoctor.bundle;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which sos 4.x plugin takes each source, and how it spells it, as read in the sos project's
 * plugins (networking, pci, processor, kernel, hardware, numa, infiniband, mellanox_firmware,
 * lldpd). A kind absent here is one no sos plugin takes: a sosreport lacks it whatever the host
 * has. Some plugins are younger than some sos releases (lldpd is recent upstream; Debian's sos 4.0
 * has no LLDP plugin at all): a report of an older sos lacks their sources too.
 * No sos plugin runs iproute2's {@code dcb} (nor {@code dcbtool}/{@code lldptool}): the DCB_* kinds
 * are never in a sosreport, which so holds no host QoS source at all ({@code mlnx_qos} is not taken either).
 * The reader needs no plugin name (it matches file names in every {@code sos_commands/} folder);
 * this table says what a sosreport can be expected to hold.
 */
public final class SosPlugins {

    /** A sos plugin and its spelling of the source (a command, or a path it copies). */
    public record Taken(String plugin, String spelling) {}

    private static final Map<SourceKind, Taken> TAKEN = new EnumMap<>(SourceKind.class);

    static {
        take("networking", SourceKind.ETHTOOL_STATS, "ethtool -S {if}");
        take("networking", SourceKind.ETHTOOL_DRIVER, "ethtool -i {if}");
        take("networking", SourceKind.ETHTOOL_LINK, "ethtool {if}");
        take("networking", SourceKind.ETHTOOL_CHANNELS, "ethtool -l {if}");
        take("networking", SourceKind.ETHTOOL_RINGS, "ethtool -g {if}");
        take("networking", SourceKind.ETHTOOL_FEATURES, "ethtool -k {if}");
        take("networking", SourceKind.ETHTOOL_PRIV_FLAGS, "ethtool --show-priv-flags {if}");
        take("networking", SourceKind.ETHTOOL_MODULE, "ethtool -m {if}");
        take("networking", SourceKind.ETHTOOL_PAUSE, "ethtool -a {if}");
        take("networking", SourceKind.IP_LINK_DETAILS, "ip -s -d link");
        take("networking", SourceKind.IP_LINK_STATS, "ip -s -d link");
        take("networking", SourceKind.IP_ADDR, "ip -o addr");
        take("networking", SourceKind.IP_RULE, "ip -4 rule list");
        take("networking", SourceKind.IP_ROUTE_ALL, "ip route show table all");
        take("networking", SourceKind.BONDING, "/proc/net/bonding/{bond}");
        take("networking", SourceKind.NETDEV_NUMA_NODE, "/sys/class/net/{if}/device/numa_node");
        take("pci", SourceKind.LSPCI, "lspci -nnvv");
        take("pci", SourceKind.LSPCI_TREE, "lspci -tv");
        take("processor", SourceKind.LSCPU, "lscpu");
        take("processor", SourceKind.CPUFREQ_GOVERNOR, "/sys/devices/system/cpu/cpu{cpu}/cpufreq/scaling_governor");
        take("kernel", SourceKind.SYSCTL, "sysctl -a");
        take("hardware", SourceKind.PROC_INTERRUPTS, "/proc/interrupts");
        take("hardware", SourceKind.IRQ_AFFINITY, "/proc/irq/{irq}/smp_affinity_list");
        take("numa", SourceKind.NUMACTL, "numactl --hardware");
        take("infiniband", SourceKind.IBV_DEVINFO, "ibv_devinfo -v");
        take("mellanox_firmware", SourceKind.MLXLINK, "mlxlink -d {dev}");
        take("mellanox_firmware", SourceKind.MLXCONFIG, "mlxconfig -d {dev} -e q");
        // lldpd's plugin also runs show chassis, interfaces, statistics, configuration: not neighbours, not read.
        take("lldpd", SourceKind.LLDP_NEIGHBORS, "lldpcli show neighbors details");
    }

    private SosPlugins() {}

    private static void take(String plugin, SourceKind kind, String spelling) {
        TAKEN.put(kind, new Taken(plugin, spelling));
    }

    /** The plugin and spelling that takes this kind; empty when no sos plugin does. */
    public static Optional<Taken> of(SourceKind kind) {
        return Optional.ofNullable(TAKEN.get(kind));
    }

    /** Kinds no sos plugin takes, in registry order. */
    public static List<SourceKind> notTaken() {
        return Arrays.stream(SourceKind.values())
                .filter(k -> !TAKEN.containsKey(k))
                .toList();
    }
}
