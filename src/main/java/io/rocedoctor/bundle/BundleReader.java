package io.rocedoctor.bundle;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a bundle from a directory or an archive (tar, tar.gz, tar.xz, tar.bz2, zip), native or
 * sosreport, and indexes its captures by {@link Source}. The manifest's {@code captures} list is
 * the authority when present (docs/bundle-format.md: mangling loses information): only the files it
 * lists are looked at, each checked (inside the bundle, no link leaving it, a regular file); a file it
 * does not list is not opened, whatever its name. Without that list, the bundle is walked and files
 * are matched by their (mangled) names, a file matching no kind listed as unknown.
 */
public final class BundleReader {

    private static final Pattern SOS_FOLDER =
            Pattern.compile("sosreport-(.+?)(?:-[^-]+)?-[0-9]{4}-[0-9]{2}-[0-9]{2}-[a-z0-9]+");
    /** Runs of white space in a command sos ran, one space each (compiled once: once per command). */
    private static final Pattern WHITE_SPACE = Pattern.compile("\\s+");

    private static final Set<String> IGNORED_NATIVE = Set.of("manifest.yaml", "expected.yaml", "README.md", "README");

    /**
     * Jackson's mappers, made on first use: the manifests the collector and synth write are read by
     * {@link RegularManifestYaml}, and making a mapper is ~6% of a cold analysis.
     */
    private static final class Mappers {
        static final ObjectMapper YAML = new ObjectMapper(
                YAMLFactory.builder().loaderOptions(manifestLoaderOptions()).build());
    }

    /** The keys of manifest.yaml (docs/bundle-format.md, and what the collectors add: millis, discovered). */
    static final Set<String> MANIFEST_KEYS = Set.of(
            "format", "host", "collected_at", "collector", "samples", "captures", "links", "redacted", "discovered");

    static final Set<String> CAPTURE_KEYS = Set.of("source", "sample", "path", "exit", "millis", "error");
    /** The highest sample number read: collectors take at most 100 samples. */
    static final int MAX_SAMPLE = 999;

    /**
     * SnakeYAML's limits, set here rather than left to its defaults: a manifest is a few hundred
     * lines of flat mappings, so a few aliases, a shallow nesting and the 4 MiB size cap are plenty,
     * and a billion-laughs alias bomb or 5,000 nested brackets stops the parse with a reason.
     */
    static org.yaml.snakeyaml.LoaderOptions manifestLoaderOptions() {
        org.yaml.snakeyaml.LoaderOptions options = new org.yaml.snakeyaml.LoaderOptions();
        options.setMaxAliasesForCollections(10);
        options.setNestingDepthLimit(20);
        options.setCodePointLimit(4 << 20);
        options.setAllowDuplicateKeys(false);
        return options;
    }

    private final ArchiveLimits limits;

    public BundleReader(ArchiveLimits limits) {
        this.limits = limits;
    }

    public BundleReader() {
        this(ArchiveLimits.DEFAULT);
    }

    public Bundle read(Path input) throws BundleException {
        if (!Files.exists(input, LinkOption.NOFOLLOW_LINKS)) {
            throw new BundleException(input, "no such file or directory");
        }
        try {
            if (Files.isDirectory(input)) {
                // Read from where the system resolves the path: "x/.." and "." name no folder a
                // capture path can be checked against, and "link/.." is the link target's parent.
                return index(input, locateRoot(input, input.toRealPath()), List.of(), null);
            }
            if (!Files.isRegularFile(input)) {
                throw new BundleException(input, "neither a directory nor a regular file");
            }
            if (Files.size(input) == 0) {
                throw new BundleException(input, "empty file: not a bundle");
            }
            ArchiveExtractor.Format format = ArchiveExtractor.sniff(input);
            if (format == null) {
                throw new BundleException(input, "not a directory, tar (gz, xz, bz2) or zip archive");
            }
            // Streamed into memory: no scratch folder, nothing of an upload on disk (docs/performance.md).
            // The archive's top is a folder, not the root of the tree, so that a link's ".." steps
            // out of it are seen by the extractor's lexical check as they are on disk.
            Path top = Files.createDirectory(
                    new MemoryFileSystem(BundleReader::mayBeRead).root().resolve("archive"));
            ArchiveExtractor.Result result = new ArchiveExtractor(limits).extract(input, format, top);
            return index(input, locateRoot(input, top), result.refusals(), null);
        } catch (IOException e) {
            throw new BundleException(input, "cannot be read (" + IoReason.of(e) + ")", e);
        }
    }

    /**
     * The first folders of the source table's file paths ({@code proc/}, {@code sys/}): only a name
     * below one is matched against the table, the matching being the costly part of the test.
     */
    private static final Set<String> FILE_TOPS = java.util.Arrays.stream(SourceKind.values())
            .filter(k -> k.origin() == SourceKind.Origin.FILE)
            .flatMap(k -> k.templates().stream())
            .map(t -> t.substring(1, t.indexOf('/', 1) + 1))
            .collect(java.util.stream.Collectors.toSet());

