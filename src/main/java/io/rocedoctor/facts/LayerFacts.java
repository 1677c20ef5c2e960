package io.rocedoctor.facts;

import java.util.List;

/**
 * The facts of one layer of the catalog (physical, queues, transport, QoS...), built from the
 * host's skeleton. Each layer reads its own sources and records what it expected and lacked.
 */
interface LayerFacts {
    /** Adds this layer's facts; {@code facts} already holds the skeleton and earlier layers' facts. */
    void addTo(HostContext host, List<Object> facts);
}
