package io.rocedoctor.facts;

import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.bundle.Capture;
import io.rocedoctor.bundle.IoReason;
import io.rocedoctor.bundle.Layout;
import io.rocedoctor.bundle.SosPlugins;
import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.bundle.SwitchDump;
import io.rocedoctor.bundle.SwitchSource;
import io.rocedoctor.bundle.SwitchSourceKind;
import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.Parsed;
import io.rocedoctor.parse.Parser;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Reads and parses a bundle's captures, each once, and keeps the account the report shows:
 * which sources were parsed, which failed (file, line, reason), which the bundle lacks. A source
 * that fails to parse costs only its own facts; the rest of the bundle is still analysed.
 */
public final class SourceLedger {

    /** A capture that could not be used, and why. */
    public record Failure(String source, String file, int line, String error) {

        /** {@code file:line: error}, the way compilers name a place. */
        public String where() {
            return file + (line > 0 ? ":" + line : "") + ": " + error;
        }
    }

    /** What a host bundle of 2 NICs parses, ~300 captures: the parse results' table is made that large at once. */
    private static final int TYPICAL_CAPTURES = 512;

    private final Bundle bundle;
    /**
     * The host sources parsed, by name: the report lists them in the bundle's own order (its sources sorted by
     * name), so they are not sorted again; a bundle parses hundreds and sorting their names was ~2% of a bundle.
     */
    private final Set<String> parsed = new HashSet<>();
    /** The switch sources parsed ({@code switch NAME: command}), a few, sorted as they come. */
    private final Set<String> parsedSwitch = new TreeSet<>();

    private final List<Failure> failures = new ArrayList<>();
    /** The failures by the kind of their source, for "collected but unreadable" in the report. */
    private final Map<Enum<?>, List<Failure>> failuresByKind = new HashMap<>();

    private final Set<SourceKind> usable = EnumSet.noneOf(SourceKind.class);
    private final Set<SwitchSourceKind> usableSwitch = EnumSet.noneOf(SwitchSourceKind.class);
    private final Set<String> missing = new TreeSet<>();
    private final Set<String> notes = new TreeSet<>();
    /**
     * Parse results by capture: a kind has one parser, a pure function of the text. By identity:
     * the bundle hands out the one capture it holds per source and sample, and hashing the
     * record's six fields on every lookup showed in the profile.
     */
    private final Map<Capture, Optional<?>> parsedOnce = new IdentityHashMap<>(TYPICAL_CAPTURES);
    /** The fact layer reading now (null: none, the builder's own accounting), and the kinds each layer asked for. */
    private String reader;
    /** The kinds the layer reading now asked for, once it asked for one (a lookup saved per parse). */
    private Set<Enum<?>> askedNow;

    private final Map<String, Set<Enum<?>>> askedBy = new TreeMap<>();

    /**
     * What every sosreport lacks, said in each one's notes: made from the tables once, not per report (a
     * regular expression compiled per kind each time).
     */
    private static final class SosNote {
        static final String TEXT = "A sosreport holds one sample and no sos plugin takes "
                + String.join(
                        ", ",
                        SosPlugins.notTaken().stream()
                                .filter(k -> k != SourceKind.PERFTEST)
                                // each parameter as *, as reports spell sources (no template braces)
                                .map(k -> k.templates().get(0).replaceAll("\\{[a-z]+\\}", "*"))
                                .toList())
                + ": rules that need them are not evaluated.";
    }

