package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code ip link show} with any of {@code -d}, {@code -s}, {@code -s -s} (one parser for all).
 *
 * <pre>
 * 5: ens1f0np0: &lt;BROADCAST,MULTICAST,SLAVE,UP,LOWER_UP&gt; mtu 9000 qdisc mq master bond1 state UP mode DEFAULT group default qlen 1000
 *     link/ether 0c:42:a1:5e:77:10 brd ff:ff:ff:ff:ff:ff promiscuity 0 allmulti 0 minmtu 68 maxmtu 9978
 *     bond_slave state ACTIVE mii_status UP link_failure_count 0 perm_hwaddr 0c:42:a1:5e:77:10 queue_id 0 addrgenmode none numtxqueues 96 numrxqueues 48
 *     RX:  bytes  packets errors dropped  missed   mcast
 *     918273645  1203456      0      12       0     301
 *     TX:  bytes  packets errors dropped carrier collsns
 *     827364512  1102345      0       0       0       0
 *     altname enp65s0f0np0
 * </pre>
 * gives IpLink(5, "ens1f0np0", master "bond1", state "UP", kind "bond_slave", slaveState "ACTIVE",
 * rx_dropped 12, altNames [enp65s0f0np0]). Statistics after a "vf N" line belong to the VF and are
 * skipped; unknown indented lines (alias, vf, xdp) are tolerated. A VLAN's maps, as iproute2's
 * iplink_vlan.c {@code vlan_print_map} prints them on the lines after
 * {@code vlan protocol 802.1Q id 100 <REORDER_HDR>} ({@code ingress-qos-map { 1:2 }},
 * {@code egress-qos-map { 0:3 2:3 } addrgenmode eui64 ...}), give the link's egressQosMap
 * ({0=3, 2=3}); the ingress map is not kept. Counters printed with
 * {@code -h} ("6.04T") are read approximately. A line before the first link header, counter titles
 * without their values, or a counter that is not a number is a note on its line; the other links and
 * counters stand. Empty output, "Device ... does not exist", or a text without a link header is a
 * ParseException.
 */
public final class IpLinksParser extends LineParser<IpLinks> {
    private static final Pattern HUMAN = Pattern.compile("(\\d+(?:\\.\\d+)?)([KMGTPE])");
    /** iplink_vlan.c vlan_print_map: "ingress-qos-map { 1:2 }", "egress-qos-map { 0:3 2:3 }", FROM:TO each. */
    private static final Pattern QOS_MAP = Pattern.compile("(ingress|egress)-qos-map \\{([^}]*)}");

    private static final Pattern QOS_PAIR = Pattern.compile("(\\d{1,9}):(\\d{1,9})");

    /** A link being read, turned into an {@link IpLink} at its end. */
    private static final class Draft {
        int index;
        String name;
        String parent;
        List<String> flags = List.of();
        Map<String, String> header = new LinkedHashMap<>();
        String linkType;
        String address;
        String kind;
        Map<String, String> attributes = new LinkedHashMap<>();
        List<String> altNames = new ArrayList<>();
        Map<String, Long> statistics = new LinkedHashMap<>();
        Map<Integer, Integer> egressQos = new LinkedHashMap<>();
        boolean inVf;
        boolean detailsDone;

        IpLink build(int headerLine, TextLines lines) {
            String mtu = header.get("mtu");
            Integer mtuValue = null;
            if (mtu != null) {
                try {
                    mtuValue = (int) Math.min(Integer.MAX_VALUE, TextLines.parseLong(mtu, headerLine, "mtu"));
                } catch (ParseException e) {
                    // The link's name, flags and state on that line stand.
                    lines.partlyUnreadable(e);
                }
            }
            return new IpLink(
                    index,
                    name,
                    parent,
                    flags,
                    mtuValue,
                    header.get("qdisc"),
                    header.get("state"),
                    header.get("master"),
                    linkType,
                    address,
                    kind,
                    attributes,
                    altNames,
                    statistics,
                    egressQos);
        }
    }

