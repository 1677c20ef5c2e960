package io.rocedoctor.engine;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The profile's numbers as the rules see them. {@link #num(String)} fails loudly on an unknown
 * key, so a typo in a rule or a profile cannot silently turn a threshold into zero.
 */
public record Thresholds(String profile, Map<String, Double> values, boolean latencySensitive) {
    public Thresholds {
        values = Collections.unmodifiableMap(new TreeMap<>(values));
    }

    public double num(String key) {
        Double v = values.get(key);
        if (v == null) {
            throw new IllegalStateException("profile " + profile + " has no threshold '" + key + "'");
        }
        return v;
    }
}
