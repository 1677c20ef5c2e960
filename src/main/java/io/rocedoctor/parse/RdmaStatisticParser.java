package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses {@code rdma statistic show} (also {@code rdma stat show}): per port, "link DEV/PORT"
 * then "name value" pairs, on one line, or one pair per tab-indented line with {@code -p}:
 * <pre>
 * link mlx5_0/1 rx_write_requests 0 rx_read_requests 12 out_of_sequence 3 np_cnp_sent 41 rp_cnp_handled 7
 * </pre>
 * -> mlx5_0/1: {rx_write_requests=0, rx_read_requests=12, out_of_sequence=3, np_cnp_sent=41,
 * rp_cnp_handled=7}. iproute2's {@code rdma/stat.c} prints each counter with {@code %" PRIu64}, so
 * values run to 2^64-1. The text is read as one stream of words, so a line wrapped anywhere (by a
 * mail client) still parses. Empty text is an empty list (no RDMA device). Words before the first
 * "link", a value that is not a counter, or a port name that is not DEV/PORT (its counters then
 * dropped up to the next "link") are notes on their line. A name cut off at the very end
 * (truncated capture) is dropped.
 */
public final class RdmaStatisticParser extends LineParser<RdmaStatistics> {

    @Override
    protected RdmaStatistics parse(TextLines lines) {
        List<RdmaStatistics.PortCounters> ports = new ArrayList<>();
        RdmaPortName current = null;
        Map<String, Long> counters = new LinkedHashMap<>();
        boolean expectPort = false;
        boolean badPort = false;
        String pendingName = null;
        for (int n = 1; n <= lines.size(); n++) {
            String trimmed = lines.line(n).trim();
            if (trimmed.isEmpty()) {
                continue;
            }
            for (String word : TextLines.words(trimmed)) {
                if (word.equals("link") && pendingName == null) {
                    if (current != null) {
                        ports.add(new RdmaStatistics.PortCounters(current.device(), current.port(), counters));
                    }
                    current = null;
                    counters = new LinkedHashMap<>();
                    expectPort = true;
                    badPort = false;
                } else if (expectPort) {
                    expectPort = false;
                    try {
                        current = RdmaPortName.parse(word, n);
                    } catch (ParseException e) {
                        badPort = true;
                        lines.unreadable(e);
                    }
                } else if (badPort) {
                    continue;
                } else if (pendingName != null) {
                    String name = pendingName;
                    pendingName = null;
                    try {
                        counters.put(name, TextLines.parseCounter(word, n, name));
                    } catch (ParseException e) {
                        lines.partlyUnreadable(e);
                    }
                } else if (current == null) {
                    lines.unreadable(n, "expected 'link DEVICE/PORT', found '" + TextLines.abbreviate(word) + "'");
                } else {
                    pendingName = word;
                }
            }
        }
        if (current != null) {
            ports.add(new RdmaStatistics.PortCounters(current.device(), current.port(), counters));
        }
        return new RdmaStatistics(ports);
    }
}
