package io.rocedoctor.facts;

import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.bundle.SwitchDump;
import io.rocedoctor.bundle.SwitchDumpReader;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Layers 9 and 10: the switch dumps of the bundle ({@code switches/<name>/}) turned into
 * {@link SwitchPort}, {@link SwitchLosslessQueue}, {@link SwitchBufferPools} and {@link SwitchHash}
 * facts, one vocabulary for SONiC, NVUE and EOS, and the bundle's {@link Link}s (manifest, then LLDP:
 * {@link Link#of}) that tell which host port faces which switch port; and the host ports tuned for
 * RoCE on their own side ({@link TunedHostPort}), which the switch side should confirm.
 */
final class SwitchFacts implements LayerFacts {

    @Override
    public void addTo(HostContext host, List<Object> facts) {
        facts.addAll(TunedHostPort.among(facts));
        Bundle bundle = host.bundle();
        Map<String, Map<String, List<String>>> facing = new TreeMap<>();
        for (Link l : host.links()) {
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
                case ARISTA_EOS -> EosSwitchFacts.addTo(sw, facts);
                default -> host.ledger().note("switch " + dump.name() + ": platform " + dump.platform().label()
                        + " is not analysed (sonic, cumulus-nvue and arista-eos are)");
            }
        }
    }
}
