package io.rocedoctor.fleet;

import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.facts.CounterMeaning;
import io.rocedoctor.facts.CounterRate;
import io.rocedoctor.facts.DcqcnParameter;
import io.rocedoctor.facts.EcnState;
import io.rocedoctor.facts.Facts;
import io.rocedoctor.facts.MultipathGroup;
import io.rocedoctor.facts.Nic;
import io.rocedoctor.facts.Port;
import io.rocedoctor.facts.PortQos;
import io.rocedoctor.facts.PriorityPause;
import io.rocedoctor.facts.RdmaDriverStack;
import io.rocedoctor.facts.RoceTraffic;
import io.rocedoctor.facts.RoceTrafficClass;
import io.rocedoctor.facts.RoceV2Ipv4Gid;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * All a fleet analysis keeps of one host once its bundle is closed: NIC versions, the settings the
 * fleet compares (a host whose ports disagree shows every value, {@code dscp | pcp}), the rates it
 * compares (per second, summed over the host's ports; present only when two samples gave them),
 * which sources the host had, and the values compared per device port or parameter rather than per
 * host ({@code perSubject}: aspect -> subject -> value, {@link #PER_SUBJECT}). A few hundred bytes per
 * host, whatever the bundle's size.
 */
public record HostSummary(
        String host,
        List<NicVersion> nics,
        Map<String, String> settings,
        Map<String, Double> rates,
        Set<SourceKind> usableSources,
        Map<String, Map<String, String>> perSubject) {

    /** The settings FLEET_CONFIG_DRIFT compares, by name; adding one is a line. */
    static final Map<String, Setting<?>> SETTINGS = ordered(Map.of(
            "trust", new Setting<>(PortQos.class, PortQos::trust),
            "pfc", new Setting<>(PortQos.class, q -> q.pfcVector().isEmpty() ? "none" : q.pfcVector()),
            "tos", new Setting<>(RoceTraffic.class, r -> r.tos() == null ? null : String.valueOf(r.tos())),
            "roce-mode", new Setting<>(RoceTraffic.class, RoceTraffic::mode),
            "tclass",
                    new Setting<>(
                            RoceTrafficClass.class, c -> c.tclass() == null ? "unset" : String.valueOf(c.tclass())),
            "ecn", new Setting<>(EcnState.class, HostSummary::ecnPriorities),
            "mtu", new Setting<>(Port.class, p -> p.mtu() == null ? null : String.valueOf(p.mtu())),
            "hash", new Setting<>(MultipathGroup.class, MultipathGroup::hashPolicy),
            "driver-stack", new Setting<>(RdmaDriverStack.class, RdmaDriverStack::label)));

    /**
     * A compared setting: its value on each fact of a type (null where that fact does not say). A
     * loop over the facts, not a stream: nine streams per host were a third of the summary's cost.
     */
    record Setting<F>(Class<F> type, Function<F, String> value) {
        /** The distinct values the host's facts give, in order. */
        TreeSet<String> seen(Facts facts) {
            TreeSet<String> seen = new TreeSet<>();
            for (F f : facts.of(type)) {
                String v = value.apply(f);
                if (v != null) {
                    seen.add(v);
                }
            }
            return seen;
        }
    }

    /**
     * The rates FLEET_OUTLIER_HOST compares, each the per-second rates it sums; adding one is a line.
     * Counters are taken by meaning so that hosts of different NIC vendors compare; per-priority
     * pause as QoS facts read it from each driver's names.
     */
    static final Map<String, Rate> RATES = ordered(Map.of(
            "pause",
                    new Rate(
                            f -> f.of(PriorityPause.class).stream().map(PriorityPause::perSecond),
                            EnumSet.of(CounterMeaning.LINK_PAUSE)),
            "discards",
                    new Rate(
                            f -> Stream.empty(),
                            EnumSet.of(
                                    CounterMeaning.RX_PORT_DISCARD,
                                    CounterMeaning.TX_PORT_DISCARD,
                                    CounterMeaning.RX_NO_HOST_BUFFER)),
            "retransmissions", new Rate(f -> Stream.empty(), EnumSet.of(CounterMeaning.RETRANSMISSION))));

    /** A compared rate: the rates of other facts first, then those of the counters with one of these meanings. */
    record Rate(Function<Facts, Stream<Double>> besides, Set<CounterMeaning> meanings) {}

    /**
     * The values compared per subject, by aspect; each gives a subject -> value map of one host, and
     * hosts are compared subject by subject. {@code gid-index}: the indexes of the RoCE v2 IPv4 GIDs of
     * each device port ({@code mlx5_0/1}), FLEET_GID_INDEX_DRIFT's; {@code dcqcn}: the value of each
     * DCQCN parameter ({@code roce_rp/rpg_ai_rate}), FLEET_DCQCN_PARAMS_DRIFT's. Adding one is a line.
     */
    static final Map<String, Function<Facts, Map<String, String>>> PER_SUBJECT =
            ordered(Map.of("gid-index", HostSummary::gidIndexes, "dcqcn", HostSummary::dcqcnParameters));

    public HostSummary {
        nics = List.copyOf(nics);
        settings = Collections.unmodifiableMap(new TreeMap<>(settings));
        rates = Collections.unmodifiableMap(new TreeMap<>(rates));
        usableSources = usableSources.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(usableSources));
        Map<String, Map<String, String>> copy = new TreeMap<>();
        perSubject.forEach((aspect, values) -> copy.put(aspect, Collections.unmodifiableMap(new TreeMap<>(values))));
        perSubject = Collections.unmodifiableMap(copy);
    }

    public static HostSummary of(Facts facts) {
        Comparator<String> text = Comparator.nullsFirst(Comparator.naturalOrder());
        TreeSet<NicVersion> nics = new TreeSet<>(Comparator.comparing(NicVersion::model, text)
                .thenComparing(NicVersion::firmware, text)
                .thenComparing(NicVersion::driver, text));
        for (Nic n : facts.of(Nic.class)) {
            if (n.model() != null) {
                nics.add(new NicVersion(n.model(), n.firmware(), n.driver()));
            }
        }
        Map<String, String> settings = new TreeMap<>();
        SETTINGS.forEach((name, setting) -> {
            TreeSet<String> seen = setting.seen(facts);
            if (!seen.isEmpty()) {
                settings.put(name, String.join(" | ", seen));
            }
        });
        Map<String, Double> rates = new TreeMap<>();
        Map<String, List<Double>> counted = counted(facts);
        RATES.forEach((metric, rate) -> {
            List<Double> measured = Stream.concat(rate.besides().apply(facts), counted.get(metric).stream())
                    .filter(Objects::nonNull)
                    .toList();
            if (!measured.isEmpty()) {
                rates.put(
                        metric,
                        measured.stream().mapToDouble(Double::doubleValue).sum());
            }
        });
        return new HostSummary(
                facts.host().name(),
                List.copyOf(nics),
                settings,
                rates,
                facts.ledger().usableKinds(),
                perSubject(facts));
    }

    private static Map<String, Map<String, String>> perSubject(Facts facts) {
        Map<String, Map<String, String>> out = new TreeMap<>();
        PER_SUBJECT.forEach((aspect, values) -> {
            Map<String, String> v = values.apply(facts);
            if (!v.isEmpty()) {
                out.put(aspect, v);
            }
        });
        return out;
    }

    /** Per DCQCN parameter, its values on the host's ports ("300", or "300 | 1200" where ports differ). */
    private static Map<String, String> dcqcnParameters(Facts facts) {
        return joined(facts.of(DcqcnParameter.class), DcqcnParameter::key, DcqcnParameter::value, " | ");
    }

    /** Per device port, its RoCE v2 IPv4 GIDs' indexes ("3", or "3,5" with two IPv4 addresses). */
    private static Map<String, String> gidIndexes(Facts facts) {
        return joined(facts.of(RoceV2Ipv4Gid.class), RoceV2Ipv4Gid::role, RoceV2Ipv4Gid::index, ",");
    }

    /** Each subject's distinct values, sorted and joined: one text to compare across hosts. */
    private static <F, V extends Comparable<V>> Map<String, String> joined(
            List<F> facts, Function<F, String> subject, Function<F, V> value, String separator) {
        Map<String, TreeSet<V>> bySubject = new TreeMap<>();
        for (F f : facts) {
            bySubject.computeIfAbsent(subject.apply(f), k -> new TreeSet<>()).add(value.apply(f));
        }
        Map<String, String> out = new TreeMap<>();
        bySubject.forEach((key, values) -> out.put(
                key, String.join(separator, values.stream().map(String::valueOf).toList())));
        return out;
    }

    /**
     * Per compared rate, the rates of the counters it takes, in the facts' order: one pass over the
     * host's ~2,300 counters for all of them.
     */
    private static Map<String, List<Double>> counted(Facts facts) {
        Map<String, List<Double>> out = new TreeMap<>();
        RATES.keySet().forEach(metric -> out.put(metric, new java.util.ArrayList<>()));
        for (CounterRate c : facts.of(CounterRate.class)) {
            if (c.meaning() != null) {
                RATES.forEach((metric, rate) -> {
                    if (rate.meanings().contains(c.meaning())) {
                        out.get(metric).add(c.perSecond());
                    }
                });
            }
        }
        return out;
    }

    /** The priorities with both DCQCN points on, as a list ("0,1,2,3,4,5,6,7"), or "off". */
    private static String ecnPriorities(EcnState e) {
        StringBuilder on = new StringBuilder();
        for (int p = 0; p < 8; p++) {
            if (e.enabled(p)) {
                on.append(on.length() == 0 ? "" : ",").append(p);
            }
        }
        return on.length() == 0 ? "off" : on.toString();
    }

    private static <V> Map<String, V> ordered(Map<String, V> m) {
        return Collections.unmodifiableMap(new TreeMap<>(m));
    }
}
