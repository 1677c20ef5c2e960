package io.rocedoctor.facts;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The bytes one port moved in one direction between the samples (since boot with one sample:
 * {@code sinceBoot}), read by meaning whatever the driver calls its counters, with where they were
 * read ({@code source}) and which counters were summed. The precedence (docs/architecture.md,
 * "Bytes by meaning"):
 * <ul>
 * <li>wire bytes: the port's own counter ({@link CounterMeaning#PORT_TX_BYTES}); else the
 * netdev's bytes plus the RDMA bytes; else the netdev's alone when no RDMA device sits on the
 * port. A port with an RDMA device but neither has no known wire bytes: its netdev bytes alone
 * would make a port busy with RoCE look idle.</li>
 * <li>RDMA bytes: the port's {@code ethtool -S} (mlx5's vport RDMA counters), else the
 * {@code rdma statistic} of the port's RDMA device: never both, they count the same bytes.</li>
 * </ul>
 * A meaning one of whose counters went down between the samples (a reset, a driver reload) is
 * read as absent: its delta is not the bytes moved, and zero would make a busy port look idle.
 */
record PortBytes(long bytes, boolean sinceBoot, String source, List<String> counters) {

    /** The meanings of one direction's bytes. */
    enum Direction {
        TX(CounterMeaning.PORT_TX_BYTES, CounterMeaning.NETDEV_TX_BYTES, CounterMeaning.RDMA_TX_BYTES),
        RX(CounterMeaning.PORT_RX_BYTES, CounterMeaning.NETDEV_RX_BYTES, CounterMeaning.RDMA_RX_BYTES);

        final CounterMeaning port;
        final CounterMeaning netdev;
        final CounterMeaning rdma;

        Direction(CounterMeaning port, CounterMeaning netdev, CounterMeaning rdma) {
            this.port = port;
            this.netdev = netdev;
            this.rdma = rdma;
        }
    }

    PortBytes {
        counters = List.copyOf(counters);
    }

    /**
     * What the port put on (TX) or took off (RX) the wire. {@code ethtool} is the port's
     * {@code ethtool -S} counters that carry a meaning (null when not captured); {@code device} the
     * {@code rdma statistic} counters of the RDMA device on the port, null when the port has none.
     */
    static Optional<PortBytes> wire(
            String port, Collection<CounterRate> ethtool, Collection<CounterRate> device, Direction d) {
        if (ethtool == null) {
            return Optional.empty();
        }
        Optional<PortBytes> own = sum(ethtool, d.port, "ethtool -S " + port);
        if (own.isPresent()) {
            return own;
        }
        Optional<PortBytes> netdev = sum(ethtool, d.netdev, "ethtool -S " + port);
        Optional<PortBytes> rdma = rdma(port, ethtool, device, d);
        if (netdev.isEmpty() || (rdma.isEmpty() && device != null)) {
            return Optional.empty();
        }
        return rdma.map(r -> netdev.get().plus(r)).or(() -> netdev);
    }

    /** The RDMA bytes of the port in one direction; see {@link #wire} for the arguments. */
    static Optional<PortBytes> rdma(
            String port, Collection<CounterRate> ethtool, Collection<CounterRate> device, Direction d) {
        Optional<PortBytes> vport = ethtool == null ? Optional.empty() : sum(ethtool, d.rdma, "ethtool -S " + port);
        if (vport.isPresent() || device == null || device.isEmpty()) {
            return vport;
        }
        return sum(
                device,
                d.rdma,
                RdmaDevice.statisticSource(device.iterator().next().subject()));
    }

    /** Both readings together: the bytes add, the sources and counters are listed once each. */
    PortBytes plus(PortBytes other) {
        List<String> names = new ArrayList<>(counters);
        names.addAll(other.counters);
        String sources = source.equals(other.source) ? source : source + ", " + other.source;
        return new PortBytes(bytes + other.bytes, sinceBoot || other.sinceBoot, sources, names);
    }

    private static Optional<PortBytes> sum(Collection<CounterRate> counters, CounterMeaning meaning, String source) {
        List<String> names = new ArrayList<>(2);
        long bytes = 0;
        boolean sinceBoot = false;
        for (CounterRate c : counters) {
            if (c.meaning() != meaning) {
                continue;
            }
            if (c.wentDown()) {
                return Optional.empty();
            }
            names.add(c.counter());
            bytes += c.delta();
            sinceBoot |= c.sinceBoot();
        }
        return names.isEmpty() ? Optional.empty() : Optional.of(new PortBytes(bytes, sinceBoot, source, names));
    }
}
