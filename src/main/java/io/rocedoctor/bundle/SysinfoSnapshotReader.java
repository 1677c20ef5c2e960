package io.rocedoctor.bundle;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Reads the output folder of NVIDIA's sysinfo-snapshot ({@code sysinfo-snapshot.py}, repository
 * Mellanox/linux-sysinfo-snapshot; read at 3.1.8, 3.4.0, 3.7.6 and 3.7.9.9, docs/bundle-format.md)
 * onto the sources of a native bundle. The script runs each command once: one sample.
 *
 * <p>Where the output is, in the order it is taken (the first place a source is found in wins, so
 * one command's output in a text file and in the HTML page is read once, from the file):
 * <ul>
 * <li>{@code commands_txt_output/NAME.txt} (3.7.x): the first line is {@code Invoked Command: COMMAND},
 *     which names the command exactly where the file name (the command with {@code / : * ? " < | -}
 *     dropped and spaces turned to {@code _}) does not; external files there ({@code sysctl_a},
 *     {@code interrupts}) have no such line and are known by name;</li>
 * <li>the files the main page links to, by the link's text ({@code ethtool_S/ethtool_S_IF} is
 *     {@code ethtool -S IF}: the file name lost the interface's {@code :} and {@code .}), and
 *     {@code show_irq_affinity_all/IF}, {@code ecn/config/IF}, {@code pcie_files/lspci_vv};</li>
 * <li>the main page's sections, {@code <h2>COMMAND</h2><p>OUTPUT</p>}, the output with {@code <} and
 *     {@code >} escaped and (3.7.x) new lines as {@code <br/>} and tabs as four {@code &nbsp;}.</li>
 * </ul>
 * A section or file holds one source when its command is one; the script's own handlers
 * ({@code ethtool_all_interfaces}, {@code mlnx_qos_handler}, {@code cma_roce_mode},
 * {@code show_irq_affinity_all}, {@code proc_net_bonding_files}) print a block per interface or
 * device, headed by the command it ran and ended by a line of {@code _} or {@code -}; each block is
 * its source. {@code ecn/config/IF} holds {@code PATH= VALUE} lines, each the file at PATH.
 */
final class SysinfoSnapshotReader {

    /** {@code sysinfo-snapshot-v3.7.6-HOST-20231001-120000}; 3.1.x dates have no seconds; HOST may be left out. */
    static final Pattern FOLDER = Pattern.compile("sysinfo-snapshot-v([0-9][0-9.]*)-(?:(.+)-)?([0-9]{8}-[0-9]{4,6})");

    private static final Pattern VERSION = Pattern.compile("<h2>Version: ([0-9][0-9.]*)</h2>");
    private static final Pattern SECTION = Pattern.compile("<h2>([^<]*)</h2>\\s*<p>(.*?)</p>", Pattern.DOTALL);
    private static final Pattern LINK =
            Pattern.compile("<td[^>]*><a href=['\"]?([^'\" >]+)['\"]?\\s*>([^<]*)</a></td>");
    private static final Pattern SEPARATOR = Pattern.compile("_{6,}|-{6,}");
    private static final Pattern PATH_VALUE = Pattern.compile("(/[^\\s=]+?)\\s*=\\s*(.*)");
    /** cma_roce_mode and cma_roce_tos take port 1 unless told ({@code -p}); sysinfo-snapshot runs them with {@code -d} alone. */
    private static final Pattern CMA_WITHOUT_PORT = Pattern.compile("(cma_roce_(?:mode|tos) -d \\S+)");

    /**
     * The script's own words for a command it did not take (3.1.x handlers: lspci_xxxvvv's "There
     * are no Mellanox cards", mlxconfig_query's "No MST devices to perform mlxconfig query").
     */
    private static final Pattern NOT_RUN = Pattern.compile(
            "Could not run.*|Failed to run.*|There are no Mellanox cards.*|No MST devices.*|Exception was raised while"
                    + " running.*");
    /**
     * A line of {@code find DIR | xargs grep ^} (3.1.7 and earlier: zz_proc_net_bonding_files,
     * zz_sys_class_net_files): grep names the file before each of its lines.
     */
    private static final Pattern GREPPED = Pattern.compile("(/[^:\\s]+):(.*)");
    /** ibdev2pcidev_handler: {@code mlx5_0 ==> 0000:07:00.0}. */
    private static final Pattern IBDEV_PCI =
            Pattern.compile("\\S+ ==> (((?:[0-9a-fA-F]{4}:)?[0-9a-fA-F]{2}:[0-9a-fA-F]{2})\\.[0-7])");
    /** 3.1.x writes the numa_node paragraph without a {@code <p>} of its own: up to the paragraph's end. */
    private static final Pattern NUMA_NODE_PARAGRAPH = Pattern.compile("<h2>numa_node</h2>(.*?)</p>", Pattern.DOTALL);
    /** {@code find /sys | grep numa_node}, each {@code PATH VALUE}: a PCI function's is {@code .../BDF/numa_node}. */
    private static final Pattern FUNCTION_NUMA_NODE =
            Pattern.compile("/sys/devices/\\S*/([0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\\.[0-7])/numa_node\\s+(-?\\d+)");

    private static final Pattern BUS_INFO = Pattern.compile("(?m)^bus-info:\\s*(\\S+)");
    /** mlxconfig_query (3.1.x) runs {@code mlxconfig query}: every card, each from a {@code Device #N:} line. */
    private static final Pattern MLXCONFIG_DEVICE = Pattern.compile("(?m)^Device #\\d+:");
    /** show_irq_affinity_all also asks for the pseudo-interfaces mlx4 and mlx5, and says so of every name without IRQs. */
    private static final Pattern NO_SUCH_INTERFACE = Pattern.compile("Interface \\S+ does not exist");

    private static final String INVOKED = "Invoked Command: ";
    private static final String TEXT_FOLDER = "commands_txt_output";
    /** Sections and files whose name is not the command line roce-doctor knows them by. */
    private static final Map<String, String> NAMED = Map.ofEntries(
            Map.entry("ip -s -s link show", "ip -s -s link"),
            Map.entry("interrupts", "/proc/interrupts"),
            Map.entry("sysctl_a", "sysctl -a"),
            Map.entry("lspci_vv", "lspci -vv"),
            // 3.1.x: lspci -s ADDRESS -xxxvvv of each Mellanox function (of every function with --firmware).
            Map.entry("lspci_xxxvvv", "lspci -vvv"),
            // 3.7.x's pcie_files: every function, with the hex dump of its configuration space.
            Map.entry("lspci -vvvxxxxx", "lspci -vvv"),
            Map.entry("lspci_vvvxxxxx", "lspci -vvv"),
            Map.entry("lspci -nnvvvxxxx", "lspci -nnvv"),
            Map.entry("lspci_nnvvvxxx", "lspci -nnvv"));

    /** 3.1.x names the performance page with dashes, later versions with underscores. */
    private static final List<String> OTHER_PAGES =
            List.of("performance_tuning_analyze.html", "performance-tuning-analyze.html", "sr_iov.html");

    private final Path root;
    private final Map<Source, SortedMap<Integer, Capture>> captures = new HashMap<>();
    private final Map<Capture, String> texts = new HashMap<>();
    private final List<String> refusals;
    /** Files a page link named the command of: read as that command, not again by their folder's naming. */
    private final java.util.Set<Path> linkedFiles = new java.util.HashSet<>();

    /** The {@code find /sys | grep numa_node} listing (3.1.x: a paragraph; 3.6.5 on: commands_txt_output/numa_node). */
    private String numaNodes;

    private String numaNodesWhere;
    private Path numaNodesFile;

    private SysinfoSnapshotReader(Path root, List<String> refusals) {
        this.root = root;
        this.refusals = refusals;
    }

    /** Its markers: {@code commands_txt_output/}, the performance page, or a main page naming its version. */
    static boolean looksLike(Path dir) throws IOException {
        if (Files.isDirectory(dir.resolve(TEXT_FOLDER), LinkOption.NOFOLLOW_LINKS)
                || Files.isRegularFile(dir.resolve(OTHER_PAGES.get(0)), LinkOption.NOFOLLOW_LINKS)) {
            return true;
        }
        return mainPage(dir).isPresent();
    }

    static Bundle read(Path input, Path root, List<String> refusals, Path scratch) throws IOException {
        SysinfoSnapshotReader reader = new SysinfoSnapshotReader(root, new ArrayList<>(refusals));
        Optional<Path> page = mainPage(root);
        List<String[]> sections = new ArrayList<>();
        Map<String, String> linked = new LinkedHashMap<>();
        String version = null;
        if (page.isPresent()) {
            String html = Bundle.readText(page.get());
            Matcher v = VERSION.matcher(html);
            version = v.find() ? v.group(1) : null;
            Matcher s = SECTION.matcher(html);
            while (s.find()) {
                Matcher link = LINK.matcher(s.group(2));
                while (link.find()) {
                    linked.putIfAbsent(
                            link.group(1).replaceFirst("^\\./", ""),
                            decode(link.group(2)).strip());
                }
                sections.add(new String[] {
                    decode(s.group(1)).strip(), decode(LINK.matcher(s.group(2)).replaceAll(""))
                });
            }
            Matcher numa = NUMA_NODE_PARAGRAPH.matcher(html);
            if (numa.find()) {
                reader.numaNodes = decode(numa.group(1));
                reader.numaNodesWhere = relative(root, page.get()) + ", paragraph 'numa_node'";
                reader.numaNodesFile = page.get();
            }
        }
        reader.textFolder();
        for (Map.Entry<String, String> link : linked.entrySet()) {
            reader.linkedFile(link.getKey(), link.getValue());
        }
        reader.knownFolders();
        if (page.isPresent()) {
            String where = relative(root, page.get());
            Optional<String> mlxconfig = mlxconfigOfOneCard(sections);
            for (String[] section : sections) {
                String command =
                        section[0].equals("mlxconfig_query") && mlxconfig.isPresent() ? mlxconfig.get() : section[0];
                reader.take(command, section[1], where + ", section '" + section[0] + "'", page.get());
            }
        }
        reader.functionNumaNodes();
        Matcher folder = FOLDER.matcher(String.valueOf(root.getFileName()));
        boolean named = folder.matches();
        if (version == null && named) {
            version = folder.group(1);
        }
        String host = reader.hostname(sections)
                .orElse(named && folder.group(2) != null ? folder.group(2) : String.valueOf(root.getFileName()));
        String collector = "sysinfo-snapshot" + (version == null ? "" : " " + version);
        return new Bundle(
                input,
                root,
                Layout.SYSINFO_SNAPSHOT,
                host,
                null,
                collector,
                List.of(),
                reader.captures,
                List.of(),
                reader.refusals,
                List.of(),
                List.of(),
                Map.of(),
                null,
                scratch,
                reader.texts);
    }

    /** The page with the {@code <h2>Version: } heading, other than the performance and SR-IOV pages. */
    private static Optional<Path> mainPage(Path dir) throws IOException {
        List<Path> pages;
        try (Stream<Path> list = Files.list(dir)) {
            pages = list.filter(p -> p.getFileName().toString().endsWith(".html")
                            && !OTHER_PAGES.contains(p.getFileName().toString())
                            && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                    .sorted()
                    .toList();
        }
        for (Path p : pages) {
            String head = new String(readHead(p), java.nio.charset.StandardCharsets.UTF_8);
            if (VERSION.matcher(head).find() && head.contains("Snapshot Utility")) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    private static byte[] readHead(Path p) throws IOException {
        try (var in = Files.newInputStream(p)) {
            return in.readNBytes(1 << 16);
        }
    }

    /** {@code commands_txt_output/}: each file's command is its first line, else (external files) its name. */
    private void textFolder() throws IOException {
        for (Path file : files(root.resolve(TEXT_FOLDER))) {
            String text = Bundle.readText(file);
            String name = file.getFileName().toString();
            int end = text.indexOf('\n');
            String first = end < 0 ? text : text.substring(0, end);
            String stem = name.replaceFirst("\\.txt$", "");
            if (first.startsWith(INVOKED)) {
                take(
                        first.substring(INVOKED.length()).strip(),
                        end < 0 ? "" : text.substring(end + 1),
                        relative(root, file) + " (after its first line)",
                        file);
            } else if (end > 0 && cleanedNames(first.strip()).contains(stem)) {
                // 3.6.x wrote the bare command, then a blank line, and kept the spaces in the file name.
                take(first.strip(), text.substring(end + 1), relative(root, file) + " (after its first line)", file);
            } else if (name.equals("numa_node")) {
                numaNodes = text;
                numaNodesWhere = relative(root, file);
                numaNodesFile = file;
            } else if (NAMED.containsKey(name.replaceFirst("\\.txt$", ""))) {
                take(name.replaceFirst("\\.txt$", ""), text, relative(root, file), file);
            }
        }
    }

    /**
     * The names add_txt_command_output gives a command's file: {@code / : * ? " < | -} and
     * backslashes dropped, then (3.7.x) spaces turned to {@code _} and {@code __} to {@code _}.
     */
    static List<String> cleanedNames(String command) {
        String dropped = command.replaceAll("[/:*?\"<|\\\\-]", "");
        return List.of(dropped, dropped.replace(" ", "_").replace("__", "_"));
    }

    /** A file the main page links to, as the command the link names ({@code ethtool -S IF}). */
    private void linkedFile(String href, String command) throws IOException {
        Optional<Path> file = inside(href);
        // A link named by no command (ecn_configuration names its files by interface) leaves the file to its folder's
        // reading.
        if (file.isEmpty() || sources(command).isEmpty()) {
            return;
        }
        linkedFiles.add(file.get());
        String text = Bundle.readText(file.get());
        // show_irq_affinity_all's files repeat the command as their first line.
        int end = text.indexOf('\n');
        if (end > 0 && text.substring(0, end).strip().replaceAll("\\s+", " ").equals(command.replaceAll("\\s+", " "))) {
            text = text.substring(end + 1);
        }
        take(command, text, relative(root, file.get()), file.get());
    }

    /** The folders the script writes, read by their own shape when no page links to their files. */
    private void knownFolders() throws IOException {
        for (Path file : files(root.resolve("ethtool_S"))) {
            String name = file.getFileName().toString();
            if (name.startsWith("ethtool_S_")) {
                take(
                        "ethtool -S " + name.substring("ethtool_S_".length()),
                        Bundle.readText(file),
                        relative(root, file),
                        file);
            }
        }
        for (Path file : files(root.resolve("show_irq_affinity_all"))) {
            blocks(Bundle.readText(file), relative(root, file), file);
        }
        for (Path file : files(root.resolve("ecn/config"))) {
            String where = relative(root, file);
            filesByLine(Bundle.readText(file), PATH_VALUE).ifPresent(files -> putFiles(files, where, file));
        }
        for (Path file : files(root.resolve("pcie_files"))) {
            String name = file.getFileName().toString();
            if (name.startsWith("lspci_") && NAMED.containsKey(name)) {
                take(name, Bundle.readText(file), relative(root, file), file);
            }
        }
    }

    /**
     * lspci_vv_handler's file: the sysfs paths of the Mellanox devices, then per device on their
     * paths {@code lspci -vv -s ADDRESS} and its output; the outputs, without the rest, are lspci's.
     */
    static String lspciDevices(String text) {
        StringBuilder out = new StringBuilder();
        boolean device = false;
        for (String line : text.split("\n", -1)) {
            if (line.startsWith("lspci -vv -s ") || line.startsWith("Error invoking lspci")) {
                device = !line.contains("<");
            } else if (device) {
                out.append(line).append('\n');
            }
        }
        return out.toString();
    }

    /** 3.2.0 on, lspci_xxxvvv_handler puts a line of dashes between the functions' outputs: not lspci's. */
    private static String withoutSeparators(String lspci) {
        StringBuilder out = new StringBuilder();
        for (String line : lspci.split("\n", -1)) {
            if (!SEPARATOR.matcher(line.strip()).matches()) {
                out.append(line).append('\n');
            }
        }
        return out.toString();
    }

    /** The regular files of a folder of the snapshot, sorted; a link is refused, not followed. */
    private List<Path> files(Path dir) throws IOException {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        List<Path> out = new ArrayList<>();
        try (Stream<Path> list = Files.list(dir)) {
            for (Path p : list.sorted().toList()) {
                if (linkedFiles.contains(p)) {
                    continue;
                } else if (Files.isSymbolicLink(p)) {
                    refusals.add(ArchiveExtractor.printable(relative(root, p)) + ": link: not read");
                } else if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                    out.add(p);
                }
            }
        }
        return out;
    }

    private Optional<Path> inside(String href) {
        if (href.startsWith("/") || href.contains("..") || href.contains("#")) {
            return Optional.empty();
        }
        Path p = root.resolve(href).normalize();
        return p.startsWith(root) && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) && !Files.isSymbolicLink(p)
                ? Optional.of(p)
                : Optional.empty();
    }

    /**
     * One command's output: a source when the command is one, else the blocks of one of the
     * script's handlers, each headed by the command it ran.
     */
    private void take(String command, String text, String where, Path file) {
        Optional<List<Source>> direct = sources(command);
        if (direct.isPresent()) {
            // 3.5.6 and later print lspci_vv_handler's paths and per-device command lines around lspci's own output.
            String output = text.contains("\nlspci -vv -s ") ? lspciDevices(text) : text;
            direct.get()
                    .forEach(s ->
                            put(s, s.kind() == SourceKind.LSPCI ? withoutSeparators(output) : output, where, file));
        } else {
            Optional<Map<String, String>> files = filesByLine(text, GREPPED).or(() -> filesByLine(text, PATH_VALUE));
            if (files.isPresent()) {
                putFiles(files.get(), where, file);
            } else {
                blocks(text, where, file);
            }
        }
    }

    /**
     * Output in which every line names the file it is a line of: {@code find DIR | xargs grep ^}
     * ({@code /proc/net/bonding/bond0:Bonding Mode: ...}, 3.1.7 and earlier) or the {@code PATH= VALUE}
     * of awk's {@code FILENAME "=" $0} and ecn_configuration_handler. Each file's lines in their
     * order, by file; empty when a non-blank line names no file or none does.
     */
    static Optional<Map<String, String>> filesByLine(String text, Pattern line) {
        Map<String, StringBuilder> files = new LinkedHashMap<>();
        for (String l : text.split("\n")) {
            if (l.isBlank()) {
                continue;
            }
            Matcher m = line.matcher(l.strip());
            if (!m.matches()) {
                return Optional.empty();
            }
            files.computeIfAbsent(m.group(1), k -> new StringBuilder())
                    .append(m.group(2))
                    .append('\n');
        }
        Map<String, String> out = new LinkedHashMap<>();
        files.forEach((path, lines) -> out.put(path, lines.toString()));
        return out.isEmpty() ? Optional.empty() : Optional.of(out);
    }

    /** Each file of {@link #filesByLine} that is a source, as that source. */
    private void putFiles(Map<String, String> files, String where, Path file) {
        files.forEach((path, text) ->
                sources(path).ifPresent(found -> found.forEach(s -> put(s, text, where + ", lines of " + path, file))));
    }

    /** Blocks between separator lines; a block's source is its first line naming one, its text what follows. */
    private void blocks(String text, String where, Path file) {
        List<String> block = new ArrayList<>();
        for (String line : text.split("\n", -1)) {
            if (SEPARATOR.matcher(line.strip()).matches()) {
                block(block, where, file);
                block.clear();
            } else {
                block.add(line);
            }
        }
        block(block, where, file);
    }

    private void block(List<String> lines, String where, Path file) {
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            // A command line never ends with ':' ("ethtool -S output:" is a title); a file's header does
            // ("/proc/net/bonding/bond0:").
            Optional<List<Source>> header = !line.endsWith(":")
                    ? sources(line)
                    : line.startsWith("/") ? sources(line.substring(0, line.length() - 1)) : Optional.empty();
            if (header.isPresent()) {
                String body = String.join("\n", lines.subList(i + 1, lines.size()));
                header.get().forEach(s -> put(s, body, where + ", block '" + line + "'", file));
                return;
            }
        }
    }

    /** The sources a command line or absolute path is, as the registry spells them; empty when none. */
    private static Optional<List<Source>> sources(String command) {
        String spelled =
                NAMED.getOrDefault(command, command).replaceAll("\\s+", " ").strip();
        Matcher cma = CMA_WITHOUT_PORT.matcher(spelled);
        if (cma.matches()) {
            spelled = cma.group(1) + " -p 1";
        }
        if (spelled.isEmpty()) {
            return Optional.empty();
        }
        SourceKind.Origin origin = spelled.startsWith("/") ? SourceKind.Origin.FILE : SourceKind.Origin.COMMAND;
        List<Source> out = new ArrayList<>();
        for (SourceKind kind : SourceKind.values()) {
            if (kind.origin() == origin) {
                kind.match(spelled, false).ifPresent(args -> out.add(new Source(kind, args)));
            }
        }
        return out.isEmpty() ? Optional.empty() : Optional.of(out);
    }

    /**
     * A source's output, unless an earlier place gave it already. Output that is only the
     * script's note that the command failed is a capture not taken, with that note as its reason.
     */
    private void put(Source source, String text, String where, Path file) {
        SortedMap<Integer, Capture> bySample = captures.computeIfAbsent(source, k -> Bundle.newSampleMap());
        if (bySample.containsKey(0)) {
            return;
        }
        String body = text.strip();
        if (body.isEmpty() || NO_SUCH_INTERFACE.matcher(body).matches()) {
            captures.remove(source);
            return;
        }
        if (NOT_RUN.matcher(body).matches()) {
            bySample.put(0, new Capture(source, 0, null, null, null, "sysinfo-snapshot: " + body));
            return;
        }
        Capture capture = new Capture(source, 0, where, file, null, null);
        bySample.put(0, capture);
        texts.put(capture, body + "\n");
    }

    /**
     * The numa_node listing's line of each PCI function ({@code /sys/devices/.../0000:07:00.0/numa_node
     * -1}) is the {@code /sys/class/net/IF/device/numa_node} of every netdev on that function, as
     * its {@code ethtool -i} names it ({@code bus-info: 0000:07:00.0}); the value is the file's.
     */
    private void functionNumaNodes() {
        if (numaNodes == null) {
            return;
        }
        Map<String, List<String>> netdevsOf = new HashMap<>();
        captures.forEach((source, bySample) -> {
            Capture capture = bySample.get(0);
            if (source.kind() == SourceKind.ETHTOOL_DRIVER && capture != null && texts.containsKey(capture)) {
                Matcher bus = BUS_INFO.matcher(texts.get(capture));
                if (bus.find()) {
                    netdevsOf
                            .computeIfAbsent(bus.group(1), k -> new ArrayList<>())
                            .add(source.arg());
                }
            }
        });
        Matcher line = FUNCTION_NUMA_NODE.matcher(numaNodes);
        while (line.find()) {
            String value = line.group(2) + "\n";
            String where = numaNodesWhere + ", line of " + line.group(0).split("\\s+")[0];
            netdevsOf.getOrDefault(line.group(1), List.of()).stream()
                    .sorted()
                    .forEach(
                            netdev -> put(Source.of(SourceKind.NETDEV_NUMA_NODE, netdev), value, where, numaNodesFile));
        }
    }

    /**
     * 3.1.x's mlxconfig_query is {@code mlxconfig query}: every card, each named by its mst device
     * ({@code /dev/mst/mt4113_pciconf0}), which nothing in the snapshot maps to a PCI address. It
     * is the card's {@code mlxconfig -d ADDRESS query} when it holds one device and ibdev2pcidev
     * lists functions of one card only (ADDRESS its first); with more cards it is not read. From
     * 3.4.0 the section is blocks headed by the {@code mlxconfig -d DEVICE -e q} each ran, read as blocks.
     */
    private static Optional<String> mlxconfigOfOneCard(List<String[]> sections) {
        Optional<String> query = section(sections, "mlxconfig_query");
        // 3.4.0 on, mstcommand_d_handler heads each device's block with its own mlxconfig -d command: read as blocks.
        if (query.isEmpty()
                || !query.get().strip().startsWith("Device #1:")
                || MLXCONFIG_DEVICE.matcher(query.get()).results().count() != 1) {
            return Optional.empty();
        }
        Matcher function = IBDEV_PCI.matcher(section(sections, "ibdev2pcidev").orElse(""));
        java.util.Set<String> cards = new java.util.LinkedHashSet<>();
        String first = null;
        while (function.find()) {
            cards.add(function.group(2));
            first = first == null ? function.group(1) : first;
        }
        return cards.size() == 1 ? Optional.of("mlxconfig -d " + first + " query") : Optional.empty();
    }

    private static Optional<String> section(List<String[]> sections, String name) {
        return sections.stream().filter(s -> s[0].equals(name)).map(s -> s[1]).findFirst();
    }

    /** The {@code hostname} command's output, from its text file or (3.1.x) its section, when the snapshot holds it. */
    private Optional<String> hostname(List<String[]> sections) throws IOException {
        Path file = root.resolve(TEXT_FOLDER).resolve("hostname.txt");
        String output = null;
        if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            String text = Bundle.readText(file);
            output = text.startsWith(INVOKED) && text.indexOf('\n') > 0 ? text.substring(text.indexOf('\n') + 1) : null;
        }
        for (int i = 0; output == null && i < sections.size(); i++) {
            output = sections.get(i)[0].equals("hostname") ? sections.get(i)[1] : null;
        }
        String name = output == null ? "" : output.strip();
        return name.isEmpty() || name.length() > 255 || name.contains("\n") ? Optional.empty() : Optional.of(name);
    }

    /**
     * A section's output as the command printed it: 3.7.x writes a tab as four {@code &nbsp;} and a
     * new line as {@code <br/>}; every version escapes {@code <} and {@code >} (and nothing else).
     */
    static String decode(String html) {
        return html.replace("<br/>", "\n")
                .replace("&nbsp;&nbsp;&nbsp;&nbsp;", "\t")
                .replaceAll("&nbsp;?", " ")
                .replace("&lt;", "<")
                .replace("&gt;", ">");
    }

    private static String relative(Path root, Path p) {
        return root.relativize(p).toString().replace('\\', '/');
    }
}
