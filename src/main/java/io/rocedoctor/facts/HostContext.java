package io.rocedoctor.facts;

import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.parse.NumaTopology;
import io.rocedoctor.parse.Parser;
import io.rocedoctor.parse.PciDevices;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * What the fact builders of every layer share once the host's skeleton is known: the bundle and
 * its ledger (parse each capture once), the sample span, the ports by netdev name, the physical
 * NICs, the PCI tree, the NUMA topology (null when not collected), the host ports' links to
 * switch ports ({@link Link#of}: the manifest's, then LLDP's), derived once for every layer, and,
 * once computed, the {@code ethtool -S} counters of each port by name (layers look a counter up
 * instead of scanning the host's ~2,000 counter facts).
 */
public record HostContext(Bundle bundle, SourceLedger ledger, int lastSample, Double interval, Map<String, Port> ports,
                          List<Nic> nics, PciDevices pci, NumaTopology topology, List<Link> links,
                          Map<String, Map<String, CounterRate>> portCounters) {

    /** This context with the ports' {@code ethtool -S} counters, netdev -> counter name -> rate. */
    public HostContext withPortCounters(Map<String, Map<String, CounterRate>> counters) {
        return new HostContext(bundle, ledger, lastSample, interval, ports, nics, pci, topology, links, counters);
    }

    /** A port's first {@code ethtool -S} counter of a meaning, whatever the driver names it; empty when none. */
    public Optional<CounterRate> portCounter(String port, CounterMeaning meaning) {
        Map<String, CounterRate> counters = port == null ? null : portCounters.get(port);
        return counters == null ? Optional.empty() : CounterRate.first(counters, meaning);
    }

    /** The sources of a kind present in the bundle. */
    public List<Source> sources(SourceKind kind) {
        return bundle.sources(kind);
    }

    /** The first sample of a source, parsed once; empty when absent or failed (the ledger says which). */
    public <T> Optional<T> parse(Source source, Parser<T> parser) {
        return ledger.parse(source, parser);
    }

    /**
     * The counters of a counter source between its first and last sample, by counter name. With one
     * sample, each rate holds the absolute value and says {@code sinceBoot}. A counter that went down
     * gets no rate and a note in the ledger. {@code meanings} reads the source's counter names.
     */
    public <T> Map<String, CounterRate> rates(Source source, String subject, Parser<T> parser,
                                              Function<T, Map<String, Long>> counters,
                                              Function<String, CounterMeaning> meanings) {
        Optional<Map<String, Long>> first = ledger.parse(source, 0, parser).map(counters);
        if (first.isEmpty()) {
            return Map.of();
        }
        Optional<Map<String, Long>> last = lastSample > 0
                ? ledger.parse(source, lastSample, parser).map(counters) : Optional.empty();
        Map<String, CounterRate> rates = new LinkedHashMap<>();
        for (Map.Entry<String, Long> c : first.get().entrySet()) {
            long a = c.getValue();
            if (last.isEmpty()) {
                rates.put(c.getKey(), new CounterRate(subject, c.getKey(), meanings.apply(c.getKey()), a, a, a, null, true, false));
                continue;
            }
            Long b = last.get().get(c.getKey());
            if (b == null) {
                continue;
            }
            boolean down = b < a;
            if (down) {
                ledger.note(source.display() + ": " + c.getKey() + " went down between samples 0 and " + lastSample
                        + " (" + a + " -> " + b + ": counter reset or driver reload); no rate computed");
            }
            long delta = down ? 0 : b - a;
            Double perSecond = down || interval == null ? null : delta / interval;
            rates.put(c.getKey(), new CounterRate(subject, c.getKey(), meanings.apply(c.getKey()), a, b, delta, perSecond, false, down));
        }
        return rates;
    }
}
