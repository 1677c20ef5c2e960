package io.rocedoctor.facts;

import io.rocedoctor.bundle.SwitchSource;
import io.rocedoctor.bundle.SwitchSourceKind;
import io.rocedoctor.parse.sw.NvueBufferUsage;
import io.rocedoctor.parse.sw.NvueCongestionControl;
import io.rocedoctor.parse.sw.NvueEgressQueueMapping;
import io.rocedoctor.parse.sw.NvueForwarding;
import io.rocedoctor.parse.sw.NvueLink;
import io.rocedoctor.parse.sw.NvuePfc;
import io.rocedoctor.parse.sw.NvuePfcWatchdog;
import io.rocedoctor.parse.sw.NvueQosCounters;
import io.rocedoctor.parse.sw.NvueQosMapping;
import io.rocedoctor.parse.sw.NvueRoce;
import io.rocedoctor.parse.sw.NvueRocePools;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The facts of an NVIDIA Cumulus NVUE dump. A port's own {@code nv show interface IF qos ...} view
 * wins over the global one ({@code nv show qos roce}, {@code ... default-global}), which applies to
 * every port that has no view of its own. The port's MTU comes from {@code nv show interface IF link},
 * the ECMP and LAG hash from {@code nv show system forwarding}, pool sizes from
 * {@code nv show qos roce pool}. No command read shows port speed: the facing host port's speed
 * stands in for the headroom formula.
 */
final class NvueSwitchFacts {
    // One instance each, so the context parses every per-port view once (see SwitchContext).
    private final SwitchContext sw;
    private final NvueRoce roce;
    private final NvueEgressQueueMapping egress;
    private final NvuePfc pfcGlobal;
    private final NvuePfcWatchdog watchdogGlobal;
    private final NvueCongestionControl congestionGlobal;

    private NvueSwitchFacts(SwitchContext sw) {
        this.sw = sw;
        this.roce = sw.parse(SwitchSourceKind.NVUE_ROCE, NvueRoce.class).orElse(null);
        this.egress = sw.parse(SwitchSourceKind.NVUE_EGRESS_QUEUE_MAPPING_GLOBAL, NvueEgressQueueMapping.class)
                .orElse(null);
        this.pfcGlobal =
                sw.parse(SwitchSourceKind.NVUE_PFC_GLOBAL, NvuePfc.class).orElse(null);
        this.watchdogGlobal = sw.parse(SwitchSourceKind.NVUE_PFC_WATCHDOG_GLOBAL, NvuePfcWatchdog.class)
                .orElse(null);
        this.congestionGlobal = sw.parse(SwitchSourceKind.NVUE_CONGESTION_CONTROL_GLOBAL, NvueCongestionControl.class)
                .orElse(null);
    }

    static void addTo(SwitchContext sw, List<Object> facts) {
        new NvueSwitchFacts(sw).add(facts);
    }

    private void add(List<Object> facts) {
        Set<String> names = new TreeSet<>(sw.facing().keySet());
        for (SwitchSourceKind kind : SwitchSourceKind.values()) {
            if (kind.platform() == sw.dump().platform() && kind.parameters().contains("if")) {
                names.addAll(sw.portsOf(kind));
            }
        }
        List<SwitchLosslessQueue> lossless = sw.addPorts(names, this::port, this::losslessQueue, facts);
        bufferPools(lossless).ifPresent(facts::add);
        sw.parse(SwitchSourceKind.NVUE_SYSTEM_FORWARDING, NvueForwarding.class)
                .filter(f -> !f.ecmpHashFields().isEmpty() || !f.lagHashFields().isEmpty())
                .ifPresent(f -> facts.add(new SwitchHash(
                        sw.dump().name(),
                        sw.platform(),
                        "nv show system forwarding",
                        f.ecmpHashFields(),
                        f.lagHashFields(),
                        sw.allFacing())));
    }

