package io.rocedoctor.facts;

import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.parse.MlxconfigQuery;
import io.rocedoctor.parse.RdmaStatistics;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Congestion and host QoS as they were observed: PFC pause per port, priority and direction
 * ({@link PriorityPause}) and the NIC's pause storm detector ({@link PauseStormEvents}) from
 * {@code ethtool -S}; DCQCN counters per RDMA device port ({@link CongestionCounters}) from
 * {@code rdma statistic show}; the priority RoCE uses on each port ({@link RocePriority}); the
 * CNP marking of each port ({@link CnpMarking}) and its lossless buffers ({@link LosslessBuffer}).
 * The perftest runs are built by {@link BaselineFacts}.
 */
final class QosFacts implements LayerFacts {
    /**
     * Pause frame counters per priority: mlx5 {@code rx_prio3_pause}, ice {@code rx_priority_3_xoff}
     * and {@code rx_priority_3_xoff.nic}, bnxt {@code rx_pfc_ena_frames_pri3}; the priority one digit.
     * Each name is looked up in a port's counters: a port has ~300 others.
     */
    private static final List<PauseCounter> PAUSE_COUNTERS = pauseCounters();

    /**
     * A per-priority pause frame counter's name, direction and priority, and the names of the
     * counters of time spent paused at that priority: mlx5 {@code rx_prio3_pause_duration}, bnxt_en
     * {@code pfc_pri3_rx_duration_us} (spelled once here, not per port).
     */
    private record PauseCounter(String name, String direction, int priority, String mlx5Duration, String bnxtDuration) {
        PauseCounter(String name, String direction, int priority) {
            this(
                    name,
                    direction,
                    priority,
                    direction + "_prio" + priority + "_pause_duration",
                    "pfc_pri" + priority + "_" + direction + "_duration_us");
        }
    }

    private static List<PauseCounter> pauseCounters() {
        List<PauseCounter> out = new java.util.ArrayList<>();
        for (String direction : List.of("rx", "tx")) {
            for (int priority = 0; priority <= 9; priority++) {
                for (String form : List.of(
                        "%s_prio%d_pause",
                        "%s_priority_%d_xoff", "%s_priority_%d_xoff.nic", "%s_pfc_ena_frames_pri%d")) {
                    out.add(new PauseCounter(
                            String.format(Locale.ROOT, form, direction, priority), direction, priority));
                }
            }
        }
        return List.copyOf(out);
    }

    @Override
    public FactLayer declaration() {
        return new FactLayer(
                "qos",
                // The DCQCN switches are parsed by the RDMA layer; this one expects those of each RoCE priority.
                Set.of(
                        SourceKind.RDMA_STATISTIC,
                        SourceKind.MLXCONFIG,
                        SourceKind.IBDEV2NETDEV,
                        SourceKind.ECN_NOTIFICATION_POINT,
                        SourceKind.ECN_REACTION_POINT,
                        SourceKind.BNXT_RE_CC_ECN_ENABLE,
                        SourceKind.ECN_CNP_DSCP,
                        SourceKind.ECN_CNP_PRIORITY),
                Set.of(RdmaDevice.class, Bond.class, RoceTraffic.class, PortQos.class),
                Set.of(
                        PriorityPause.class,
                        PauseStormEvents.class,
                        CongestionCounters.class,
                        CnpMarking.class,
                        LosslessBuffer.class,
                        RocePriority.class));
    }

    @Override
    public void addTo(HostContext host, BuiltFacts facts) {
        host.portCounters().forEach((port, byName) -> {
            if (!host.ports().containsKey(port)) {
                return;
            }
            String nic = host.ports().get(port).nic();
            facts.addAll(pauses(port, nic, byName, host.interval()));
            stormEvents(port, nic, byName).ifPresent(facts::add);
        });
        List<RdmaDevice> devices = facts.of(RdmaDevice.class);
        Map<String, List<String>> bondMembers = new TreeMap<>();
        facts.of(Bond.class).forEach(b -> bondMembers.put(b.name(), b.members()));
        facts.addAll(congestion(host, devices, bondMembers));
        facts.addAll(cnpMarkings(host));
        List<RoceTraffic> traffic = facts.of(RoceTraffic.class);
        for (PortQos q : facts.of(PortQos.class)) {
            facts.addAll(losslessBuffers(q, host.ports().get(q.device())));
            Optional<RocePriority> p = rocePriority(q, host.ports().get(q.device()), traffic);
            p.ifPresent(facts::add);
            // DCQCN enablement of the RoCE priority is what layer 7 judges: say when it was not collected.
            p.ifPresent(r -> ecnSources(host, r, devices).forEach(host.ledger()::expect));
        }
    }