    public SourceLedger(Bundle bundle) {
        this.bundle = bundle;
        // A capture the collector could not take (tool missing, no permission) is missing, not failed:
        // "not collected" and "collected but unreadable" are different facts.
        for (Capture failed : bundle.failedCaptures()) {
            if (failed.relativePath() == null) {
                missing.add(failed.source().display());
            } else {
                fail(
                        failed.source().kind(),
                        new Failure(
                                failed.source().display(),
                                failed.relativePath(),
                                0,
                                failed.error() != null ? failed.error() : "exit " + failed.exitCode()));
            }
        }
        if (bundle.layout() == Layout.SOSREPORT) {
            notes.add(SosNote.TEXT);
        }
        if (bundle.layout() == Layout.SYSINFO_SNAPSHOT) {
            // The script's version decides what it took (3.1.x: no mlnx_qos, no ECN files): say what this one lacks.
            notes.add("Read as NVIDIA " + bundle.collector() + ", which takes one sample; it holds no "
                    + String.join(
                            ", ",
                            java.util.Arrays.stream(SourceKind.values())
                                    .filter(k -> k != SourceKind.PERFTEST
                                            && bundle.sources(k).isEmpty())
                                    // each parameter as *, as reports spell sources (no template braces)
                                    .map(k -> k.templates().get(0).replaceAll("\\{[a-z]+\\}", "*"))
                                    .toList())
                    + ": rules that need them are not evaluated.");
        }
        if (bundle.discoveredRdmaDevices().filter(List::isEmpty).isPresent()) {
            notes.add(
                    "No RDMA device found on this host: the collector saw none in /sys/class/infiniband, so the RDMA sources are absent.");
        }
    }

    /**
     * Parses one sample of a source with its kind's parser ({@link SourceKind}), into the record
     * that parser makes; empty when it is absent or failed (and then recorded). A capture is read
     * and parsed once: layers ask for the same one again (the interrupts, a port's counters), and a
     * failure is recorded once.
     */
    public <T> Optional<T> parse(Source source, int sample, Class<T> record) {
        Parser<T> parser = source.kind().parser(record);
        asked(source.kind());
        Optional<Capture> capture = bundle.capture(source, sample);
        if (capture.isEmpty() || !capture.get().collected()) {
            return Optional.empty();
        }
        @SuppressWarnings("unchecked")
        Optional<T> known = (Optional<T>) parsedOnce.get(capture.get());
        if (known == null) {
            known = parseNow(source, capture.get(), parser);
            parsedOnce.put(capture.get(), known);
        }
        return known;
    }

    private <T> Optional<T> parseNow(Source source, Capture c, Parser<T> parser) {
        String name = nameOf(source, c);
        try {
            Parsed<T> read = parser.read(bundle.read(c));
            parsed.add(name);
            usable.add(source.kind());
            read.notes().forEach(n -> notes.add(n.where(c.relativePath())));
            return Optional.ofNullable(read.value());
        } catch (ParseException e) {
            fail(source.kind(), new Failure(name, c.relativePath(), e.line(), e.getMessage()));
        } catch (IOException e) {
            fail(source.kind(), new Failure(name, c.relativePath(), 0, "cannot be read: " + IoReason.of(e)));
        } catch (RuntimeException e) {
            // A parser bug must not cost the rest of the bundle; the property tests hunt these.
            fail(source.kind(), new Failure(name, c.relativePath(), 0, "parser error: " + e));
        }
        return Optional.empty();
    }

    /**
     * The name a parse is accounted by: the asked source's rendering. The capture's own source, of the same
     * kind, renders the same when its arguments are the same, and is rendered already (the bundle sorts by
     * it, and the reader shares one per recognised text across a fleet), where a layer's source, made
     * for the lookup, would be rendered anew per capture (~1.5% of a bundle's analysis). Arguments equal
     * only mangled (a bundle without a manifest knows {@code 0000_3b_00.0}) are the asked source's own.
     */
    static String nameOf(Source asked, Capture c) {
        Source held = c.source();
        return held.args().equals(asked.args()) ? held.display() : asked.display();
    }

    private void fail(Enum<?> kind, Failure failure) {
        failures.add(failure);
        failuresByKind.computeIfAbsent(kind, k -> new ArrayList<>()).add(failure);
    }

    /**
     * The captures of a kind that were collected but could not be read, as {@code file:line: reason}
     * (the file alone when the failure is not tied to a line); empty when none failed.
     */
    public List<String> unreadable(Enum<?> kind) {
        return failuresByKind.getOrDefault(kind, List.of()).stream()
                .map(Failure::where)
                .sorted()
                .toList();
    }

