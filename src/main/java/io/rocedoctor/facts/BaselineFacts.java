package io.rocedoctor.facts;

import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.parse.PerftestResult;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The perftest runs of the bundle ({@code ib_write_bw}, {@code ib_read_lat}...) with what they could
 * have reached ({@link Baseline}): the device they ran on, its port's speed and its NIC's PCIe ceiling.
 */
final class BaselineFacts implements LayerFacts {
    /** {@code -d mlx5_0}, {@code --ib-dev=mlx5_0}, or as a mangled file name spells them: {@code -d_mlx5_0_-F}. */
    private static final Pattern DEVICE_ARG =
            Pattern.compile("(?:^|[\\s_])(?:-d[\\s_]*+|--ib-dev[=\\s_])(\\S+?)(?=_-|\\s|$)");

    @Override
    public FactLayer declaration() {
        return new FactLayer(
                "baseline",
                Set.of(SourceKind.PERFTEST),
                Set.of(RdmaDevice.class, PcieLink.class),
                Set.of(Baseline.class));
    }

    @Override
    public void addTo(HostContext host, BuiltFacts facts) {
        List<RdmaDevice> devices = facts.of(RdmaDevice.class);
        List<PcieLink> links = facts.of(PcieLink.class);
        for (Source s : host.sources(SourceKind.PERFTEST)) {
            host.parse(s, PerftestResult.class)
                    .flatMap(r -> baseline(s, r, host, devices, links))
                    .ifPresent(facts::add);
        }
    }

    /**
     * The device perftest was pointed at. In a mangled file name the device runs into the next
     * word ({@code -d_mlx5_0_10.0.0.2}): a device the bundle knows that starts the word settles it.
     */
    private static String deviceArgument(String options, List<RdmaDevice> devices) {
        Matcher m = DEVICE_ARG.matcher(options);
        if (!m.find()) {
            return null;
        }
        String word = m.group(1);
        return devices.stream()
                .map(RdmaDevice::name)
                .filter(d -> word.equals(d) || word.startsWith(d + "_"))
                .max(Comparator.comparingInt(String::length))
                .orElse(word);
    }

    /**
     * The device perftest takes without {@code -d}: the first that {@code ibv_get_device_list} returns
     * (perftest's src/perftest_resources.c, ctx_find_dev), known from the bundle only when the host has
     * one RDMA device; null with several, whose listing order the bundle does not keep.
     */
    private static String onlyDevice(List<RdmaDevice> devices) {
        List<String> names = devices.stream().map(RdmaDevice::name).distinct().toList();
        return names.size() == 1 ? names.get(0) : null;
    }

    private static Optional<Baseline> baseline(
            Source s, PerftestResult r, HostContext host, List<RdmaDevice> devices, List<PcieLink> links) {
        String program = s.arg();
        String options = s.args().size() > 1 ? s.args().get(1) : "";
        String ibdev = r.banner().device();
        if (ibdev == null) {
            ibdev = deviceArgument(options, devices);
        }
        if (ibdev == null) {
            ibdev = onlyDevice(devices);
        }
        String device = ibdev;
        Optional<RdmaDevice> d =
                devices.stream().filter(x -> x.name().equals(device)).min(Comparator.comparingInt(RdmaDevice::port));
        String netdev = d.map(RdmaDevice::netdev).orElse(null);
        Port port = netdev == null ? null : host.ports().get(netdev);
        String nic = port == null ? null : port.nic();
        Double portGbps = port == null || port.speedMbps() == null ? null : port.speedMbps() / 1000.0;
        Double pcie = links.stream()
                .filter(l -> l.nic().equals(nic))
                .findFirst()
                .map(PcieLink::usableGbps)
                .orElse(null);
        // The banner names the test; a result-only excerpt is known by the program that printed it.
        String test = r.test() != null ? r.test().command() : program;
        String source = s.display();
        if (!r.bandwidthRows().isEmpty()) {
            PerftestResult.BandwidthRow best = r.bandwidthRows().stream()
                    .filter(row -> r.averageGbitPerSecond(row) != null)
                    .max(Comparator.comparingDouble(r::averageGbitPerSecond))
                    .orElse(null);
            if (best == null) {
                return Optional.empty();
            }
            double scale = r.averageGbitPerSecond(best) / best.average();
            return Optional.of(new Baseline(
                    source,
                    test,
                    false,
                    ibdev,
                    netdev,
                    nic,
                    best.bytes(),
                    r.averageGbitPerSecond(best),
                    best.peak() == null ? null : best.peak() * scale,
                    null,
                    null,
                    null,
                    null,
                    portGbps,
                    pcie));
        }
        if (!r.latencyRows().isEmpty()) {
            PerftestResult.LatencyRow row = r.latencyRows().stream()
                    .min(Comparator.comparingLong(PerftestResult.LatencyRow::bytes))
                    .get();
            return Optional.of(new Baseline(
                    source,
                    test,
                    true,
                    ibdev,
                    netdev,
                    nic,
                    row.bytes(),
                    null,
                    null,
                    row.typical(),
                    row.percentile99(),
                    row.percentile999(),
                    row.maximum(),
                    portGbps,
                    pcie));
        }
        return Optional.empty();
    }
}
