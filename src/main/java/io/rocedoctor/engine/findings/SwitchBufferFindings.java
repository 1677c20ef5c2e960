package io.rocedoctor.engine.findings;

import io.rocedoctor.engine.Figures;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.engine.Thresholds;
import io.rocedoctor.facts.SwitchBufferPools;
import io.rocedoctor.facts.SwitchLosslessQueue;

/**
 * SWITCH_ECN_ABOVE_XOFF's and SWITCH_HEADROOM_SHORT's arithmetic and evidence
 * (docs/rules/SWITCH_ECN_ABOVE_XOFF.md, docs/rules/SWITCH_HEADROOM_SHORT.md), and SWITCH_BUFFER_POOL_SKEWED's. A switch buffer holds
 * packets in cells of {@code switch.cellBytes}: thresholds are compared in cells, and the headroom
 * counts the cells small packets waste, as SONiC's dynamic buffer calculation does
 * (sonic-swss cfgmgr/buffer_headroom_mellanox.lua; sonic-net/SONiC
 * doc/qos/dynamically-headroom-calculation.md).
 */
public final class SwitchBufferFindings {
    /** The smallest Ethernet frame, the packet that wastes most of a cell. */
    private static final double MINIMAL_PACKET_BYTES = 64;

    private SwitchBufferFindings() {}

    /** The cells {@code bytes} take: a threshold acts on whole cells. */
    public static long cells(long bytes, Thresholds t) {
        long cell = Math.round(t.num("switch.cellBytes"));
        return (bytes + cell - 1) / cell;
    }

    /** ECN marking starts, in cells, at or above the XOFF point of the lossless PG. */
    public static boolean ecnAboveXoff(SwitchLosslessQueue q, Thresholds t) {
        return Boolean.TRUE.equals(q.ecnMarking())
                && q.ecnMinBytes() != null
                && q.xoffBytes() != null
                && cells(q.ecnMinBytes(), t) >= cells(q.xoffBytes(), t);
    }

    public static Finding.Builder ecnAboveXoffFinding(SwitchLosslessQueue q, Thresholds t) {
        long cell = Math.round(t.num("switch.cellBytes"));
        Finding.Builder f = Finding.about(q.label() + ":" + q.priority())
                .scope(q.label())
                .scope(q.hostPorts())
                // The egress queue and the ingress PG are different buffers: which fills first depends on the traffic.
                .likely()
                .evidence(
                        "switch " + q.switchName() + ": ECN of queue " + q.queue(),
                        q.ecnMinBytes() + " B",
                        "minimum ECN marking threshold, " + cells(q.ecnMinBytes(), t) + " cells of " + cell + " B (max "
                                + q.ecnMaxBytes() + " B, probability " + q.ecnProbability() + "%), on the egress queue")
                .evidence(
                        "switch " + q.switchName() + ": PFC of priority " + q.priority(),
                        q.xoffBytes() + " B",
                        "XOFF point, " + cells(q.xoffBytes(), t) + " cells, on the ingress priority group: "
                                + q.xoffBasis());
        return SwitchPortAction.onQueueEcn(f, "switch-ecn-thresholds", q);
    }

    /**
     * How many bytes of buffer one byte in flight takes, with {@code switch.headroom.smallPacketShare}
     * of the packets at the smallest size: SONiC's cell occupancy (a cell larger than two minimal
     * packets wastes cell/64; a smaller one at most two cells per cell-and-a-byte).
     */
    public static double cellOccupancy(Thresholds t) {
        double cell = t.num("switch.cellBytes");
        double small = t.num("switch.headroom.smallPacketShare");
        double worst = cell > 2 * MINIMAL_PACKET_BYTES ? cell / MINIMAL_PACKET_BYTES : 2 * cell / (1 + cell);
        return 1 - small + small * worst;
    }

    /**
     * The headroom the PG needs: one frame already in the buffer when XOFF leaves, plus what still
     * arrives (one more frame, the cable both ways, the peer's reaction at line rate) at the cell
     * occupancy of the traffic. Null when speed, cable or MTU is unknown.
     */
    public static Long headroomNeeded(SwitchLosslessQueue q, Thresholds t) {
        if (q.headroomFloorBytes() == null || q.mtu() == null || q.speedMbps() == null) {
            return null;
        }
        double response = t.num("switch.headroom.responseNanos") * q.speedMbps() / 8000.0;
        double arriving = q.headroomFloorBytes() - q.mtu() + response;
        return Math.round(q.mtu() + arriving * cellOccupancy(t));
    }

    public static boolean headroomShort(SwitchLosslessQueue q, Thresholds t) {
        Long needed = headroomNeeded(q, t);
        return q.headroomBytes() != null && needed != null && q.headroomBytes() < needed;
    }

    public static Finding.Builder headroomShortFinding(SwitchLosslessQueue q, Thresholds t) {
        long needed = headroomNeeded(q, t);
        Finding.Builder f = Finding.about(q.label() + ":" + q.priority())
                .scope(q.label())
                .scope(q.hostPorts())
                .confirmed()
                .evidence(
                        "switch " + q.switchName() + ": headroom of PG " + q.priorityGroup(),
                        q.headroomBytes() + " B",
                        "buffer kept after XOFF for the data still in flight")
                .evidence(
                        "port " + q.label(),
                        needed + " B",
                        "needed at " + Figures.number(q.speedMbps() / 1000.0) + " Gb/s: one " + q.mtu()
                                + " B frame, plus "
                                + Figures.number(cellOccupancy(t)) + " x (another frame + 2 x cable propagation = "
                                + (q.headroomFloorBytes() - q.mtu()) + " B, + "
                                + Figures.number(t.num("switch.headroom.responseNanos"))
                                + " ns of peer response at line rate): "
                                + Figures.percent(t.num("switch.headroom.smallPacketShare"))
                                + " of the packets at 64 B in " + Figures.number(t.num("switch.cellBytes"))
                                + " B cells");
        return SwitchPortAction.propose(
                f,
                "switch-headroom-size",
                q.switchName(),
                q.platform(),
                q.port(),
                "buffer_profile",
                q.bufferProfile(),
                "size",
                String.valueOf(needed));
    }

    /**
     * SWITCH_BUFFER_POOL_SKEWED: the lossless pool(s) against the lossy pools, and the shared
     * headroom pool against the largest headroom one lossless PG reserves.
     */
    public static Finding.Builder poolSkewed(SwitchBufferPools b) {
        String source = "switch " + b.switchName() + ": " + b.source();
        return Finding.about(b.switchName())
                .confirmed()
                .evidence(
                        source,
                        b.losslessBytes() + " B",
                        "ingress lossless pool(s), against " + b.lossyBytes() + " B of lossy pools ("
                                + Figures.percent((double) b.losslessBytes() / b.lossyBytes()) + ")")
                .evidence(
                        source,
                        b.headroomPoolBytes() == null ? "none" : b.headroomPoolBytes() + " B",
                        "shared headroom pool; the largest lossless PG headroom is "
                                + (b.largestPgHeadroomBytes() == null ? "unknown" : b.largestPgHeadroomBytes() + " B"))
                .action("switch-buffer-pools", "switch", b.switchName(), "platform", b.platform());
    }
}
