package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code grep "" /sys/class/infiniband/DEV/ports/PORT/hw_counters/*}: one
 * {@code path:value} line per counter file (the {@code counters/} directory too):
 * <pre>
 * /sys/class/infiniband/mlx5_2/ports/1/hw_counters/local_ack_timeout_err:18
 * /sys/class/infiniband/mlx5_2/ports/1/hw_counters/np_cnp_sent:905
 * </pre>
 * -> the same {@link RdmaStatistics} shape as {@code rdma statistic show}: mlx5_2/1:
 * {local_ack_timeout_err=18, np_cnp_sent=905}. The kernel's {@code hw_stat_device_show} prints
 * each {@code u64} with {@code %llu}: values run to 2^64-1. Empty text is an empty list (the grep
 * matched no file); a line that is not such a path, or a value that is not a counter, is a note
 * and the other counters stand.
 */
public final class HwCountersParser extends LineParser<RdmaStatistics> {
    private static final Pattern COUNTER_PATH =
            Pattern.compile("(?:.*/)?([^/]+)/ports/(\\d+)/(?:hw_counters|counters)/([^/:]+):(.*)");

    @Override
    protected RdmaStatistics parse(TextLines lines) {
        Map<RdmaPortName, Map<String, Long>> byPort = new LinkedHashMap<>();
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n).trim();
            if (line.isEmpty()) {
                continue;
            }
            Matcher m = COUNTER_PATH.matcher(line);
            if (!m.matches()) {
                lines.unreadable(n, "expected '/sys/class/infiniband/DEV/ports/N/hw_counters/NAME:VALUE', found '"
                        + TextLines.abbreviate(line) + "'");
                continue;
            }
            try {
                RdmaPortName port = RdmaPortName.parse(m.group(1) + "/" + m.group(2), n);
                long value = TextLines.parseCounter(m.group(4), n, () -> m.group(3));
                byPort.computeIfAbsent(port, p -> new LinkedHashMap<>()).put(m.group(3), value);
            } catch (ParseException e) {
                lines.unreadable(e);
            }
        }
        List<RdmaStatistics.PortCounters> ports = new ArrayList<>();
        byPort.forEach((p, c) -> ports.add(new RdmaStatistics.PortCounters(p.device(), p.port(), c)));
        return new RdmaStatistics(ports);
    }
}
