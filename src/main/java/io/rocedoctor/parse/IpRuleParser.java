package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code ip rule show} ({@code ip rule list}, sosreport's {@code ip -4 rule list}; the
 * {@code ip -6 rule} form is the same). iproute2's {@code ip/iprule.c print_rule}: {@code PRIO:} and a
 * tab, {@code not}, {@code from all} or {@code from ADDR[/LEN]} (a host without its length),
 * {@code to ADDR[/LEN]}, then the selectors ({@code tos}/{@code dsfield}, {@code fwmark V[/M]},
 * {@code iif DEV [detached]}, {@code oif DEV [detached]}, {@code l3mdev}, {@code uidrange A-B},
 * {@code ipproto}, {@code sport}, {@code dport}, {@code tun_id}), the action ({@code lookup TABLE}
 * with {@code suppress_prefixlength N}/{@code suppress_ifgroup G}, {@code goto N}, {@code nop},
 * {@code map-to}, a route type such as {@code blackhole}), {@code realms}, {@code proto P},
 * {@code dscp}, {@code flowlabel}. iproute2 2.6 to 3.x end each word with a space, newer ones
 * print the same words (read at 2004's first import, v3.10 and v6.x). A table is its name from
 * {@code rt_tables} ({@code local}, {@code main}, {@code default}) or its number.
 *
 * <pre>
 * 0:	from all lookup local
 * 100:	from 192.168.10.11 lookup 101
 * 32766:	from all lookup main
 * 32767:	from all lookup default
 * </pre>
 * gives four rules; the second has source 192.168.10.11/32 and table 101. A line without
 * {@code PRIO:} that starts with {@code from} is read with no priority. A line that is not a rule,
 * or a source that is not an address, is a note; the other rules stand. A text with no rule fails.
 */
public final class IpRuleParser extends LineParser<IpRules> {
    private static final Pattern RULE = Pattern.compile("(?:(\\d{1,10}):)?\\s*(from\\s.*|not\\s+from\\s.*)");
    /** Words followed by one value (print_rule prints each as "WORD VALUE"). */
    private static final Set<String> VALUED = Set.of(
            "to",
            "tos",
            "dsfield",
            "fwmark",
            "iif",
            "oif",
            "uidrange",
            "ipproto",
            "sport",
            "dport",
            "tun_id",
            "lookup",
            "suppress_prefixlength",
            "suppress_ifgroup",
            "realms",
            "map-to",
            "goto",
            "proto",
            "dscp",
            "flowlabel");
    /** Words that stand alone and select nothing. */
    private static final Set<String> MARKS = Set.of("[detached]", "[unresolved]");
    /** Actions other than lookup, as rtnl_rtntype_n2a names a rule's type. */
    private static final Set<String> ACTIONS =
            Set.of("nop", "masquerade", "blackhole", "unreachable", "prohibit", "throw", "nat", "unicast", "local");
    /** Words after the action that change no selection. */
    private static final Set<String> AFTER_ACTION =
            Set.of("suppress_prefixlength", "suppress_ifgroup", "realms", "map-to", "goto", "proto");

    @Override
    protected IpRules parse(TextLines lines) throws ParseException {
        List<IpRules.Rule> out = new ArrayList<>();
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n).strip();
            if (line.isEmpty()) {
                continue;
            }
            Matcher m = RULE.matcher(line);
            if (!m.matches()) {
                lines.unreadable(n, "ip rule: expected 'PRIORITY: from ...', got '" + TextLines.abbreviate(line) + "'");
                continue;
            }
            Integer priority =
                    m.group(1) == null ? null : (int) Math.min(Integer.MAX_VALUE, Long.parseLong(m.group(1)));
            List<String> words = TextLines.words(m.group(2));
            boolean inverted = words.get(0).equals("not");
            int i = inverted ? 1 : 0;
            if (i + 1 >= words.size()) {
                lines.unreadable(n, "ip rule: 'from' without a source");
                continue;
            }
            String from = words.get(i + 1);
            if (!from.equals("all") && InetPrefix.of(from).isEmpty() && !from.startsWith("0/")) {
                lines.unreadable(
                        n, "ip rule: source '" + TextLines.abbreviate(from) + "' is neither all nor an address");
                continue;
            }
            Map<String, String> selectors = new LinkedHashMap<>();
            String table = null;
            String action = null;
            boolean noted = false;
            for (i += 2; i < words.size(); i++) {
                String w = words.get(i);
                if (MARKS.contains(w)) {
                    continue;
                }
                if (w.equals("l3mdev")) {
                    selectors.put(w, "");
                    continue;
                }
                if (VALUED.contains(w) && i + 1 < words.size()) {
                    String value = words.get(++i);
                    if (w.equals("lookup")) {
                        table = value;
                        action = "lookup";
                    } else if (w.equals("goto")) {
                        action = "goto";
                    } else if (!AFTER_ACTION.contains(w)) {
                        selectors.put(w, value);
                    }
                } else if (ACTIONS.contains(w)) {
                    action = w;
                } else {
                    // A word this reading does not know may select: the rule is kept, never as "from" alone.
                    selectors.put(w, "");
                    if (!noted) {
                        noted = true;
                        lines.partlyUnreadable(
                                new ParseException(n, "ip rule: unknown word '" + TextLines.abbreviate(w) + "'"));
                    }
                }
            }
            out.add(new IpRules.Rule(priority, inverted, from, selectors, table, action));
        }
        if (out.isEmpty()) {
            throw new ParseException(1, "ip rule: no rule in the output");
        }
        return new IpRules(out);
    }
}
