package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Pattern;

/**
 * The kernel parameters of {@code sysctl -a}.
 *
 * @param values         key to value as printed (tabs between the numbers of vector values kept)
 * @param unreadableKeys keys sysctl reported it could not read ("permission denied on key ...")
 */
public record SysctlValues(Map<String, String> values, List<String> unreadableKeys) {
    /** A number as the rules read one; compiled once (a compile per value was 0.3% of a typical bundle's samples). */
    private static final Pattern NUMBER = Pattern.compile("-?\\d{1,18}");

    public SysctlValues {
        values = OrderedCopy.map(values);
        unreadableKeys = List.copyOf(unreadableKeys);
    }

    public Optional<String> value(String key) {
        return Optional.ofNullable(values.get(key));
    }

    /** A single whole-number value ("net.core.netdev_max_backlog = 1000"); empty when absent or not one number. */
    public OptionalLong longValue(String key) {
        List<Long> all = longs(key);
        return all.size() == 1 ? OptionalLong.of(all.get(0)) : OptionalLong.empty();
    }

    /** The numbers of a vector value ("net.ipv4.tcp_rmem = 4096 131072 6291456"); empty when any is not a number. */
    public List<Long> longs(String key) {
        String v = values.get(key);
        if (v == null || v.isBlank()) {
            return List.of();
        }
        List<Long> out = new ArrayList<>();
        for (String part : TextLines.splitWords(v.strip())) {
            if (!NUMBER.matcher(part).matches()) {
                return List.of();
            }
            out.add(Long.valueOf(part));
        }
        return List.copyOf(out);
    }
}
