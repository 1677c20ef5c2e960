package io.rocedoctor.facts;

import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.parse.CpuGovernor;
import io.rocedoctor.parse.CpuSet;
import io.rocedoctor.parse.EthtoolChannels;
import io.rocedoctor.parse.EthtoolRings;
import io.rocedoctor.parse.RssIndirection;
import io.rocedoctor.parse.RxFlowHash;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Layer 3, and the CPU side of layer 2: each port's receive queues, rings and RSS set-up against
 * the CPUs local to its NIC, and the frequency governor of those CPUs.
 */
final class QueueFacts implements LayerFacts {
    /** The flow types whose hash RSS_HASH_NO_L4 judges: the kernel-path traffic sharing a RoCE port. */
    private static final List<String> JUDGED_FLOW_TYPES = List.of("udp4", "tcp4");
    /** A CPU's number as a governor source's argument; compiled once, not per CPU. */
    private static final Pattern CPU_NUMBER = Pattern.compile("\\d{1,5}");

    @Override
    public FactLayer declaration() {
        return new FactLayer(
                "queues",
                Set.of(
                        SourceKind.ETHTOOL_CHANNELS,
                        SourceKind.ETHTOOL_RINGS,
                        SourceKind.ETHTOOL_RSS,
                        SourceKind.ETHTOOL_FLOW_HASH,
                        SourceKind.NETDEV_LOCAL_CPULIST,
                        SourceKind.CPUFREQ_GOVERNOR),
                Set.of(),
                Set.of(QueueConfig.class, CpuFrequency.class));
    }

    @Override
    public void addTo(HostContext host, BuiltFacts facts) {
        Map<String, CpuSet> localCpus = new TreeMap<>();
        for (Port port : host.ports().values()) {
            localCpus(host, port).ifPresent(c -> localCpus.put(port.name(), c));
            queueConfig(host, port, localCpus.get(port.name())).ifPresent(facts::add);
        }
        cpuFrequencies(host, localCpus, facts);
    }

    private static Optional<QueueConfig> queueConfig(HostContext host, Port port, CpuSet local) {
        String name = port.name();
        Optional<EthtoolChannels> channels =
                host.parse(Source.of(SourceKind.ETHTOOL_CHANNELS, name), EthtoolChannels.class);
        Optional<EthtoolRings> rings = host.parse(Source.of(SourceKind.ETHTOOL_RINGS, name), EthtoolRings.class);
        Optional<RssIndirection> rss = host.parse(Source.of(SourceKind.ETHTOOL_RSS, name), RssIndirection.class);
        Map<String, String> flowHash = new TreeMap<>();
        List<String> withoutL4 = new ArrayList<>();
        for (String type : JUDGED_FLOW_TYPES) {
            host.ledger().expect(Source.of(SourceKind.ETHTOOL_FLOW_HASH, name, type));
        }
        for (Source s : host.sources(SourceKind.ETHTOOL_FLOW_HASH)) {
            if (!s.arg().equals(name) || s.args().size() < 2) {
                continue;
            }
            String type = s.args().get(1);
            host.parse(s, RxFlowHash.class).ifPresent(h -> {
                flowHash.put(type, letters(h));
                if (JUDGED_FLOW_TYPES.contains(type)
                        && !(h.fields().contains(RxFlowHash.Field.L4_BYTES_0_1)
                                && h.fields().contains(RxFlowHash.Field.L4_BYTES_2_3))) {
                    withoutL4.add(type);
                }
            });
        }
        if (channels.isEmpty() && rings.isEmpty() && rss.isEmpty() && flowHash.isEmpty()) {
            return Optional.empty();
        }
        Integer rxQueues = channels.map(c -> receiveQueues(c.current())).orElse(null);
        if (rxQueues == null) {
            rxQueues = rss.map(RssIndirection::ringCount).orElse(null);
        }
        Integer maxRxQueues = channels.map(c -> maxReceiveQueues(c.maximums())).orElse(null);
        boolean wholeTable = rss.isPresent()
                && !rss.get().tableElided()
                && !rss.get().table().isEmpty();
        Integer localCores = local == null
                ? null
                : host.topology() == null ? local.size() : host.topology().cores(local.size());
        return Optional.of(new QueueConfig(
                name,
                port.nic(),
                local == null ? null : local.size(),
                localCores,
                rxQueues,
                maxRxQueues,
                rings.map(r -> r.current().rx()).orElse(null),
                rings.map(r -> r.maximums().rx()).orElse(null),
                wholeTable ? rss.get().queuesUsed().size() : null,
                wholeTable ? rss.get().weightRatio() : null,
                flowHash,
                withoutL4));
    }

