package io.rocedoctor.facts;

import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.parse.EthtoolPauseParser;

import java.util.List;

/** Layer 8 (host QoS): each port's link-level pause, from {@code ethtool -a IF} where the bundle has it. */
final class LinkPauseFacts implements LayerFacts {
    @Override
    public void addTo(HostContext host, List<Object> facts) {
        for (Port port : host.ports().values()) {
            Source source = Source.of(SourceKind.ETHTOOL_PAUSE, port.name());
            host.parse(source, new EthtoolPauseParser()).ifPresent(p -> facts.add(new LinkPause(port.name(), port.nic(),
                    p.rx(), p.tx(), p.rxNegotiated(), p.txNegotiated(), source.display())));
        }
    }
}
