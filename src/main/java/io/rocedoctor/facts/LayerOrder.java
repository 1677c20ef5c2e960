package io.rocedoctor.facts;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The order the layers are built in, from their declarations: a layer comes after every other
 * layer producing a type it consumes (the skeleton is built first); among layers free to go, the
 * first by name, so the order is the same on every run. A type nobody produces, or layers that wait
 * on each other, are a mistake in the declarations, reported when the order is made.
 */
final class LayerOrder {
    private LayerOrder() {}

    static List<LayerFacts> of(FactLayer skeleton, Collection<LayerFacts> layers) {
        Map<String, LayerFacts> byName = new TreeMap<>();
        layers.forEach(l -> byName.put(l.declaration().name(), l));
        Map<String, Set<String>> after = new TreeMap<>();
        for (LayerFacts layer : byName.values()) {
            FactLayer d = layer.declaration();
            Set<String> producers = new TreeSet<>();
            for (Class<?> type : d.consumes()) {
                List<String> of = byName.values().stream()
                        .map(LayerFacts::declaration)
                        .filter(o -> !o.name().equals(d.name()) && o.produces().contains(type))
                        .map(FactLayer::name)
                        .toList();
                if (of.isEmpty() && !skeleton.produces().contains(type)) {
                    throw new IllegalStateException("the " + d.name() + " layer consumes " + type.getSimpleName()
                            + " facts, which no layer produces");
                }
                producers.addAll(of);
            }
            after.put(d.name(), producers);
        }
        List<LayerFacts> ordered = new ArrayList<>();
        Set<String> built = new TreeSet<>();
        while (ordered.size() < byName.size()) {
            String next = after.entrySet().stream()
                    .filter(e -> !built.contains(e.getKey()) && built.containsAll(e.getValue()))
                    .map(Map.Entry::getKey)
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException("fact layers wait on each other: "
                            + after.entrySet().stream()
                                    .filter(e -> !built.contains(e.getKey()))
                                    .map(e -> e.getKey() + " after " + e.getValue())
                                    .toList()));
            built.add(next);
            ordered.add(byName.get(next));
        }
        return List.copyOf(ordered);
    }
}
