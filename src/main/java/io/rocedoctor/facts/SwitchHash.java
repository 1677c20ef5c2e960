package io.rocedoctor.facts;

import java.util.List;

/**
 * The fields one switch hashes on to pick an ECMP next hop and a LAG member ({@code SRC_IP},
 * {@code L4_SRC_PORT}...; empty when not configured, the platform default), and the host ports
 * facing the switch.
 */
public record SwitchHash(
        String switchName,
        String platform,
        String source,
        List<String> ecmpFields,
        List<String> lagFields,
        List<String> hostPorts) {
    public SwitchHash {
        ecmpFields = List.copyOf(ecmpFields);
        lagFields = List.copyOf(lagFields);
        hostPorts = List.copyOf(hostPorts);
    }

    /** The ECMP hash is configured and lacks the L4 source port, where RoCEv2 carries its entropy. */
    public boolean ecmpLacksL4SourcePort() {
        return lacksL4SourcePort(ecmpFields);
    }

    /** The LAG hash is configured and lacks the L4 source port. */
    public boolean lagLacksL4SourcePort() {
        return lacksL4SourcePort(lagFields);
    }

    private static boolean lacksL4SourcePort(List<String> fields) {
        return !fields.isEmpty()
                && fields.stream()
                        .noneMatch(f -> f.equalsIgnoreCase("L4_SRC_PORT")
                                || f.equalsIgnoreCase("source-port")
                                || f.equalsIgnoreCase("l4-src-port"));
    }
}
