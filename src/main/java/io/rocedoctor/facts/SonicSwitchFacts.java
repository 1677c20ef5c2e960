package io.rocedoctor.facts;

import io.rocedoctor.bundle.SwitchSource;
import io.rocedoctor.bundle.SwitchSourceKind;
import io.rocedoctor.parse.sw.SonicBufferConfig;
import io.rocedoctor.parse.sw.SonicBufferPool;
import io.rocedoctor.parse.sw.SonicBufferProfile;
import io.rocedoctor.parse.sw.SonicConfig;
import io.rocedoctor.parse.sw.SonicEcnProfiles;
import io.rocedoctor.parse.sw.SonicPfcPriorities;
import io.rocedoctor.parse.sw.SonicPfcwdConfig;
import io.rocedoctor.parse.sw.SonicPfcwdStats;
import io.rocedoctor.parse.sw.SonicPortIndexedCounters;
import io.rocedoctor.parse.sw.SonicQueueCounters;
import io.rocedoctor.parse.sw.SonicWredProfile;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The facts of a SONiC dump: config_db.json is the authority for ports, maps, buffer profiles,
 * WRED and the watchdog; the CLI tables fill in what a partial config_db lacks (pools and
 * profiles from {@code mmuconfig -l}, ECN profiles from {@code show ecn}, lossless priorities
 * from {@code show pfc priority}, watchdog ports from {@code show pfcwd config}) and give the counters.
 */
final class SonicSwitchFacts {
    // One instance each, so the context parses every counter table once (see SwitchContext).
    private static final Pattern METERS = Pattern.compile("\\s*([0-9]+)\\s*m?\\s*");
    private static final SonicConfig EMPTY = new SonicConfig(
            Map.of(), Map.of(), List.of(), List.of(), Map.of(), List.of(), Map.of(), Map.of(), Map.of(), Map.of(),
            Map.of(), Map.of(), Map.of(), Map.of(), null, Map.of(), Map.of(), List.of(), List.of());

    private final SwitchContext sw;
    private final SonicConfig cfg;
    private final boolean fullConfig;
    private final Map<String, SonicBufferPool> pools = new HashMap<>();
    private final Map<String, SonicBufferProfile> profiles = new HashMap<>();
    private final Map<String, SonicWredProfile> wred = new HashMap<>();
    private final SonicPfcPriorities priorities;
    private final SonicPfcwdConfig watchdog;

    private SonicSwitchFacts(SwitchContext sw) {
        this.sw = sw;
        Optional<SonicConfig> parsed = sw.parse(SwitchSourceKind.SONIC_CONFIG_DB, SonicConfig.class);
        this.cfg = parsed.orElse(EMPTY);
        // A config_db with a PORT table is a whole configuration: a table it lacks is not configured.
        this.fullConfig = !cfg.ports().isEmpty();
        sw.parse(SwitchSourceKind.SONIC_MMU, SonicBufferConfig.class).ifPresent(b -> {
            pools.putAll(b.pools());
            profiles.putAll(b.profiles());
        });
        pools.putAll(cfg.bufferPools());
        profiles.putAll(cfg.bufferProfiles());
        sw.parse(SwitchSourceKind.SONIC_ECN, SonicEcnProfiles.class)
                .map(SonicEcnProfiles::profiles)
                .ifPresent(wred::putAll);
        wred.putAll(cfg.wredProfiles());
        this.priorities = sw.parse(SwitchSourceKind.SONIC_PFC_PRIORITY, SonicPfcPriorities.class)
                .orElse(null);
        this.watchdog = sw.parse(SwitchSourceKind.SONIC_PFCWD_CONFIG, SonicPfcwdConfig.class)
                .orElse(null);
    }

    static void addTo(SwitchContext sw, List<Object> facts) {
        new SonicSwitchFacts(sw).add(facts);
    }

    private void add(List<Object> facts) {
        Set<String> names = new TreeSet<>(cfg.ports().keySet());
        names.addAll(cfg.portQos().keySet());
        names.remove("global");
        if (priorities != null) {
            names.addAll(priorities.lossless().keySet());
        }
        names.addAll(sw.facing().keySet());
        List<SwitchLosslessQueue> lossless = sw.addPorts(names, this::port, this::losslessQueue, facts);
        bufferPools(lossless).ifPresent(facts::add);
        if (!cfg.ecmpHash().isEmpty() || !cfg.lagHash().isEmpty()) {
            facts.add(new SwitchHash(
                    sw.dump().name(),
                    sw.platform(),
                    "config_db.json SWITCH_HASH|GLOBAL",
                    cfg.ecmpHash(),
                    cfg.lagHash(),
                    sw.allFacing()));
        }
    }

