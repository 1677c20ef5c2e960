package io.rocedoctor.engine;

import io.rocedoctor.facts.CounterRate;
import java.util.List;
import java.util.Locale;

/** Numbers as evidence shows them: fixed precision and locale-independent, so output is byte-stable. */
public final class Figures {
    private Figures() {}

    public static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.1f%%", fraction * 100);
    }

    public static String gbps(double gbps) {
        return String.format(Locale.ROOT, "%.1f Gb/s", gbps);
    }

    public static String number(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return String.valueOf((long) value);
        }
        return String.format(Locale.ROOT, "%.3g", value);
    }

    /**
     * A ratio as a reader says it, "3.8 times", to one decimal and without a trailing ".0" ("4 times"):
     * {@link #number} keeps three significant digits, and "3.80x" reads as more precise than a
     * ratio of two measurements is.
     */
    public static String times(double ratio) {
        String figure = String.format(Locale.ROOT, "%.1f", ratio).replaceFirst("\\.0$", "");
        return figure + (figure.equals("1") ? " time" : " times");
    }

    /**
     * Items as a reader lists them, "3", "3 and 4", "2, 3 and 4", "none" for no item: priorities and
     * the like in evidence, where a Java list's "[2, 3, 4]" is a program's spelling.
     */
    public static String listed(java.util.Collection<?> items) {
        List<String> words = items.stream().map(String::valueOf).toList();
        int last = words.size() - 1;
        if (last < 0) {
            return "none";
        }
        return last == 0 ? words.get(0) : String.join(", ", words.subList(0, last)) + " and " + words.get(last);
    }

    /** How a counter moved: "+120 in the interval (12/s)", or its absolute value when only one sample was taken. */
    public static String change(CounterRate c) {
        if (c.sinceBoot()) {
            return Long.toUnsignedString(c.last()) + " since boot (one sample)";
        }
        return "+" + c.delta() + " in the interval"
                + (c.perSecond() == null ? "" : " (" + number(c.perSecond()) + "/s)");
    }
}
