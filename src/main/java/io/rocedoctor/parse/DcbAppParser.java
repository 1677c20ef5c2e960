package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Parses {@code dcb app show dev IF} (iproute2 5.11 and later, dcb/dcb_app.c). One line per
 * selector that has entries, entries sorted by key; DSCP keys print under their name from
 * {@code /etc/iproute2/rt_dsfield} when it has one ({@code CS3}, {@code AF31}, {@code EF}), else as a
 * number ({@code -N} forces numbers):
 * <pre>
 * default-prio 0
 * dscp-prio 0:0 CS1:1 CS2:2 CS3:3 AF31:3 CS4:4 CS5:5 EF:5 CS6:6 CS7:7
 * </pre>
 * -> DSCP 26 (AF31) and 24 (CS3) on priority 3, port default priority 0. An empty table prints
 * nothing at all, so empty text is an empty table, not a failure. The APP table may give one
 * DSCP several priorities (mlx5 keeps one); the lowest, printed first, is kept. The other
 * selectors ({@code ethtype-prio}, {@code stream-port-prio}, {@code dgram-port-prio},
 * {@code port-prio}, {@code pcp-prio} of iproute2 6.5 and later) are recognised and not read. A DSCP
 * name no stock rt_dsfield has, a DSCP above 63 or a priority above 7 makes its line a note: the
 * whole {@code dscp-prio} line is dropped (a map with one mapping missing would read as a DSCP left
 * unmapped), and a text with no other line fails at it.
 */
public final class DcbAppParser extends LineParser<DcbApp> {
    private static final Set<String> NAMES = Set.of(
            "default-prio",
            "ethtype-prio",
            "dscp-prio",
            "stream-port-prio",
            "dgram-port-prio",
            "port-prio",
            "pcp-prio");
    /** The DSCP names of iproute2's stock rt_dsfield, with their DSCP (the file lists DS field values, DSCP << 2). */
    private static final Map<String, Integer> DSCP_NAMES = dscpNames();

    @Override
    protected DcbApp parse(TextLines lines) throws ParseException {
        if (lines.isBlank()) {
            return new DcbApp(Map.of(), List.of());
        }
        DcbAttributes a = DcbAttributes.parse(lines, "dcb app show", NAMES);
        DcbAttributes.Attribute dscpPrio = a.get("dscp-prio");
        Map<Integer, Integer> dscp = dscpPrio == null
                ? null
                : DcbAttributes.lineOrNote(lines, () -> {
                    Map<Integer, Integer> map = new TreeMap<>();
                    for (Map.Entry<String, String> e : dscpPrio.pairs()) {
                        map.putIfAbsent(
                                dscp(e.getKey(), dscpPrio.line()),
                                DcbAttributes.index(e.getValue(), dscpPrio.line(), "dscp-prio priority"));
                    }
                    return map;
                });
        DcbAttributes.Attribute defaultPrio = a.get("default-prio");
        List<Integer> defaults = defaultPrio == null
                ? null
                : DcbAttributes.lineOrNote(lines, () -> {
                    List<Integer> list = new ArrayList<>();
                    for (String v : defaultPrio.values()) {
                        list.add(DcbAttributes.index(v, defaultPrio.line(), "default-prio"));
                    }
                    return list;
                });
        return new DcbApp(dscp == null ? Map.of() : dscp, defaults == null ? List.of() : defaults);
    }

    private static int dscp(String key, int line) throws ParseException {
        Integer named = DSCP_NAMES.get(key.toLowerCase(Locale.ROOT));
        if (named != null) {
            return named;
        }
        if (!key.chars().allMatch(Character::isDigit)) {
            throw new ParseException(
                    line, "dscp-prio: '" + TextLines.abbreviate(key) + "' is neither a DSCP nor a known name");
        }
        int value = TextLines.parseInt(key, line, "dscp-prio DSCP");
        if (value > 63) {
            throw new ParseException(line, "dscp-prio: DSCP " + value + " is not 0..63");
        }
        return value;
    }

    private static Map<String, Integer> dscpNames() {
        Map<String, Integer> names = new TreeMap<>(Map.of(
                "default",
                0,
                "ef",
                46,
                "throughput",
                2,
                "lowdelay",
                4,
                "reliability",
                1,
                "priority",
                8,
                "immediate",
                16,
                "flash",
                24,
                "flash-override",
                32,
                "critical",
                40));
        names.putAll(Map.of("internet", 48, "network", 56));
        for (int c = 0; c < 8; c++) {
            names.put("cs" + c, 8 * c);
        }
        for (int c = 1; c <= 4; c++) {
            for (int drop = 1; drop <= 3; drop++) {
                names.put("af" + c + drop, 8 * c + 2 * drop);
            }
        }
        return Map.copyOf(names);
    }
}
