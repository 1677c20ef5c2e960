package io.rocedoctor.parse;

import java.util.List;
import java.util.Map;

/** The policy routing rules of one {@code ip rule show}, in printed (priority) order. */
public record IpRules(List<IpRules.Rule> rules) {
    public IpRules {
        rules = List.copyOf(rules);
    }

    /**
     * One rule.
     *
     * @param priority  its preference, null where the line printed none
     * @param inverted  {@code not}: the selector is negated
     * @param from      {@code all}, or the source prefix ({@code 192.168.1.10/32} for a host)
     * @param selectors the other selectors and their values ({@code to}, {@code iif}, {@code oif},
     *                  {@code fwmark}, {@code tos}, {@code ipproto}...; a word not known to select
     *                  anything is kept with an empty value, so the rule never reads as {@code from} alone)
     * @param table     the table a {@code lookup} action names ({@code main}, {@code 101}), or null
     * @param action    {@code lookup}, {@code goto}, {@code nop}, {@code blackhole}, {@code unreachable}, {@code prohibit}...; null where none was printed
     */
    public record Rule(
            Integer priority,
            boolean inverted,
            String from,
            Map<String, String> selectors,
            String table,
            String action) {
        public Rule {
            selectors = OrderedCopy.map(selectors);
        }

        /** The source prefix, empty for {@code from all} or a source that is not an address. */
        public java.util.Optional<InetPrefix> source() {
            return from.equals("all") ? java.util.Optional.empty() : InetPrefix.of(from);
        }
    }
}