    /**
     * Where the DCQCN enablement of a port's RoCE priority is read, by its driver: on a Broadcom NIC
     * (bnxt_en) the bnxt_re configfs switch of each RDMA device port over it, elsewhere mlx5's sysfs
     * switches of the priority.
     */
    private static List<Source> ecnSources(HostContext host, RocePriority r, List<RdmaDevice> devices) {
        if ("bnxt_en".equals(host.driver(r.device()))) {
            return devices.stream()
                    .filter(d -> r.device().equals(d.netdev()))
                    .map(d -> Source.of(SourceKind.BNXT_RE_CC_ECN_ENABLE, d.name(), String.valueOf(d.port())))
                    .toList();
        }
        String priority = String.valueOf(r.priority());
        return List.of(
                Source.of(SourceKind.ECN_NOTIFICATION_POINT, r.device(), priority),
                Source.of(SourceKind.ECN_REACTION_POINT, r.device(), priority));
    }

    /**
     * The CNP marking of each port: the values in force, from MLNX_OFED's
     * {@code ecn/roce_np/cnp_dscp} and {@code cnp_802p_prio} where the bundle has them (a write there
     * changes the running NIC and not the firmware's boot value); else from the firmware configuration of its NIC ({@code mlxconfig -d DEV
     * query}, found by PCI address or RDMA device; {@code CNP_DSCP_Pn} with n the function's physical port,
     * function 0 -> P1), else, on an mlx5 NIC, the ConnectX default, said to be assumed. Other drivers without
     * a reading get none: their default is not known here.
     */
    private static List<CnpMarking> cnpMarkings(HostContext host) {
        Map<String, Source> byNic = new TreeMap<>();
        host.sourcesByPort(SourceKind.MLXCONFIG).entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .forEach(e -> byNic.putIfAbsent(host.ports().get(e.getKey()).nic(), e.getValue()));
        List<CnpMarking> out = new java.util.ArrayList<>();
        for (Nic nic : host.nics()) {
            Source source = byNic.get(nic.id());
            Optional<MlxconfigQuery> config =
                    source == null ? Optional.empty() : host.parse(source, MlxconfigQuery.class);
            for (String name : nic.ports()) {
                Source runtime = Source.of(SourceKind.ECN_CNP_DSCP, name);
                Optional<Long> inForce = host.parse(runtime, Long.class);
                if (inForce.isPresent()) {
                    Integer priority = host.parse(Source.of(SourceKind.ECN_CNP_PRIORITY, name), Long.class)
                            .map(Long::intValue)
                            .orElse(null);
                    out.add(new CnpMarking(name, inForce.get().intValue(), priority, runtime.display(), false));
                    continue;
                }
                Port port = host.ports().get(name);
                String suffix = "_P" + (physicalPort(port) + 1);
                Optional<Long> dscp =
                        config.flatMap(c -> c.value("CNP_DSCP" + suffix)).map(MlxconfigQuery.Value::number);
                if (dscp.isPresent()) {
                    Integer priority = config.flatMap(c -> c.value("CNP_802P_PRIO" + suffix))
                            .map(MlxconfigQuery.Value::number)
                            .map(Long::intValue)
                            .orElse(null);
                    out.add(new CnpMarking(
                            name, dscp.get().intValue(), priority, source.display() + " CNP_DSCP" + suffix, false));
                } else if ("mlx5_core".equals(nic.driver())) {
                    out.add(new CnpMarking(
                            name,
                            CnpMarking.CONNECTX_DSCP,
                            CnpMarking.CONNECTX_PRIORITY,
                            "ConnectX default (no CNP_DSCP" + suffix + " from mlxconfig in the bundle)",
                            true));
                }
            }
        }
        return out;
    }

    /** The PCI function of a port, which is its physical port on a ConnectX (function 0 -> port 1). */
    private static int physicalPort(Port port) {
        String address = port.pciAddress();
        int function =
                address == null || address.isEmpty() ? -1 : Character.digit(address.charAt(address.length() - 1), 8);
        return Math.max(0, function);
    }

    private static List<PriorityPause> pauses(
            String port, String nic, Map<String, CounterRate> byName, Double interval) {
        List<PriorityPause> out = new java.util.ArrayList<>();
        for (PauseCounter pause : PAUSE_COUNTERS) {
            CounterRate c = byName.get(pause.name());
            if (c == null || c.wentDown()) {
                continue;
            }
            String direction = pause.direction();
            int priority = pause.priority();
            CounterRate duration = byName.getOrDefault(pause.mlx5Duration(), byName.get(pause.bnxtDuration()));
            Double share =
                    duration == null || duration.sinceBoot() || duration.wentDown() || interval == null || interval <= 0
                            ? null
                            : duration.delta() / (interval * 1e6);
            out.add(new PriorityPause(
                    port, nic, priority, direction, c.counter(), c.delta(), c.perSecond(), share, c.sinceBoot()));
        }
        // By counter name, whatever order the driver prints them in.
        out.sort(java.util.Comparator.comparing(PriorityPause::counter));
        return out;
    }