    @Override
    protected IpLinks parse(TextLines lines) throws ParseException {
        ToolOutput.lines(lines, "ip link");
        List<IpLink> links = new ArrayList<>();
        Draft draft = null;
        int draftLine = 0;
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n).strip();
            if (line.isEmpty()) {
                continue;
            }
            Header h = Header.of(line);
            if (h != null) {
                if (draft != null) {
                    links.add(draft.build(draftLine, lines));
                }
                try {
                    draft = header(h, n);
                } catch (ParseException e) {
                    // Its detail lines then read as lines outside a link, each noted.
                    draft = null;
                    lines.unreadable(e);
                }
                draftLine = n;
                continue;
            }
            if (draft == null) {
                lines.unreadable(
                        n, "ip link: expected a 'N: name: <FLAGS> ...' line, got '" + TextLines.abbreviate(line) + "'");
                continue;
            }
            line = qosMaps(line, n, draft, lines);
            if (line.isEmpty()) {
                continue;
            }
            String titles = statisticsTitles(line);
            if (titles != null) {
                draft.detailsDone = true;
                String prefix = line.substring(0, 2).toLowerCase(Locale.ROOT) + "_";
                String[] columns = TextLines.splitWords(titles.strip());
                if (n == lines.size() || lines.line(n + 1).isBlank()) {
                    lines.unreadable(n, "ip link: counter titles without a line of values");
                    continue;
                }
                n++;
                String[] values = TextLines.splitWords(lines.line(n).strip());
                if (values.length < columns.length) {
                    lines.unreadable(
                            n, "ip link: " + columns.length + " counter titles but " + values.length + " values");
                    continue;
                }
                // Values past the last title (a newer iproute2's column) are ignored.
                for (int i = 0; i < columns.length && !draft.inVf; i++) {
                    try {
                        draft.statistics.put(prefix + columns[i], counter(values[i], n, columns[i]));
                    } catch (ParseException e) {
                        lines.partlyUnreadable(e);
                    }
                }
            } else if (line.startsWith("link/")) {
                String[] tokens = TextLines.splitWords(line);
                draft.linkType = tokens[0].substring("link/".length());
                int start = 1;
                if (tokens.length > 1 && isAddress(tokens[1])) {
                    draft.address = tokens[1];
                    start = 2;
                }
                pairs(tokens, start, draft.attributes);
            } else if (line.startsWith("altname ")) {
                draft.altNames.add(line.substring("altname ".length()).strip());
            } else if (line.startsWith("vf ")) {
                draft.inVf = true;
            } else if (line.startsWith("alias ")) {
                // Free text a person wrote; neither a kind nor pairs.
                continue;
            } else if (!draft.detailsDone
                    && draft.linkType != null
                    && draft.kind == null
                    && startsWithKindWord(line)
                    && !line.startsWith("addrgenmode ")) {
                // The first detail line after link/ names the kind, then its pairs follow.
                String[] tokens = TextLines.splitWords(line);
                draft.kind = tokens[0];
                pairs(tokens, 1, draft.attributes);
            } else if (!draft.detailsDone && draft.linkType != null) {
                pairs(TextLines.splitWords(line), 0, draft.attributes);
            }
        }
        if (draft != null) {
            links.add(draft.build(draftLine, lines));
        }
        return new IpLinks(links);
    }

    private static Draft header(Header h, int n) throws ParseException {
        Draft d = new Draft();
        d.index = (int) Math.min(Integer.MAX_VALUE, TextLines.parseLong(h.index(), n, "ifindex"));
        String name = h.name();
        int at = name.indexOf('@');
        d.name = at < 0 ? name : name.substring(0, at);
        d.parent = at < 0 ? null : name.substring(at + 1);
        d.flags = h.flags().isEmpty() ? List.of() : List.of(h.flags().split(","));
        pairs(TextLines.splitWords(h.rest().strip()), 0, d.header);
        return d;
    }

    /**
     * A link's header line, {@code 4: ens1f0np0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 9000 ...}:
     * its index, name, flags and the rest. Scanned by hand as {@code (\d+):\s+([^:\s]+):\s+<([^>]*)>(.*)}
     * matched it whole (each part ends where the next must start, so there is no other reading),
     * \s the regex class and '.' any character but a line terminator; a regex per link and
     * counter line was a third of the parse.
     */
    record Header(String index, String name, String flags, String rest) {
        /** The header a line is, or null. */
        static Header of(String line) {
            int indexEnd = 0;
            while (indexEnd < line.length() && isAsciiDigit(line.charAt(indexEnd))) {
                indexEnd++;
            }
            if (indexEnd == 0 || !line.startsWith(":", indexEnd)) {
                return null;
            }
            int nameStart = afterRegexSpace(line, indexEnd + 1);
            int nameEnd = nameStart;
            while (nameEnd < line.length()
                    && line.charAt(nameEnd) != ':'
                    && !TextLines.isRegexSpace(line.charAt(nameEnd))) {
                nameEnd++;
            }
            if (nameStart == indexEnd + 1 || nameEnd == nameStart || !line.startsWith(":", nameEnd)) {
                return null;
            }
            int open = afterRegexSpace(line, nameEnd + 1);
            if (open == nameEnd + 1 || !line.startsWith("<", open)) {
                return null;
            }
            int close = line.indexOf('>', open + 1);
            if (close < 0 || holdsLineTerminator(line, close + 1)) {
                return null;
            }
            return new Header(
                    line.substring(0, indexEnd),
                    line.substring(nameStart, nameEnd),
                    line.substring(open + 1, close),
                    line.substring(close + 1));
        }
    }

    /**
     * The counter titles of a statistics title line ({@code RX:  bytes packets errors dropped
     * missed   mcast}, {@code TX errors: aborted fifo window heartbeat transns}), its white space
     * first skipped; null for any other line. By hand, as {@code (RX|TX)(?: errors)?:\s*(.*)} matched it.
     */
    static String statisticsTitles(String line) {
        if (!line.startsWith("RX") && !line.startsWith("TX")) {
            return null;
        }
        int colon = line.startsWith(" errors:", 2) ? 2 + " errors".length() : 2;
        if (!line.startsWith(":", colon) || holdsLineTerminator(line, colon + 1)) {
            return null;
        }
        return line.substring(afterRegexSpace(line, colon + 1));
    }

    private static int afterRegexSpace(String line, int pos) {
        while (pos < line.length() && TextLines.isRegexSpace(line.charAt(pos))) {
            pos++;
        }
        return pos;
    }

    /** Whether a line terminator, which the regex '.' does not match, is at or after {@code from}. */
    private static boolean holdsLineTerminator(String line, int from) {
        for (int i = from; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\n' || c == '\r' || c == '\u0085' || c == '\u2028' || c == '\u2029') {
                return true;
            }
        }
        return false;
    }

    /**
     * Takes a VLAN's QoS maps out of a detail line (iproute2 prints them after the vlan line, the
     * last sharing its line with the general details: "egress-qos-map { 2:3 } addrgenmode eui64
     * ..."), keeps the egress one, and gives back the rest of the line. A pair that is not
     * FROM:TO is a note; the other pairs stand.
     */
    private static String qosMaps(String line, int n, Draft draft, TextLines lines) {
        if (!line.contains("-qos-map {")) {
            return line;
        }
        Matcher m = QOS_MAP.matcher(line);
        if (!m.find()) {
            return line;
        }
        StringBuilder rest = new StringBuilder();
        do {
            if (m.group(1).equals("egress")) {
                for (String pair : TextLines.splitWords(m.group(2).strip())) {
                    Matcher p = QOS_PAIR.matcher(pair);
                    if (p.matches()) {
                        draft.egressQos.put(Integer.parseInt(p.group(1)), Integer.parseInt(p.group(2)));
                    } else if (!pair.isEmpty()) {
                        lines.partlyUnreadable(new ParseException(
                                n,
                                "ip link: egress-qos-map entry '" + TextLines.abbreviate(pair) + "' is not FROM:TO"));
                    }
                }
            }
            m.appendReplacement(rest, " ");
        } while (m.find());
        m.appendTail(rest);
        return rest.toString().strip();
    }

    /** {@code [0-9a-fA-F:.]+}: a link-layer address (ether, infiniband) rather than the first pair's name. */
    static boolean isAddress(String token) {
        if (token.isEmpty()) {
            return false;
        }
        for (int i = 0; i < token.length(); i++) {
            char c = token.charAt(i);
            if (!(isAsciiDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' || c == ':' || c == '.')) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@code [a-z][a-z0-9_]*\\s.*}: a lower-case word then white space (the kind's line, "bond_slave
     * state ..."); the rest holds no line terminator, which "." does not match.
     */
    static boolean startsWithKindWord(String line) {
        if (line.isEmpty() || line.charAt(0) < 'a' || line.charAt(0) > 'z') {
            return false;
        }
        int i = 1;
        while (i < line.length() && isWordChar(line.charAt(i))) {
            i++;
        }
        if (i == line.length() || !TextLines.isRegexSpace(line.charAt(i))) {
            return false;
        }
        for (int j = i + 1; j < line.length(); j++) {
            char c = line.charAt(j);
            if (c == '\n' || c == '\r' || c == '\u0085' || c == '\u2028' || c == '\u2029') {
                return false;
            }
        }
        return true;
    }

    private static boolean isWordChar(char c) {
        return c >= 'a' && c <= 'z' || isAsciiDigit(c) || c == '_';
    }

    private static boolean isAsciiDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** "name value name value ..."; bracketed flag words ("&lt;REORDER_HDR&gt;") are skipped. */
    private static void pairs(String[] tokens, int start, Map<String, String> into) {
        List<String> words = new ArrayList<>();
        for (int i = start; i < tokens.length; i++) {
            if (!tokens[i].isEmpty() && !(tokens[i].startsWith("<") && tokens[i].endsWith(">"))) {
                words.add(tokens[i]);
            }
        }
        for (int i = 0; i + 1 < words.size(); i += 2) {
            into.putIfAbsent(words.get(i), words.get(i + 1));
        }
    }

    private static long counter(String value, int line, String column) throws ParseException {
        Matcher m =
                value.isEmpty() || "KMGTPE".indexOf(value.charAt(value.length() - 1)) < 0 ? null : HUMAN.matcher(value);
        if (m != null && m.matches()) {
            double scale = Math.pow(1000, "KMGTPE".indexOf(m.group(2)) + 1);
            double v = Double.parseDouble(m.group(1)) * scale;
            if (v >= Long.MAX_VALUE) {
                throw new ParseException(
                        line, "ip link: " + column + " counter overflows: '" + TextLines.abbreviate(value) + "'");
            }
            return (long) v;
        }
        return TextLines.parseLong(value, line, column + " counter");
    }
}
