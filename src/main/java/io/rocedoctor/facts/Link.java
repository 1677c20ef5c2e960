package io.rocedoctor.facts;

import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.parse.LldpNeighbors;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A host port facing a switch port: the host's netdev, the switch (its dump's folder name under
 * {@code switches/}) and the switch port, and where the pairing comes from ({@code manifest} or
 * {@code lldp}).
 */
public record Link(String hostPort, String switchName, String switchPort, String origin) {

    /**
     * The links of a bundle, which every layer that pairs host and switch ports uses: the
     * manifest's {@code links:}, then, for the host ports it leaves unmapped, the bundle's LLDP
     * capture, where a neighbour whose SysName is the folder name of a switch dump in the bundle
     * gives a link of origin {@code lldp}. The manifest is the authority: a person wrote it, LLDP
     * only reports what the host last heard.
     */
    static List<Link> of(Bundle bundle, SourceLedger ledger) {
        List<Link> out = new ArrayList<>();
        Set<String> mapped = new HashSet<>();
        for (Bundle.Link l : bundle.links()) {
            out.add(new Link(l.hostPort(), l.switchName(), l.switchPort(), "manifest"));
            mapped.add(l.hostPort());
        }
        Set<String> switches = bundle.switchRoots().keySet();
        bundle.sources(SourceKind.LLDP_NEIGHBORS).stream()
                .findFirst()
                .flatMap(s -> ledger.parse(s, LldpNeighbors.class))
                .ifPresent(lldp -> {
                    for (LldpNeighbors.Neighbor n : lldp.neighbors()) {
                        if (n.chassisName() != null
                                && switches.contains(n.chassisName())
                                && mapped.add(n.localPort())) {
                            out.add(new Link(n.localPort(), n.chassisName(), n.portName(), "lldp"));
                        }
                    }
                });
        return List.copyOf(out);
    }
}
