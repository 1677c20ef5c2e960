package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.LineParser;
import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.TextLines;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses Arista EOS {@code show running-config} (or {@code show running-config all}) for its QoS
 * lines; everything else in the configuration is skipped. Sections are top-level lines, their
 * settings indented below them, a {@code tx-queue} block one level deeper; {@code !} lines are
 * separators and comments.
 * <pre>
 * interface Ethernet8
 *    mtu 9214
 *    no switchport
 *    qos trust dscp
 *    priority-flow-control on
 *    priority-flow-control priority 3 no-drop
 *    priority-flow-control pause watchdog
 *    !
 *    tx-queue 3
 *       random-detect ecn minimum-threshold 150 kbytes maximum-threshold 1500 kbytes max-mark-probability 5
 * !
 * qos map dscp 24 25 26 27 to traffic-class 3
 * priority-flow-control pause watchdog default timeout 0.2</pre>
 * -> Ethernet8: MTU 9214, routed, trusts DSCP, PFC on, priority 3 no-drop, watchdog on, queue 3
 * marks ECN from 153600 to 1536000 bytes at 5%; DSCP 26 -> traffic class 3; watchdog timeout 0.2.
 * The forms are those EOS prints and Arista's AVD renders (its eos_cli_config_gen templates
 * {@code qos-profiles.j2}, {@code ethernet-interface-tx-queues.j2}, {@code qos.j2}): ECN thresholds
 * in {@code bytes}, {@code kbytes}, {@code mbytes}, {@code segments} or time units, an optional
 * {@code weight} after the probability, {@code drop-precedence} after a map's class, and the
 * {@code ! Command:} / {@code ! device:} header lines, prompts and {@code end} of a pasted capture.
 * Read line by line: a line of a form read here that does not fit it (a priority, DSCP or queue out
 * of range, {@code priority-flow-control priority 3} without {@code no-drop}, {@code mtu jumbo})
 * is a note on its line and the other settings stand; lines of other forms (bandwidth, shaping,
 * ACLs, routing) are not QoS this reads and are skipped silently. Empty text is a ParseException at
 * line 0; text without an {@code interface} section, at line 1, or at its first unread line when
 * no setting was read.
 */
public final class EosRunningConfigParser extends LineParser<EosRunningConfig> {
    private static final Pattern TX_QUEUE = Pattern.compile("(?:uc-)?tx-queue ([0-9]{1,9})");
    private static final Pattern PFC_PRIORITY =
            Pattern.compile("priority-flow-control priority ([0-9]{1,9}) (no-drop|drop)");
    private static final Pattern ECN = Pattern.compile("random-detect ecn minimum-threshold ([0-9]{1,9}) (\\S+)"
            + " maximum-threshold ([0-9]{1,9}) (\\S+)(?:.*? max-mark-probability ([0-9]{1,3}))?.*");
    private static final Pattern TO_TRAFFIC_CLASS =
            Pattern.compile("qos map (dscp|cos) ([0-9][0-9 ,-]*) to traffic-class ([0-9]{1,9})(?: .*)?");
    private static final Pattern TO_TX_QUEUE =
            Pattern.compile("qos map traffic-class ([0-9 ]+) to (?:uc-)?tx-queue ([0-9]{1,9})");
    private static final Pattern MTU = Pattern.compile("mtu ([0-9]{1,9})");
    private static final Pattern TX_QUEUE_LINE = Pattern.compile("(?:uc-|mc-)?tx-queue\\b.*");
    /** The map lines read, by their head: a line of one of them that does not fit its form is a note. */
    private static final Pattern MAP_TO_CLASS_OR_QUEUE = Pattern.compile(
            "qos map (?:dscp|cos) .* to traffic-class\\b.*|qos map traffic-class .* to (?:uc-)?tx-queue\\b.*");

    private static final Map<String, Long> BYTES = Map.of("bytes", 1L, "kbytes", 1024L, "mbytes", 1024L * 1024);

    /** A section while its lines are read. */
    private static final class SectionLines {
        String serviceProfile;
        Boolean routed;
        Integer mtu;
        String trust;
        Boolean pfcOn;
        final Map<Integer, Boolean> pfcNoDrop = new TreeMap<>();
        Boolean watchdog;
        final Map<Integer, Boolean> strict = new TreeMap<>();
        final Map<Integer, EosRunningConfig.Ecn> ecn = new TreeMap<>();
        final Set<Integer> queues = new TreeSet<>();

