package io.rocedoctor.facts;

import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.parse.EthtoolLinkSettings;
import io.rocedoctor.parse.EthtoolLinkSettingsParser;
import io.rocedoctor.parse.IbdevNetdevMap;
import io.rocedoctor.parse.Ibdev2netdevParser;
import io.rocedoctor.parse.IpLink;
import io.rocedoctor.parse.IpLinks;
import io.rocedoctor.parse.IpLinksParser;
import io.rocedoctor.parse.MlxlinkParser;
import io.rocedoctor.parse.MlxlinkReport;
import io.rocedoctor.parse.ModuleInfo;
import io.rocedoctor.parse.ModuleInfoParser;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Layer 1: each port's link (speed against what both ends advertise and against its multipath
 * peers; FEC, BER and link-down counters from mlxlink; symbol errors and carrier changes between
 * samples) and its transceiver's temperature.
 */
final class PhysicalFacts implements LayerFacts {
    private static final Pattern PCI = Pattern.compile("(?:([0-9a-fA-F]{4})[:_])?([0-9a-fA-F]{2})[:_]([0-9a-fA-F]{2})\\.([0-7])");
    private static final Pattern LINK_MODE_SPEED = Pattern.compile("(\\d{1,7})base.*");

    @Override
    public void addTo(HostContext host, List<Object> facts) {
        Map<String, Source> mlxlinkOf = sourcesByPort(host, SourceKind.MLXLINK);
        for (Port port : host.ports().values()) {
            Optional<EthtoolLinkSettings> settings = host.parse(Source.of(SourceKind.ETHTOOL_LINK, port.name()),
                    new EthtoolLinkSettingsParser());
            Source mlxlinkSource = mlxlinkOf.get(port.name());
            if (mlxlinkSource == null && mellanox(host, port)) { // mlxlink reads ConnectX firmware only
                host.ledger().expect(Source.of(SourceKind.MLXLINK, port.pciAddress()));
            }
            Optional<MlxlinkReport> mlxlink = Optional.ofNullable(mlxlinkSource)
                    .flatMap(s -> host.parse(s, new MlxlinkParser()));
            if (settings.isEmpty() && mlxlink.isEmpty()) {
                continue;
            }
            facts.add(link(host, facts, port, settings.orElse(null), mlxlinkSource, mlxlink.orElse(null)));
            temperature(host, port, mlxlinkSource, mlxlink.orElse(null)).ifPresent(facts::add);
        }
    }

    /** A port of a NIC that mlx4/mlx5 drive; a NIC whose driver is not known counts as one (mlxlink would be asked of it). */
    private static boolean mellanox(HostContext host, Port port) {
        return host.nics().stream().filter(n -> n.id().equals(port.nic())).map(Nic::driver)
                .allMatch(d -> d == null || d.startsWith("mlx"));
    }

    private static PhysicalLink link(HostContext host, List<Object> facts, Port port, EthtoolLinkSettings settings,
                                     Source mlxlinkSource, MlxlinkReport m) {
        List<String> advertised = settings == null ? List.of() : settings.advertisedModes();
        List<String> partner = settings == null ? List.of() : settings.partnerModes();
        Integer commonMax = null;
        if (!partner.isEmpty()) {
            Set<Integer> both = speeds(advertised);
            both.retainAll(speeds(partner));
            commonMax = both.isEmpty() ? null : ((TreeSet<Integer>) both).last();
        }
        String peerGroup = null;
        Integer peerMax = null;
        for (Object o : facts) {
            if (o instanceof MultipathGroup g && g.members().contains(port.name())) {
                for (String member : g.members()) {
                    Port peer = host.ports().get(member);
                    if (peer != null && !member.equals(port.name()) && peer.speedMbps() != null
                            && (peerMax == null || peer.speedMbps() > peerMax)) {
                        peerMax = peer.speedMbps();
                        peerGroup = g.name();
                    }
                }
            }
        }
        Optional<CounterRate> symbols = host.portCounter(port.name(), CounterMeaning.RX_SYMBOL_ERROR)
                .filter(c -> !c.sinceBoot() && !c.wentDown());
        return new PhysicalLink(port.name(), port.nic(), port.speedMbps(), commonMax, advertised, partner, peerGroup,
                peerMax, mlxlinkSource == null ? null : mlxlinkSource.display(),
                m == null ? null : m.lanes(),
                m == null || m.laneSignaling() == null ? null : m.laneSignaling().name(),
                m == null ? null : m.fec(), m == null ? null : fecCode(m.fec()),
                m == null ? null : value(m.rawBer()), m == null || m.rawBer() == null ? null : m.rawBer().text(),
                m == null ? null : value(m.effectiveBer()), m == null || m.effectiveBer() == null ? null : m.effectiveBer().text(),
                symbols.map(CounterRate::delta).orElse(null), symbols.map(CounterRate::counter).orElse(null),
                symbols.map(c -> bitErrorRatio(c.delta(), port.speedMbps(), host.interval())).orElse(null),
                m == null ? null : m.linkDownCounter(),
                m == null ? null : m.linkErrorRecoveryCounter(), m == null ? null : m.minutesSinceLastClear(),
                carrierChanges(host, port.name()));
    }

