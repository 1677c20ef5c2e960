package io.rocedoctor.parse;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The ports {@code rdma link show} lists, in printed order. */
public record RdmaLinks(List<RdmaLink> links) {
    public RdmaLinks {
        links = List.copyOf(links);
    }

    public Optional<RdmaLink> link(String device, int port) {
        return links.stream()
                .filter(l -> l.device().equals(device) && l.port() == port)
                .findFirst();
    }

    /**
     * One port.
     *
     * @param state ACTIVE, DOWN, INIT...; null when not printed
     * @param physicalState LINK_UP, DISABLED, POLLING...; null when not printed
     * @param netdev the Ethernet netdev of a RoCE port; null for InfiniBand or when unbound
     * @param attributes every "key value" pair as printed (subnet_prefix, lid, netdev_index...)
     */
    public record RdmaLink(
            String device,
            int port,
            String state,
            String physicalState,
            String netdev,
            Map<String, String> attributes) {
        public RdmaLink {
            attributes = OrderedCopy.map(attributes);
        }
    }
}
