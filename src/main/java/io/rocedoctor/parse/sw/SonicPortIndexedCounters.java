package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.OrderedCopy;
import java.util.Map;

/**
 * A SONiC per-port table of numbered counters: {@code PG0..PG7} of the priority-group watermarks
 * and drop counters, {@code UC0..UC9} of the queue watermarks. {@code byPort} maps a port to
 * index -> value; {@code N/A} cells are left out. {@code title} is the line above the table.
 */
public record SonicPortIndexedCounters(String title, Map<String, Map<Integer, Long>> byPort) {
    public SonicPortIndexedCounters {
        byPort = OrderedCopy.map(byPort);
    }

    /** One value, or null when the port or index is absent. */
    public Long value(String port, int index) {
        Map<Integer, Long> values = byPort.get(port);
        return values == null ? null : values.get(index);
    }
}
