package io.rocedoctor.engine.findings;

import io.rocedoctor.engine.Figures;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.engine.Thresholds;
import io.rocedoctor.facts.CounterMeaning;
import io.rocedoctor.facts.CounterRate;
import io.rocedoctor.facts.Port;
import io.rocedoctor.facts.QueueConfig;
import java.util.List;

/**
 * The findings of the NIC queue rules (rules/queues.drl): RSS hashing, channels and indirection
 * from ethtool -n/-l/-x, and the receive rings from ethtool -g and the drop counters they matched.
 */
public final class QueueFindings {
    private QueueFindings() {}

    /**
     * RSS_HASH_NO_L4: each flow type whose hash leaves out the L4 ports, with the fields ethtool -n
     * printed for it, and the hash with them proposed for that type (the fields read restored on
     * rollback).
     */
    public static Finding.Builder hashWithoutL4(QueueConfig q) {
        Finding.Builder f = Finding.about(q.port()).scope(q.nic()).confirmed();
        for (String type : q.hashWithoutL4()) {
            String fields = q.flowHash().get(type);
            f.evidence(
                            "ethtool -n " + q.port() + " rx-flow-hash " + type,
                            fields,
                            "hashed fields in ethtool -N letters (s IP SA, d IP DA, f/n L4 source/destination port): "
                                    + "flows between two hosts all land on one queue")
                    .action("rss-hash-l4", "device", q.port(), "flow", type, "current", fields);
        }
        return f;
    }

    /**
     * RSS_QUEUES_TOO_FEW: the channels in use and the driver's maximum, against the NIC-local CPUs
     * (their cores, when SMT makes them fewer: a sibling adds no capacity); as many channels proposed
     * as there are cores, up to the maximum.
     */
    public static Finding.Builder tooFewQueues(QueueConfig q) {
        int target = Math.min(q.localCores(), q.maxRxQueues());
        String cores = q.localCores().equals(q.localCpus()) ? "" : " (" + q.localCores() + " cores)";
        return Finding.about(q.port())
                .scope(q.nic())
                .confirmed()
                .evidence("ethtool -l " + q.port(), q.rxQueues(), "receive channels in use")
                .evidence("ethtool -l " + q.port(), q.maxRxQueues(), "the driver's preset maximum")
                .evidence(
                        "/sys/class/net/" + q.port() + "/device/local_cpulist",
                        q.localCpus(),
                        "CPUs local to the NIC" + cores + ": up to " + target + " could each serve a queue")
                .action(
                        "channels-combined",
                        "device",
                        q.port(),
                        "combined",
                        String.valueOf(target),
                        "current",
                        String.valueOf(q.rxQueues()));
    }

    /**
     * RSS_INDIRECTION_SKEWED: the queues ethtool -x's table points to out of those in use, and the
     * weight of the busiest over the idlest; an equal spread over every queue in use proposed.
     */
    public static Finding.Builder indirectionSkewed(QueueConfig q) {
        return Finding.about(q.port())
                .scope(q.nic())
                .confirmed()
                .evidence(
                        "ethtool -x " + q.port(),
                        q.rssQueuesUsed() + " of " + q.rxQueues() + " queues",
                        "queues the indirection table sends flows to")
                .evidence(
                        "ethtool -x " + q.port(),
                        Figures.times(q.rssWeightRatio()),
                        "as many indirection entries on the busiest queue as on the idlest used one")
                .action("rss-indirection-equal", "device", q.port(), "combined", String.valueOf(q.rxQueues()));
    }

    /**
     * RX_BUFFER_EXHAUSTED: each drop counter that rose on the port ({@code rising}), by the driver's
     * name. A ring only helps the drops of a ring: one step on each ring below its maximum
     * ({@code rings}: double, capped at the preset maximum), not the maximum, whose queueing delay
     * TRAP_RING_INFLATED warns of. Port-buffer drops need the lossless setup, the PCIe link and the
     * host's stalls looked at instead.
     */
    public static Finding.Builder rxBufferExhausted(Port port, List<CounterRate> rising, List<QueueConfig> rings) {
        Finding.Builder f = Finding.about(port.name()).scope(port.nic());
        boolean hostBuffer = false;
        boolean portBuffer = false;
        for (CounterRate c : rising) {
            boolean ring = c.meaning() == CounterMeaning.RX_NO_HOST_BUFFER;
            hostBuffer |= ring;
            portBuffer |= !ring;
            f.evidence(
                    "ethtool -S " + port.name(),
                    c.counter() + " " + Figures.change(c),
                    (ring
                                    ? "no receive descriptor was free on a ring (the CPU did not refill it in time)"
                                    : "dropped in the port's buffer before reaching any ring: the adapter is congested")
                            + (c.sinceBoot() ? "; absolute count: one sample cannot show whether it still rises" : ""));
        }
        RisingCounters.confidence(f, rising);
        if (hostBuffer) {
            for (QueueConfig q : rings) {
                long larger = Math.min(2L * q.ringRx(), q.maxRingRx());
                f.evidence("ethtool -g " + port.name(), ringSize(q), "current RX ring size and its preset maximum")
                        .action(
                                "rings-rx-size",
                                "device",
                                port.name(),
                                "rx",
                                String.valueOf(larger),
                                "current",
                                String.valueOf(q.ringRx()));
            }
        }
        if (portBuffer) {
            f.action("rx-port-buffer-investigate", "device", port.name());
        }
        return f;
    }

    /**
     * TRAP_RING_INFLATED: a ring at its maximum, the drop counters that did not move ({@code drops}),
     * and a ring of the profile's {@code rings.latencyRx} entries proposed (never a larger one than now).
     */
    public static Finding.Builder ringInflated(QueueConfig q, List<CounterRate> drops, Thresholds thresholds) {
        Finding.Builder f = Finding.about(q.port())
                .scope(q.nic())
                .confirmed()
                .evidence(
                        "ethtool -g " + q.port(),
                        ringSize(q),
                        "RX ring at the preset maximum: up to " + q.ringRx() + " packets may queue ahead of a new one");
        for (CounterRate c : drops) {
            f.evidence(
                    "ethtool -S " + q.port(),
                    c.counter() + " " + Figures.change(c),
                    "no drop for a deeper ring to prevent");
        }
        long smaller = Math.min(q.ringRx(), (long) thresholds.num("rings.latencyRx"));
        return f.action(
                "rings-rx-size",
                "device",
                q.port(),
                "rx",
                String.valueOf(smaller),
                "current",
                String.valueOf(q.ringRx()));
    }

    /** {@code RX: 1024 of 8192}, as ethtool -g's current and preset maximum. */
    private static String ringSize(QueueConfig q) {
        return "RX: " + q.ringRx() + " of " + q.maxRingRx();
    }
}
