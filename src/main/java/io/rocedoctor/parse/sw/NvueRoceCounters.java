package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.OrderedCopy;
import java.util.Map;

/**
 * {@code nv show interface IF qos roce counters}: every counter by its dotted path, such as
 * {@code tx-stats.tx-ecn-stats.ecn-marked-packets} or {@code rx-stats.rx-pfc-stats.pause-packets};
 * sizes ({@code 16.02 MB}) converted to bytes.
 */
public record NvueRoceCounters(Map<String, Long> values) {
    public NvueRoceCounters {
        values = OrderedCopy.map(values);
    }

    /** One counter, or null when the output lacks it. */
    public Long value(String path) {
        return values.get(path);
    }
}