    private SwitchPort port(String name) {
        SonicConfig.Port p = cfg.ports().get(name);
        SonicConfig.PortQos qos = cfg.portQos().getOrDefault(name, cfg.portQos().get("global"));
        String trust = null;
        List<Integer> pfc = List.of();
        Map<Integer, Integer> dscp = Map.of();
        Map<Integer, Integer> pcp = Map.of();
        Map<Integer, Integer> queues = Map.of();
        if (qos != null) {
            trust = qos.trustsDscp() && qos.trustsPcp()
                    ? "both"
                    : qos.trustsDscp() ? "dscp" : qos.trustsPcp() ? "pcp" : null;
            pfc = qos.pfcEnable();
            dscp = map(cfg.dscpToTcMaps(), qos.dscpToTcMap());
            pcp = map(cfg.dot1pToTcMaps(), qos.dot1pToTcMap());
            queues = map(cfg.tcToQueueMaps(), qos.tcToQueueMap());
        }
        if (pfc.isEmpty() && priorities != null) {
            pfc = priorities.lossless().getOrDefault(name, List.of());
        }
        Set<Integer> strict = new TreeSet<>();
        for (SonicConfig.QueueConfig q : cfg.queues()) {
            SonicConfig.Scheduler s =
                    q.scheduler() == null ? null : cfg.schedulers().get(q.scheduler());
            if (q.port().equals(name) && s != null && "STRICT".equalsIgnoreCase(s.type())) {
                strict.addAll(q.queues());
            }
        }
        Integer speed = p == null || p.speed() == null ? null : p.speed().intValue();
        String dscpMap = qos != null && qos.dscpToTcMap() != null
                ? qos.dscpToTcMap()
                : cfg.dscpToTcMaps().size() == 1
                        ? cfg.dscpToTcMaps().keySet().iterator().next()
                        : null;
        return new SwitchPort(
                sw.dump().name(),
                name,
                sw.platform(),
                speed,
                p == null ? null : p.mtu(),
                meters(cfg.cableLengths().get(name)),
                trust,
                pfc,
                dscp,
                pcp,
                queues,
                strict,
                sw.facing(name),
                dscpMap);
    }

    private static Map<Integer, Integer> map(Map<String, Map<Integer, Integer>> maps, String name) {
        return name == null ? Map.of() : maps.getOrDefault(name, Map.of());
    }

    private static Integer meters(String written) {
        if (written == null) {
            return null;
        }
        Matcher m = METERS.matcher(written);
        return m.matches() ? Integer.valueOf(m.group(1)) : null;
    }

