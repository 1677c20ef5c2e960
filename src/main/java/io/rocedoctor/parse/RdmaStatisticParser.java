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
 * rp_cnp_handled=7}. The text is read as one stream of words, so a line wrapped anywhere (by a
 * mail client) still parses. Empty text is an empty list (no RDMA device); words before the
 * first "link", or a value that is not a whole number, are a {@link ParseException}. A name
 * cut off at the very end (truncated capture) is dropped.
 */
public final class RdmaStatisticParser implements Parser<RdmaStatistics> {

    @Override
    public RdmaStatistics parse(String text) throws ParseException {
        TextLines lines = TextLines.of(text);
        List<RdmaStatistics.PortCounters> ports = new ArrayList<>();
        RdmaPortName current = null;
        Map<String, Long> counters = new LinkedHashMap<>();
        boolean expectPort = false;
        String pendingName = null;
        for (int n = 1; n <= lines.size(); n++) {
            String trimmed = lines.line(n).trim();
            if (trimmed.isEmpty()) {
                continue;
            }
            for (String word : TextLines.words(trimmed)) {
                if (expectPort) {
                    current = RdmaPortName.parse(word, n);
                    expectPort = false;
                } else if (pendingName != null) {
                    counters.put(pendingName, TextLines.parseLong(word, n, pendingName));
                    pendingName = null;
                } else if (word.equals("link")) {
                    if (current != null) {
                        ports.add(new RdmaStatistics.PortCounters(current.device(), current.port(), counters));
                    }
                    counters = new LinkedHashMap<>();
                    expectPort = true;
                } else if (current == null) {
                    throw new ParseException(n, "expected 'link DEVICE/PORT', found '" + TextLines.abbreviate(word) + "'");
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