        EosRunningConfig.Section section() {
            Map<Integer, EosRunningConfig.TxQueue> txQueues = new TreeMap<>();
            for (int q : queues) {
                txQueues.put(q, new EosRunningConfig.TxQueue(q, strict.get(q), ecn.get(q)));
            }
            return new EosRunningConfig.Section(
                    serviceProfile, routed, mtu, trust, pfcOn, pfcNoDrop, watchdog, txQueues);
        }
    }

    @Override
    protected EosRunningConfig parse(TextLines lines) throws ParseException {
        if (lines.isBlank()) {
            throw new ParseException(0, "empty output");
        }
        Map<String, SectionLines> interfaces = new TreeMap<>();
        Map<String, SectionLines> profiles = new TreeMap<>();
        Map<Integer, Integer> dscp = new HashMap<>();
        Map<Integer, Integer> cos = new HashMap<>();
        Map<Integer, Integer> txQueue = new HashMap<>();
        boolean pfcAllOff = false;
        String watchdogTimeout = null;
        Integer defaultMtu = null;

        LineByLine settings = new LineByLine(lines);
        SectionLines section = null;
        boolean defaults = false;
        Integer queue = null;
        int queueIndent = -1;
        for (int i = 1; i <= lines.size(); i++) {
            String raw = lines.line(i);
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("!")) {
                continue;
            }
            int indent = raw.length() - raw.stripLeading().length();
            int at = i;
            if (queueIndent >= 0 && indent > queueIndent) {
                if (queue != null) {
                    SectionLines s = section;
                    int q = queue;
                    settings.row(() -> queueSetting(s, q, line, at));
                }
                continue;
            }
            queueIndent = -1;
            if (indent == 0) {
                section = null;
                defaults = false;
                if (line.equals("interface defaults")) {
                    defaults = true;
                } else if (line.startsWith("interface ")) {
                    section = interfaces.computeIfAbsent(
                            line.substring("interface ".length()).strip(), k -> new SectionLines());
                } else if (line.startsWith("qos profile ")) {
                    section = profiles.computeIfAbsent(
                            line.substring("qos profile ".length()).strip(), k -> new SectionLines());
                } else if (line.equals("priority-flow-control all off")) {
                    pfcAllOff = true;
                } else if (line.startsWith("priority-flow-control pause watchdog default timeout ")) {
                    watchdogTimeout = line.substring("priority-flow-control pause watchdog default timeout ".length())
                            .strip();
                } else {
                    settings.row(() -> globalMap(line, at, dscp, cos, txQueue));
                }
                continue;
            }
            if (defaults && line.startsWith("mtu ")) {
                Integer mtu = settings.row(() -> SwitchValues.integer(mtu(line, at), at, "default MTU"));
                defaultMtu = mtu != null ? mtu : defaultMtu;
            }
            if (section == null) {
                continue;
            }
            if (TX_QUEUE_LINE.matcher(line).matches()) {
                // a queue header that does not read is a note, and its block's settings are skipped with it
                queueIndent = indent;
                SectionLines s = section;
                queue = line.startsWith("mc-") ? null : settings.row(() -> txQueue(s, line, at));
                continue;
            }
            SectionLines s = section;
            settings.row(() -> sectionSetting(s, line, at));
        }
        settings.requireSomeRead();
        if (interfaces.isEmpty()) {
            throw new ParseException(1, "no interface section: not an EOS running-config");
        }
        return new EosRunningConfig(
                sections(interfaces), sections(profiles), dscp, cos, txQueue, pfcAllOff, watchdogTimeout, defaultMtu);
    }

    private static Map<String, EosRunningConfig.Section> sections(Map<String, SectionLines> read) {
        Map<String, EosRunningConfig.Section> out = new TreeMap<>();
        read.forEach((name, s) -> out.put(name, s.section()));
        return out;
    }

    /** A queue block's header: the unicast queue it opens, added to the section. */
    private static Integer txQueue(SectionLines s, String line, int i) throws ParseException {
        Matcher tq = TX_QUEUE.matcher(line);
        if (!tq.matches()) {
            throw notRead(line, i, "a transmit queue is tx-queue N or uc-tx-queue N");
        }
        int queue = ranged(tq.group(1), 7, i, "transmit queue");
        s.queues.add(queue);
        return queue;
    }

    /** A setting of an interface or qos profile; a line of a form read here that does not fit it throws. */
    private static String sectionSetting(SectionLines s, String line, int i) throws ParseException {
        Matcher pfc = PFC_PRIORITY.matcher(line);
        if (line.startsWith("mtu ")) {
            s.mtu = SwitchValues.integer(mtu(line, i), i, "MTU");
        } else if (line.equals("no switchport")) {
            s.routed = true;
        } else if (line.equals("qos trust dscp") || line.equals("qos trust cos")) {
            s.trust = line.substring("qos trust ".length());
        } else if (line.equals("no qos trust")) {
            s.trust = "untrusted";
        } else if (line.equals("priority-flow-control on") || line.equals("priority-flow-control mode on")) {
            s.pfcOn = true;
        } else if (line.equals("no priority-flow-control")
                || line.equals("priority-flow-control off")
                || line.equals("priority-flow-control mode off")) {
            s.pfcOn = false;
        } else if (pfc.matches()) {
            s.pfcNoDrop.put(
                    ranged(pfc.group(1), 7, i, "PFC priority"), pfc.group(2).equals("no-drop"));
        } else if (line.startsWith("priority-flow-control priority ")) {
            throw notRead(line, i, "a PFC priority is 'priority-flow-control priority N no-drop' or '... drop'");
        } else if (line.equals("priority-flow-control pause watchdog")) {
            s.watchdog = true;
        } else if (line.equals("no priority-flow-control pause watchdog")) {
            s.watchdog = false;
        } else if (line.startsWith("service-profile ")) {
            s.serviceProfile = line.substring("service-profile ".length()).strip();
        }
        return line;
    }

    private static String queueSetting(SectionLines s, int queue, String line, int i) throws ParseException {
        Matcher ecn = ECN.matcher(line);
        if (line.equals("priority strict")) {
            s.strict.put(queue, true);
        } else if (line.equals("no priority")) {
            s.strict.put(queue, false);
        } else if (ecn.matches()) {
            s.ecn.put(
                    queue,
                    new EosRunningConfig.Ecn(
                            ecn.group(1) + " " + ecn.group(2),
                            ecn.group(3) + " " + ecn.group(4),
                            bytes(ecn.group(1), ecn.group(2), i),
                            bytes(ecn.group(3), ecn.group(4), i),
                            ecn.group(5) == null ? null : ranged(ecn.group(5), 100, i, "ECN marking probability")));
        } else if (line.startsWith("random-detect ecn minimum-threshold")) {
            throw notRead(
                    line,
                    i,
                    "ECN marking is 'random-detect ecn minimum-threshold N UNIT maximum-threshold N UNIT"
                            + " [max-mark-probability P]'");
        }
        return line;
    }

    private static String globalMap(
            String line, int i, Map<Integer, Integer> dscp, Map<Integer, Integer> cos, Map<Integer, Integer> txQueue)
            throws ParseException {
        Matcher tc = TO_TRAFFIC_CLASS.matcher(line);
        Matcher q = TO_TX_QUEUE.matcher(line);
        if (tc.matches()) {
            boolean isDscp = tc.group(1).equals("dscp");
            int trafficClass = ranged(tc.group(3), 7, i, "traffic class");
            // every value is checked before any is mapped: a line is read whole or not at all
            List<Integer> from = SwitchValues.integers(tc.group(2), i, tc.group(1));
            for (int v : from) {
                check(v, isDscp ? 63 : 7, i, tc.group(1));
            }
            from.forEach(v -> (isDscp ? dscp : cos).put(v, trafficClass));
        } else if (q.matches()) {
            int to = ranged(q.group(2), 7, i, "transmit queue");
            List<Integer> from = SwitchValues.integers(q.group(1), i, "traffic class");
            for (int v : from) {
                check(v, 7, i, "traffic class");
            }
            from.forEach(v -> txQueue.put(v, to));
        } else if (MAP_TO_CLASS_OR_QUEUE.matcher(line).matches()) {
            throw notRead(
                    line,
                    i,
                    "a map is 'qos map dscp|cos V... to traffic-class N' or 'qos map traffic-class C... to tx-queue N'");
        }
        return line;
    }

    /** The value of an {@code mtu N} line. */
    private static String mtu(String line, int i) throws ParseException {
        Matcher mtu = MTU.matcher(line);
        if (!mtu.matches()) {
            throw notRead(line, i, "an MTU is 'mtu N'");
        }
        return mtu.group(1);
    }

    private static ParseException notRead(String line, int i, String form) {
        return new ParseException(i, "'" + TextLines.abbreviate(line) + "' not read: " + form);
    }

    private static Long bytes(String value, String unit, int i) throws ParseException {
        Long factor = BYTES.get(unit);
        return factor == null ? null : SwitchValues.integer(value, i, "ECN threshold") * factor;
    }

    private static int ranged(String written, int max, int i, String what) throws ParseException {
        return check(SwitchValues.integer(written, i, what), max, i, what);
    }

    private static int check(int value, int max, int i, String what) throws ParseException {
        if (value < 0 || value > max) {
            throw new ParseException(i, what + " " + value + " is not 0-" + max);
        }
        return value;
    }
}
