package io.rocedoctor.engine.findings;

import io.rocedoctor.engine.Figures;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.engine.Thresholds;
import io.rocedoctor.facts.Baseline;
import io.rocedoctor.facts.Host;
import io.rocedoctor.facts.RdmaDevice;
import io.rocedoctor.facts.RoceV2Ipv4Gid;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalInt;

/**
 * The findings of the baseline rules (rules/baseline.drl): what the perftest runs in the bundle
 * measured against what the port and the PCIe link allow, or that there is no run to compare a
 * change against.
 */
public final class BaselineFindings {
    private BaselineFindings() {}

    /**
     * BASELINE_BW_LOW: the run's average (and peak) bandwidth as a share of the expected ceiling,
     * the lower of the port speed and the PCIe link after the profile's {@code pcie.overheadFactor},
     * each shown when known.
     */
    public static Finding.Builder bandwidthLow(Baseline b, Thresholds t) {
        double overhead = t.num("pcie.overheadFactor");
        double expected = b.expectedGbps(overhead);
        Finding.Builder f = about(b).evidence(
                        b.source(),
                        Figures.gbps(b.averageGbps()) + " average"
                                + (b.peakGbps() == null ? "" : ", " + Figures.gbps(b.peakGbps()) + " peak"),
                        Figures.percent(b.averageGbps() / expected) + " of the " + Figures.gbps(expected)
                                + " expected, at " + b.messageBytes() + "-byte messages");
        if (b.portGbps() != null) {
            f.evidence("ethtool " + b.netdev(), Figures.gbps(b.portGbps()), "port speed");
        }
        if (b.pcieUsableGbps() != null) {
            f.evidence(
                    "lspci -vvv",
                    Figures.gbps(b.pcieUsableGbps() * overhead),
                    "PCIe ceiling of NIC " + b.nic() + " after TLP overhead, shared by all its ports");
        }
        return f;
    }

    /**
     * BASELINE_LATENCY_JITTER: the 99th percentile against the typical latency, which perftest prints
     * as t_typical and computes as the median (src/perftest_parameters.c, print_report_lat:
     * get_median), then the far tail (99.9% when printed, max).
     */
    public static Finding.Builder latencyJitter(Baseline b) {
        return about(b).evidence(
                        b.source(),
                        b.p99Usec() + " us at 99%, " + b.typicalUsec() + " us typical",
                        "p99 is " + Figures.times(b.tailRatio()) + " the median (perftest's t_typical) at "
                                + b.messageBytes() + "-byte messages")
                .evidence(
                        b.source(),
                        (b.p999Usec() == null ? "" : b.p999Usec() + " us at 99.9%, ") + b.maxUsec() + " us max",
                        "the far tail");
    }

    /**
     * BASELINE_MISSING, host-wide: a perftest run proposed on each RDMA device, in device order, whose
     * netdev is known (the command names the netdev's GID; a device seen without one is still a
     * device, so the finding stands without its run). An InfiniBand port gets the run without a GID
     * index ({@code baseline-perftest-infiniband}: perftest takes none there, the peer is reached by
     * its LID) and with its port, which an InfiniBand device may have two of.
     */
    /**
     * One run proposed per RDMA device with a netdev; a RoCE port's run names the lowest index of its
     * RoCE v2 IPv4 GIDs when the bundle lists one ({@code baseline-perftest-gid}), so the command is
     * complete; without one the run's steps say how to read it ({@code baseline-perftest}).
     */
    public static Finding.Builder missing(Host h, List<RdmaDevice> devices, List<RoceV2Ipv4Gid> gids) {
        Finding.Builder f = Finding.about(h.name())
                .hostWide()
                .confirmed()
                .evidence(
                        "bundle",
                        "no ib_*_bw or ib_*_lat output",
                        "nothing to compare a change against: run perftest before and after");
        devices.stream()
                .sorted(Comparator.comparing(RdmaDevice::id))
                .filter(d -> d.netdev() != null)
                .forEach(d -> {
                    if (d.infiniband()) {
                        f.action(
                                "baseline-perftest-infiniband",
                                "ibdev",
                                d.name(),
                                "port",
                                String.valueOf(d.port()),
                                "device",
                                d.netdev());
                        return;
                    }
                    OptionalInt gid = gids.stream()
                            .filter(g -> g.ibdev().equals(d.name()) && g.port() == d.port())
                            .mapToInt(RoceV2Ipv4Gid::index)
                            .min();
                    if (gid.isPresent()) {
                        f.action(
                                "baseline-perftest-gid",
                                "ibdev",
                                d.name(),
                                "device",
                                d.netdev(),
                                "gid",
                                String.valueOf(gid.getAsInt()));
                    } else {
                        f.action("baseline-perftest", "ibdev", d.name(), "device", d.netdev());
                    }
                });
        return f;
    }

    /**
     * A run on {@code mlx5_0:ib_write_bw}, measured: confirmed. A run whose device neither its output
     * nor its options name, on a host of several devices, is {@code ib_write_bw (device not given)}.
     */
    private static Finding.Builder about(Baseline b) {
        String subject = b.ibdev() != null ? b.ibdev() + ":" + b.test() : b.test() + " (device not given)";
        return Finding.about(subject).scope(b.ibdev(), b.netdev(), b.nic()).confirmed();
    }
}
