package io.rocedoctor.report;

import io.rocedoctor.parse.CpuSet;
import io.rocedoctor.parse.ParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Evidence as people read it (text, Markdown, HTML): a line repeated word for word once; lines
 * whose sources differ in one number only ({@code /proc/irq/121/...}, {@code /proc/irq/122/...})
 * one line, naming how many and their range, with the values merged (CPU and number lists into
 * ranges) and what their notes all say; long decimals rounded. JSON and YAML keep every line.
 */
final class EvidenceSummary {
    /** Fewer lines than this stay as they are: three IRQs read better one by one. */
    static final int COLLAPSE_FROM = 4;

    private static final Pattern NUMBER = Pattern.compile("\\d+");
    /** A decimal standing alone: "ens1f0np0.100" (a VLAN) and "22.39.1002" (a version) and 192.168.10.11 are names. */
    private static final Pattern LONG_DECIMAL = Pattern.compile("(?<![\\w.])-?\\d+\\.\\d{3,}(?![\\w.])");

    private static final int VALUES_SHOWN = 6;

    private EvidenceSummary() {}

    /** One line of evidence for people, and the lines it stands for (one unless it summarises). */
    record Line(Report.Evidence evidence, List<Report.Evidence> covers) {
        boolean summarises() {
            return covers.size() > 1;
        }
    }

    static List<Line> of(List<Report.Evidence> evidence) {
        Map<String, List<Report.Evidence>> groups = new LinkedHashMap<>();
        Set<Report.Evidence> seen = new LinkedHashSet<>();
        for (Report.Evidence e : evidence) {
            if (seen.add(e)) {
                groups.computeIfAbsent(NUMBER.matcher(e.source()).replaceAll("#"), k -> new ArrayList<>())
                        .add(e);
            }
        }
        List<Line> out = new ArrayList<>();
        for (List<Report.Evidence> group : groups.values()) {
            Integer position = group.size() >= COLLAPSE_FROM ? varyingNumber(group) : null;
            if (position == null) {
                group.forEach(e -> out.add(new Line(rounded(e), List.of(e))));
            } else {
                out.add(new Line(summary(group, position), List.copyOf(group)));
            }
        }
        return out;
    }

    /** The index of the one number that differs between the sources, or null when none or several do. */
    private static Integer varyingNumber(List<Report.Evidence> group) {
        List<List<String>> numbers =
                group.stream().map(e -> numbers(e.source())).toList();
        Integer varying = null;
        for (int i = 0; i < numbers.get(0).size(); i++) {
            int index = i;
            if (numbers.stream().map(n -> n.get(index)).distinct().count() > 1) {
                if (varying != null) {
                    return null;
                }
                varying = i;
            }
        }
        return varying;
    }

    private static Report.Evidence summary(List<Report.Evidence> group, int position) {
        Matcher m = NUMBER.matcher(group.get(0).source());
        StringBuilder source = new StringBuilder();
        int i = 0;
        while (m.find()) {
            m.appendReplacement(source, i++ == position ? "*" : m.group());
        }
        m.appendTail(source);
        List<Integer> ids = group.stream()
                .map(e -> Integer.parseInt(numbers(e.source()).get(position)))
                .toList();
        String label = source + ", " + group.size() + " of them (" + CpuSet.of(ids) + ")";
        return new Report.Evidence(
                label, merged(group.stream().map(Report.Evidence::value).toList()), commonNote(group));
    }

    /** CPU lists and numbers merge into one range list; other values are listed once each, the first few. */
    private static String merged(List<String> values) {
        List<Integer> cpus = new ArrayList<>();
        try {
            for (String v : values) {
                CpuSet.parse(v.strip(), 0).stream().forEach(cpus::add);
            }
            return CpuSet.of(cpus).toString();
        } catch (ParseException | RuntimeException notCpus) {
            List<String> distinct = new ArrayList<>(new TreeSet<>(values));
            return String.join(", ", distinct.subList(0, Math.min(VALUES_SHOWN, distinct.size())))
                    + (distinct.size() > VALUES_SHOWN
                            ? " and " + (distinct.size() - VALUES_SHOWN) + " other values"
                            : "");
        }
    }

    /** What every note ends with ("outside node 0"), said of all of them; null when they share nothing. */
    private static String commonNote(List<Report.Evidence> group) {
        if (group.stream().anyMatch(e -> e.note() == null)) {
            return null;
        }
        List<String> suffix = Arrays.asList(group.get(0).note().split(" "));
        for (Report.Evidence e : group) {
            List<String> words = Arrays.asList(e.note().split(" "));
            int n = 0;
            while (n < suffix.size()
                    && n < words.size()
                    && suffix.get(suffix.size() - 1 - n).equals(words.get(words.size() - 1 - n))) {
                n++;
            }
            suffix = suffix.subList(suffix.size() - n, suffix.size());
        }
        return suffix.isEmpty() ? null : "each: \u2026 " + String.join(" ", suffix);
    }

    private static List<String> numbers(String s) {
        List<String> out = new ArrayList<>();
        NUMBER.matcher(s).results().forEach(r -> out.add(r.group()));
        return out;
    }

    /** A value like 252.06153846153848 as 252.06. */
    private static Report.Evidence rounded(Report.Evidence e) {
        Matcher m = LONG_DECIMAL.matcher(e.value());
        if (!m.find()) {
            return e;
        }
        StringBuilder b = new StringBuilder();
        m.reset();
        while (m.find()) {
            m.appendReplacement(b, String.format(Locale.ROOT, "%.2f", Double.parseDouble(m.group())));
        }
        m.appendTail(b);
        return new Report.Evidence(e.source(), b.toString(), e.note());
    }
}
