package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses {@code rdma link show}: one line per port, "key value" pairs after the port name.
 * <pre>
 * link mlx5_0/1 state ACTIVE physical_state LINK_UP netdev ens1f0np0
 * link mlx5_1/1 subnet_prefix fe80:0000:0000:0000 lid 7 sm_lid 1 lmc 0 state ACTIVE physical_state LINK_UP
 * </pre>
 * -> two RdmaLinks; the second, InfiniBand, has no netdev. Early iproute2 printed
 * {@code 0/1: mlx5_0/1: state ...}; that prefix is accepted. Indented continuation lines of
 * {@code -d} ({@code caps: <...>}) are skipped. Empty text is an empty list (the tool prints
 * nothing when there is no RDMA device); a line that names no port is a {@link ParseException}.
 */
public final class RdmaLinkParser extends LineParser<RdmaLinks> {

    @Override
    protected RdmaLinks parse(TextLines lines) throws ParseException {
        List<RdmaLinks.RdmaLink> links = new ArrayList<>();
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n);
            if (line.isBlank() || Character.isWhitespace(line.charAt(0))) {
                continue;
            }
            String[] tokens = line.trim().split("\\s+");
            int at = 0;
            if (tokens[0].equals("link") || tokens[0].matches("\\d+/\\d+:")) {
                at = 1;
            }
            if (at >= tokens.length) {
                lines.unreadable(n, "no port after '" + tokens[0] + "'");
                continue;
            }
            RdmaPortName name;
            try {
                name = RdmaPortName.parse(tokens[at], n);
            } catch (ParseException e) {
                lines.unreadable(e);
                continue;
            }
            Map<String, String> attributes = new LinkedHashMap<>();
            for (int i = at + 1; i + 1 < tokens.length; i += 2) {
                attributes.putIfAbsent(tokens[i], tokens[i + 1]);
            }
            links.add(new RdmaLinks.RdmaLink(
                    name.device(),
                    name.port(),
                    attributes.get("state"),
                    attributes.get("physical_state"),
                    attributes.get("netdev"),
                    attributes));
        }
        return new RdmaLinks(links);
    }
}
