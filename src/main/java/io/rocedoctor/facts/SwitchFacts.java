package io.rocedoctor.facts;

import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.bundle.SwitchDump;
import io.rocedoctor.bundle.SwitchDumpReader;
import io.rocedoctor.parse.LldpNeighbors;
import io.rocedoctor.parse.LldpNeighborsParser;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Layers 9 and 10: the switch dumps of the bundle ({@code switches/<name>/}) turned into
 * {@link SwitchPort}, {@link SwitchLosslessQueue}, {@link SwitchBufferPools} and {@link SwitchHash}
 * facts, one vocabulary for SONiC and NVUE, and the manifest's {@code links:} into {@link Link}s
 * that tell which host port faces which switch port; and the host ports tuned for RoCE on their
 * own side ({@link TunedHostPort}), which the switch side should confirm.
 *
 * <p>The manifest is the authority on links. A host port it does not map may still be paired by
 * the bundle's LLDP capture ({@code lldpcli show neighbors}): a neighbour whose SysName is the
 * folder name of a switch dump in the bundle gives a {@link Link} of origin {@code lldp}.
 */
final class SwitchFacts implements LayerFacts {

    @Override
    public void addTo(HostContext host, List<Object> facts) {
        facts.addAll(TunedHostPort.among(facts));
        Bundle bundle = host.bundle();
        Map<String, Map<String, List<String>>> facing = new TreeMap<>();
        List<Link> links = new ArrayList<>();
        Set<String> mapped = new HashSet<>();
        for (Bundle.Link l : bundle.links()) {
            links.add(new Link(l.hostPort(), l.switchName(), l.switchPort(), "manifest"));
            mapped.add(l.hostPort());
        }
        links.addAll(lldpLinks(host, mapped));
        for (Link l : links) {
            facts.add(l);
            facing.computeIfAbsent(l.switchName(), k -> new TreeMap<>())
                    .computeIfAbsent(l.switchPort(), k -> new ArrayList<>()).add(l.hostPort());
        }
        for (Map.Entry<String, Path> e : new TreeMap<>(bundle.switchRoots()).entrySet()) {
            SwitchDump dump;
            try {
                dump = SwitchDumpReader.read(e.getValue());
            } catch (IOException ex) {
                host.ledger().note("switch " + e.getKey() + ": dump cannot be read (" + ex.getMessage() + ")");
                continue;
            }
            dump.problems().forEach(p -> host.ledger().note("switch " + dump.name() + ": " + p));
            SwitchContext sw = new SwitchContext(dump, host.ledger(), facing.getOrDefault(dump.name(), Map.of()), host.ports());
            switch (dump.platform()) {
                case SONIC -> SonicSwitchFacts.addTo(sw, facts);
                case CUMULUS_NVUE -> NvueSwitchFacts.addTo(sw, facts);
                default -> host.ledger().note("switch " + dump.name() + ": platform " + dump.platform().label()
                        + " is not analysed (sonic and cumulus-nvue are)");
            }
        }
    }

    /** Links from LLDP for the host ports the manifest leaves unmapped, towards switches dumped in the bundle. */
    private static List<Link> lldpLinks(HostContext host, Set<String> mapped) {
        List<Link> out = new ArrayList<>();
        Set<String> switches = host.bundle().switchRoots().keySet();
        Set<String> taken = new HashSet<>(mapped);
        host.sources(SourceKind.LLDP_NEIGHBORS).stream().findFirst()
                .flatMap(s -> host.parse(s, new LldpNeighborsParser()))
                .ifPresent(lldp -> {
                    for (LldpNeighbors.Neighbor n : lldp.neighbors()) {
                        if (n.chassisName() != null && switches.contains(n.chassisName()) && taken.add(n.localPort())) {
                            out.add(new Link(n.localPort(), n.chassisName(), n.portName(), "lldp"));
                        }
                    }
                });
        return out;
    }
}
