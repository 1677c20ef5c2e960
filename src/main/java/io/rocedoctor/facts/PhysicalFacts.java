package io.rocedoctor.facts;

import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.parse.EthtoolLinkSettings;
import io.rocedoctor.parse.IpLink;
import io.rocedoctor.parse.IpLinks;
import io.rocedoctor.parse.MlxlinkReport;
import io.rocedoctor.parse.ModuleInfo;
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
    private static final Pattern LINK_MODE_SPEED = Pattern.compile("(\\d{1,7})base.*");

    @Override
    public FactLayer declaration() {
        return new FactLayer(
                "physical",
                Set.of(
                        SourceKind.ETHTOOL_LINK,
                        SourceKind.MLXLINK,
                        SourceKind.ETHTOOL_MODULE,
                        SourceKind.IBDEV2NETDEV,
                        SourceKind.IP_LINK_STATS),
                Set.of(Bond.class),
                Set.of(PhysicalLink.class, ModuleTemperature.class));
    }

    @Override
    public void addTo(HostContext host, BuiltFacts facts) {
        Map<String, Source> mlxlinkOf = host.sourcesByPort(SourceKind.MLXLINK);
        for (Port port : host.ports().values()) {
            Optional<EthtoolLinkSettings> settings =
                    host.parse(Source.of(SourceKind.ETHTOOL_LINK, port.name()), EthtoolLinkSettings.class);
            Source mlxlinkSource = mlxlinkOf.get(port.name());
            if (mlxlinkSource == null && mellanox(host, port)) { // mlxlink reads ConnectX firmware only
                host.ledger().expect(Source.of(SourceKind.MLXLINK, port.pciAddress()));
            }
            Optional<MlxlinkReport> mlxlink =
                    Optional.ofNullable(mlxlinkSource).flatMap(s -> host.parse(s, MlxlinkReport.class));
            if (settings.isEmpty() && mlxlink.isEmpty()) {
                continue;
            }
            facts.add(
                    link(host, facts.of(Bond.class), port, settings.orElse(null), mlxlinkSource, mlxlink.orElse(null)));
            temperature(host, port, mlxlinkSource, mlxlink.orElse(null)).ifPresent(facts::add);
        }
    }

    /** A port of a NIC that mlx4/mlx5 drive; a NIC whose driver is not known counts as one (mlxlink would be asked of it). */
    private static boolean mellanox(HostContext host, Port port) {
        return host.nics().stream()
                .filter(n -> n.id().equals(port.nic()))
                .map(Nic::driver)
                .allMatch(d -> d == null || d.startsWith("mlx"));
    }

    private static PhysicalLink link(
            HostContext host,
            List<Bond> bonds,
            Port port,
            EthtoolLinkSettings settings,
            Source mlxlinkSource,
            MlxlinkReport m) {
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
        // The bonds of more than one member are the skeleton's multipath groups; a fabric group
        // (independent devices, TransportFacts) does not make its members one link's peers.
        for (Bond b : bonds) {
            if (b.members().size() > 1 && b.members().contains(port.name())) {
                for (String member : b.members()) {
                    Port peer = host.ports().get(member);
                    if (peer != null
                            && !member.equals(port.name())
                            && peer.speedMbps() != null
                            && (peerMax == null || peer.speedMbps() > peerMax)) {
                        peerMax = peer.speedMbps();
                        peerGroup = b.name();
                    }
                }
            }
        }
        Optional<CounterRate> symbols = host.portCounter(port.name(), CounterMeaning.RX_SYMBOL_ERROR)
                .filter(c -> !c.sinceBoot() && !c.wentDown());
        return new PhysicalLink(
                port.name(),
                port.nic(),
                port.speedMbps(),
                commonMax,
                advertised,
                partner,
                peerGroup,
                peerMax,
                mlxlinkSource == null ? null : mlxlinkSource.display(),
                m == null ? null : m.lanes(),
                m == null || m.laneSignaling() == null
                        ? null
                        : m.laneSignaling().name(),
                m == null ? null : m.fec(),
                m == null ? null : fecCode(m.fec()),
                m == null ? null : value(m.rawBer()),
                m == null || m.rawBer() == null ? null : m.rawBer().text(),
                m == null ? null : value(m.effectiveBer()),
                m == null || m.effectiveBer() == null ? null : m.effectiveBer().text(),
                symbols.map(CounterRate::delta).orElse(null),
                symbols.map(CounterRate::counter).orElse(null),
                symbols.map(c -> bitErrorRatio(c.delta(), port.speedMbps(), host.interval()))
                        .orElse(null),
                m == null ? null : m.linkDownCounter(),
                m == null ? null : m.linkErrorRecoveryCounter(),
                m == null ? null : m.minutesSinceLastClear(),
                carrierChanges(host, port.name()));
    }

    /** The transceiver's own reading and thresholds (ethtool -m), else mlxlink's reading without thresholds. */
    private static Optional<ModuleTemperature> temperature(
            HostContext host, Port port, Source mlxlinkSource, MlxlinkReport m) {
        Source module = Source.of(SourceKind.ETHTOOL_MODULE, port.name());
        Optional<ModuleInfo> info = host.parse(module, ModuleInfo.class);
        if (info.isPresent() && info.get().temperatureCelsius() != null) {
            return Optional.of(new ModuleTemperature(
                    port.name(),
                    info.get().temperatureCelsius(),
                    info.get().temperatureHighWarningCelsius(),
                    info.get().temperatureHighAlarmCelsius(),
                    module.display()));
        }
        if (m != null && m.module() != null && m.module().temperatureCelsius() != null) {
            return Optional.of(new ModuleTemperature(
                    port.name(), m.module().temperatureCelsius(), null, null, mlxlinkSource.display()));
        }
        return Optional.empty();
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
        if (f.contains("FIRECODE")
                || f.contains("FC-FEC")
                || f.contains("FC_FEC")
                || f.contains("BASE-R")
                || f.contains("BASER")) {
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
            CounterRate c = host.rates(
                            s,
                            port,
                            IpLinks.class,
                            (IpLinks links) -> links.named(port)
                                    .map(IpLink::carrierChanges)
                                    .map(n -> Map.of("carrier_changes", n))
                                    .orElse(Map.of()),
                            name -> null)
                    .get("carrier_changes");
            if (c != null) {
                return c.sinceBoot() || c.wentDown() ? null : c.delta();
            }
        }
        return null;
    }
}
