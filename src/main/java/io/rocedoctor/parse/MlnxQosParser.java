package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code mlnx_qos -i IF} (MLNX_OFED 4.x to 24.x). Newer versions print the dscp2prio map,
 * receive buffers and a "buffer" row in the PFC table; every version prints the PFC table and
 * the tc blocks (older ones under an "ETS configuration:" title).
 * <pre>
 * DCBX mode: OS controlled
 * Priority trust state: dscp
 * dscp2prio mapping:
 *         prio:0 dscp:07,06,05,04,03,02,01,00,
 *         prio:3 dscp:31,30,29,28,27,26,25,24,
 * default priority:
 * Receive buffer size (bytes): 130944,130944,0,0,0,0,0,0,
 * Cable len: 7
 * PFC configuration:
 *         priority    0   1   2   3   4   5   6   7
 *         enabled     0   0   0   1   0   0   0   0
 *         buffer      0   0   0   1   0   0   0   0
 * tc: 0 ratelimit: unlimited, tsa: ets, bw: 50%
 *          priority:  0
 *          priority:  1
 * tc: 3 ratelimit: unlimited, tsa: ets, bw: 50%
 *          priority:  3
 * </pre>
 * -> trust dscp, DSCP 26 -> priority 3, PFC on priority 3 only, priority 3 in buffer 1,
 * tc 0 (ets 50%) holds priorities 0 and 1, tc 3 (ets 50%) priority 3. Empty text is a
 * {@link ParseException} at line 0; a malformed table row, a "priority:" outside any tc, or a
 * text with nothing mlnx_qos prints is a {@link ParseException} naming the line.
 */
public final class MlnxQosParser implements Parser<MlnxQos> {
    private static final Pattern DSCP_ROW = Pattern.compile("prio:\\s*(\\d+)\\s+dscp:\\s*([\\d,\\s]*)");
    private static final Pattern TC = Pattern.compile(
            "tc:\\s*(\\d+)\\s+ratelimit:\\s*([^,]+?)\\s*,\\s*tsa:\\s*([^,\\s]+)(?:\\s*,\\s*bw:\\s*(\\d+)\\s*%)?.*");
    private static final Pattern TC_PRIORITY = Pattern.compile("priority:\\s*(\\d+)");
    private static final Pattern TABLE_ROW = Pattern.compile("(priority|enabled|buffer)((?:\\s+\\d+)+)");

    @Override
    public MlnxQos parse(String text) throws ParseException {
        TextLines lines = TextLines.of(text);
        if (lines.isBlank()) {
            throw new ParseException(0, "mlnx_qos: empty output");
        }
        String dcbx = null;
        String trust = null;
        Map<Integer, Integer> dscp = new LinkedHashMap<>();
        List<Long> buffers = new ArrayList<>();
        Integer cable = null;
        List<Integer> pfcPriorities = null;
        List<Boolean> pfc = new ArrayList<>();
        Map<Integer, Integer> priorityBuffer = new LinkedHashMap<>();
        List<TcBlock> tcs = new ArrayList<>();
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n).trim();
            if (line.isEmpty()) {
                continue;
            }
            Matcher m;
            if (line.startsWith("DCBX mode:")) {
                dcbx = after(line);
            } else if (line.startsWith("Priority trust state:") || line.startsWith("Priority trust mode:")) {
                trust = after(line);
            } else if ((m = DSCP_ROW.matcher(line)).matches()) {
                int prio = smallInt(m.group(1), n, "prio");
                for (int d : ints(m.group(2), n, "dscp")) {
                    dscp.putIfAbsent(d, prio);
                }
            } else if (line.startsWith("Receive buffer size (bytes):")) {
                buffers.addAll(numbers(after(line), n, "receive buffer size"));
            } else if (line.startsWith("Cable len:")) {
                cable = smallInt(after(line), n, "cable len");
            } else if ((m = TABLE_ROW.matcher(line)).matches()) {
                List<Integer> row = ints(m.group(2), n, m.group(1));
                if (m.group(1).equals("priority")) {
                    pfcPriorities = row;
                    continue;
                }
                if (pfcPriorities == null || row.size() != pfcPriorities.size()) {
                    throw new ParseException(n, "'" + m.group(1) + "' row does not match a 'priority' header row");
                }
                for (int i = 0; i < row.size(); i++) {
                    int prio = pfcPriorities.get(i);
                    if (m.group(1).equals("enabled")) {
                        if (prio != pfc.size()) {
                            throw new ParseException(n, "PFC priorities are not 0, 1, 2... in order");
                        }
                        pfc.add(row.get(i) != 0);
                    } else {
                        priorityBuffer.put(prio, row.get(i));
                    }
                }
            } else if ((m = TC.matcher(line)).matches()) {
                tcs.add(new TcBlock(smallInt(m.group(1), n, "tc"), m.group(2), m.group(3),
                        m.group(4) == null ? null : smallInt(m.group(4), n, "bw")));
            } else if ((m = TC_PRIORITY.matcher(line)).matches()) {
                if (tcs.isEmpty()) {
                    throw new ParseException(n, "'priority:' outside any 'tc:' block");
                }
                tcs.get(tcs.size() - 1).priorities.add(smallInt(m.group(1), n, "priority"));
            }
            // Anything else is a title ("PFC configuration:", "ETS configuration:", "dscp2prio mapping:")
            // or a line of a newer version that no rule reads yet.
        }
        if (dcbx == null && trust == null && pfcPriorities == null && tcs.isEmpty() && dscp.isEmpty()) {
            throw new ParseException(1, "nothing mlnx_qos prints (trust state, PFC table, tc blocks) found");
        }
        List<MlnxQos.TrafficClass> classes = new ArrayList<>();
        for (TcBlock tc : tcs) {
            classes.add(new MlnxQos.TrafficClass(tc.tc, tc.rateLimit, tc.tsa, tc.bandwidth, tc.priorities));
        }
        return new MlnxQos(dcbx, trust, dscp, buffers, cable, pfc, priorityBuffer, classes);
    }

    private static final class TcBlock {
        final int tc;
        final String rateLimit;
        final String tsa;
        final Integer bandwidth;
        final List<Integer> priorities = new ArrayList<>();

        TcBlock(int tc, String rateLimit, String tsa, Integer bandwidth) {
            this.tc = tc;
            this.rateLimit = rateLimit;
            this.tsa = tsa;
            this.bandwidth = bandwidth;
        }
    }

    private static String after(String line) {
        return line.substring(line.indexOf(':') + 1).trim();
    }

    private static List<Long> numbers(String list, int n, String what) throws ParseException {
        List<Long> values = new ArrayList<>();
        for (String v : list.split("[,\\s]+")) {
            if (!v.isEmpty()) {
                values.add(TextLines.parseLong(v, n, what));
            }
        }
        return values;
    }

    private static List<Integer> ints(String list, int n, String what) throws ParseException {
        List<Integer> values = new ArrayList<>();
        for (long v : numbers(list, n, what)) {
            values.add(smallInt(Long.toString(v), n, what));
        }
        return values;
    }

    private static int smallInt(String value, int n, String what) throws ParseException {
        long v = TextLines.parseLong(value, n, what);
        if (v < 0 || v > Integer.MAX_VALUE) {
            throw new ParseException(n, what + " " + v + " is out of range");
        }
        return (int) v;
    }
}