    /** The top-level files of a bundle the reader reads besides its captures. */
    private static final Set<String> READ_AT_ROOT = Set.of("manifest.yaml", "hostname");
    /** The folders of a bundle (native, switch dump, sosreport, sysinfo-snapshot) whose files the reader may read. */
    private static final List<String> READ_BELOW = List.of(
            "commands/",
            "fs/",
            "samples/",
            "switches/",
            "sos_commands/",
            "sos_reports/",
            "commands_txt_output/",
            "ethtool_S/",
            "show_irq_affinity_all/",
            "ecn/",
            "pcie_files/");

    /**
     * Whether a file of an archive, by its name there, may be read: it is, below any of the
     * single folders the bundle may be wrapped in, a top-level file the reader reads, in a folder
     * of captures, or a file a sosreport copies that the source table names. Any other file
     * (a sosreport's logs, journals, /etc and /usr copies) is held in memory as its size only.
     */
    /**
     * A sysinfo-snapshot's page ({@code NAME.html}) under any folder name, and the files it links
     * beside it ({@code sysctl_a}, {@code interrupts}: no dot in their names) in a folder the script
     * named ({@code sysinfo-snapshot-v...}).
     */
    private static final java.util.regex.Pattern SNAPSHOT_FOLDER =
            java.util.regex.Pattern.compile("(?:.*/)?sysinfo-snapshot-v[^/]*/");

    private static boolean snapshotTopLevel(String name, String rest) {
        if (rest.contains("/")) {
            return false;
        }
        String folder = name.substring(0, name.length() - rest.length());
        return rest.endsWith(".html")
                || (!rest.contains(".") && SNAPSHOT_FOLDER.matcher(folder).matches());
    }

    static boolean mayBeRead(String name) {
        String rest = name.substring(name.indexOf('/') + 1); // below the archive's own folder
        for (int wrapping = 0; wrapping <= MAX_WRAPPING_FOLDERS; wrapping++) {
            if (snapshotTopLevel(name, rest)
                    || READ_AT_ROOT.contains(rest)
                    || READ_BELOW.stream().anyMatch(rest::startsWith)
                    || (FILE_TOPS.stream().anyMatch(rest::startsWith)
                            && SourceKind.recognise("/" + rest, false, SourceKind.Origin.FILE)
                                    .isPresent())) {
                return true;
            }
            int slash = rest.indexOf('/');
            if (slash < 0) {
                return false;
            }
            rest = rest.substring(slash + 1);
        }
        return false;
    }

    private static boolean looksLikeRoot(Path dir) throws IOException {
        return looksNativeOrSos(dir) || SysinfoSnapshotReader.looksLike(dir);
    }