    private SwitchLosslessQueue losslessQueue(SwitchPort port, int priority) {
        String name = port.port();
        SonicConfig.PortQos qos = cfg.portQos().getOrDefault(name, cfg.portQos().get("global"));
        Map<Integer, Integer> pfcToQueue = qos == null ? Map.of() : map(cfg.pfcToQueueMaps(), qos.pfcToQueueMap());
        int queue = pfcToQueue.getOrDefault(priority, port.queueOf(priority));
        int pg = (qos == null ? Map.<Integer, Integer>of() : map(cfg.tcToPgMaps(), qos.tcToPgMap()))
                .getOrDefault(priority, priority);

        SonicBufferProfile profile = cfg.bufferPgs().stream()
                .filter(a -> a.port().equals(name) && a.indices().contains(pg) && a.profile() != null)
                .map(a -> profiles.get(a.profile()))
                .filter(java.util.Objects::nonNull)
                .findFirst()
                .orElse(null);
        Long xoffPoint = null;
        String basis = null;
        if (profile != null && profile.size() != null) {
            SonicBufferPool pool = profile.pool() == null ? null : pools.get(profile.pool());
            if (profile.staticTh() != null) {
                xoffPoint = profile.size() + profile.staticTh();
                basis = "profile " + profile.name() + ": size " + profile.size() + " + static_th " + profile.staticTh();
            } else if (profile.dynamicTh() != null && pool != null && pool.size() != null) {
                double alpha = Math.pow(2, profile.dynamicTh());
                long shared = Math.round(alpha / (1 + alpha) * pool.size());
                xoffPoint = profile.size() + shared;
                basis = "profile " + profile.name() + ": size " + profile.size() + " + alpha/(1+alpha) x pool "
                        + pool.name() + " " + pool.size() + " (dynamic_th " + profile.dynamicTh() + ") = " + xoffPoint;
            }
        }

        Optional<Port> host = sw.hostPort(name);
        Integer speed = port.speedMbps() != null
                ? port.speedMbps()
                : host.map(Port::speedMbps).orElse(null);
        Integer mtu = port.mtu() != null ? port.mtu() : host.map(Port::mtu).orElse(null);

        String wredName = cfg.queues().stream()
                .filter(q -> q.port().equals(name) && q.queues().contains(queue) && q.wredProfile() != null)
                .map(SonicConfig.QueueConfig::wredProfile)
                .findFirst()
                .orElse(null);
        SonicWredProfile ecn = wredName == null ? null : wred.get(wredName);

        Boolean watchdogOn = null;
        String watchdogSource = null;
        if (watchdog != null) {
            watchdogOn = watchdog.port(name).map(c -> c.action() != null).orElse(false);
            watchdogSource = "show pfcwd config";
        } else if (fullConfig) {
            SonicConfig.PfcWatchdog wd = cfg.pfcWatchdog().get(name);
            watchdogOn = wd != null && wd.action() != null;
            watchdogSource = "config_db.json PFC_WD";
        }

        SwitchSource stats = SwitchSource.of(SwitchSourceKind.SONIC_PFCWD_STATS);
        SonicPfcwdStats.QueueStats now = sw.parse(stats, sw.lastSample(), SonicPfcwdStats.class)
                .flatMap(s -> s.queue(name, queue))
                .orElse(null);
        Optional<SwitchContext.Span> storms = sw.span(
                stats,
                SonicPfcwdStats.class,
                s -> s.queue(name, queue)
                        .map(SonicPfcwdStats.QueueStats::stormsDetected)
                        .orElse(null));

        QueueDrops drops = new QueueDrops();
        drops.add(
                sw.span(
                        SwitchSource.of(SwitchSourceKind.SONIC_PG_DROP_COUNTERS),
                        SonicPortIndexedCounters.class,
                        c -> c.value(name, pg)),
                "show priority-group drop counters PG" + pg);
        drops.add(
                sw.span(
                        SwitchSource.of(SwitchSourceKind.SONIC_QUEUE_COUNTERS),
                        SonicQueueCounters.class,
                        c -> c.queue(name, "UC" + queue)
                                .map(SonicQueueCounters.Queue::dropPackets)
                                .orElse(null)),
                "show queue counters UC" + queue + " Drop/pkts");

        return new SwitchLosslessQueue(
                sw.dump().name(),
                name,
                sw.platform(),
                priority,
                queue,
                pg,
                xoffPoint,
                basis,
                profile == null ? null : profile.xoff(),
                SwitchContext.headroomFloor(speed, port.cableMeters(), mtu),
                mtu,
                speed,
                ecn == null ? null : ecn.marksGreen(),
                ecn == null ? null : ecn.greenMinThreshold(),
                ecn == null ? null : ecn.greenMaxThreshold(),
                ecn == null ? null : ecn.greenDropProbability(),
                watchdogOn,
                watchdogSource,
                storms.map(SwitchContext.Span::last).orElse(null),
                storms.map(SwitchContext.Span::delta).orElse(null),
                now != null && now.stormed(),
                "show pfcwd stats",
                drops.amount(),
                drops.sinceBoot(),
                drops.counters(),
                port.hostPorts(),
                profile == null ? null : profile.name(),
                ecn == null ? null : ecn.name());
    }

    /** The ingress lossless pool(s) against the lossy ones, when both sizes are known. */
    private Optional<SwitchBufferPools> bufferPools(List<SwitchLosslessQueue> lossless) {
        long losslessBytes = 0;
        long lossyBytes = 0;
        Long headroomPool = null;
        for (SonicBufferPool p : new TreeMap<>(pools).values()) {
            if (p.size() == null) {
                continue;
            }
            if (p.name().contains("lossless") && "ingress".equals(p.type())) {
                losslessBytes += p.size();
                if (p.xoff() != null) {
                    headroomPool = (headroomPool == null ? 0 : headroomPool) + p.xoff();
                }
            } else if (p.name().contains("lossy")) {
                lossyBytes += p.size();
            }
        }
        if (losslessBytes == 0 || lossyBytes == 0) {
            return Optional.empty();
        }
        Long largest = lossless.stream()
                .map(SwitchLosslessQueue::headroomBytes)
                .filter(java.util.Objects::nonNull)
                .max(Long::compare)
                .orElse(null);
        return Optional.of(new SwitchBufferPools(
                sw.dump().name(),
                sw.platform(),
                cfg.bufferPools().isEmpty() ? "mmuconfig -l" : "config_db.json BUFFER_POOL",
                losslessBytes,
                lossyBytes,
                headroomPool,
                largest));
    }
}