    private static Optional<PauseStormEvents> stormEvents(String port, String nic, Map<String, CounterRate> byName) {
        CounterRate warnings = byName.get("tx_pause_storm_warning_events");
        CounterRate errors = byName.get("tx_pause_storm_error_events");
        if (warnings == null && errors == null) {
            return Optional.empty();
        }
        CounterRate any = warnings != null ? warnings : errors;
        return Optional.of(new PauseStormEvents(
                port,
                nic,
                warnings == null ? 0 : warnings.delta(),
                errors == null ? 0 : errors.delta(),
                any.sinceBoot()));
    }

    /** {@code bondMembers}: bond -> members, for a RoCE LAG device whose netdev is a bond. */
    private static List<CongestionCounters> congestion(
            HostContext host, List<RdmaDevice> devices, Map<String, List<String>> bondMembers) {
        List<CongestionCounters> out = new java.util.ArrayList<>();
        for (Source s : host.sources(SourceKind.RDMA_STATISTIC)) {
            Optional<RdmaStatistics> first = host.parse(s, RdmaStatistics.class);
            for (RdmaStatistics.PortCounters p :
                    first.map(RdmaStatistics::ports).orElse(List.of())) {
                Map<String, CounterRate> rates = host.rdmaStatisticRates(s, p.device(), p.port());
                CounterRate marked =
                        CounterRate.first(rates, CounterMeaning.ECN_MARKED).orElse(null);
                CounterRate sent =
                        CounterRate.first(rates, CounterMeaning.CNP_SENT).orElse(null);
                CounterRate handled =
                        CounterRate.first(rates, CounterMeaning.CNP_HANDLED).orElse(null);
                CounterRate ignored =
                        CounterRate.first(rates, CounterMeaning.CNP_IGNORED).orElse(null);
                if (marked == null && sent == null && handled == null && ignored == null) {
                    continue;
                }
                Optional<RdmaDevice> d = devices.stream()
                        .filter(x -> x.name().equals(p.device()) && x.port() == p.port())
                        .findFirst();
                boolean sinceBoot = rates.values().stream().anyMatch(CounterRate::sinceBoot);
                String netdev = d.map(RdmaDevice::netdev).orElse(null);
                List<String> ports = netdev == null ? List.of() : bondMembers.getOrDefault(netdev, List.of(netdev));
                Map<CounterMeaning, String> names = new java.util.EnumMap<>(CounterMeaning.class);
                for (CounterRate c : java.util.Arrays.asList(marked, sent, handled, ignored)) {
                    if (c != null) {
                        names.put(c.meaning(), c.counter());
                    }
                }
                out.add(new CongestionCounters(
                        p.device(),
                        p.port(),
                        netdev,
                        d.map(RdmaDevice::nic).orElse(null),
                        ports,
                        delta(marked),
                        delta(sent),
                        delta(handled),
                        delta(ignored),
                        host.interval(),
                        sinceBoot,
                        names));
            }
        }
        return out;
    }

    /** The movement of a counter; null when absent or when it went down (the ledger notes that). */
    private static Long delta(CounterRate c) {
        return c == null || c.wentDown() ? null : c.delta();
    }

    private static List<LosslessBuffer> losslessBuffers(PortQos q, Port port) {
        List<LosslessBuffer> out = new java.util.ArrayList<>();
        for (int p : q.pfcPriorities()) {
            Integer buffer = q.priorityBuffer().get(p);
            if (buffer == null) {
                continue; // this mlnx_qos prints no buffer map
            }
            Long bytes = buffer < q.bufferBytes().size() ? q.bufferBytes().get(buffer) : null;
            List<Integer> lossy = q.priorityBuffer().entrySet().stream()
                    .filter(e -> e.getValue().equals(buffer) && !q.pfcOn(e.getKey()))
                    .map(Map.Entry::getKey)
                    .toList();
            out.add(new LosslessBuffer(q.device(), port == null ? null : port.nic(), p, buffer, bytes, lossy));
        }
        return out;
    }

    private static Optional<RocePriority> rocePriority(PortQos qos, Port port, List<RoceTraffic> traffic) {
        String nic = port == null ? null : port.nic();
        Optional<RoceTraffic> t =
                traffic.stream().filter(r -> qos.device().equals(r.netdev())).findFirst();
        boolean tosSet = t.isPresent() && t.get().tos() != null && t.get().tos() != 0;
        if (tosSet && t.get().priority() != null) {
            return Optional.of(new RocePriority(
                    qos.device(), nic, t.get().priority(), false, t.get().derivation()));
        }
        if (qos.pfcPriorities().size() == 1) {
            int p = qos.pfcPriorities().get(0);
            String why = t.isEmpty() || t.get().tos() == null ? "cma_roce_tos not collected" : "ToS unset (0)";
            return Optional.of(new RocePriority(
                    qos.device(),
                    nic,
                    p,
                    true,
                    why + "; PFC is on priority " + p + " only: taken as the priority meant for RoCE"));
        }
        return t.filter(r -> r.priority() != null)
                .map(r -> new RocePriority(qos.device(), nic, r.priority(), false, r.derivation()));
    }
}