    private SwitchPort port(String name) {
        NvueQosMapping mapping = sw.parse(SwitchSourceKind.NVUE_INTERFACE_MAPPING, NvueQosMapping.class, name)
                .orElse(null);
        NvuePfc pfc = pfc(name);
        String trust = mapping != null && mapping.trust() != null
                ? trust(mapping.trust())
                : roce != null && !roce.trust().isEmpty() ? trust(String.join(",", roce.trust())) : null;
        List<Integer> priorities =
                pfc != null ? pfc.switchPriorities() : roce != null ? roce.pfcPriorities() : List.of();
        Map<Integer, Integer> dscp = new HashMap<>();
        Map<Integer, Integer> pcp = new HashMap<>();
        if (mapping != null && !mapping.dscpToSwitchPriority().isEmpty()) {
            dscp.putAll(mapping.dscpToSwitchPriority());
        } else if (roce != null) {
            roce.priorityMappings().forEach(m -> m.dscp().forEach(d -> dscp.put(d, m.switchPriority())));
        }
        if (mapping != null && !mapping.pcpToSwitchPriority().isEmpty()) {
            pcp.putAll(mapping.pcpToSwitchPriority());
        } else if (roce != null) {
            roce.priorityMappings().stream()
                    .filter(m -> m.pcp() != null)
                    .forEach(m -> pcp.put(m.pcp(), m.switchPriority()));
        }
        Map<Integer, Integer> queues = new HashMap<>();
        Set<Integer> strict = new TreeSet<>();
        if (roce != null) {
            for (NvueRoce.TrafficClassMapping m : roce.trafficClassMappings()) {
                if (m.switchPriority() != null && m.trafficClass() != null) {
                    queues.put(m.switchPriority(), m.trafficClass());
                    if (m.scheduler() != null
                            && m.scheduler().toLowerCase(Locale.ROOT).contains("strict")) {
                        strict.add(m.trafficClass());
                    }
                }
            }
        }
        if (egress != null) {
            queues.putAll(egress.switchPriorityToTrafficClass());
        }
        dscp.values().removeIf(Objects::isNull);
        pcp.values().removeIf(Objects::isNull);
        Integer cable = pfc != null && pfc.cableLengthMeters() != null
                ? pfc.cableLengthMeters()
                : roce != null ? roce.cableLength() : null;
        Integer mtu = sw.parse(SwitchSourceKind.NVUE_INTERFACE_LINK, NvueLink.class, name)
                .map(NvueLink::mtu)
                .orElse(null);
        return new SwitchPort(
                sw.dump().name(),
                name,
                sw.platform(),
                null,
                mtu,
                cable,
                trust,
                priorities,
                dscp,
                pcp,
                queues,
                strict,
                sw.facing(name),
                null);
    }

    private NvuePfc pfc(String name) {
        return sw.parse(SwitchSourceKind.NVUE_INTERFACE_PFC, NvuePfc.class, name)
                .orElse(pfcGlobal);
    }

    /** NVUE spells trust {@code l2} (PCP), {@code l3} (DSCP), {@code both}, or as RoCE shows it {@code pcp,dscp}. */
    private static String trust(String written) {
        String t = written.toLowerCase(Locale.ROOT);
        boolean l3 = t.contains("l3") || t.contains("dscp") || t.contains("both");
        boolean l2 = t.contains("l2") || t.contains("pcp") || t.contains("both");
        return l3 && l2 ? "both" : l3 ? "dscp" : l2 ? "pcp" : null;
    }

    private SwitchLosslessQueue losslessQueue(SwitchPort port, int priority) {
        String name = port.port();
        int tc = port.queueOf(priority);
        NvuePfc pfc = pfc(name);

        NvueBufferUsage.Entry pg = sw.parse(
                        SwitchSourceKind.NVUE_INTERFACE_BUFFER_INGRESS_PG, NvueBufferUsage.class, name)
                .flatMap(b -> losslessPg(b, priority))
                .orElse(null);
        Long xoff = pg != null && pg.xoffThresholdBytes() != null
                ? pg.xoffThresholdBytes()
                : pfc != null ? pfc.xoffThresholdBytes() : null;
        String basis = pg != null && pg.xoffThresholdBytes() != null
                ? "nv show interface " + name + " qos buffer ingress-priority-group: XOFF Th of PG " + pg.index()
                : xoff != null ? "nv show interface " + name + " qos pfc: xoff-threshold" : null;

        Optional<Port> host = sw.hostPort(name);
        Integer speed = host.map(Port::speedMbps).orElse(null);
        Integer mtu = port.mtu() != null ? port.mtu() : host.map(Port::mtu).orElse(null);

        NvueCongestionControl cc = sw.parse(
                        SwitchSourceKind.NVUE_INTERFACE_CONGESTION_CONTROL, NvueCongestionControl.class, name)
                .orElse(congestionGlobal);
        Boolean marking = null;
        Long min = null;
        Long max = null;
        Integer probability = null;
        Optional<NvueCongestionControl.TrafficClass> ccTc = cc == null ? Optional.empty() : cc.trafficClass(tc);
        if (ccTc.isPresent()) {
            marking = ccTc.get().ecnEnabled();
            min = ccTc.get().minThresholdBytes();
            max = ccTc.get().maxThresholdBytes();
            probability = ccTc.get().probability();
        } else if (roce != null && roce.ecnMinThresholdBytes() != null) {
            marking = roce.congestionTrafficClasses().contains(tc);
            min = roce.ecnMinThresholdBytes();
            max = roce.ecnMaxThresholdBytes();
            probability = roce.ecnProbability();
        }

        SwitchSource wdSource = SwitchSource.of(SwitchSourceKind.NVUE_INTERFACE_PFC_WATCHDOG, name);
        NvuePfcWatchdog wd = sw.parse(wdSource, 0, NvuePfcWatchdog.class).orElse(watchdogGlobal);
        String wdName = wd == null ? null : wd == watchdogGlobal ? "nv show qos pfc-watchdog" : wdSource.display();
        Optional<NvuePfcWatchdog.TrafficClass> wdTc = wd == null
                ? Optional.empty()
                : wd.trafficClasses().stream()
                        .filter(t -> t.trafficClass() == tc)
                        .findFirst();

        SwitchSource counters = SwitchSource.of(SwitchSourceKind.NVUE_INTERFACE_COUNTERS_QOS, name);
        QueueDrops drops = new QueueDrops();
        int pgIndex = pg != null ? pg.index() : priority;
        List<Function<NvueQosCounters, Long>> dropCounters = List.of(
                c -> pgCounter(c, pgIndex, NvueQosCounters.PriorityGroup::rxBufferDiscardBytes),
                c -> pgCounter(c, pgIndex, NvueQosCounters.PriorityGroup::rxSharedBufferDiscardBytes),
                c -> tcCounter(c, tc, NvueQosCounters.TrafficClass::txUcBufferDiscardBytes),
                c -> tcCounter(c, tc, NvueQosCounters.TrafficClass::wredDiscards));
        List<String> dropNames = List.of(
                "PG" + pgIndex + " rx-buffer-discards",
                "PG" + pgIndex + " rx-shared-buffer-discards",
                "TC" + tc + " tx-uc-buffer-discards",
                "TC" + tc + " wred-discards");
        for (int i = 0; i < dropCounters.size(); i++) {
            drops.add(
                    sw.span(counters, NvueQosCounters.class, dropCounters.get(i)),
                    counters.display() + " " + dropNames.get(i));
        }

        return new SwitchLosslessQueue(
                sw.dump().name(),
                name,
                sw.platform(),
                priority,
                tc,
                pg == null ? null : pg.index(),
                xoff,
                basis,
                pg == null ? null : pg.headroomBytes(),
                SwitchContext.headroomFloor(speed, port.cableMeters(), mtu),
                mtu,
                speed,
                marking,
                min,
                max,
                probability,
                wd == null ? null : wd.enabled(),
                wdName,
                wdTc.map(NvuePfcWatchdog.TrafficClass::deadlockCount).orElse(null),
                null,
                wdTc.map(NvuePfcWatchdog.TrafficClass::deadlocked).orElse(false),
                wdName,
                drops.amount(),
                drops.sinceBoot(),
                drops.counters(),
                port.hostPorts(),
                null,
                null);
    }