    /** Channels that receive: combined plus RX-only; null when the driver shows neither. */
    private static Integer receiveQueues(EthtoolChannels.Counts counts) {
        if (counts == null || (counts.combined() == null && counts.rx() == null)) {
            return null;
        }
        long n = (counts.combined() == null ? 0 : counts.combined()) + (counts.rx() == null ? 0 : counts.rx());
        return (int) Math.min(Integer.MAX_VALUE, n);
    }

    /**
     * The most receive channels the driver runs: the larger of its RX-only and combined maximums,
     * which limit alternatives and do not add (ice shows 64 and 64 and refuses more than 64 in
     * all); null when it shows neither.
     */
    private static Integer maxReceiveQueues(EthtoolChannels.Counts max) {
        if (max == null || (max.combined() == null && max.rx() == null)) {
            return null;
        }
        long n = Math.max(max.combined() == null ? 0 : max.combined(), max.rx() == null ? 0 : max.rx());
        return (int) Math.min(Integer.MAX_VALUE, n);
    }

    /** The NIC's own list of local CPUs when collected, else the CPUs of its NUMA node. */
    private static Optional<CpuSet> localCpus(HostContext host, Port port) {
        Source cpulist = Source.of(SourceKind.NETDEV_LOCAL_CPULIST, port.name());
        host.ledger().expect(cpulist);
        Optional<CpuSet> listed = host.parse(cpulist, CpuSet.class);
        if (listed.isPresent() && !listed.get().empty()) {
            return listed;
        }
        if (port.numaNode() == null || port.numaNode() < 0 || host.topology() == null) {
            return Optional.empty();
        }
        return Optional.ofNullable(host.topology().nodes().get(port.numaNode()));
    }

    /**
     * One fact per NIC whose CPUs' governors were collected. Collectors often read a few CPUs
     * only; when none of them is local to the NIC, the ones read stand for the host (governors
     * are set host-wide in practice) and the fact says so.
     */
    private static void cpuFrequencies(HostContext host, Map<String, CpuSet> localCpus, BuiltFacts facts) {
        Map<Integer, String> governors = new TreeMap<>();
        for (Source s : host.sources(SourceKind.CPUFREQ_GOVERNOR)) {
            if (CPU_NUMBER.matcher(s.arg()).matches()) {
                host.parse(s, CpuGovernor.class)
                        .map(CpuGovernor::name)
                        .ifPresent(g -> governors.put(Integer.parseInt(s.arg()), g));
            }
        }
        for (Nic nic : host.nics()) {
            CpuSet local = nic.ports().stream()
                    .map(localCpus::get)
                    .filter(java.util.Objects::nonNull)
                    .findFirst()
                    .orElse(null);
            List<Integer> judged = new ArrayList<>();
            if (local != null) {
                governors.keySet().stream().filter(local::contains).forEach(judged::add);
                if (judged.isEmpty()) {
                    host.ledger()
                            .expect(Source.of(
                                    SourceKind.CPUFREQ_GOVERNOR,
                                    String.valueOf(local.stream().min().orElse(0))));
                }
            }
            boolean nicLocal = !judged.isEmpty();
            if (!nicLocal) {
                judged.addAll(governors.keySet());
            }
            if (judged.isEmpty()) {
                continue;
            }
            List<Integer> slow = judged.stream()
                    .filter(c -> !"performance".equals(governors.get(c)))
                    .toList();
            Map<String, List<Integer>> cpusOf = new TreeMap<>();
            slow.forEach(c -> cpusOf.computeIfAbsent(governors.get(c), g -> new ArrayList<>())
                    .add(c));
            Map<String, CpuSet> byGovernor = new LinkedHashMap<>();
            cpusOf.entrySet().stream()
                    .sorted(Comparator.comparing((Map.Entry<String, List<Integer>> e) ->
                                    -e.getValue().size())
                            .thenComparing(Map.Entry::getKey))
                    .forEach(e -> byGovernor.put(e.getKey(), CpuSet.of(e.getValue())));
            facts.add(
                    new CpuFrequency(nic.id(), nic.ports(), nicLocal, CpuSet.of(judged), CpuSet.of(slow), byGovernor));
        }
    }

    /** The fields in the letters {@code ethtool -N IF rx-flow-hash TYPE} takes, in its order. */
    static String letters(RxFlowHash hash) {
        StringBuilder out = new StringBuilder();
        for (RxFlowHash.Field f : RxFlowHash.Field.values()) {
            if (hash.fields().contains(f)) {
                out.append(
                        switch (f) {
                            case L2DA -> 'm';
                            case VLAN -> 'v';
                            case L3_PROTO -> 't';
                            case IP_SA -> 's';
                            case IP_DA -> 'd';
                            case L4_BYTES_0_1 -> 'f';
                            case L4_BYTES_2_3 -> 'n';
                            case GTP_TEID -> 'e';
                            case IP6_FLOW_LABEL -> 'l';
                        });
            }
        }
        return hash.discarded() ? out.append('r').toString() : out.toString();
    }
}
