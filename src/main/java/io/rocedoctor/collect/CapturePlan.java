package io.rocedoctor.collect;

import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * Every source a capture of this host takes, rendered from the {@link SourceKind} registry the
 * reader matches: each kind is expanded over the inventory by the parameters its collector
 * spelling names. Counter sources come first, so sample 0's counters are read close together.
 */
public record CapturePlan(List<Source> counters, List<Source> once) {

    /** The {@code ethtool -n IF rx-flow-hash P} protocols docs/bundle-format.md asks for. */
    static final List<String> FLOW_HASH_PROTOCOLS = List.of("udp4", "tcp4", "udp6");

    /**
     * The DCQCN parameter files MLNX_OFED's mlx5 shows under {@code ecn/roce_rp} and {@code ecn/roce_np}:
     * the fields of the firmware's congestion control registers ({@code mlx5_ifc.h}
     * {@code cong_control_r_roce_ecn_rp} and {@code _np}), read each on every netdev; a host without
     * them (upstream mlx5, another vendor) records each as not collected.
     */
    static final List<String> DCQCN_REACTION_POINT_PARAMETERS = List.of(
            "clamp_tgt_rate",
            "clamp_tgt_rate_after_time_inc",
            "dce_tcp_g",
            "dce_tcp_rtt",
            "initial_alpha_value",
            "rate_reduce_monitor_period",
            "rate_to_set_on_first_cnp",
            "rpg_ai_rate",
            "rpg_byte_reset",
            "rpg_gd",
            "rpg_hai_rate",
            "rpg_max_rate",
            "rpg_min_dec_fac",
            "rpg_min_rate",
            "rpg_threshold",
            "rpg_time_reset");

    static final List<String> DCQCN_NOTIFICATION_POINT_PARAMETERS =
            // cnp_dscp and cnp_802p_prio are files of their own kinds (ECN_CNP_DSCP, ECN_CNP_PRIORITY), which a
            // bundle reads them as: listed here too, they were taken twice and the second write of one file
            // stopped the capture.
            List.of("min_time_between_cnps");

    public CapturePlan {
        counters = List.copyOf(counters);
        once = List.copyOf(once);
    }

    /** The plan for every kind in {@code kinds}; kinds whose spelling takes free arguments (perftest) are run by a person, not collected. */
    public static CapturePlan of(Inventory inventory, Collection<SourceKind> kinds) {
        List<Source> counters = new ArrayList<>();
        List<Source> once = new ArrayList<>();
        for (SourceKind kind : SourceKind.values()) {
            // show_irq_affinity.sh is read from sysinfo-snapshots: the collector takes each IRQ's smp_affinity_list
            // itself.
            if (!kinds.contains(kind) || kind.parameters().contains("args") || kind == SourceKind.SHOW_IRQ_AFFINITY) {
                continue;
            }
            for (List<String> args : arguments(kind.parameters(), inventory)) {
                (kind.counter() ? counters : once).add(new Source(kind, args));
            }
        }
        return new CapturePlan(counters, once);
    }

    public static CapturePlan of(Inventory inventory) {
        return of(inventory, Set.of(SourceKind.values()));
    }

    public List<Source> all() {
        List<Source> all = new ArrayList<>(counters);
        all.addAll(once);
        return all;
    }

    /** The argument lists a kind is captured with, by the names of its parameters. */
    static List<List<String>> arguments(List<String> parameters, Inventory inventory) {
        List<List<String>> out = new ArrayList<>();
        switch (String.join(",", parameters)) {
            case "" -> out.add(List.of());
            case "if" -> inventory.netdevs().forEach(i -> out.add(List.of(i)));
            case "if,proto" ->
                inventory.netdevs().forEach(i -> FLOW_HASH_PROTOCOLS.forEach(p -> out.add(List.of(i, p))));
            case "if,prio" ->
                inventory
                        .ecnPriorities()
                        .forEach((i, prios) -> prios.forEach(p -> out.add(List.of(i, String.valueOf(p)))));
            case "if,rpparam" ->
                inventory.netdevs().forEach(i -> DCQCN_REACTION_POINT_PARAMETERS.forEach(p -> out.add(List.of(i, p))));
            case "if,npparam" ->
                inventory
                        .netdevs()
                        .forEach(i -> DCQCN_NOTIFICATION_POINT_PARAMETERS.forEach(p -> out.add(List.of(i, p))));
            case "bond" -> inventory.bonds().forEach(b -> out.add(List.of(b)));
            case "dev" -> inventory.rdmaDevices().forEach(d -> out.add(List.of(d.name())));
            case "dev,port" ->
                inventory
                        .rdmaDevices()
                        .forEach(d -> d.ports().forEach(p -> out.add(List.of(d.name(), String.valueOf(p)))));
            case "irq" -> inventory.irqs().forEach(q -> out.add(List.of(String.valueOf(q))));
            case "cpu" -> inventory.governedCpus().forEach(c -> out.add(List.of(String.valueOf(c))));
            default ->
                throw new IllegalStateException("no inventory for source parameters {" + String.join("}{", parameters)
                        + "}: teach CapturePlan.arguments and scripts/roce-doctor-collect.sh");
        }
        return out;
    }
}
