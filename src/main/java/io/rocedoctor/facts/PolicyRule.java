package io.rocedoctor.facts;

/**
 * One IPv4 policy routing rule of {@code ip rule show}, in the order the kernel tries them.
 *
 * @param order      its place in the printed list (ip prints rules by priority, the order they are tried)
 * @param priority   its preference, null where the output printed none
 * @param from       {@code all} or the source prefix as printed
 * @param sourceOnly whether it selects by source address alone ({@code from ADDR lookup T}: not inverted, no
 *                   other selector), so that it takes every packet from the address
 * @param table      the table it looks up, null for another action
 * @param text       the rule as ip prints it, for evidence
 */
public record PolicyRule(
        int order, Integer priority, String from, boolean sourceOnly, String table, String text, String source) {}
