package io.rocedoctor.fleet;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The facts the fleet rules read, from the hosts' summaries: a {@link ValueSpread} per NIC model,
 * per setting and per subject of each per-subject aspect ({@code gid-index} of {@code mlx5_0/1}), a {@link RateSpread} and the {@link HostRate}s per metric. The grouping is
 * done here; what counts as drift or as an outlier is the rules' business.
 */
public final class FleetFacts {
    private FleetFacts() {}

    public static List<Object> of(List<HostSummary> hosts) {
        Map<String, Map<String, SortedSet<String>>> versions = new TreeMap<>();
        Map<String, Map<String, SortedSet<String>>> settings = new TreeMap<>();
        Map<String, List<HostRate>> rates = new TreeMap<>();
        Map<String, Map<String, Map<String, SortedSet<String>>>> perSubject = new TreeMap<>();
        for (HostSummary h : hosts) {
            h.perSubject()
                    .forEach((aspect, values) -> values.forEach((subject, value) ->
                            add(perSubject.computeIfAbsent(aspect, k -> new TreeMap<>()), subject, value, h.host())));
            for (NicVersion v : h.nics()) {
                add(versions, v.model(), v.label(), h.host());
            }
            h.settings().forEach((name, value) -> add(settings, name, value, h.host()));
            h.rates()
                    .forEach((metric, perSecond) -> rates.computeIfAbsent(metric, k -> new ArrayList<>())
                            .add(new HostRate(h.host(), metric, perSecond)));
        }
        List<Object> facts = new ArrayList<>();
        versions.forEach((model, byValue) -> facts.add(spread("nic-version", model, byValue)));
        settings.forEach((name, byValue) -> facts.add(spread("config", name, byValue)));
        perSubject.forEach((aspect, bySubject) ->
                bySubject.forEach((subject, byValue) -> facts.add(spread(aspect, subject, byValue))));
        rates.forEach((metric, list) -> {
            facts.add(new RateSpread(metric, median(list), list.size()));
            facts.addAll(list);
        });
        return facts;
    }

    // A sorted set, not a list searched before each insert: a value most hosts share made the fleet's
    // grouping quadratic in its hosts (1.6% of a 1,000-bundle fleet's samples, growing with it).
    private static void add(
            Map<String, Map<String, SortedSet<String>>> into, String subject, String value, String host) {
        into.computeIfAbsent(subject, k -> new TreeMap<>())
                .computeIfAbsent(value, k -> new TreeSet<>())
                .add(host);
    }

    private static ValueSpread spread(String aspect, String subject, Map<String, SortedSet<String>> byValue) {
        List<ValueSpread.Variant> variants = new ArrayList<>();
        byValue.forEach((value, hosts) -> variants.add(new ValueSpread.Variant(value, List.copyOf(hosts))));
        variants.sort(
                Comparator.comparingInt((ValueSpread.Variant v) -> -v.hosts().size())
                        .thenComparing(ValueSpread.Variant::value));
        return new ValueSpread(aspect, subject, variants.size(), variants);
    }

    static double median(List<HostRate> rates) {
        double[] values =
                rates.stream().mapToDouble(HostRate::perSecond).sorted().toArray();
        int n = values.length;
        return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    }
}
