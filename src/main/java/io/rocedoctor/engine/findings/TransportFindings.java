package io.rocedoctor.engine.findings;

import io.rocedoctor.engine.Figures;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.CounterRate;
import io.rocedoctor.facts.MultipathGroup;
import io.rocedoctor.facts.PortGids;
import io.rocedoctor.facts.PortQos;
import io.rocedoctor.facts.RdmaDevice;
import io.rocedoctor.facts.RdmaPortTraffic;
import io.rocedoctor.facts.RoceMtu;
import io.rocedoctor.facts.RoceTraffic;
import io.rocedoctor.facts.TosChoice;
import java.util.Comparator;
import java.util.List;

/**
 * The findings of the RDMA transport rules (rules/transport.drl): RDMA CM's defaults (cma_roce_mode,
 * cma_roce_tos), the RoCE MTU, the GID table, retransmission counters and idle paths, each about an
 * RDMA device port ({@code mlx5_0/1}).
 */
public final class TransportFindings {
    private TransportFindings() {}

    /**
     * ROCE_V1_DEFAULT: cma_roce_mode's answer for the device port; the rollback writes back configfs's
     * own spelling of v1, {@code IB/RoCE v1}.
     */
    public static Finding.Builder v1Default(RoceTraffic r) {
        return about(r).evidence(
                        "cma_roce_mode -d " + r.ibdev() + " -p " + r.port(),
                        "RoCE v1",
                        "RDMA CM connections default to RoCE v1: layer 2 only, not routable, no UDP source port to"
                                + " hash, no ECN")
                .action("roce-mode-v2", "ibdev", r.ibdev(), "port", String.valueOf(r.port()), "current", "IB/RoCE v1");
    }

    /**
     * ROCE_TOS_UNSET: ToS 0 and the priority it lands on, against the port's PFC vector; the ToS
     * proposed puts RDMA CM traffic on the first lossless priority ({@link TosChoice}).
     */
    public static Finding.Builder tosUnset(RoceTraffic r, PortQos q) {
        int lossless = q.pfcPriorities().get(0);
        return about(r).evidence("cma_roce_tos -d " + r.ibdev() + " -p " + r.port(), 0, r.derivation())
                .evidence(
                        q.source(),
                        q.pfcVector(),
                        "PFC enabled on priority " + q.pfcVector() + ", not on " + r.priority()
                                + " where RDMA CM traffic lands")
                .action(
                        "roce-tos-set",
                        "ibdev",
                        r.ibdev(),
                        "port",
                        String.valueOf(r.port()),
                        "tos",
                        String.valueOf(TosChoice.forPriority(q, lossless)));
    }

    /**
     * ROCE_MTU_BELOW_NETDEV: ibv_devinfo's active_mtu (and max_mtu when shown) against the netdev MTU
     * and the RoCE MTU it has room for. The netdev MTU already carries that RoCE MTU, so the cause is
     * on the RDMA side: the action matches the RoCE MTU, it does not change the netdev's.
     */
    public static Finding.Builder mtuBelowNetdev(RoceMtu m) {
        return Finding.about(m.id())
                .scope(m.ibdev(), m.netdev())
                .confirmed()
                .evidence(
                        "ibv_devinfo -v",
                        m.activeMtu(),
                        "active_mtu of " + m.id() + (m.maxMtu() == null ? "" : " (max_mtu " + m.maxMtu() + ")"))
                .evidence(
                        "/sys/class/net/" + m.netdev() + "/mtu",
                        m.netdevMtu(),
                        "netdev MTU: room for a RoCE MTU of " + m.fittingMtu() + " after " + RoceMtu.HEADER_BYTES
                                + " bytes of RoCEv2 headers")
                .action(
                        "roce-mtu-match",
                        "ibdev",
                        m.ibdev(),
                        "device",
                        m.netdev(),
                        "mtu",
                        String.valueOf(m.fittingMtu()),
                        "netdev_mtu",
                        String.valueOf(m.netdevMtu()));
    }

    /** ROCE_GID_V2_MISSING: each address of the netdev with a RoCE v1 GID and no v2 one, as the GID source lists it. */
    public static Finding.Builder gidV2Missing(PortGids g) {
        Finding.Builder f = Finding.about(g.id()).scope(g.ibdev(), g.netdev()).confirmed();
        for (String address : g.lackingV2()) {
            f.evidence(
                    g.source(),
                    address,
                    "RoCE v1 GID only: RoCE v2 connections to or from this address cannot resolve a GID");
        }
        return f.action("roce-gid-v2-check", "ibdev", g.ibdev(), "device", g.netdev() == null ? g.ibdev() : g.netdev());
    }

    /**
     * ROCE_RETRANSMITTING: each retransmission counter of the device that rose, by the name rdma
     * statistic printed, in name order; its rate when the interval is known.
     */
    public static Finding.Builder retransmitting(RdmaDevice d, List<CounterRate> rising) {
        Finding.Builder f = Finding.about(d.id()).scope(d.name(), d.netdev(), d.nic());
        for (CounterRate c : rising.stream()
                .sorted(Comparator.comparing(CounterRate::counter))
                .toList()) {
            f.evidence(
                    RdmaDevice.statisticSource(d.id()),
                    c.counter() + " "
                            + (c.perSecond() == null ? "+" + c.delta() : Figures.number(c.perSecond()) + "/s"),
                    c.sinceBoot() ? c.delta() + " since boot (one sample)" : c.change() + " between samples");
        }
        return RisingCounters.confidence(f, rising).action("roce-loss-trace", "ibdev", d.name());
    }

    /**
     * ROCE_PATH_UNUSED: the RDMA bytes of the idle port (the counters summed) and of the busiest port of
     * its group, over the same span, and the group's members; likely between samples, possible on
     * totals since boot.
     */
    public static Finding.Builder pathUnused(MultipathGroup g, RdmaPortTraffic busy, RdmaPortTraffic idle) {
        String span = idle.sinceBoot() ? " since boot (one sample)" : " between samples";
        Finding.Builder f = Finding.about(idle.id())
                .scope(idle.ibdev(), idle.netdev(), busy.netdev(), g.name())
                .evidence(
                        idle.source(),
                        idle.bytes(),
                        "RDMA bytes (" + String.join(" + ", idle.counters()) + ") of " + idle.id() + span)
                .evidence(
                        busy.source(),
                        busy.bytes(),
                        "RDMA bytes of " + busy.id() + span
                                + (busy.loadFraction() == null
                                        ? ""
                                        : ", " + Figures.percent(busy.loadFraction()) + " of its TX+RX capacity"))
                .evidence("multipath group", String.join(", ", g.members()), g.hashPolicy());
        if (idle.sinceBoot()) {
            f.possible();
        } else {
            f.likely();
        }
        return f.action("roce-use-all-paths", "ibdev", idle.ibdev(), "device", idle.netdev());
    }

    /** A finding about an RDMA device port's RDMA CM defaults, read from its configfs: confirmed. */
    private static Finding.Builder about(RoceTraffic r) {
        return Finding.about(r.ibdev() + "/" + r.port())
                .scope(r.ibdev(), r.netdev())
                .confirmed();
    }
}
