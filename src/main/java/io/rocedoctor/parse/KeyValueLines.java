package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The shape shared by {@code ethtool -i}, {@code ethtool IF}, lscpu and /proc/net/bonding:
 * lines of {@code key: value}, indented or not, where a line without a separator continues the
 * value of the key above it (ethtool's link-mode lists, lscpu's wrapped flags).
 */
public final class KeyValueLines {

    /** One key with its value and the line it started on. */
    public record Entry(String key, String value, int line) {}

    private final List<Entry> entries;

    private KeyValueLines(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    public static KeyValueLines parse(TextLines text, char separator) {
        return parse(text, separator, null, null);
    }

    /**
     * As {@link #parse(TextLines, char)}, for outputs whose values never continue on another line
     * ({@code ethtool -i}, /proc/net/bonding): a line without the separator, or with nothing
     * before it, is a note on its line ({@link TextLines#unreadable}) unless {@code isTitle} says
     * it is one of the output's headings, and it continues nothing.
     */
    public static KeyValueLines parseEachLine(TextLines text, char separator, Predicate<String> isTitle, String what) {
        return parse(text, separator, isTitle, what);
    }

    /** {@code isTitle} null: a line without a key continues the value above it. */
    private static KeyValueLines parse(TextLines text, char separator, Predicate<String> isTitle, String what) {
        List<Entry> entries = new ArrayList<>();
        for (int n = 1; n <= text.size(); n++) {
            String line = text.line(n);
            if (line.isBlank()) {
                continue;
            }
            Optional<String[]> kv = TextLines.keyValue(line, separator);
            if (kv.isPresent() && !kv.get()[0].isEmpty()) {
                entries.add(new Entry(kv.get()[0], kv.get()[1], n));
            } else if (isTitle != null) {
                if (!isTitle.test(line.strip())) {
                    text.unreadable(
                            n,
                            what + ": expected 'name" + separator + " value', got '"
                                    + TextLines.abbreviate(line.strip()) + "'");
                }
            } else if (!entries.isEmpty()) {
                Entry last = entries.remove(entries.size() - 1);
                String joined = last.value().isEmpty() ? line.strip() : last.value() + " " + line.strip();
                entries.add(new Entry(last.key(), joined, last.line()));
            }
        }
        return new KeyValueLines(entries);
    }

    public List<Entry> entries() {
        return entries;
    }

    /** The first value of each key, in order. */
    public Map<String, String> asMap() {
        Map<String, String> map = new LinkedHashMap<>();
        for (Entry e : entries) {
            map.putIfAbsent(e.key(), e.value());
        }
        return map;
    }

    public Optional<Entry> first(String key) {
        return entries.stream().filter(e -> e.key().equalsIgnoreCase(key)).findFirst();
    }

    public Optional<String> value(String key) {
        return first(key).map(Entry::value);
    }
}
