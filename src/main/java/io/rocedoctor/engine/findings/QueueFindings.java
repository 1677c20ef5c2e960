package io.rocedoctor.engine.findings;

import io.rocedoctor.engine.Figures;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.engine.Thresholds;
import io.rocedoctor.facts.CounterMeaning;
import io.rocedoctor.facts.CounterRate;
import io.rocedoctor.facts.Port;
import io.rocedoctor.facts.QueueConfig;
import java.util.List;

/** The findings of the receive-ring rules (rules/queues.drl), from the counters and ring sizes they matched. */
public final class QueueFindings {
    private QueueFindings() {}

    /**
     * RX_BUFFER_EXHAUSTED: each drop counter that rose on the port ({@code rising}), by the driver's
     * name. A ring only helps the drops of a ring: one step on each ring below its maximum
     * ({@code rings}: double, capped at the preset maximum), not the maximum, whose queueing delay
     * TRAP_RING_INFLATED warns of. Port-buffer drops need the lossless setup, the PCIe link and the
     * host's stalls looked at instead.
     */
    public static Finding.Builder rxBufferExhausted(Port port, List<CounterRate> rising, List<QueueConfig> rings) {
        Finding.Builder f = Finding.about(port.name()).scope(port.nic());
        boolean measured = false;
        boolean hostBuffer = false;
        boolean portBuffer = false;
        for (CounterRate c : rising) {
            measured |= !c.sinceBoot();
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
        if (measured) {
            f.confirmed();
        } else {
            f.possible();
        }
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
