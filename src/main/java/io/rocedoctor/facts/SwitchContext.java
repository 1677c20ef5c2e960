package io.rocedoctor.facts;

import io.rocedoctor.bundle.SwitchDump;
import io.rocedoctor.bundle.SwitchSource;
import io.rocedoctor.bundle.SwitchSourceKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * What the builders of one switch dump share: the dump, the ledger that parses each capture once,
 * the host ports facing each switch port, and the host's own ports (a link runs at one speed, so
 * the host end stands in for a switch port whose speed the dump does not show). Each capture is
 * parsed once: per-queue facts read the same tables many times.
 */
record SwitchContext(
        SwitchDump dump,
        SourceLedger ledger,
        Map<String, List<String>> facing,
        Map<String, Port> hostPorts,
        Map<List<Object>, Optional<?>> parsed) {

    SwitchContext(SwitchDump dump, SourceLedger ledger, Map<String, List<String>> facing, Map<String, Port> hostPorts) {
        this(dump, ledger, facing, hostPorts, new java.util.HashMap<>());
    }

    /** A counter between the first and last sample; {@code sinceBoot} with one sample (then {@code delta} is the value). */
    record Span(long last, Long delta, boolean sinceBoot) {
        long amount() {
            return delta != null ? delta : last;
        }
    }

    String platform() {
        return switch (dump.platform()) {
            case SONIC -> "sonic";
            case CUMULUS_NVUE -> "nvue";
            case ARISTA_EOS -> "eos";
            default -> dump.platform().label();
        };
    }

    <T> Optional<T> parse(SwitchSourceKind kind, Class<T> record, String... args) {
        return parse(SwitchSource.of(kind, args), 0, record);
    }

    @SuppressWarnings("unchecked")
    <T> Optional<T> parse(SwitchSource source, int sample, Class<T> record) {
        return (Optional<T>)
                parsed.computeIfAbsent(List.of(source, sample), k -> ledger.parse(dump, source, sample, record));
    }

    int lastSample() {
        return dump.sampleCount() - 1;
    }

    /** The switch ports with a capture of this per-port kind. */
    List<String> portsOf(SwitchSourceKind kind) {
        return dump.sources().stream()
                .filter(s -> s.kind() == kind)
                .map(SwitchSource::arg)
                .toList();
    }

    List<String> facing(String port) {
        return facing.getOrDefault(port, List.of());
    }

    /** The host port facing a switch port, when the bundle says. */
    Optional<Port> hostPort(String port) {
        return facing(port).stream()
                .map(hostPorts::get)
                .filter(java.util.Objects::nonNull)
                .findFirst();
    }

    /** Every host port facing this switch. */
    List<String> allFacing() {
        return facing.values().stream()
                .flatMap(List::stream)
                .sorted()
                .distinct()
                .toList();
    }

    /**
     * One counter of a counter source across the samples; empty when absent. A counter that went
     * down (reset) counts from zero and the ledger says so.
     */
    <T> Optional<Span> span(SwitchSource source, Class<T> record, Function<T, Long> counter) {
        Optional<Long> first = parse(source, 0, record).map(counter);
        if (first.isEmpty()) {
            return Optional.empty();
        }
        int last = lastSample();
        Optional<Long> end = last > 0 ? parse(source, last, record).map(counter) : Optional.empty();
        if (end.isEmpty()) {
            return Optional.of(new Span(first.get(), null, true));
        }
        if (end.get() < first.get()) {
            ledger.note("switch " + dump.name() + ": " + source.display() + " went down between samples 0 and " + last
                    + " (counter reset): counted from zero");
            return Optional.of(new Span(end.get(), end.get(), false));
        }
        return Optional.of(new Span(end.get(), end.get() - first.get(), false));
    }

    /**
     * Adds a {@link SwitchPort} fact per name, then the {@link SwitchLosslessQueue} of each of its
     * PFC priorities, and returns those queues.
     */
    List<SwitchLosslessQueue> addPorts(
            Set<String> names,
            Function<String, SwitchPort> port,
            BiFunction<SwitchPort, Integer, SwitchLosslessQueue> losslessQueue,
            List<Object> facts) {
        List<SwitchLosslessQueue> lossless = new ArrayList<>();
        for (String name : names) {
            SwitchPort p = port.apply(name);
            facts.add(p);
            for (int priority : p.pfcPriorities()) {
                lossless.add(losslessQueue.apply(p, priority));
            }
        }
        facts.addAll(lossless);
        return lossless;
    }

    /**
     * The headroom the port needs before the peer's reaction time: two cable propagations (about
     * 5 ns per meter) at line rate, plus two maximum frames (the one being sent when XOFF leaves and
     * the one the peer is sending when it arrives). Null when speed, cable or MTU is unknown.
     */
    static Long headroomFloor(Integer speedMbps, Integer cableMeters, Integer mtu) {
        if (speedMbps == null || cableMeters == null || mtu == null) {
            return null;
        }
        double propagationBytes = cableMeters * 5.0 * speedMbps / 8000.0;
        return Math.round(2 * propagationBytes) + 2L * mtu;
    }
}
