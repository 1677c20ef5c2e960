package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code mlnx_qos -i IF}, as mlnx-tools' {@code python/mlnx_qos} ({@code pretty_print},
 * {@code print_dscp2prio_sysfs}, dcbnetlink's {@code printAppSelector}) has printed it from
 * MLNX_OFED 4.0 to DOCA:
 * <pre>
 * ****** WARNING: lldpad service is running and may overwrite your settings ******
 *
 * DCBX mode: Firmware controlled
 * Priority trust state: dscp
 * dscp2prio mapping:
 *         prio:0 dscp:07,06,05,04,03,02,01,00,
 *         prio:3 dscp:31,30,29,28,27,26,25,24,
 *         prio:3 dscp:33,
 * default priority:
 * Receive buffer size (bytes): 130944,130944,0,0,0,0,0,0,max_buffer_size=262016
 * Cable len: 7
 * PFC configuration:
 *         priority    0   1   2   3   4   5   6   7
 *         enabled     0   0   0   1   0   0   0   0
 *         buffer      0   0   0   1   0   0   0   0
 * tc: 0 ratelimit: unlimited, tsa: ets, bw: 50%
 *          priority:  0
 *          priority:  1
 * tc: 3 ratelimit: 25.0 Gbps, tsa: ets, bw: 50%
 *          priority:  3
 * </pre>
 * -> DCBX by firmware, trust dscp, DSCP 26 and 33 -> priority 3, PFC on priority 3 only,
 * priority 3 in buffer 1, buffers 0 and 1 of 130944 bytes out of 262016, tc 0 (ets 50%) holds
 * priorities 0 and 1, tc 3 (ets 50%, limited to 25 Gb/s) priority 3.
 *
 * <p>The variants read: {@code Priority trust mode: pcp|dscp|both|none} (OFED 4.0-4.1) and
 * {@code Priority trust state: pcp|dscp|none} (4.2 on); the dscp2prio map, 8 DSCPs a line, a
 * priority on as many lines as it has DSCPs; the {@code default priority:} section (2021-2024)
 * with its {@code prio:N} line when one is set; {@code Receive buffer size (bytes)} with 8 sizes
 * (4.6 on), then {@code total_size=N} (early 2023) or {@code max_buffer_size=N} (May 2023 on);
 * {@code Cable len}; the PFC table with its {@code buffer} row where the driver has buffers; the tc
 * blocks, {@code tsa: ets, bw: N%}, {@code strict}, {@code vendor} or {@code unknown}, a rate
 * limit as {@code unlimited} or {@code 25.0 Gbps}, one {@code priority:} line per priority
 * (several on one line too) under an older {@code ETS configuration:} title or none, and the
 * {@code skprio: N (tos: T)} lines MLNX_OFED 2.x-3.x printed under a tc for each socket priority
 * its egress map sends there (tc_wrap.py's {@code up2skprio}; recognised, not kept). The
 * lldpad warning is noise {@link TextLines} skips; the "... is not supported on your system"
 * messages are noted as lines without QoS state.
 *
 * <p>A line that no version prints so (a row with too few values, a number out of range, a
 * {@code priority:} outside any tc) is a note of {@link LineParser} and the rest stands; extra
 * fields after what a line is known to hold are ignored. Empty text is a {@link ParseException}
 * at line 0, a text with nothing mlnx_qos prints one at its first unreadable line.
 */
public final class MlnxQosParser extends LineParser<MlnxQos> {
    private static final Pattern DSCP_ROW = Pattern.compile("prio:\\s*(\\d+)\\s+dscp:(.*)");
    private static final Pattern DEFAULT_PRIORITY = Pattern.compile("prio:\\s*(\\d+)(?:\\s.*)?");
    private static final Pattern TC = Pattern.compile(
            "tc:\\s*(\\d+)\\s+ratelimit:\\s*([^,]+?)\\s*,\\s*tsa:\\s*([A-Za-z]+)(?:\\s*,\\s*bw:\\s*(\\d+)\\s*%)?(?:[\\s,].*)?");
    /** A tc line whose "tc: N ratelimit: R, " part was not printed: pretty_print drops it when the rate limit cannot be read. */
    private static final Pattern TSA_ONLY = Pattern.compile("(?:ets,\\s*bw:\\s*\\d+\\s*%|strict|vendor|unknown)");

    private static final Pattern TC_PRIORITY = Pattern.compile("priority:\\s*(\\d+)");
    /** {@code skprio: 2 (tos: 8)}, {@code skprio: 4 (vlan 100 tos: 24)}: a socket priority the tc above carries (OFED 2.x-3.x). */
    private static final Pattern SKPRIO =
            Pattern.compile("skprio:\\s*\\d+(?:\\s+\\((?:vlan\\s+\\d+)?\\s*(?:tos:\\s*\\d+)?\\))?");

    private static final Pattern TABLE_ROW = Pattern.compile("(priority|enabled|buffer)\\s+(\\d.*)");
    private static final String[] TABLE_ROW_FIRST = {"priority", "enabled", "buffer"};
    private static final String[] TSA_ONLY_FIRST = {"ets", "strict", "vendor", "unknown"};
    private static final int PRIORITIES = 8;

    @Override
    protected MlnxQos parse(TextLines lines) throws ParseException {
        if (lines.isBlank()) {
            throw new ParseException(0, "mlnx_qos: empty output");
        }
        Reading r = new Reading();
        ParseException firstUnread = null;
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n).trim();
            if (line.isEmpty()) {
                continue;
            }
            try {
                r.read(line, n);
            } catch (ParseException e) {
                lines.unreadable(e);
                firstUnread = firstUnread == null ? e : firstUnread;
            }
        }
        // Section titles alone are no QoS state: the text fails as if they were not there.
        if (r.recognised == 0) {
            throw firstUnread != null
                    ? firstUnread
                    : new ParseException(1, "nothing mlnx_qos prints (trust state, PFC table, tc blocks) found");
        }
        return r.result();
    }

    /** The state of one reading: what was read so far and the section the next line belongs to. */
    private static final class Reading {
        String dcbx;
        String trust;
        final Map<Integer, Integer> dscp = new LinkedHashMap<>();
        boolean inDefaultPriority;
        Integer defaultPriority;
        List<Long> buffers = List.of();
        Long maxBuffer;
        Integer cable;
        List<Boolean> pfc = List.of();
        final Map<Integer, Integer> priorityBuffer = new LinkedHashMap<>();
        final List<TcBlock> tcs = new ArrayList<>();
        /** The block "priority:" lines go to; null outside one, or under a tc line without its number. */
        TcBlock tc;

        int recognised;

        void read(String line, int n) throws ParseException {
            Matcher m;
            boolean defaultSection = inDefaultPriority;
            inDefaultPriority = false;
            if (line.endsWith("not supported on your system") || line.endsWith("not supported on your system!")) {
                throw new ParseException(n, "mlnx_qos message, not QoS state: '" + TextLines.abbreviate(line) + "'");
            } else if (line.startsWith("DCBX mode:")) {
                dcbx = after(line);
            } else if (line.startsWith("Priority trust state:") || line.startsWith("Priority trust mode:")) {
                trust = firstWord(after(line), n, "trust state");
            } else if (line.equals("default priority:")) {
                inDefaultPriority = true;
            } else if (line.startsWith("prio:") && (m = DSCP_ROW.matcher(line)).matches()) {
                int prio = priority(m.group(1), n);
                List<Long> dscps = leadingNumbers(m.group(2).split(","), n, "dscp");
                for (long d : dscps) {
                    if (d > 63) {
                        throw new ParseException(n, "dscp " + d + " is above 63");
                    }
                }
                dscps.forEach(d -> dscp.putIfAbsent(d.intValue(), prio));
            } else if (defaultSection && line.startsWith("prio:") && (m = DEFAULT_PRIORITY.matcher(line)).matches()) {
                defaultPriority = priority(m.group(1), n);
                inDefaultPriority = true;
            } else if (line.startsWith("Receive buffer size (bytes):")) {
                receiveBuffers(after(line), n);
            } else if (line.startsWith("Cable len:")) {
                cable = smallInt(
                        leadingNumbers(TextLines.words(after(line)).toArray(String[]::new), n, "cable len"),
                        n,
                        "cable len");
            } else if (startsWithAny(line, TABLE_ROW_FIRST) && (m = TABLE_ROW.matcher(line)).matches()) {
                tableRow(m.group(1), m.group(2), n);
            } else if (line.startsWith("tc:") && (m = TC.matcher(line)).matches()) {
                tc = new TcBlock(
                        smallInt(List.of(TextLines.parseLong(m.group(1), n, "tc")), n, "tc"),
                        m.group(2),
                        m.group(3),
                        m.group(4) == null
                                ? null
                                : smallInt(List.of(TextLines.parseLong(m.group(4), n, "bw")), n, "bw"));
                tcs.add(tc);
            } else if (startsWithAny(line, TSA_ONLY_FIRST)
                    && TSA_ONLY.matcher(line).matches()) {
                tc = null;
                throw new ParseException(
                        n, "tc line without its number (rate limit unreadable): its priorities are not attributed");
            } else if (line.startsWith("priority:")) {
                tcPriorities(line, n);
            } else if (line.startsWith("skprio:") && SKPRIO.matcher(line).matches()) {
                // Socket priorities steered to the tc above: no rule reads them (RoCE's priority comes from its ToS).
                if (tc == null) {
                    throw new ParseException(n, "'skprio:' outside any 'tc:' block");
                }
            } else if (line.equals("dscp2prio mapping:")
                    || line.equals("PFC configuration:")
                    || line.equals("ETS configuration:")) {
                return; // titles: the lines under them say what they are
            } else {
                throw new ParseException(n, "not a line mlnx_qos prints: '" + TextLines.abbreviate(line) + "'");
            }
            recognised++;
        }

        /**
         * Each expression is tried only on a line that starts with one of its literals: a tc
         * block's "priority:" lines went through four of them before they were told.
         */
        private static boolean startsWithAny(String line, String[] prefixes) {
            for (String p : prefixes) {
                if (line.startsWith(p)) {
                    return true;
                }
            }
            return false;
        }

        /** {@code 130944,130944,0,0,0,0,0,0,max_buffer_size=262016}: sizes, then the total under either of its names. */
        private void receiveBuffers(String list, int n) throws ParseException {
            List<Long> sizes = new ArrayList<>();
            Long max = null;
            for (String field : list.split(",")) {
                String f = field.trim();
                if (f.startsWith("max_buffer_size=") || f.startsWith("total_size=")) {
                    max = TextLines.parseLong(f.substring(f.indexOf('=') + 1), n, "max buffer size");
                } else if (!f.isEmpty() && !f.contains("=")) {
                    sizes.add(TextLines.parseLong(f, n, "receive buffer size"));
                }
            }
            if (sizes.size() != PRIORITIES) {
                throw new ParseException(
                        n, "receive buffer sizes: " + sizes.size() + " values, mlnx_qos prints " + PRIORITIES);
            }
            buffers = sizes;
            maxBuffer = max;
        }

        /** A row of the PFC table: its header is 0..7 in every version, the enabled and buffer rows one value per priority. */
        private void tableRow(String name, String values, int n) throws ParseException {
            List<Long> row = leadingNumbers(TextLines.words(values).toArray(String[]::new), n, name);
            if (row.size() < PRIORITIES) {
                throw new ParseException(
                        n, "'" + name + "' row: " + row.size() + " values, mlnx_qos prints " + PRIORITIES);
            }
            row = row.subList(0, PRIORITIES);
            for (int p = 0; p < PRIORITIES; p++) {
                long v = row.get(p);
                if (name.equals("priority") ? v != p : v > 7) {
                    throw new ParseException(n, "'" + name + "' row: " + row + " is not what mlnx_qos prints");
                }
            }
            if (name.equals("enabled")) {
                pfc = row.stream().map(v -> v != 0).toList();
            } else if (name.equals("buffer")) {
                for (int p = 0; p < PRIORITIES; p++) {
                    priorityBuffer.put(p, row.get(p).intValue());
                }
            }
        }

        /** {@code priority:  3}, or several on one line: {@code priority: 0 priority: 1}. */
        private void tcPriorities(String line, int n) throws ParseException {
            if (tc == null) {
                throw new ParseException(n, "'priority:' outside any 'tc:' block");
            }
            List<Integer> found = new ArrayList<>();
            Matcher m = TC_PRIORITY.matcher(line);
            while (m.find()) {
                found.add(priority(m.group(1), n));
            }
            if (found.isEmpty()) {
                throw new ParseException(n, "'priority:' without a priority");
            }
            tc.priorities.addAll(found);
        }

        MlnxQos result() {
            List<MlnxQos.TrafficClass> classes = new ArrayList<>();
            for (TcBlock b : tcs) {
                classes.add(new MlnxQos.TrafficClass(b.tc, b.rateLimit, b.tsa, b.bandwidth, b.priorities));
            }
            return new MlnxQos(
                    dcbx, trust, dscp, defaultPriority, buffers, maxBuffer, cable, pfc, priorityBuffer, classes);
        }
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

    private static String firstWord(String value, int n, String what) throws ParseException {
        List<String> words = TextLines.words(value);
        if (words.isEmpty()) {
            throw new ParseException(n, what + " is empty");
        }
        return words.get(0);
    }

    /** The whole numbers a line starts with; what follows the first other field is an extra field and ignored. */
    private static List<Long> leadingNumbers(String[] fields, int n, String what) throws ParseException {
        List<Long> values = new ArrayList<>();
        for (String field : fields) {
            String f = field.trim();
            if (f.isEmpty()) {
                continue;
            }
            if (!Character.isDigit(f.charAt(0))) {
                break;
            }
            values.add(TextLines.parseLong(f, n, what));
        }
        if (values.isEmpty()) {
            throw new ParseException(n, what + ": no value");
        }
        return values;
    }

    private static int priority(String value, int n) throws ParseException {
        long v = TextLines.parseLong(value, n, "priority");
        if (v > 7) {
            throw new ParseException(n, "priority " + v + " is above 7");
        }
        return (int) v;
    }

    private static int smallInt(List<Long> values, int n, String what) throws ParseException {
        long v = values.get(0);
        if (v < 0 || v > Integer.MAX_VALUE) {
            throw new ParseException(n, what + " " + v + " is out of range");
        }
        return (int) v;
    }
}
