package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Parses {@code ethtool -n IF rx-flow-hash udp4|tcp4|udp6|...}.
 *
 * <pre>
 * UDP over IPV4 flows use these fields for computing Hash flow key:
 * IP SA
 * IP DA
 * L4 bytes 0 &amp; 1 [TCP/UDP src port]
 * L4 bytes 2 &amp; 3 [TCP/UDP dst port]
 * </pre>
 * gives {@code RxFlowHash("UDP over IPV4", [IP_SA, IP_DA, L4_BYTES_0_1, L4_BYTES_2_3])}: includes the
 * L4 source port. A "None" line gives no fields; unknown field lines are kept in
 * {@code otherFields}. Empty output, an ethtool refusal ("Cannot get RX network flow hashing
 * options") or text without the title line is a ParseException.
 */
public final class RxFlowHashParser extends LineParser<RxFlowHash> {
    private static final String TITLE_END = " flows use these fields for computing Hash flow key:";

    @Override
    protected RxFlowHash parse(TextLines lines) throws ParseException {
        ToolOutput.lines(lines, "ethtool -n rx-flow-hash");
        String flowType = null;
        boolean discarded = false;
        Set<RxFlowHash.Field> fields = EnumSet.noneOf(RxFlowHash.Field.class);
        List<String> others = new ArrayList<>();
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n).strip();
            if (line.isEmpty()) {
                continue;
            }
            if (line.endsWith(TITLE_END) && flowType == null) {
                flowType = line.substring(0, line.length() - TITLE_END.length()).strip();
            } else if (flowType == null) {
                lines.unreadable(
                        n,
                        "ethtool -n rx-flow-hash: expected '... flows use these fields for computing"
                                + " Hash flow key:', got '" + TextLines.abbreviate(line) + "'");
            } else if (line.equalsIgnoreCase("All matching flows discarded on RX")) {
                discarded = true;
            } else if (!line.equalsIgnoreCase("None")) {
                RxFlowHash.Field field = field(line);
                if (field == null) {
                    others.add(line);
                } else {
                    fields.add(field);
                }
            }
        }
        if (flowType == null) {
            throw new ParseException(1, "ethtool -n rx-flow-hash: no title line");
        }
        return new RxFlowHash(flowType, fields, discarded, others);
    }

    private static RxFlowHash.Field field(String line) {
        String normal = TextLines.collapseWhiteSpace(line);
        for (RxFlowHash.Field f : RxFlowHash.Field.values()) {
            if (f.label().equalsIgnoreCase(normal)) {
                return f;
            }
        }
        return null;
    }
}
