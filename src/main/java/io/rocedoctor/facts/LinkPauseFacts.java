package io.rocedoctor.facts;

import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.parse.EthtoolPause;
import java.util.Set;

/** Layer 8 (host QoS): each port's link-level pause, from {@code ethtool -a IF} where the bundle has it. */
final class LinkPauseFacts implements LayerFacts {
    @Override
    public FactLayer declaration() {
        return new FactLayer("link-pause", Set.of(SourceKind.ETHTOOL_PAUSE), Set.of(), Set.of(LinkPause.class));
    }

    @Override
    public void addTo(HostContext host, BuiltFacts facts) {
        for (Port port : host.ports().values()) {
            Source source = Source.of(SourceKind.ETHTOOL_PAUSE, port.name());
            host.parse(source, EthtoolPause.class)
                    .ifPresent(p -> facts.add(new LinkPause(
                            port.name(),
                            port.nic(),
                            p.rx(),
                            p.tx(),
                            p.rxNegotiated(),
                            p.txNegotiated(),
                            source.display())));
        }
    }
}
