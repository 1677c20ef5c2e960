package io.rocedoctor.facts;

import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.parse.EthtoolStats;
import io.rocedoctor.parse.IbdevNetdevMap;
import io.rocedoctor.parse.NumaTopology;
import io.rocedoctor.parse.PciDevices;
import io.rocedoctor.parse.RdmaStatistics;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the fact builders of every layer share once the host's skeleton is known: the bundle and
 * its ledger (parse each capture once), the sample span, the ports by netdev name, the physical
 * NICs, the PCI tree, the NUMA topology (null when not collected), the host ports' links to
 * switch ports ({@link Link#of}: the manifest's, then LLDP's), derived once for every layer, and,
 * once computed, the {@code ethtool -S} counters of each port by name (layers look a counter up
 * instead of scanning the host's ~2,000 counter facts) and those of them that carry a meaning
 * (a dozen of a port's ~300, which the byte and error readings go through). The lookups more than one layer needs (a
 * port's driver, the port a per-device capture describes) live here, not in one layer for others,
 * and so do the RDMA device ports' counter rates, made once for the transport and QoS layers that
 * both read them ({@code rdmaStatisticRates}: filled as they are asked for, by source, device and port).
 */
public record HostContext(
        Bundle bundle,
        SourceLedger ledger,
        int lastSample,
        Double interval,
        Map<String, Port> ports,
        List<Nic> nics,
        PciDevices pci,
        NumaTopology topology,
        List<Link> links,
        Map<String, Map<String, CounterRate>> portCounters,
        Map<String, List<CounterRate>> portMeanings,
        Map<List<Object>, Map<String, CounterRate>> rdmaStatisticRates) {
    private static final Pattern PCI =
            Pattern.compile("(?:([0-9a-fA-F]{4})[:_])?([0-9a-fA-F]{2})[:_]([0-9a-fA-F]{2})\\.([0-7])");

    /**
     * This context with the ports' {@code ethtool -S} counters, netdev -> counter name -> rate, and
     * those of them that carry a meaning, netdev -> counters in the driver's order.
     */
    HostContext withPortCounters(
            Map<String, Map<String, CounterRate>> counters, Map<String, List<CounterRate>> meanings) {
        return new HostContext(
                bundle,
                ledger,
                lastSample,
                interval,
                ports,
                nics,
                pci,
                topology,
                links,
                counters,
                meanings,
                rdmaStatisticRates);
    }

    /**
     * A port's {@code ethtool -S} counters that carry a meaning, in the driver's order; null when the
     * bundle has no {@code ethtool -S} of it.
     */
    public List<CounterRate> meaningfulCounters(String port) {
        return port == null ? null : portMeanings.get(port);
    }

    /** A port's first {@code ethtool -S} counter of a meaning, whatever the driver names it; empty when none. */
    public Optional<CounterRate> portCounter(String port, CounterMeaning meaning) {
        List<CounterRate> counters = meaningfulCounters(port);
        if (counters != null) {
            for (CounterRate c : counters) {
                if (c.meaning() == meaning) {
                    return Optional.of(c);
                }
            }
        }
        return Optional.empty();
    }

    /** The driver of the NIC a netdev belongs to ({@code ethtool -i}), null when not known. */
    public String driver(String netdev) {
        Port port = ports.get(netdev);
        return port == null
                ? null
                : nics.stream()
                        .filter(n -> n.id().equals(port.nic()))
                        .map(Nic::driver)
                        .findFirst()
                        .orElse(null);
    }

    /**
     * Which port each capture of a per-device tool (mlxlink, mlxconfig) describes: by PCI address, or by
     * RDMA device (and its {@code -p} port) through ibdev2netdev. A capture of another form ({@code /dev/mst/...}) is left out.
     */
    public Map<String, Source> sourcesByPort(SourceKind kind) {
        Map<String, Source> out = new HashMap<>();
        List<Source> sources = sources(kind);
        if (sources.isEmpty()) {
            return out;
        }
        Map<String, String> byAddress = new HashMap<>();
        ports.values().forEach(p -> byAddress.put(p.pciAddress(), p.name()));
        IbdevNetdevMap ibdevs = null;
        for (Source s : sources) {
            String device = s.arg();
            Matcher pci = PCI.matcher(device);
            String port;
            if (pci.matches()) {
                String domain = pci.group(1) == null ? "0000" : pci.group(1);
                port = byAddress.get((domain + ":" + pci.group(2) + ":" + pci.group(3) + "." + pci.group(4))
                        .toLowerCase(Locale.ROOT));
            } else {
                if (ibdevs == null) {
                    ibdevs = sources(SourceKind.IBDEV2NETDEV).stream()
                            .findFirst()
                            .flatMap(i -> parse(i, IbdevNetdevMap.class))
                            .orElse(new IbdevNetdevMap(List.of()));
                }
                int rdmaPort = s.args().size() > 1 && s.args().get(1).matches("\\d{1,3}")
                        ? Integer.parseInt(s.args().get(1))
                        : 1;
                port = ibdevs.binding(device, rdmaPort)
                        .map(IbdevNetdevMap.Binding::netdev)
                        .orElse(null);
            }
            // ibdev2netdev may name a netdev no other source knows (a partial bundle): not a port, so not keyed.
            if (port != null && ports.containsKey(port)) {
                out.putIfAbsent(port, s);
            }
        }
        return out;
    }

    /** The sources of a kind present in the bundle. */
    public List<Source> sources(SourceKind kind) {
        return bundle.sources(kind);
    }

    /** The first sample of a source, parsed once; empty when absent or failed (the ledger says which). */
    public <T> Optional<T> parse(Source source, Class<T> record) {
        return ledger.parse(source, record);
    }

    /**
     * Source kinds whose counters are unsigned 64-bit by the kernel's interface, printed with
     * {@code %llu}: ethtool's {@code ETHTOOL_GSTATS} ({@code u64 data[]}) and the RDMA
     * {@code rdma_hw_stats} ({@code u64 value[]}) behind {@code rdma statistic}. Only there is a
     * decrease from the top half of the range to the bottom half known to be a wrap past 2^64-1.
     * Elsewhere (IP link and switch counters of unknown width, a driver counting in 32 bits behind
     * the u64, which reads as a decrease from a small value) a decrease stays a reset.
     */
    private static final java.util.Set<SourceKind> U64_COUNTERS =
            java.util.EnumSet.of(SourceKind.ETHTOOL_STATS, SourceKind.RDMA_STATISTIC);

    /**
     * The counters of a counter source between its first and last sample, by counter name. With one
     * sample, each rate holds the absolute value and says {@code sinceBoot}. Values are unsigned
     * 64-bit ({@link io.rocedoctor.parse.TextLines#parseCounter}). A counter that went down gets no
     * rate and a note in the ledger, unless it is a u64 counter that wrapped past 2^64-1: then
     * its delta is the count across the wrap, with a note. {@code meanings} reads the source's
     * counter names.
     */
    public <T> Map<String, CounterRate> rates(
            Source source,
            String subject,
            Class<T> record,
            Function<T, Map<String, Long>> counters,
            Function<String, CounterMeaning> meanings) {
        Optional<Map<String, Long>> first = ledger.parse(source, 0, record).map(counters);
        if (first.isEmpty()) {
            return Map.of();
        }
        Optional<Map<String, Long>> last =
                lastSample > 0 ? ledger.parse(source, lastSample, record).map(counters) : Optional.empty();
        Map<String, CounterRate> rates = new LinkedHashMap<>((int) (first.get().size() / 0.75f) + 1);
        for (Map.Entry<String, Long> c : first.get().entrySet()) {
            if (last.isEmpty()) {
                rates.put(c.getKey(), sinceBoot(subject, c.getKey(), meanings.apply(c.getKey()), c.getValue()));
                continue;
            }
            Long b = last.get().get(c.getKey());
            if (b != null) {
                rates.put(
                        c.getKey(), between(source, subject, c.getKey(), meanings.apply(c.getKey()), c.getValue(), b));
            }
        }
        return rates;
    }

    /**
     * An RDMA device port's {@code rdma statistic} counters as {@link #rates} makes them, by name,
     * each counter's meaning read by {@link CounterMeaning#ofRdmaStatistic}; made once per port and
     * source, as two layers read them.
     */
    public Map<String, CounterRate> rdmaStatisticRates(Source source, String device, int port) {
        return rdmaStatisticRates.computeIfAbsent(
                List.of(source, device, port),
                k -> rates(
                        source,
                        device + "/" + port,
                        RdmaStatistics.class,
                        st -> st.port(device, port)
                                .map(RdmaStatistics.PortCounters::counters)
                                .orElse(Map.of()),
                        CounterMeaning::ofRdmaStatistic));
    }

    /**
     * A port's {@code ethtool -S} counters as {@link #rates} makes them, by name in the driver's
     * order, each counter's meaning read for the port's driver ({@link CounterMeaning#ofEthtool}).
     * Read from the parsed tables by position: the same driver prints its counters in the same
     * order in both samples, so a counter is looked up by name only where the order differs.
     */
    Map<String, CounterRate> ethtoolRates(Source source, String driver) {
        EthtoolStats first = ledger.parse(source, 0, EthtoolStats.class).orElse(null);
        if (first == null) {
            return Map.of();
        }
        EthtoolStats last = lastSample > 0
                ? ledger.parse(source, lastSample, EthtoolStats.class).orElse(null)
                : null;
        CounterRate[] rates = new CounterRate[first.size()];
        for (int i = 0; i < rates.length; i++) {
            rates[i] = ethtoolRate(source, driver, first, i, last);
        }
        return new RateTable(first::positionOf, rates);
    }

    /**
     * The rate of the counter at {@code i} in the first sample's table ({@code last} null: since boot);
     * null when the last sample lacks it. A method of its own, called per counter, so that C1
     * compiles it early in a cold run: as the loop's body in {@link #ethtoolRates}, called once a
     * port, a large host's 30,000 counters all ran in the interpreter.
     */
    private CounterRate ethtoolRate(Source source, String driver, EthtoolStats first, int i, EthtoolStats last) {
        String name = first.name(i);
        if (last == null) {
            return sinceBoot(source.arg(), name, CounterMeaning.ofEthtool(driver, name), first.value(i));
        }
        int at = i < last.size() && last.name(i).equals(name) ? i : last.positionOf(name);
        return at < 0
                ? null
                : between(
                        source,
                        source.arg(),
                        name,
                        CounterMeaning.ofEthtool(driver, name),
                        first.value(i),
                        last.value(at));
    }

    /** A counter of a single sample: its absolute value, since boot. */
    private static CounterRate sinceBoot(String subject, String counter, CounterMeaning meaning, long value) {
        return new CounterRate(
                subject, counter, meaning, value, value, CounterRate.saturated(value), null, true, false);
    }

    /**
     * A counter read {@code a} in the first sample and {@code b} in the last: a delta and a rate, none
     * when it went down (with a note), the count across the wrap when a u64 counter wrapped (with a note).
     */
    private CounterRate between(Source source, String subject, String counter, CounterMeaning meaning, long a, long b) {
        boolean down = Long.compareUnsigned(b, a) < 0;
        boolean wrapped = down && U64_COUNTERS.contains(source.kind()) && CounterRate.wrapsAt64Bits(a, b);
        if (wrapped) {
            ledger.note(source.display() + ": " + counter + " wrapped past 2^64-1 between samples 0 and "
                    + lastSample
                    + " (" + Long.toUnsignedString(a) + " -> " + Long.toUnsignedString(b)
                    + "); its delta counts across the wrap");
        } else if (down) {
            ledger.note(source.display() + ": " + counter + " went down between samples 0 and " + lastSample
                    + " (" + Long.toUnsignedString(a) + " -> " + Long.toUnsignedString(b)
                    + ": counter reset or driver reload); no rate computed");
        }
        boolean reset = down && !wrapped;
        long delta = reset ? 0 : CounterRate.saturated(b - a);
        Double perSecond = reset || interval == null ? null : delta / interval;
        return new CounterRate(subject, counter, meaning, a, b, delta, perSecond, false, reset);
    }
}
