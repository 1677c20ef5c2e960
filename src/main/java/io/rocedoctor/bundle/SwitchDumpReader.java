package io.rocedoctor.bundle;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Indexes one {@code switches/<name>/} folder. Its {@code manifest.yaml} names the platform and,
 * in {@code captures:}, which file holds which source (the authority, as for a host bundle);
 * files it does not name are matched by their mangled names under {@code commands/}, {@code fs/}
 * and {@code samples/<n>/}. Nothing outside the folder is read: a path or link leaving it is refused.
 */
public final class SwitchDumpReader {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final long MAX_MANIFEST_BYTES = 4L << 20;

    private SwitchDumpReader() {}

    public static SwitchDump read(Path folder) throws IOException {
        Path root = folder.toRealPath();
        BundleReader.RealPaths realPaths = new BundleReader.RealPaths(root);
        List<String> problems = new ArrayList<>();
        Map<SwitchSource, SortedMap<Integer, Path>> files = new HashMap<>();
        String platformLabel = null;

        Path manifestFile = root.resolve("manifest.yaml");
        if (Files.isRegularFile(manifestFile)
                && inside(root, manifestFile, realPaths).isPresent()) {
            JsonNode doc = manifest(manifestFile, problems);
            platformLabel = doc.path("platform").asText(null);
            int i = 0;
            for (JsonNode c : doc.path("captures")) {
                String where = "manifest.yaml: captures[" + i++ + "]";
                String command = c.path("source").asText("");
                Optional<SwitchSource> source = SwitchSourceKind.recognise(command, false, SourceKind.Origin.COMMAND)
                        .or(() -> SwitchSourceKind.recognise(command, false, SourceKind.Origin.FILE));
                String rel = c.path("path").asText(null);
                if (source.isEmpty() || rel == null) {
                    continue;
                }
                Optional<Path> file = inside(root, root.resolve(rel), realPaths);
                if (file.isEmpty()) {
                    problems.add(where + ": path '" + ArchiveExtractor.printable(rel)
                            + "' leaves the switch folder: ignored");
                    continue;
                }
                files.computeIfAbsent(source.get(), k -> new TreeMap<>())
                        .put(c.path("sample").asInt(0), file.get());
            }
        }

        try (Stream<Path> walk = Files.walk(root, 8)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                if (!Files.isRegularFile(p)) {
                    continue;
                }
                String rel = root.relativize(p).toString().replace('\\', '/');
                Optional<Path> file = inside(root, p, realPaths);
                if (file.isEmpty()) {
                    problems.add(rel + ": link leaving the switch folder: not read");
                    continue;
                }
                locate(rel)
                        .ifPresent(l -> files.computeIfAbsent(l.source(), k -> new TreeMap<>())
                                .putIfAbsent(l.sample(), file.get()));
            }
        }

        SwitchPlatform platform = platformLabel != null ? SwitchPlatform.of(platformLabel) : guessPlatform(files);
        return new SwitchDump(folder.getFileName().toString(), platform, files, problems, root);
    }

    private record Located(SwitchSource source, int sample) {}

    private static Optional<Located> locate(String rel) {
        NativePath path = NativePath.of(rel);
        return path.source(SwitchSourceKind::recognise).map(s -> new Located(s, path.sample()));
    }

    /** Without a manifest, the sources found say which platform printed them. */
    private static SwitchPlatform guessPlatform(Map<SwitchSource, SortedMap<Integer, Path>> files) {
        return files.keySet().stream().map(s -> s.kind().platform()).findFirst().orElse(SwitchPlatform.OTHER);
    }

    private static JsonNode manifest(Path file, List<String> problems) {
        try {
            if (Files.size(file) > MAX_MANIFEST_BYTES) {
                problems.add("manifest.yaml: larger than 4 MiB: ignored");
                return YAML.createObjectNode();
            }
            // The regular shape the collectors write is read by hand, as a host's manifest is (a YAML parse per switch
            // was ~1.5% of a fleet).
            String text = Bundle.readText(file);
            JsonNode doc = RegularManifestYaml.read(text);
            if (doc == null) {
                doc = YAML.readTree(text);
            }
            if (doc == null || !doc.isObject()) {
                problems.add("manifest.yaml: not a mapping: ignored");
                return YAML.createObjectNode();
            }
            return doc;
        } catch (IOException e) {
            problems.add("manifest.yaml: not valid YAML: ignored; files are matched by name");
            return YAML.createObjectNode();
        }
    }

    /**
     * The file's real path when it (and every link on the way) stays inside the root. Each folder is
     * resolved once and the system asked for a real path only at a link ({@link BundleReader.RealPaths#real}):
     * a {@code toRealPath} per file was a {@code readlink} per path component.
     */
    private static Optional<Path> inside(Path root, Path candidate, BundleReader.RealPaths realPaths) {
        try {
            Path normal = candidate.normalize();
            if (!normal.startsWith(root)) {
                return Optional.empty();
            }
            Path real = realPaths.real(normal);
            return real.startsWith(root) ? Optional.of(real) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