    /**
     * The RoCE ingress pools that hold only lossless priorities against those that hold none, sized
     * by {@code nv show qos roce pool}; roles come from the pool table of {@code nv show qos roce}
     * (NVUE names no pool lossless). Not judged when a pool mixes both (lossless-single-ipool
     * shares one ingress pool: nothing to skew) or a size is unknown.
     */
    private Optional<SwitchBufferPools> bufferPools(List<SwitchLosslessQueue> lossless) {
        NvueRocePools sizes =
                sw.parse(SwitchSourceKind.NVUE_ROCE_POOL, NvueRocePools.class).orElse(null);
        if (roce == null || sizes == null || roce.pfcPriorities().isEmpty()) {
            return Optional.empty();
        }
        long losslessBytes = 0;
        long lossyBytes = 0;
        for (NvueRoce.Pool p : roce.pools()) {
            List<Integer> priorities = p.switchPriorities();
            if (priorities.isEmpty()) {
                continue; // an egress pool: it maps traffic classes
            }
            long pfc =
                    priorities.stream().filter(roce.pfcPriorities()::contains).count();
            Long size = sizes.pool(p.name()).map(NvueRocePools.Pool::sizeBytes).orElse(null);
            if ((pfc > 0 && pfc < priorities.size()) || size == null) {
                return Optional.empty();
            }
            if (pfc > 0) {
                losslessBytes += size;
            } else {
                lossyBytes += size;
            }
        }
        if (losslessBytes == 0 || lossyBytes == 0) {
            return Optional.empty();
        }
        Long largest = lossless.stream()
                .map(SwitchLosslessQueue::headroomBytes)
                .filter(Objects::nonNull)
                .max(Long::compare)
                .orElse(null);
        return Optional.of(new SwitchBufferPools(
                sw.dump().name(), sw.platform(), "nv show qos roce pool", losslessBytes, lossyBytes, null, largest));
    }

    /** The lossless PG of a priority: the one numbered like it, else the port's only lossless PG. */
    private static Optional<NvueBufferUsage.Entry> losslessPg(NvueBufferUsage b, int priority) {
        List<NvueBufferUsage.Entry> pgs = b.entries().stream()
                .filter(e -> e.kind().equals("priority-group") && "lossless".equalsIgnoreCase(e.lossType()))
                .toList();
        return pgs.stream()
                .filter(e -> e.index() == priority)
                .findFirst()
                .or(() -> pgs.size() == 1 ? Optional.of(pgs.get(0)) : Optional.empty());
    }

    private static Long pgCounter(NvueQosCounters c, int pg, Function<NvueQosCounters.PriorityGroup, Long> value) {
        return c.priorityGroups().stream()
                .filter(p -> p.priorityGroup() == pg)
                .map(value)
                .filter(Objects::nonNull)
                .findFirst()
                .orElse(null);
    }

    private static Long tcCounter(NvueQosCounters c, int tc, Function<NvueQosCounters.TrafficClass, Long> value) {
        return c.trafficClasses().stream()
                .filter(t -> t.trafficClass() == tc)
                .map(value)
                .filter(Objects::nonNull)
                .findFirst()
                .orElse(null);
    }
}
