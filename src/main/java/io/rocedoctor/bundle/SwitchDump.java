package io.rocedoctor.bundle;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;

/**
 * One switch's dump as read from {@code switches/<name>/}: its platform and an index from each
 * source to the file of each sample. Text is read on demand.
 */
public final class SwitchDump {
    private final String name;
    private final SwitchPlatform platform;
    private final Map<SwitchSource, SortedMap<Integer, Path>> files;
    private final List<String> problems;
    private final Path root;

    SwitchDump(
            String name,
            SwitchPlatform platform,
            Map<SwitchSource, SortedMap<Integer, Path>> files,
            List<String> problems,
            Path root) {
        this.root = root;
        this.name = name;
        this.platform = platform;
        this.files = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(files));
        this.problems = List.copyOf(problems);
    }

    public String name() {
        return name;
    }

    public SwitchPlatform platform() {
        return platform;
    }

    /** What the reader ignored or refused (bad manifest entries, links leaving the folder). */
    public List<String> problems() {
        return problems;
    }

    /** Every source with at least one sample, sorted. */
    public List<SwitchSource> sources() {
        List<SwitchSource> out = new ArrayList<>(files.keySet());
        out.sort(null);
        return out;
    }

    /** The number of samples: the highest sample index seen, plus one. */
    public int sampleCount() {
        return files.values().stream().mapToInt(SortedMap::lastKey).max().orElse(0) + 1;
    }

    /**
     * Where a source's sample sits in the bundle, {@code switches/leaf1/show_pfc_counters.txt}, as
     * host notes name a capture's file; empty when the dump lacks it.
     */
    public Optional<String> path(SwitchSource source, int sample) {
        SortedMap<Integer, Path> bySample = files.get(source);
        Path file = bySample == null ? null : bySample.get(sample);
        return Optional.ofNullable(file)
                .map(f ->
                        "switches/" + name + "/" + root.relativize(f).toString().replace('\\', '/'));
    }

    /** The text of a source in one sample, or empty when the dump lacks it or it cannot be read. */
    public Optional<String> text(SwitchSource source, int sample) {
        SortedMap<Integer, Path> bySample = files.get(source);
        Path file = bySample == null ? null : bySample.get(sample);
        if (file == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Bundle.readText(file));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
