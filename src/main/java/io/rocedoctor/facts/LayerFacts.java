package io.rocedoctor.facts;

/**
 * The facts of one layer of the catalog (physical, queues, transport, QoS...), built from the
 * host's skeleton and the facts of the layers it consumes. Each layer reads its own sources and
 * records what it expected and lacked.
 */
interface LayerFacts {
    /** What the layer reads, consumes and produces. */
    FactLayer declaration();

    /** Adds this layer's facts; {@code facts} gives the skeleton's and earlier layers' facts of the consumed types. */
    void addTo(HostContext host, BuiltFacts facts);
}
