package io.rocedoctor.collect;

import io.rocedoctor.bundle.BundleWriter;
import io.rocedoctor.bundle.Mangling;
import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Captures this host into a native bundle: discovers the inventory, takes every source of the
 * plan once (counters first) as sample 0, then the counter sources again once per later sample,
 * and writes them with a manifest recording each capture's outcome. A source that cannot be
 * taken is recorded and the capture goes on; only failing to write the bundle stops it.
 */
public final class Collector {

    /**
     * @param interval time between the starts of two samples
     * @param samples how many samples of the counters (at least 1)
     * @param kinds the kinds of source to take
     * @param timeout the longest one command or file read may take
     */
    public record Settings(
            Duration interval,
            int samples,
            boolean redact,
            Set<SourceKind> kinds,
            Duration timeout,
            String collectorName) {}

    /** Where the capture tells how it goes: phases as lines, ticks (a countdown) as a line rewritten in place. */
    public interface Progress {
        void phase(String line);

        void tick(String line);
    }

    /** What was written: the inventory found, how many captures, how many failed. */
    public record Result(Inventory inventory, int captures, int failed, Path bundle) {}

    private final Path root;
    private final Settings settings;
    private final Progress progress;
    /** The folders tools are looked up in; null: the caller's PATH and the system folders. */
    private final List<Path> searchPath;

    /** @param root the host's file system root: {@code /}, or a folder shaped like it in tests */
    public Collector(Path root, Settings settings, Progress progress) {
        this(root, settings, progress, null);
    }

    /** @param searchPath the only folders tools are looked up in (tests: a folder of stand-in tools) */
    Collector(Path root, Settings settings, Progress progress, List<Path> searchPath) {
        if (settings.samples() < 1) {
            throw new IllegalArgumentException("at least one sample");
        }
        this.root = root;
        this.settings = settings;
        this.progress = progress;
        this.searchPath = searchPath;
    }

    public Result collect(Path out) throws IOException {
        InventoryScanner scanner = new InventoryScanner(root);
        Inventory inventory = scanner.scan();
        progress.phase("found " + inventory.summary());
        CapturePlan plan = CapturePlan.of(inventory, settings.kinds());
        List<String> hostNames = scanner.hostNames();
        Redactor redactor = settings.redact() ? new Redactor(hostNames) : null;
        String host = hostNames.isEmpty() ? "unknown" : hostNames.get(0);

        List<ManifestYaml.Entry> entries = new ArrayList<>();
        List<Instant> times = new ArrayList<>();
        try (SourceRunner runner = searchPath == null
                        ? new SourceRunner(root, settings.timeout())
                        : new SourceRunner(root, settings.timeout(), searchPath);
                BundleWriter writer = new BundleWriter(out)) {
            Instant start = Instant.now();
            for (int n = 0; n < settings.samples(); n++) {
                if (n > 0) {
                    waitUntil(start.plus(settings.interval().multipliedBy(n)), n);
                }
                Instant at = Instant.now();
                times.add(at);
                List<Source> sources = n == 0 ? plan.all() : plan.counters();
                progress.phase("sample " + (n + 1) + "/" + settings.samples() + ": " + sources.size() + " sources");
                for (int i = 0; i < sources.size(); i++) {
                    Source s = sources.get(i);
                    progress.tick("  " + (i + 1) + "/" + sources.size() + " " + s.display());
                    entries.add(take(runner, writer, redactor, s, n, at));
                }
            }
            List<String> redacted = redactor == null ? List.of() : Redactor.CATEGORIES;
            String manifest = ManifestYaml.render(
                    redactor == null ? host : redactor.redact(host),
                    machineHash(root),
                    settings.collectorName(),
                    times,
                    entries,
                    redacted,
                    inventory);
            writer.add("manifest.yaml", manifest.getBytes(StandardCharsets.UTF_8), times.get(0));
            writer.finish();
        }
        int failed = (int) entries.stream().filter(e -> e.path() == null).count();
        return new Result(inventory, entries.size(), failed, out);
    }

    /**
     * The host's machine id as the manifest records it: SHA-256 of {@code roce-doctor:} and
     * /etc/machine-id (machine-id(5): 32 hex digits), its first 32 hex digits; null without a valid
     * id. The plan's scripts recognise the host of a redacted bundle by it, and the id itself, which
     * machine-id(5) asks to keep confidential, never leaves the host (as systemd's app-specific ids).
     */
    static String machineHash(Path root) {
        try {
            String id = Files.readString(root.resolve("etc/machine-id"), StandardCharsets.US_ASCII)
                    .strip();
            if (!id.matches("[0-9a-f]{32}")) {
                return null;
            }
            byte[] digest = java.security.MessageDigest.getInstance("SHA-256")
                    .digest(("roce-doctor:" + id).getBytes(StandardCharsets.US_ASCII));
            return java.util.HexFormat.of().formatHex(digest, 0, 16);
        } catch (IOException | java.security.NoSuchAlgorithmException e) {
            return null;
        }
    }

    /** Where a source's bytes go in the bundle, in a sample's folder after sample 0. */
    static String pathOf(Source source, int sample) {
        String rel = source.kind().origin() == SourceKind.Origin.FILE
                ? "fs" + source.display()
                : "commands/" + Mangling.mangle(source.display());
        return sample == 0 ? rel : "samples/" + sample + "/" + rel;
    }

    private static ManifestYaml.Entry take(
            SourceRunner runner, BundleWriter writer, Redactor redactor, Source source, int sample, Instant at)
            throws IOException {
        SourceRunner.Outcome o = runner.take(source);
        String path = pathOf(source, sample);
        if (o.output() != null) {
            writer.add(path, redactor == null ? o.output() : redactor.redact(o.output()), at);
        }
        if (o.stderr() != null && o.stderr().length > 0) {
            writer.add(path + ".stderr", redactor == null ? o.stderr() : redactor.redact(o.stderr()), at);
        }
        String error = o.error() == null || redactor == null ? o.error() : redactor.redact(o.error());
        return new ManifestYaml.Entry(
                source.display(), sample, o.output() == null ? null : path, o.exit(), o.millis(), error);
    }

    private void waitUntil(Instant target, int sample) {
        progress.phase(
                "waiting " + Math.max(0, Duration.between(Instant.now(), target).toSeconds()) + " s for sample "
                        + (sample + 1) + "/" + settings.samples());
        try {
            for (Duration left = Duration.between(Instant.now(), target);
                    !left.isNegative() && !left.isZero();
                    left = Duration.between(Instant.now(), target)) {
                progress.tick(
                        "  sample " + (sample + 1) + "/" + settings.samples() + " in " + (left.toSeconds() + 1) + " s");
                Thread.sleep(Math.min(1000, left.toMillis() + 1));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