    /**
     * Parses one sample of a switch dump's source, accounted as {@code switch NAME: command}; empty
     * when the dump lacks it or it failed (and then recorded). The kind's parser reads it ({@link SwitchSourceKind}).
     */
    public <T> Optional<T> parse(SwitchDump dump, SwitchSource source, int sample, Class<T> record) {
        Parser<T> parser = source.kind().parser(record);
        asked(source.kind());
        Optional<String> text = dump.text(source, sample);
        if (text.isEmpty()) {
            return Optional.empty();
        }
        String name = "switch " + dump.name() + ": " + source.display();
        // The file inside the bundle, as host notes name theirs: that is where a reader looks.
        String file = dump.path(source, sample).orElse("switches/" + dump.name());
        try {
            Parsed<T> read = parser.read(text.get());
            parsedSwitch.add(name);
            usableSwitch.add(source.kind());
            read.notes().forEach(n -> notes.add(n.where(file)));
            return Optional.ofNullable(read.value());
        } catch (ParseException e) {
            fail(source.kind(), new Failure(name, file, e.line(), e.getMessage()));
        } catch (RuntimeException e) {
            fail(source.kind(), new Failure(name, file, 0, "parser error: " + e));
        }
        return Optional.empty();
    }

    /** Switch source kinds of which at least one capture, on any switch, parsed. */
    public Set<SwitchSourceKind> usableSwitchKinds() {
        return usableSwitch.isEmpty() ? EnumSet.noneOf(SwitchSourceKind.class) : EnumSet.copyOf(usableSwitch);
    }

    /** The first sample of a source. */
    public <T> Optional<T> parse(Source source, Class<T> record) {
        return parse(source, 0, record);
    }

    /** Kinds of which at least one capture parsed: what rules may rely on. */
    public Set<SourceKind> usableKinds() {
        return EnumSet.copyOf(usable.isEmpty() ? EnumSet.noneOf(SourceKind.class) : usable);
    }

    /** Records sources this host should have had (per its ports and devices) that the bundle lacks. */
    public void expect(Source source) {
        asked(source.kind());
        if (bundle.samplesOf(source).isEmpty()) {
            missing.add(source.display());
        }
    }

    /**
     * Names the fact layer whose parses and expectations follow ({@code FactBuilder} calls it before
     * each layer; null for its own accounting), so a test can hold each layer to the kinds it declares.
     */
    public void readingFor(String layer) {
        reader = layer;
        askedNow = null;
    }

    private void asked(Enum<?> kind) {
        if (reader == null) {
            return;
        }
        if (askedNow == null) {
            askedNow = askedBy.computeIfAbsent(reader, k -> new HashSet<>());
        }
        askedNow.add(kind);
    }

    /** The source kinds each fact layer asked to parse or expected, by layer name. */
    public Map<String, Set<Enum<?>>> kindsAskedBy() {
        return java.util.Collections.unmodifiableMap(askedBy);
    }

    /** Something a reader of the report should know about the data, such as a counter that went down. */
    public void note(String text) {
        notes.add(text);
    }

    public List<String> notes() {
        return List.copyOf(notes);
    }

    public List<String> missing() {
        return List.copyOf(missing);
    }

    /** The names of the sources parsed, host and switch ones, sorted. */
    public List<String> parsed() {
        List<String> host = new ArrayList<>(parsed.size());
        for (Source s : bundle.allSources()) {
            String name = s.display();
            // two sources of one name are one line, as in the set; the bundle's order is by name
            if (parsed.contains(name)
                    && (host.isEmpty() || !host.get(host.size() - 1).equals(name))) {
                host.add(name);
            }
        }
        if (parsedSwitch.isEmpty()) {
            return java.util.Collections.unmodifiableList(host);
        }
        // Two runs sorted by name ("switch NAME: ..." is no host source's name): the sort merges them in one pass.
        List<String> out = new ArrayList<>(host.size() + parsedSwitch.size());
        out.addAll(host);
        out.addAll(parsedSwitch);
        out.sort(null);
        return java.util.Collections.unmodifiableList(out);
    }

    /** Whether any source was parsed. */
    public boolean parsedNothing() {
        return parsed.isEmpty() && parsedSwitch.isEmpty();
    }

    public List<Failure> failures() {
        List<Failure> out = new ArrayList<>(failures);
        out.sort(java.util.Comparator.comparing(Failure::source)
                .thenComparing(Failure::file, java.util.Comparator.nullsFirst(String::compareTo)));
        return out;
    }
}
