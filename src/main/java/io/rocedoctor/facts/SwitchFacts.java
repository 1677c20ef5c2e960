package io.rocedoctor.facts;

import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.bundle.SwitchDump;
import io.rocedoctor.bundle.SwitchDumpReader;
import io.rocedoctor.bundle.SwitchSourceKind;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
    public FactLayer declaration() {
        return new FactLayer(
                "switch",
                Set.of(
                        SwitchSourceKind.SONIC_CONFIG_DB,
                        SwitchSourceKind.SONIC_PFC_PRIORITY,
                        SwitchSourceKind.SONIC_QUEUE_COUNTERS,
                        SwitchSourceKind.SONIC_PG_DROP_COUNTERS,
                        SwitchSourceKind.SONIC_PFCWD_STATS,
                        SwitchSourceKind.SONIC_PFCWD_CONFIG,
                        SwitchSourceKind.SONIC_MMU,
                        SwitchSourceKind.SONIC_ECN,
                        SwitchSourceKind.NVUE_ROCE_POOL,
                        SwitchSourceKind.NVUE_ROCE,
                        SwitchSourceKind.NVUE_SYSTEM_FORWARDING,
                        SwitchSourceKind.NVUE_PFC_GLOBAL,
                        SwitchSourceKind.NVUE_PFC_WATCHDOG_GLOBAL,
                        SwitchSourceKind.NVUE_CONGESTION_CONTROL_GLOBAL,
                        SwitchSourceKind.NVUE_EGRESS_QUEUE_MAPPING_GLOBAL,
                        SwitchSourceKind.NVUE_INTERFACE_PFC_WATCHDOG,
                        SwitchSourceKind.NVUE_INTERFACE_PFC,
                        SwitchSourceKind.NVUE_INTERFACE_MAPPING,
                        SwitchSourceKind.NVUE_INTERFACE_CONGESTION_CONTROL,
                        SwitchSourceKind.NVUE_INTERFACE_BUFFER_INGRESS_PG,
                        SwitchSourceKind.NVUE_INTERFACE_COUNTERS_QOS,
                        SwitchSourceKind.NVUE_INTERFACE_LINK,
                        SwitchSourceKind.EOS_RUNNING_CONFIG,
                        SwitchSourceKind.EOS_QUEUE_COUNTERS),
                Set.of(RoceTraffic.class, EcnState.class, PortQos.class),
                Set.of(
                        TunedHostPort.class,
                        Link.class,
                        SwitchPort.class,
                        SwitchLosslessQueue.class,
                        SwitchBufferPools.class,
                        SwitchHash.class));
    }

    @Override
    public void addTo(HostContext host, BuiltFacts facts) {
        facts.addAll(
                TunedHostPort.among(facts.of(PortQos.class), facts.of(EcnState.class), facts.of(RoceTraffic.class)));
        Bundle bundle = host.bundle();
        Map<String, Map<String, List<String>>> facing = new TreeMap<>();
        for (Link l : host.links()) {
            facts.add(l);
            facing.computeIfAbsent(l.switchName(), k -> new TreeMap<>())
                    .computeIfAbsent(l.switchPort(), k -> new ArrayList<>())
                    .add(l.hostPort());
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
            SwitchContext sw =
                    new SwitchContext(dump, host.ledger(), facing.getOrDefault(dump.name(), Map.of()), host.ports());
            List<Object> dumpFacts = new ArrayList<>();
            switch (dump.platform()) {
                case SONIC -> SonicSwitchFacts.addTo(sw, dumpFacts);
                case CUMULUS_NVUE -> NvueSwitchFacts.addTo(sw, dumpFacts);
                case ARISTA_EOS -> EosSwitchFacts.addTo(sw, dumpFacts);
                default ->
                    host.ledger()
                            .note("switch " + dump.name() + ": platform "
                                    + dump.platform().label()
                                    + " is not analysed (sonic, cumulus-nvue and arista-eos are)");
            }
            facts.addAll(dumpFacts);
        }
    }
}
