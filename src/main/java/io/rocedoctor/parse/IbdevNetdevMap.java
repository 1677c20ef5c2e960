package io.rocedoctor.parse;

import java.util.List;
import java.util.Optional;

/** Which netdev each RDMA port is bound to, as {@code ibdev2netdev} prints it. */
public record IbdevNetdevMap(List<Binding> bindings) {
    public IbdevNetdevMap {
        bindings = List.copyOf(bindings);
    }

    public Optional<Binding> binding(String device, int port) {
        return bindings.stream()
                .filter(b -> b.device().equals(device) && b.port() == port)
                .findFirst();
    }

    /**
     * One line.
     *
     * @param netdevState "Up" or "Down" as printed
     * @param pciAddress only with {@code -v}, else null
     * @param description only with {@code -v} ("MT4123 - MCX653106A-ECAT ..."), else null
     * @param firmware only with {@code -v}, else null
     * @param portState the RDMA port state with {@code -v} ("ACTIVE"), else null
     */
    public record Binding(
            String device,
            int port,
            String netdev,
            String netdevState,
            String pciAddress,
            String description,
            String firmware,
            String portState) {

        public boolean netdevUp() {
            return "Up".equalsIgnoreCase(netdevState);
        }
    }
}
