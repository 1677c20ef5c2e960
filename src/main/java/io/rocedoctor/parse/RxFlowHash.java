package io.rocedoctor.parse;

import java.util.List;
import java.util.Set;

/**
 * Which header fields a netdev hashes for one flow type, from {@code ethtool -n IF rx-flow-hash TYPE}.
 *
 * @param flowType    as ethtool names it ("UDP over IPV4", "TCP over IPV6")
 * @param fields      the hashed fields; empty for "None"
 * @param discarded   "All matching flows discarded on RX"
 * @param otherFields field lines this parser does not know (a newer ethtool), kept verbatim
 */
public record RxFlowHash(String flowType, Set<Field> fields, boolean discarded, List<String> otherFields) {
    public RxFlowHash {
        fields = OrderedCopy.set(fields);
        otherFields = List.copyOf(otherFields);
    }

    /** The hash inputs, with the line ethtool prints for each. */
    public enum Field {
        L2DA("L2DA"),
        VLAN("VLAN tag"),
        L3_PROTO("L3 proto"),
        IP_SA("IP SA"),
        IP_DA("IP DA"),
        L4_BYTES_0_1("L4 bytes 0 & 1 [TCP/UDP src port]"),
        L4_BYTES_2_3("L4 bytes 2 & 3 [TCP/UDP dst port]"),
        GTP_TEID("GTP TEID"),
        IP6_FLOW_LABEL("IPv6 Flow Label");

        private final String label;

        Field(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /**
     * Whether the L4 source port feeds the hash: RoCEv2 varies only the UDP source port between
     * QPs (the destination is always 4791), so without it all QPs between two hosts hash alike.
     */
    public boolean includesL4SourcePort() {
        return fields.contains(Field.L4_BYTES_0_1);
    }
}