    /** Whether a folder is a bundle's root as this reader takes it: native, sosreport or sysinfo-snapshot. */
    public static boolean isBundleRoot(Path dir) {
        try {
            return looksLikeRoot(dir);
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean looksNativeOrSos(Path dir) {
        return Files.isRegularFile(dir.resolve("manifest.yaml"))
                || Files.isDirectory(dir.resolve("commands"))
                || Files.isDirectory(dir.resolve("fs"))
                || Files.isDirectory(dir.resolve("sos_commands"));
    }

    /**
     * Single folders an archive may wrap a bundle in ({@code case-123/upload/host/bundle/}): deep
     * enough for what people pack, and a bound on how far a hostile chain of folders is followed.
     */
    static final int MAX_WRAPPING_FOLDERS = 5;

    /** The bundle root: the folder itself, or the chain of single folders an archive wraps it in. */
    private static Path locateRoot(Path input, Path dir) throws IOException, BundleException {
        Path current = dir;
        for (int depth = 0; depth <= MAX_WRAPPING_FOLDERS; depth++) {
            if (looksLikeRoot(current)) {
                return current;
            }
            List<Path> children;
            try (var stream = Files.list(current)) {
                children = stream.filter(p -> !p.getFileName().toString().startsWith("."))
                        .toList();
            }
            if (children.size() != 1 || !Files.isDirectory(children.get(0), LinkOption.NOFOLLOW_LINKS)) {
                break;
            }
            current = children.get(0);
        }
        throw new BundleException(
                input,
                "no manifest.yaml, commands/, fs/, sos_commands/ or sysinfo-snapshot page inside (nor in up to "
                        + MAX_WRAPPING_FOLDERS
                        + " single wrapping folders): not a roce-doctor bundle, a sosreport or a sysinfo-snapshot");
    }

    private Bundle index(Path input, Path root, List<String> extractionRefusals, Path scratch) throws IOException {
        if (!looksNativeOrSos(root)) {
            return SysinfoSnapshotReader.read(input, root, extractionRefusals, scratch);
        }
        boolean sos = Files.isDirectory(root.resolve("sos_commands"));
        Layout layout = sos ? Layout.SOSREPORT : Layout.NATIVE;
        Map<Source, SortedMap<Integer, Capture>> captures = new HashMap<>();
        List<String> unknown = new ArrayList<>();
        List<String> refusals = new ArrayList<>(extractionRefusals);
        RealPaths real = new RealPaths(root);
        Manifest manifest = sos ? readSosManifest(root, real, refusals) : readManifest(root, real, refusals);
        // Several listed paths go through one folder (fs/proc/irq/N): a folder's refusal is said once.
        Set<String> linkRefusals = new LinkedHashSet<>();

        for (Manifest.Entry e : manifest.captures()) {
            Path file = null;
            long bytes = Capture.SIZE_UNKNOWN;
            if (e.path() != null) {
                Optional<Path> resolved = inside(root, e.path());
                if (resolved.isEmpty()) {
                    refusals.add("manifest.yaml: capture path '" + ArchiveExtractor.printable(e.path())
                            + "' leaves the bundle: ignored");
                    continue;
                }
                Optional<BasicFileAttributes> listed = real.listedFile(resolved.get(), linkRefusals);
                if (listed.isPresent()) {
                    file = resolved.get();
                    bytes = listed.get().size();
                }
            }
            String error = e.error();
            if (file == null && e.path() != null && error == null) {
                error = "listed in the manifest but absent from the bundle";
            }
            captures.computeIfAbsent(e.source(), k -> Bundle.newSampleMap())
                    .put(e.sample(), new Capture(e.source(), e.sample(), e.path(), file, e.exit(), error, bytes));
        }
        refusals.addAll(linkRefusals);

        Map<String, Path> switches = new TreeMap<>();
        if (sos) {
            lookUpSos(root, real, manifest.listsCaptures(), captures, refusals);
            Path dumps = root.resolve("switches");
            if (Files.isDirectory(dumps, LinkOption.NOFOLLOW_LINKS)) {
                switches.putAll(switchDumps(dumps));
            }
        } else if (manifest.listsCaptures()) {
            // The list says what the bundle holds: nothing else is opened, so nothing else can hurt.
            Path dumps = root.resolve("switches");
            if (Files.isDirectory(dumps)) {
                if (real.inside(dumps)) {
                    switches.putAll(switchDumps(dumps));
                } else {
                    refusals.add("switches: link leaving the bundle: not followed");
                }
            }
        } else {
            walkNative(root, real, captures, unknown, switches, refusals);
        }

        unknown.sort(null);
        String host = manifest.host() != null
                ? manifest.host()
                : sosHost(root, real, sos).orElse(folderName(input, root));
        String collector = manifest.collector() != null ? manifest.collector() : (sos ? "sosreport" : "manual");
        return new Bundle(
                input,
                root,
                layout,
                host,
                manifest.machine(),
                collector,
                manifest.samples(),
                captures,
                unknown,
                refusals,
                manifest.links(),
                manifest.redacted(),
                switches,
                manifest.rdmaDevices(),
                scratch);
    }

    /**
     * A native bundle without a {@code captures} list is walked (links followed, at most 40 deep) to
     * match every file by its name and to find the switch dumps. Nothing is read here.
     */
    private static void walkNative(
            Path root,
            RealPaths real,
            Map<Source, SortedMap<Integer, Capture>> captures,
            List<String> unknown,
            Map<String, Path> switches,
            List<String> refusals)
            throws IOException {
        Files.walkFileTree(root, EnumSet.of(FileVisitOption.FOLLOW_LINKS), 40, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                if (!real.inside(dir)) {
                    refusals.add(ArchiveExtractor.printable(relative(root, dir))
                            + ": link leaving the bundle: not followed");
                    return FileVisitResult.SKIP_SUBTREE;
                }
                String rel = relative(root, dir);
                if (rel.equals("switches")) {
                    switches.putAll(switchDumps(dir));
                    return FileVisitResult.SKIP_SUBTREE;
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                if (!attrs.isRegularFile()) {
                    return FileVisitResult.CONTINUE;
                }
                if (!real.inside(file)) {
                    refusals.add(
                            ArchiveExtractor.printable(relative(root, file)) + ": link leaving the bundle: not read");
                    return FileVisitResult.CONTINUE;
                }
                String rel = relative(root, file);
                Optional<Located> located = locateNative(rel);
                if (located.isEmpty()) {
                    if (!IGNORED_NATIVE.contains(rel) && !rel.endsWith(".stderr")) {
                        unknown.add(rel);
                    }
                    return FileVisitResult.CONTINUE;
                }
                Located l = located.get();
                // A file reached twice (through a link inside) is indexed where it was first seen.
                captures.computeIfAbsent(l.source(), k -> Bundle.newSampleMap())
                        .putIfAbsent(
                                l.sample(), new Capture(l.source(), l.sample(), rel, file, null, null, attrs.size()));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException exc) {
                refusals.add(ArchiveExtractor.printable(relative(root, file)) + ": cannot be read (" + IoReason.of(exc)
                        + "): skipped");
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /**
     * A sosreport is looked up, not walked (a whole sosreport is tens of thousands of files, and
     * its sysfs copies link in circles): its commands are the entries of {@code sos_reports/manifest.json}
     * or, without one, the files of each {@code sos_commands/PLUGIN/} folder; its copied files are
     * looked for at the paths the source table names, a folder listed only where a path has a
     * parameter ({@code sys/class/net/{if}/mtu} lists {@code sys/class/net/}).
     */
    private static void lookUpSos(
            Path root,
            RealPaths real,
            boolean commandsListed,
            Map<Source, SortedMap<Integer, Capture>> captures,
            List<String> refusalsOut)
            throws IOException {
        List<Path> found = new ArrayList<>();
        SosFolders folders = new SosFolders(root, real);
        Path commands = root.resolve("sos_commands");
        if (!commandsListed) {
            for (Path plugin : folders.children(commands, "")) {
                for (Path file : folders.children(plugin, "")) {
                    if (folders.regular(file)) {
                        found.add(file);
                    }
                }
            }
        }
        for (SourceKind kind : SourceKind.values()) {
            if (kind.origin() != SourceKind.Origin.FILE) {
                continue;
            }
            for (String template : kind.templates()) {
                folders.lookUp(root, List.of(template.substring(1).split("/")), found);
            }
        }
        for (Path file : found) {
            String rel = relative(root, file);
            for (Located l : locateSos(rel)) {
                // The manifest is the authority; a file it already names is not indexed twice.
                captures.computeIfAbsent(l.source(), k -> Bundle.newSampleMap())
                        .putIfAbsent(l.sample(), new Capture(l.source(), l.sample(), rel, file, null, null));
            }
        }
        refusalsOut.addAll(folders.refusals);
    }

    /** The switch dumps of a bundle's {@code switches/} folder by name: its folders, links not followed. */
    private static Map<String, Path> switchDumps(Path dir) throws IOException {
        Map<String, Path> out = new TreeMap<>();
        try (var stream = Files.list(dir)) {
            stream.filter(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))
                    .forEach(p -> out.put(p.getFileName().toString(), p));
        }
        return out;
    }

    /**
     * A sosreport's folders as its lookups see them, each asked of the file system once per report:
     * the table's paths share their folders (a dozen go through each {@code sys/class/net/IF/}), and
     * a stat per folder on the way and a listing per parameter, for each path of the table, were
     * most of a sosreport's lookups. The report does not change while it is read.
     */
    private static final class SosFolders {
        private final Path root;
        private final RealPaths real;
        /** Several paths of the table go through one folder (sys/class/net/X): its refusal is said once. */
        final Set<String> refusals = new LinkedHashSet<>();

        private final Map<Path, Boolean> directories = new HashMap<>();
        private final Map<Path, Boolean> leading = new HashMap<>();
        /** Each folder's entries, sorted. */
        private final Map<Path, List<Path>> listings = new HashMap<>();

        SosFolders(Path root, RealPaths real) {
            this.root = root;
            this.real = real;
        }

        /** The files at a template's path below {@code at}: each parameter's folder listed, the literal names looked up. */
        void lookUp(Path at, List<String> segments, List<Path> found) throws IOException {
            if (segments.isEmpty()) {
                if (regular(at)) {
                    found.add(at);
                }
                return;
            }
            if (!isDirectory(at)) {
                return;
            }
            if (!real.inside(at)) {
                refusals.add(
                        ArchiveExtractor.printable(relative(root, at)) + ": link leaving the bundle: not followed");
                return;
            }
            String segment = segments.get(0);
            List<String> rest = segments.subList(1, segments.size());
            int brace = segment.indexOf('{');
            if (brace < 0) {
                Path next = at.resolve(segment);
                if (leadsSomewhere(next)) {
                    lookUp(next, rest, found);
                }
                return;
            }
            String prefix = segment.substring(0, brace);
            for (Path child : children(at, prefix)) {
                lookUp(child, rest, found);
            }
        }

        private boolean isDirectory(Path path) {
            return directories.computeIfAbsent(path, p -> Files.isDirectory(p));
        }

        /**
         * Whether a path of the table may lead to a file: something is there, links followed. A dangling
         * link leads nowhere, as the lookup below it would find. On disk this asks {@code java.io.File},
         * which answers a miss without an exception: NIO's {@code Files.exists} makes one per miss on
         * JDK 17, ~90 per sosreport, most of the table's paths being absent from any one report.
         */
        private boolean leadsSomewhere(Path path) {
            return leading.computeIfAbsent(
                    path,
                    p -> p.getFileSystem() == java.nio.file.FileSystems.getDefault()
                            ? p.toFile().exists()
                            : Files.exists(p));
        }

        /** The entries of a folder inside the bundle whose names start with {@code prefix}, sorted; none when it is no such folder. */
        List<Path> children(Path dir, String prefix) throws IOException {
            if (!isDirectory(dir)) {
                return List.of();
            }
            if (!real.inside(dir)) {
                refusals.add(
                        ArchiveExtractor.printable(relative(root, dir)) + ": link leaving the bundle: not followed");
                return List.of();
            }
            List<Path> entries = listings.get(dir);
            if (entries == null) {
                entries = new ArrayList<>();
                try (var stream = Files.newDirectoryStream(dir)) {
                    stream.forEach(entries::add);
                }
                entries.sort(null);
                listings.put(dir, entries);
            }
            if (prefix.isEmpty()) {
                return entries;
            }
            List<Path> out = new ArrayList<>();
            for (Path entry : entries) {
                if (entry.getFileName().toString().startsWith(prefix)) {
                    out.add(entry);
                }
            }
            return out;
        }

        /** Whether a path is a regular file (after links) inside the bundle; a link leaving it is refused, named. */
        boolean regular(Path file) throws IOException {
            if (!Files.isRegularFile(file)) {
                return false;
            }
            if (!real.inside(file)) {
                refusals.add(ArchiveExtractor.printable(relative(root, file)) + ": link leaving the bundle: not read");
                return false;
            }
            return true;
        }
    }

    /** The name the input gives the bundle: its last segment, or the folder's own where that is "." or "..". */
    private static String folderName(Path input, Path root) {
        Path name = input.getFileName();
        boolean relativeStep =
                name == null || name.toString().equals(".") || name.toString().equals("..");
        return String.valueOf(relativeStep ? root.getFileName() : name);
    }

    private record Located(Source source, int sample) {}

    private static Optional<Located> locateNative(String rel) {
        NativePath path = NativePath.of(rel);
        return path.source(SourceKind::recognise).map(s -> new Located(s, path.sample()));
    }

    private static List<Located> locateSos(String rel) {
        if (rel.startsWith("sos_commands/")) {
            String[] parts = rel.split("/");
            if (parts.length != 3) {
                return List.of();
            }
            return SourceKind.recogniseEvery(parts[2], true, SourceKind.Origin.COMMAND).stream()
                    .map(s -> new Located(s, 0))
                    .toList();
        }
        return SourceKind.recognise("/" + rel, false, SourceKind.Origin.FILE).map(s -> new Located(s, 0)).stream()
                .toList();
    }

    private static Optional<String> sosHost(Path root, RealPaths real, boolean sos) {
        if (!sos) {
            return Optional.empty();
        }
        for (String file : List.of("hostname", "sos_commands/host/hostname")) {
            try {
                Path hostname = root.resolve(file);
                if (real.regularInside(hostname)) {
                    String h = Bundle.readText(hostname).strip();
                    if (!h.isEmpty() && h.length() < 256) {
                        return Optional.of(h);
                    }
                }
            } catch (IOException ignored) {
                // try the next place
            }
        }
        // Without the host plugin, the report's own folder still carries the name: sosreport-HOST-[CASE-]DATE-RANDOM.
        Matcher m = SOS_FOLDER.matcher(
                root.getFileName() == null ? "" : root.getFileName().toString());
        return m.matches() ? Optional.of(m.group(1)) : Optional.empty();
    }

    private static String relative(Path root, Path p) {
        return root.relativize(p).toString().replace('\\', '/');
    }

    /**
     * Where the bundle's files really are, links resolved, to refuse a link leaving the bundle.
     * A path that is not a symbolic link is really in its folder's real path, so each folder is
     * resolved once and a link only where there is one: a {@code toRealPath} per file and per
     * manifest entry (a system call per path component) was a quarter of reading a bundle.
     */
    static final class RealPaths {
        private final Path root;
        private final Path rootReal;
        private final Map<Path, Path> folders = new HashMap<>();
        /**
         * What {@link #inside} answered per path: a folder's answer is that of every plain file in it,
         * and a file the manifest lists is asked about again by the walk (an lstat saved per file).
         */
        private final Map<Path, Boolean> answered = new HashMap<>();

        RealPaths(Path root) throws IOException {
            this.root = root;
            this.rootReal = root.toRealPath();
            folders.put(root, rootReal);
            answered.put(root, true);
        }

        /** Whether the path's real location is the bundle's root or below it. */
        boolean inside(Path path) throws IOException {
            Boolean known = answered.get(path);
            if (known != null) {
                return known;
            }
            BasicFileAttributes own = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            // A plain file is really in its folder: no real path made and compared per file (~4% of a bundle).
            boolean inside = !own.isSymbolicLink() && !own.isDirectory() && plainName(path) && inside(path.getParent())
                    || real(path, own).startsWith(rootReal);
            answered.put(path, inside);
            return inside;
        }

        /**
         * The attributes of a file the manifest lists (normalized, below the root) when it is a
         * regular file, after links, inside the bundle; empty otherwise. A link leaving the bundle on
         * its way, the file's or a folder's, is named in {@code refusals} as the walk named it, and
         * never followed. One {@code lstat} per plain file and folder (a folder's answer is kept), a
         * {@code stat} more per link.
         */
        Optional<BasicFileAttributes> listedFile(Path file, Set<String> refusals) {
            try {
                if (!folderInside(file.getParent(), refusals)) {
                    return Optional.empty();
                }
                BasicFileAttributes own =
                        Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                if (!own.isSymbolicLink()) {
                    return own.isRegularFile() ? Optional.of(own) : Optional.empty();
                }
                BasicFileAttributes target = Files.readAttributes(file, BasicFileAttributes.class);
                if (inside(file)) {
                    return target.isRegularFile() ? Optional.of(target) : Optional.empty();
                }
                refusals.add(ArchiveExtractor.printable(relative(root, file)) + ": link leaving the bundle: "
                        + (target.isDirectory() ? "not followed" : "not read"));
                return Optional.empty();
            } catch (IOException e) {
                return Optional.empty(); // absent, or a folder on the way is not one: listed but absent
            }
        }

        /** Whether a folder and every folder above it up to the root is inside; the first that leaves is named. */
        private boolean folderInside(Path folder, Set<String> refusals) throws IOException {
            if (Boolean.TRUE.equals(answered.get(folder))) {
                return true; // the root, or a folder a listed file went through already
            }
            if (!folderInside(folder.getParent(), refusals)) {
                return false;
            }
            if (inside(folder)) {
                return true;
            }
            refusals.add(
                    ArchiveExtractor.printable(relative(root, folder)) + ": link leaving the bundle: not followed");
            return false;
        }

        /** A regular file (after links) whose real path is in the bundle: a link leaving it is never read. */
        boolean regularInside(Path file) {
            try {
                return Files.isRegularFile(file) && inside(file);
            } catch (IOException e) {
                return false;
            }
        }

        /** A name that is its folder's entry: "x/.." is not textually below x's real path when x is a link. */
        private static boolean plainName(Path path) {
            String name = String.valueOf(path.getFileName());
            return path.getParent() != null && !name.equals(".") && !name.equals("..");
        }

        /** The real path of a path below the root: the system is asked only at a link, each folder once. */
        Path real(Path path) throws IOException {
            Path known = folders.get(path);
            return known != null
                    ? known
                    : real(path, Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS));
        }

        private Path real(Path path, BasicFileAttributes own) throws IOException {
            Path known = folders.get(path);
            if (known != null) {
                return known;
            }
            // Names like "x/.." are resolved by the system.
            Path real = own.isSymbolicLink() || !plainName(path)
                    ? path.toRealPath()
                    : real(path.getParent()).resolve(String.valueOf(path.getFileName()));
            if (own.isDirectory()) {
                folders.put(path, real);
            }
            return real;
        }
    }

    private static Optional<Path> inside(Path root, String rel) {
        if (rel.startsWith("/") || rel.contains("..")) {
            return Optional.empty();
        }
        Path p = root.resolve(rel).normalize();
        return p.startsWith(root) ? Optional.of(p) : Optional.empty();
    }

    // ---- manifest.yaml -------------------------------------------------------------------

    /**
     * {@code listsCaptures}: the manifest has a {@code captures} list, which then says what the
     * bundle holds (a sosreport's manifest.json: which commands it ran); {@code rdmaDevices}: what the collector's discovery found (null when unknown).
     */
    record Manifest(
            String host,
            String machine,
            String collector,
            List<SampleTime> samples,
            boolean listsCaptures,
            List<Entry> captures,
            List<Bundle.Link> links,
            List<String> redacted,
            List<String> rdmaDevices) {
        static final Manifest EMPTY =
                new Manifest(null, null, null, List.of(), false, List.of(), List.of(), List.of(), null);

        record Entry(Source source, int sample, String path, Integer exit, String error) {}
    }

    private static Manifest readManifest(Path root, RealPaths real, List<String> problems) {
        Path file = root.resolve("manifest.yaml");
        if (!real.regularInside(file)) {
            // A link leaving the bundle is listed by the walk; anything else there is not a manifest to read.
            if (Files.exists(file, LinkOption.NOFOLLOW_LINKS) && !Files.isSymbolicLink(file)) {
                problems.add("manifest.yaml: not a regular file: ignored; files are matched by name");
            }
            return Manifest.EMPTY;
        }
        String text;
        try {
            if (Files.size(file) > (4L << 20)) {
                problems.add("manifest.yaml: larger than 4 MiB: ignored; files are matched by name");
                return Manifest.EMPTY;
            }
            text = Bundle.readText(file);
        } catch (IOException e) {
            problems.add("manifest.yaml: cannot be read (" + IoReason.of(e) + "): ignored; files are matched by name");
            return Manifest.EMPTY;
        }
        return manifestOf(text, problems);
    }

    /**
     * The manifest a {@code manifest.yaml} text says, its problems noted: the regular shape that says it
     * plainly read straight into the manifest, anything else through its tree.
     */
    static Manifest manifestOf(String text, List<String> problems) {
        RegularManifestYaml.Fields fields = RegularManifestYaml.fields(text, MANIFEST_KEYS, CAPTURE_KEYS);
        if (fields == null) {
            return manifestOfTree(text, problems);
        }
        List<Manifest.Entry> entries = new ArrayList<>();
        List<RegularManifestYaml.Listed> listed = fields.captures() == null ? List.of() : fields.captures();
        for (RegularManifestYaml.Listed c : listed) {
            recognised(c.source())
                    .ifPresent(source ->
                            entries.add(new Manifest.Entry(source, c.sample(), c.path(), c.exit(), c.error())));
        }
        return new Manifest(
                atMost255(fields.host()),
                null,
                atMost255(fields.collector()),
                fields.samples(),
                fields.captures() != null,
                entries,
                fields.links(),
                fields.redacted(),
                fields.rdmaDevices());
    }

    /** The manifest read from the text's tree, each wrong type or missing field noted. */
    static Manifest manifestOfTree(String text, List<String> problems) {
        JsonNode doc;
        try {
            doc = RegularManifestYaml.read(text);
            if (doc == null) {
                // Jackson reads YAML events and counts no aliases: SnakeYAML's composer, with the limits above, does.
                new org.yaml.snakeyaml.Yaml(manifestLoaderOptions()).compose(new java.io.StringReader(text));
                doc = Mappers.YAML.readTree(text);
            }
        } catch (com.fasterxml.jackson.core.JacksonException | RuntimeException e) {
            problems.add("manifest.yaml: not valid YAML (" + firstLine(e.getMessage())
                    + "): ignored; files are matched by name");
            return Manifest.EMPTY;
        }
        if (doc == null || !doc.isObject()) {
            problems.add("manifest.yaml: not a mapping: ignored; files are matched by name");
            return Manifest.EMPTY;
        }
        unknownKeys(doc, MANIFEST_KEYS, "manifest.yaml", problems);
        String host = text(doc, "host", problems);
        String collector = text(doc, "collector", problems);
        String machine = text(doc, "machine", problems);
        List<SampleTime> samples = new ArrayList<>();
        int i = 0;
        for (JsonNode s : list(doc, "samples", problems)) {
            Optional<Integer> n = intAt(s, "n");
            Optional<Instant> at = instantAt(s, "at");
            if (n.isEmpty() || at.isEmpty()) {
                problems.add("manifest.yaml: samples[" + i + "] lacks a whole n or an ISO-8601 at: ignored");
            } else {
                samples.add(new SampleTime(n.get(), at.get()));
            }
            i++;
        }
        List<Manifest.Entry> entries = new ArrayList<>();
        i = 0;
        for (JsonNode c : list(doc, "captures", problems)) {
            String where = "manifest.yaml: captures[" + i++ + "]";
            JsonNode src = c.get("source");
            if (src == null || !src.isTextual()) {
                problems.add(where + " has no source text: ignored");
                continue;
            }
            unknownKeys(c, CAPTURE_KEYS, where, problems);
            Optional<Source> source = recognised(src.asText());
            if (source.isEmpty()) {
                continue; // a capture roce-doctor has no parser for: kept in the bundle, not indexed
            }
            Optional<Integer> sampleAt = intAt(c, "sample");
            if (c.has("sample")
                    && !c.get("sample").isNull()
                    && (sampleAt.isEmpty() || sampleAt.get() < 0 || sampleAt.get() > MAX_SAMPLE)) {
                problems.add(where + ": sample "
                        + ArchiveExtractor.printable(firstLine(c.get("sample").toString()))
                        + " is not a whole number from 0 to " + MAX_SAMPLE + ": ignored");
                continue;
            }
            if (c.has("exit") && !c.get("exit").isNull() && intAt(c, "exit").isEmpty()) {
                problems.add(where + ": exit "
                        + ArchiveExtractor.printable(firstLine(c.get("exit").toString()))
                        + " is not a whole number: read as unknown");
            }
            int sample = sampleAt.orElse(0);
            JsonNode path = c.get("path");
            String p = path == null || path.isNull() ? null : path.asText();
            Integer exit = intAt(c, "exit").orElse(null);
            JsonNode err = c.get("error");
            entries.add(new Manifest.Entry(
                    source.get(), sample, p, exit, err == null || err.isNull() ? null : err.asText()));
        }
        List<Bundle.Link> links = new ArrayList<>();
        for (JsonNode l : list(doc, "links", problems)) {
            String hp = l.path("host_port").asText(null);
            String sw = l.path("switch").asText(null);
            String sp = l.path("switch_port").asText(null);
            if (hp != null && sw != null && sp != null) {
                links.add(new Bundle.Link(hp, sw, sp));
            } else {
                problems.add("manifest.yaml: a link lacks host_port, switch or switch_port: ignored");
            }
        }
        List<String> redacted = new ArrayList<>();
        for (JsonNode r : list(doc, "redacted", problems)) {
            redacted.add(r.asText());
        }
        List<String> rdmaDevices = null;
        JsonNode discovered = doc.get("discovered");
        if (discovered != null && discovered.isObject() && discovered.has("rdma_devices")) {
            rdmaDevices = list(discovered, "rdma_devices", problems).stream()
                    .map(JsonNode::asText)
                    .toList();
        }
        return new Manifest(
                host,
                machine,
                collector,
                samples,
                doc.path("captures").isArray(),
                entries,
                links,
                redacted,
                rdmaDevices);
    }

    /**
     * A sosreport's {@code sos_reports/manifest.json} (sos 4.x): every command each plugin ran,
     * with its file and return code. sos keeps stderr in the output file, so a command that
     * failed (rc 127: tool missing) counts as not collected rather than as output to parse.
     */
    private static Manifest readSosManifest(Path root, RealPaths real, List<String> problems) {
        Path file = root.resolve("sos_reports/manifest.json");
        if (!real.regularInside(file)) {
            return Manifest.EMPTY;
        }
        SosManifestJson.Manifest doc;
        try {
            if (Files.size(file) > (32L << 20)) {
                problems.add("sos_reports/manifest.json: larger than 32 MiB: ignored; files are matched by name");
                return Manifest.EMPTY;
            }
            doc = SosManifestJson.read(Bundle.readText(file));
        } catch (IOException | RuntimeException e) {
            problems.add("sos_reports/manifest.json: not valid JSON (" + firstLine(e.getMessage())
                    + "): ignored; files are matched by name");
            return Manifest.EMPTY;
        }
        List<Manifest.Entry> entries = new ArrayList<>();
        for (SosManifestJson.Command c : doc.commands()) {
            String exec = WHITE_SPACE.matcher(c.exec().trim()).replaceAll(" ");
            String path = c.filepath();
            Integer rc = c.returnCode();
            for (Source source : SourceKind.recogniseEvery(exec, false, SourceKind.Origin.COMMAND)) {
                if (rc != null && rc != 0) {
                    entries.add(new Manifest.Entry(
                            source,
                            0,
                            null,
                            rc,
                            rc == 127
                                    ? "command not found"
                                    : "exit " + rc + (path == null ? "" : " (its output is in " + path + ")")));
                } else {
                    entries.add(new Manifest.Entry(
                            source, 0, path, rc, path == null ? "sos recorded no output file" : null));
                }
            }
        }
        String version = doc.version() != null ? "sosreport " + doc.version() : null;
        // sos lists the commands it ran, not the files it copied: those are looked up (lookUpSos).
        return new Manifest(null, null, version, List.of(), true, entries, List.of(), List.of(), null);
    }

    /** The source a capture's command or file names, if roce-doctor has a parser for it. */
    private static Optional<Source> recognised(String command) {
        SourceKind.Origin origin = command.startsWith("/") ? SourceKind.Origin.FILE : SourceKind.Origin.COMMAND;
        return SourceKind.recognise(command.strip(), false, origin);
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unreadable";
        }
        String line = s.lines().findFirst().orElse(s);
        return line.length() > 160 ? line.substring(0, 157) + "..." : line;
    }

    /** Notes each key of a mapping the format does not have: a misspelt key would otherwise be lost unseen. */
    private static void unknownKeys(JsonNode node, Set<String> known, String where, List<String> problems) {
        if (!node.isObject()) {
            return;
        }
        node.fieldNames().forEachRemaining(k -> {
            if (!known.contains(k)) {
                problems.add(where + ": unknown key '" + ArchiveExtractor.printable(k) + "': ignored");
            }
        });
    }

    private static String text(JsonNode doc, String field, List<String> problems) {
        JsonNode n = doc.get(field);
        if (n == null || n.isNull()) {
            return null;
        }
        if (!n.isValueNode()) {
            problems.add("manifest.yaml: " + field + " is not a scalar: ignored");
            return null;
        }
        return atMost255(n.asText());
    }

    /** A name of the manifest (host, collector) cut to 255 characters. */
    private static String atMost255(String s) {
        return s == null || s.length() <= 255 ? s : s.substring(0, 255);
    }

    private static List<JsonNode> list(JsonNode doc, String field, List<String> problems) {
        JsonNode n = doc.get(field);
        if (n == null || n.isNull()) {
            return List.of();
        }
        if (!n.isArray()) {
            problems.add("manifest.yaml: " + field + " is not a list: ignored");
            return List.of();
        }
        List<JsonNode> out = new ArrayList<>();
        n.forEach(e -> {
            if (e.isObject() || e.isValueNode()) {
                out.add(e);
            }
        });
        return out;
    }

    private static Optional<Integer> intAt(JsonNode node, String field) {
        JsonNode n = node.get(field);
        if (n == null || !(n.isInt() || (n.isTextual() && n.asText().matches("-?[0-9]{1,9}")))) {
            return Optional.empty();
        }
        return Optional.of(n.asInt());
    }

    private static Optional<Instant> instantAt(JsonNode node, String field) {
        JsonNode n = node.get(field);
        if (n == null || !n.isValueNode()) {
            return Optional.empty();
        }
        try {
            return Optional.of(Instant.parse(n.asText()));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
