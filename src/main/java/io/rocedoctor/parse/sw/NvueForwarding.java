package io.rocedoctor.parse.sw;

import java.util.List;

/**
 * {@code nv show system forwarding}: the packet fields the ECMP and the LAG hash include, as NVUE
 * names them ({@code source-ip}, {@code source-port}...), in the order shown; empty when the view
 * has no such hash.
 */
public record NvueForwarding(List<String> ecmpHashFields, List<String> lagHashFields) {
    public NvueForwarding {
        ecmpHashFields = List.copyOf(ecmpHashFields);
        lagHashFields = List.copyOf(lagHashFields);
    }
}
