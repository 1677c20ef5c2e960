package io.rocedoctor.facts;

import java.util.List;

/**
 * Ports that should share a host's traffic: the members of a bond or RoCE LAG, or the ports of
 * one host facing one fabric. {@code hashPolicy} names what decides the path of a flow
 * ({@code bond xmit_hash_policy layer2+3}); {@code hashHasL4SourcePort} is false when that
 * hash cannot spread RoCEv2 flows (their entropy is the UDP source port), null when unknown.
 */
public record MultipathGroup(
        String name, String kind, List<String> members, String hashPolicy, Boolean hashHasL4SourcePort) {
    public MultipathGroup {
        members = List.copyOf(members);
    }
}