    /** The transceiver's own reading and thresholds (ethtool -m), else mlxlink's reading without thresholds. */
    private static Optional<ModuleTemperature> temperature(HostContext host, Port port, Source mlxlinkSource, MlxlinkReport m) {
        Source module = Source.of(SourceKind.ETHTOOL_MODULE, port.name());
        Optional<ModuleInfo> info = host.parse(module, new ModuleInfoParser());
        if (info.isPresent() && info.get().temperatureCelsius() != null) {
            return Optional.of(new ModuleTemperature(port.name(), info.get().temperatureCelsius(),
                    info.get().temperatureHighWarningCelsius(), info.get().temperatureHighAlarmCelsius(), module.display()));
        }
        if (m != null && m.module() != null && m.module().temperatureCelsius() != null) {
            return Optional.of(new ModuleTemperature(port.name(), m.module().temperatureCelsius(), null, null,
                    mlxlinkSource.display()));
        }
        return Optional.empty();
    }

    /**
     * Which port each capture of a per-device tool (mlxlink, mlxconfig) describes: by PCI address, or by
     * RDMA device (and its {@code -p} port) through ibdev2netdev. A capture of another form ({@code /dev/mst/...}) is left out.
     */
    static Map<String, Source> sourcesByPort(HostContext host, SourceKind kind) {
        Map<String, Source> out = new HashMap<>();
        List<Source> sources = host.sources(kind);
        if (sources.isEmpty()) {
            return out;
        }
        Map<String, String> byAddress = new HashMap<>();
        host.ports().values().forEach(p -> byAddress.put(p.pciAddress(), p.name()));
        IbdevNetdevMap ibdevs = null;
        for (Source s : sources) {
            String device = s.arg();
            Matcher pci = PCI.matcher(device);
            String port;
            if (pci.matches()) {
                String domain = pci.group(1) == null ? "0000" : pci.group(1);
                port = byAddress.get((domain + ":" + pci.group(2) + ":" + pci.group(3) + "." + pci.group(4)).toLowerCase(Locale.ROOT));
            } else {
                if (ibdevs == null) {
                    ibdevs = host.sources(SourceKind.IBDEV2NETDEV).stream().findFirst()
                            .flatMap(i -> host.parse(i, new Ibdev2netdevParser())).orElse(new IbdevNetdevMap(List.of()));
                }
                int rdmaPort = s.args().size() > 1 && s.args().get(1).matches("\\d{1,3}") ? Integer.parseInt(s.args().get(1)) : 1;
                port = ibdevs.binding(device, rdmaPort).map(IbdevNetdevMap.Binding::netdev).orElse(null);
            }
            // ibdev2netdev may name a netdev no other source knows (a partial bundle): not a port, so not keyed.
            if (port != null && host.ports().containsKey(port)) {
                out.putIfAbsent(port, s);
            }
        }
        return out;
    }

    /** The ratio as the decimal mlxlink printed (mantissa x 10^exponent by multiplication would be off in the last digit). */
    private static Double value(MlxlinkReport.Ber ber) {
        return ber == null ? null : Double.parseDouble(ber.mantissa() + "E" + ber.exponent());
    }

    /** The FEC families whose correction limit the profile knows, from mlxlink's wording. */
    static String fecCode(String fec) {
        if (fec == null) {
            return null;
        }
        String f = fec.toUpperCase(Locale.ROOT);
        if (f.contains("NO FEC") || f.equals("NONE") || f.equals("OFF") || f.contains("DISABLED")) {
            return "none";
        }
        if (f.contains("544") || f.contains("KP4")) {
            return "rs544";
        }
        if (f.contains("528")) {
            return "rs528";
        }
        if (f.contains("FIRECODE") || f.contains("FC-FEC") || f.contains("FC_FEC") || f.contains("BASE-R") || f.contains("BASER")) {
            return "baser";
        }
        return null; // RS(272,257+1) and other low-latency codes: limit not known here
    }

    private static Set<Integer> speeds(List<String> modes) {
        Set<Integer> out = new TreeSet<>();
        for (String mode : modes) {
            Matcher m = LINK_MODE_SPEED.matcher(mode);
            if (m.matches()) {
                out.add(Integer.parseInt(m.group(1)));
            }
        }
        return out;
    }

    /** How much a port counter grew between the first and last sample; null with one sample or no counter. */
    /**
     * Errors over the bits a link of {@code speedMbps} receives in {@code seconds}: the PHY decodes
     * symbols all the time, idle ones included, so the line rate is the denominator, not the traffic.
     */
    static Double bitErrorRatio(long errors, Integer speedMbps, Double seconds) {
        if (speedMbps == null || speedMbps <= 0 || seconds == null || seconds <= 0) {
            return null;
        }
        return errors / (speedMbps * 1e6 * seconds);
    }

    /** Carrier changes between samples; the absolute count is no evidence (a link that came up once has 2). */
    private static Long carrierChanges(HostContext host, String port) {
        for (Source s : host.sources(SourceKind.IP_LINK_STATS)) {
            CounterRate c = host.rates(s, port, new IpLinksParser(), (IpLinks links) -> links.named(port)
                    .map(IpLink::carrierChanges).map(n -> Map.of("carrier_changes", n)).orElse(Map.of()), name -> null)
                    .get("carrier_changes");
            if (c != null) {
                return c.sinceBoot() || c.wentDown() ? null : c.delta();
            }
        }
        return null;
    }
}
