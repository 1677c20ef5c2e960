package io.rocedoctor.facts;

import io.rocedoctor.bundle.SwitchSource;
import io.rocedoctor.bundle.SwitchSourceKind;
import io.rocedoctor.parse.sw.EosQueueDrops;
import io.rocedoctor.parse.sw.EosRunningConfig;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The facts of an Arista EOS dump: {@code show running-config} gives each Ethernet port's trust,
 * PFC, watchdog, MTU and queue ECN (its own lines over its {@code service-profile}'s) and the
 * global QoS maps; {@code show interfaces counters queue detail | json} gives the drops.
 *
 * <p>Running-config prints only what differs from the defaults, so the EOS defaults stand where
 * it is silent: a routed port ({@code no switchport}) trusts DSCP and a switchport CoS; DSCP d
 * maps to traffic class d/8 and CoS c to c, except that 0-7 / CoS 0 land on class 1 and 8-15 /
 * CoS 1 on class 0; traffic class n leaves by tx-queue n; every queue is strict priority until a
 * {@code no priority} makes it (and, as EOS requires, every queue below it) round robin; ECN and
 * the PFC watchdog are off. A traffic class is what PFC pauses (the vocabulary's priority).
 *
 * <p>EOS shows neither buffer thresholds, headroom nor pools in these commands, nor the cable
 * length: XOFF, headroom and pool facts stay unknown. Only a routed port's MTU is known (the
 * {@code mtu} line, else {@code interface defaults}); a switchport forwards up to its L2 frame size.
 */
final class EosSwitchFacts {
    // One instance, so the context parses every counter capture once (see SwitchContext).
    private static final int QUEUES = 8;
    private final SwitchContext sw;
    private final EosRunningConfig cfg;

    private EosSwitchFacts(SwitchContext sw) {
        this.sw = sw;
        this.cfg = sw.parse(SwitchSourceKind.EOS_RUNNING_CONFIG, EosRunningConfig.class)
                .orElse(null);
    }

    static void addTo(SwitchContext sw, List<Object> facts) {
        new EosSwitchFacts(sw).add(facts);
    }

    private void add(List<Object> facts) {
        Set<String> names = new TreeSet<>(sw.facing().keySet());
        if (cfg != null) {
            cfg.interfaces().keySet().stream()
                    .filter(n -> n.startsWith("Ethernet"))
                    .forEach(names::add);
        }
        sw.addPorts(names, this::port, this::losslessQueue, facts);
    }

    private Optional<EosRunningConfig.Section> settings(String port) {
        return cfg == null ? Optional.empty() : Optional.ofNullable(cfg.settingsOf(port));
    }

    private SwitchPort port(String name) {
        Optional<EosRunningConfig.Section> s = settings(name);
        boolean routed = s.map(x -> Boolean.TRUE.equals(x.routed())).orElse(false);
        String trust = s.map(x -> trust(x.trust(), routed)).orElse(null);
        List<Integer> pfc = s.filter(x -> Boolean.TRUE.equals(x.pfcOn()) && !cfg.pfcAllOff())
                .map(x -> x.pfcNoDrop().entrySet().stream()
                        .filter(Map.Entry::getValue)
                        .map(Map.Entry::getKey)
                        .toList())
                .orElse(List.of());
        Map<Integer, Integer> dscp = new HashMap<>();
        Map<Integer, Integer> pcp = new HashMap<>();
        Map<Integer, Integer> queues = new HashMap<>();
        Set<Integer> strict = new TreeSet<>();
        if (cfg != null) {
            for (int d = 0; d < 64; d++) {
                dscp.put(d, defaultTrafficClass(d / 8));
            }
            for (int c = 0; c < QUEUES; c++) {
                pcp.put(c, defaultTrafficClass(c));
            }
            dscp.putAll(cfg.dscpToTrafficClass());
            pcp.putAll(cfg.cosToTrafficClass());
            queues.putAll(cfg.trafficClassToTxQueue());
        }
        s.ifPresent(x -> strict.addAll(strictQueues(x)));
        Integer mtu = routed ? s.map(EosRunningConfig.Section::mtu).orElse(null) : null;
        if (routed && mtu == null) {
            mtu = cfg.defaultMtu();
        }
        return new SwitchPort(
                sw.dump().name(),
                name,
                sw.platform(),
                null,
                mtu,
                null,
                trust,
                pfc,
                dscp,
                pcp,
                queues,
                strict,
                sw.facing(name),
                null);
    }

    /** EOS's trust by its own spelling; without a {@code qos trust} line, DSCP on a routed port, CoS on a switchport. */
    private static String trust(String written, boolean routed) {
        if (written == null) {
            return routed ? "dscp" : "pcp";
        }
        return switch (written) {
            case "dscp" -> "dscp";
            case "cos" -> "pcp";
            default -> null;
        };
    }

    /** The default CoS -> traffic class map: CoS 0 and 1 swap, so untagged best effort is not the lowest class. */
    private static int defaultTrafficClass(int cos) {
        return cos == 0 ? 1 : cos == 1 ? 0 : cos;
    }

    /** The strict-priority queues: all of them, but the highest {@code no priority} queue and the ones below. */
    private static Set<Integer> strictQueues(EosRunningConfig.Section s) {
        int roundRobinUpTo = s.txQueues().values().stream()
                .filter(q -> Boolean.FALSE.equals(q.strict()))
                .mapToInt(EosRunningConfig.TxQueue::queue)
                .max()
                .orElse(-1);
        Set<Integer> out = new TreeSet<>();
        for (int q = roundRobinUpTo + 1; q < QUEUES; q++) {
            out.add(q);
        }
        return out;
    }

    private SwitchLosslessQueue losslessQueue(SwitchPort port, int priority) {
        String name = port.port();
        int queue = port.queueOf(priority);
        Optional<EosRunningConfig.Ecn> ecn =
                settings(name).map(s -> s.txQueues().get(queue)).map(EosRunningConfig.TxQueue::ecn);
        Boolean watchdog =
                settings(name).map(s -> Boolean.TRUE.equals(s.watchdog())).orElse(null);
        String source = "show running-config: interface " + name;

        SwitchSource counters = SwitchSource.of(SwitchSourceKind.EOS_QUEUE_COUNTERS);
        QueueDrops drops = new QueueDrops();
        drops.add(
                sw.span(
                        counters,
                        EosQueueDrops.class,
                        d -> d.dropped(name, queue).orElse(null)),
                counters.display() + " unicast TC" + queue + " droppedPackets");

        Integer speed = sw.hostPort(name).map(Port::speedMbps).orElse(null);
        return new SwitchLosslessQueue(
                sw.dump().name(),
                name,
                sw.platform(),
                priority,
                queue,
                null,
                null,
                null,
                null,
                null,
                null,
                speed,
                settings(name).isPresent() ? ecn.isPresent() : null,
                ecn.map(EosRunningConfig.Ecn::minimumBytes).orElse(null),
                ecn.map(EosRunningConfig.Ecn::maximumBytes).orElse(null),
                ecn.map(EosRunningConfig.Ecn::maxMarkProbability).orElse(null),
                watchdog,
                source,
                null,
                null,
                false,
                null,
                drops.amount(),
                drops.sinceBoot(),
                drops.counters(),
                port.hostPorts(),
                null,
                null);
    }
}
