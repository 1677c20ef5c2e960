package io.rocedoctor.plan;

import io.rocedoctor.engine.Diagnosis;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.Facts;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What changed between two bundles of one host (before and after a step): findings gone, new
 * and unchanged, by id and subject, and the measured figures that moved.
 */
public record BundleDiff(
        String before,
        String after,
        List<FindingKey> gone,
        List<FindingKey> appeared,
        List<FindingKey> unchanged,
        List<Moved> moved) {

    /** A figure moves when it changed by more than this share of its larger value, or appeared or vanished. */
    static final double NOISE = 0.01;

    public BundleDiff {
        gone = List.copyOf(gone);
        appeared = List.copyOf(appeared);
        unchanged = List.copyOf(unchanged);
        moved = List.copyOf(moved);
    }

    /** A figure as the diff shows it: "absent", a share with one decimal (12.5%), else the number and its unit. */
    public static String shown(Double value, String unit) {
        if (value == null) {
            return "absent";
        }
        return unit.equals("%")
                ? String.format(java.util.Locale.ROOT, "%.1f%%", value)
                : io.rocedoctor.engine.Figures.number(value) + unit;
    }

    public record FindingKey(String id, String subject, String severity) implements Comparable<FindingKey> {
        @Override
        public int compareTo(FindingKey o) {
            int c = id.compareTo(o.id);
            return c != 0 ? c : subject.compareTo(o.subject);
        }
    }

    /** A figure before and after; either is null when only one bundle has it. */
    public record Moved(String figure, String subject, String unit, Double before, Double after) {}

    public static BundleDiff of(
            String beforeName,
            Diagnosis before,
            Facts beforeFacts,
            String afterName,
            Diagnosis after,
            Facts afterFacts) {
        Map<String, FindingKey> b = keys(before);
        Map<String, FindingKey> a = keys(after);
        List<FindingKey> gone = new ArrayList<>();
        List<FindingKey> unchanged = new ArrayList<>();
        b.forEach((k, f) -> (a.containsKey(k) ? unchanged : gone).add(a.getOrDefault(k, f)));
        List<FindingKey> appeared = a.entrySet().stream()
                .filter(e -> !b.containsKey(e.getKey()))
                .map(Map.Entry::getValue)
                .toList();

        Map<String, MeasuredFigures.Figure> fb = MeasuredFigures.of(beforeFacts);
        Map<String, MeasuredFigures.Figure> fa = MeasuredFigures.of(afterFacts);
        List<Moved> moved = new ArrayList<>();
        for (String k : new TreeSet<>(union(fb, fa))) {
            MeasuredFigures.Figure x = fb.get(k);
            MeasuredFigures.Figure y = fa.get(k);
            MeasuredFigures.Figure any = x != null ? x : y;
            if (x == null
                    || y == null
                    || Math.abs(x.value() - y.value()) > NOISE * Math.max(Math.abs(x.value()), Math.abs(y.value()))) {
                moved.add(new Moved(
                        any.name(),
                        any.subject(),
                        any.unit(),
                        x == null ? null : x.value(),
                        y == null ? null : y.value()));
            }
        }
        return new BundleDiff(beforeName, afterName, gone, appeared, unchanged, moved);
    }

    private static java.util.Set<String> union(Map<String, ?> x, Map<String, ?> y) {
        java.util.Set<String> out = new TreeSet<>(x.keySet());
        out.addAll(y.keySet());
        return out;
    }

    private static Map<String, FindingKey> keys(Diagnosis d) {
        Map<String, FindingKey> out = new TreeMap<>();
        for (Finding f : d.findings()) {
            FindingKey k = new FindingKey(f.id(), f.subject(), f.severity());
            out.put(f.id() + "\u0000" + f.subject(), k);
        }
        return out;
    }
}
