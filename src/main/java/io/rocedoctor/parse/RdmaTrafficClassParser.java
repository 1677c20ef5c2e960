package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses MLNX_OFED's {@code /sys/class/infiniband/DEV/tc/PORT/traffic_class}, as
 * {@code traffic_class_show} in mlnx-ofa_kernel's {@code drivers/infiniband/hw/mlx5/main_ext.c}
 * prints it: {@code "Global tclass=%d\n"} when a global value is set (the driver keeps -1 for none
 * and then prints nothing for it), then one line per address rule, its match fields each ending in
 * a comma ({@code src_ip=%pI4,}, {@code dst_ip=%pI4/%d,}, {@code src_ip6=%pI6,},
 * {@code dst_ip6=%pI6,}) and {@code tclass=%d}:
 * <pre>
 * Global tclass=106
 * dst_ip=10.20.0.0/16,tclass=104
 * </pre>
 * gives RdmaTrafficClass(106, [Rule("dst_ip=10.20.0.0/16", 104)]). An empty file is a port with
 * neither (the driver's state after load): global null, no rules. A value written by hand without
 * the label ("106", as some tools echo it back) is read as the global value. A line that is none
 * of these is a note on its line; a text of such lines only is a ParseException.
 */
public final class RdmaTrafficClassParser implements Parser<RdmaTrafficClass> {
    private static final Pattern GLOBAL = Pattern.compile("(?:Global\\s+)?tclass=(-?\\d+)|(\\d+)");
    private static final Pattern RULE = Pattern.compile("((?:(?:src|dst)_ip6?=[^,\\s]+,)+)tclass=(-?\\d+)");

    @Override
    public RdmaTrafficClass parse(String text) throws ParseException {
        return read(text).value();
    }

    @Override
    public Parsed<RdmaTrafficClass> read(String text) throws ParseException {
        TextLines lines = TextLines.of(text);
        // Only noise ("cat: ...: No such file") fails; an empty file is a port with nothing set.
        lines.requireSomeData();
        Integer global = null;
        List<RdmaTrafficClass.Rule> rules = new ArrayList<>();
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n).strip();
            if (line.isEmpty()) {
                continue;
            }
            Matcher g = GLOBAL.matcher(line);
            Matcher r = RULE.matcher(line);
            try {
                if (g.matches()) {
                    int value = tclass(g.group(1) != null ? g.group(1) : g.group(2), n);
                    // The driver stores -1 for "none" and prints nothing then; a written-back -1 says the same.
                    global = value < 0 ? null : value;
                } else if (r.matches()) {
                    String match = r.group(1).substring(0, r.group(1).length() - 1);
                    rules.add(new RdmaTrafficClass.Rule(match, tclass(r.group(2), n)));
                } else {
                    lines.unreadable(
                            n,
                            "traffic_class: expected 'Global tclass=N' or an address rule ending in 'tclass=N', got '"
                                    + TextLines.abbreviate(line) + "'");
                }
            } catch (ParseException e) {
                lines.unreadable(e);
            }
        }
        lines.requireSomethingRead();
        return new Parsed<>(new RdmaTrafficClass(global, rules), lines.notes());
    }

    private static int tclass(String value, int line) throws ParseException {
        long v = TextLines.parseLong(value, line, "tclass");
        if (v > 255) {
            throw new ParseException(line, "traffic_class: tclass " + v + " is outside 0..255");
        }
        return (int) v;
    }
}
