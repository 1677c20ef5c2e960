package io.rocedoctor.synth;

import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.bundle.BundleException;
import io.rocedoctor.bundle.BundleReader;
import io.rocedoctor.bundle.BundleWriter;
import io.rocedoctor.bundle.Capture;
import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.parse.CpuListParser;
import io.rocedoctor.parse.CpuSet;
import io.rocedoctor.parse.EthtoolDriverInfoParser;
import io.rocedoctor.parse.InterruptCounts;
import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.ProcInterruptsParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Writes what NVIDIA's sysinfo-snapshot 3.7.9.9 (sysinfo-snapshot.py, Mellanox/linux-sysinfo-snapshot)
 * would have written on the host of a native bundle, from the bundle's first sample: the folder
 * {@code sysinfo-snapshot-v3.7.9.9-HOST-DATE/} and its {@code .tgz}, in the script's own shapes
 * (docs/bundle-format.md): the main page's sections, {@code commands_txt_output/} with its
 * {@code Invoked Command:} lines, the {@code ethtool_all_interfaces} blocks, {@code ethtool_S/},
 * {@code show_irq_affinity_all/} (IRQ: hex mask), {@code ecn/config/} and {@code pcie_files/lspci_vv}.
 * What the script does not take (perftest, {@code ethtool -n IF rx-flow-hash}, the netdev sysfs files,
 * dcb, rdma, mlxlink and mlxconfig without {@code --firmware}, a switch) is left out, as on a real host.
 */
public final class SysinfoSnapshotWriter {
    public static final String VERSION = "3.7.9.9";
    private static final DateTimeFormatter DATE =
            DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);
    /** The script's options of ethtool_all_interfaces, in its order ("" is {@code ethtool IF}). */
    private static final List<String> ETHTOOL_OPTIONS = List.of(
            "",
            "-i",
            "-g",
            "-a",
            "-k",
            "-c",
            "-T",
            "-u",
            "-m",
            "--show-priv-flags",
            "--show-fec",
            "--show-tunnels",
            "-n",
            "-l",
            "-x");

    private static final Pattern FORBIDDEN = Pattern.compile("[/:*?\"<|-]");

    /** The kinds this writer (and the script) takes: what a fault needs to be seen in a sysinfo-snapshot. */
    public static final Set<SourceKind> TAKEN = EnumSet.of(
            SourceKind.ETHTOOL_STATS,
            SourceKind.ETHTOOL_DRIVER,
            SourceKind.ETHTOOL_LINK,
            SourceKind.ETHTOOL_CHANNELS,
            SourceKind.ETHTOOL_RINGS,
            SourceKind.ETHTOOL_FEATURES,
            SourceKind.ETHTOOL_PRIV_FLAGS,
            SourceKind.ETHTOOL_RSS,
            SourceKind.ETHTOOL_MODULE,
            SourceKind.IP_LINK_STATS,
            SourceKind.BONDING,
            SourceKind.ECN_NOTIFICATION_POINT,
            SourceKind.ECN_REACTION_POINT,
            SourceKind.MLNX_QOS,
            SourceKind.CMA_ROCE_MODE,
            SourceKind.CMA_ROCE_TOS,
            SourceKind.IBV_DEVINFO,
            SourceKind.IBDEV2NETDEV,
            SourceKind.LSPCI,
            SourceKind.LSCPU,
            SourceKind.NUMACTL,
            SourceKind.PROC_INTERRUPTS,
            SourceKind.SHOW_IRQ_AFFINITY,
            SourceKind.SYSCTL,
            SourceKind.OFED_INFO);

    private final Bundle from;
    private final Path folder;
    private final Instant at;
    /** The main page's sections, command -> output, in the script's order. */
    private final Map<String, String> sections = new LinkedHashMap<>();

    private SysinfoSnapshotWriter(Bundle from, Path folder, Instant at) {
        this.from = from;
        this.folder = folder;
        this.at = at;
    }

    /** {@code sysinfo-snapshot-v3.7.9.9-HOST-20261120-101500}: the script's folder and archive name. */
    public static String folderName(String host, Instant at) {
        return "sysinfo-snapshot-v" + VERSION + "-" + host + "-" + DATE.format(at);
    }

    /** Writes the snapshot folder into {@code out} and its {@code .tgz} beside it; returns the folder. */
    public static Path write(Path nativeBundle, Path out, Instant at) throws IOException {
        try (Bundle b = new BundleReader().read(nativeBundle)) {
            Path folder = out.resolve(folderName(b.host(), at));
            new SysinfoSnapshotWriter(b, folder, at).write();
            archive(folder, at);
            return folder;
        } catch (BundleException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    private void write() throws IOException {
        Files.createDirectories(folder);
        command("hostname", from.host() + "\n");
        ethtoolAllInterfaces();
        for (Source s : from.sources(SourceKind.IBDEV2NETDEV)) {
            command("ibdev2netdev", text(s));
        }
        for (Source s : from.sources(SourceKind.IBV_DEVINFO)) {
            command("ibv_devinfo -v", text(s));
        }
        for (Source s : from.sources(SourceKind.LSCPU)) {
            command("lscpu", text(s));
        }
        for (Source s : from.sources(SourceKind.NUMACTL)) {
            command("numactl --hardware", text(s));
        }
        for (Source s : from.sources(SourceKind.IP_LINK_STATS)) {
            command("ip -s -s link show", text(s));
        }
        command("ofed_info -s", "MLNX_OFED_LINUX-24.10-1.1.4.0:\n");
        handler("mlnx_qos_handler", SourceKind.MLNX_QOS, "\n\n", "\n____________\n\n");
        cmaRoce("mode", SourceKind.CMA_ROCE_MODE);
        cmaRoce("tos", SourceKind.CMA_ROCE_TOS);
        bonding();
        showIrqAffinity();
        ecnConfiguration();
        for (Source s : from.sources(SourceKind.SYSCTL)) {
            external("sysctl_a", text(s));
        }
        for (Source s : from.sources(SourceKind.PROC_INTERRUPTS)) {
            external("interrupts", text(s));
        }
        for (Source s : from.sources(SourceKind.LSPCI)) {
            lspciVv(text(s));
        }
        mainPage();
        file(
                "performance_tuning_analyze.html",
                "<html><head><title>" + folder.getFileName() + "/performance_tuning_analyze.html"
                        + "</title></head><body><pre><a name=\"index\"></a><h1>Mellanox Technologies</h1><br/><a name=\"index\"></a>"
                        + "<h2>Performance Tuning Analyze for Linux</h2><br/><a name=\"index\"></a><h2>Version: 1.0</h2><br/><hr/></pre></body></html>");
    }

    /**
     * lspci_vv_handler: the sysfs path of each device, then {@code lspci -vv -s ADDRESS} and its
     * output per device (the script takes the Mellanox functions and the bridges above them).
     */
    private void lspciVv(String lspci) throws IOException {
        StringBuilder paths = new StringBuilder("Mellanox Pci devices tree \n");
        StringBuilder devices = new StringBuilder();
        for (String block : lspci.split("\n\\s*\n")) {
            if (block.isBlank()) {
                continue;
            }
            String address = block.strip().split("\\s+", 2)[0];
            paths.append("/devices/pci0000:")
                    .append(address, 0, 2)
                    .append('/')
                    .append(address)
                    .append('\n');
            devices.append("lspci -vv -s ")
                    .append(address)
                    .append('\n')
                    .append(block.strip())
                    .append("\n\n");
        }
        file(
                "pcie_files/lspci_vv",
                paths + "\n\nlspci -vv -s <Query device that is connected to Mellanox device according to the"
                        + " lspci tree>\n\n" + devices);
    }

    /** A command whose output is text: a section of the main page and {@code commands_txt_output/NAME.txt}. */
    private void command(String command, String output) throws IOException {
        sections.put(command, output);
        file("commands_txt_output/" + cleaned(command) + ".txt", "Invoked Command: " + command + "\n" + output);
    }

    /** An external file: {@code commands_txt_output/NAME} without the Invoked Command line, linked from the index. */
    private void external(String name, String output) throws IOException {
        file("commands_txt_output/" + name, output);
    }

    /** add_txt_command_output's file name: {@code / : * ? " < | -} dropped, spaces to {@code _}, {@code __} to {@code _}. */
    static String cleaned(String command) {
        return FORBIDDEN
                .matcher(command)
                .replaceAll("")
                .replace("\\", "")
                .replace(" ", "_")
                .replace("__", "_");
    }

    /** mlnx_qos_handler: per interface "\n\n", the command line, its output, the separator. */
    private void handler(String name, SourceKind kind, String before, String after) throws IOException {
        StringBuilder out = new StringBuilder();
        for (Source s : from.sources(kind)) {
            out.append(before)
                    .append(s.display())
                    .append('\n')
                    .append(chomp(text(s)))
                    .append(after);
        }
        if (!out.isEmpty()) {
            command(name, out.toString());
        }
    }

    /** cma_roce_handler: {@code cma_roce_mode -d DEV} (port 1, the tool's default), a blank line, the output; blocks apart by dashes. */
    private void cmaRoce(String what, SourceKind kind) throws IOException {
        StringBuilder out = new StringBuilder();
        for (Source s : from.sources(kind)) {
            if (!s.args().get(1).equals("1")) {
                continue;
            }
            if (!out.isEmpty()) {
                out.append("\n\n---------------\n\n");
            }
            out.append("cma_roce_")
                    .append(what)
                    .append(" -d ")
                    .append(s.arg())
                    .append("\n\n")
                    .append(chomp(text(s)));
        }
        if (!out.isEmpty()) {
            command("cma_roce_" + what, out.toString());
        }
    }

    /** zz_files_handler('/proc/net/bonding/'): {@code PATH:}, a blank line, the file; files apart by dashes. */
    private void bonding() throws IOException {
        StringBuilder out = new StringBuilder();
        for (Source s : from.sources(SourceKind.BONDING)) {
            if (!out.isEmpty()) {
                out.append("\n\n--------------------------------------------------\n\n");
            }
            out.append(s.display()).append(":\n\n").append(text(s));
        }
        if (!out.isEmpty()) {
            command("proc_net_bonding_files", out.append("\n\n").toString());
        }
    }

    /**
     * ethtool_all_interfaces: the version, then per interface each option's command line, output
     * and {@code ____________}; then {@code ethtool -S output:} with a link per interface to
     * {@code ethtool_S/ethtool_S_IF} (the name without {@code :} and {@code .}). HTML only: it is a list.
     */
    private void ethtoolAllInterfaces() throws IOException {
        List<String> netdevs = from.sources(SourceKind.ETHTOOL_DRIVER).stream()
                .map(Source::arg)
                .toList();
        if (netdevs.isEmpty()) {
            return;
        }
        StringBuilder out = new StringBuilder("ethtool version 6.1");
        for (String netdev : netdevs) {
            out.append("\n\n");
            for (String option : ETHTOOL_OPTIONS) {
                String command = "ethtool " + option + " " + netdev;
                out.append(command).append('\n');
                Optional<Source> source =
                        SourceKind.recognise(command.replaceAll("\\s+", " "), false, SourceKind.Origin.COMMAND);
                Optional<Capture> capture =
                        source.flatMap(s -> from.capture(s, 0)).filter(Capture::collected);
                out.append(capture.isPresent() ? chomp(from.read(capture.get())) : "Could not run command: " + command);
                out.append("\n____________\n\n");
            }
        }
        out.append("ethtool -S output:");
        for (String netdev : netdevs) {
            Optional<Capture> stats =
                    from.capture(Source.of(SourceKind.ETHTOOL_STATS, netdev), 0).filter(Capture::collected);
            String filtered = netdev.replace(":", "").replace(".", "");
            file(
                    "ethtool_S/ethtool_S_" + filtered,
                    stats.isPresent() ? from.read(stats.get()) : "Could not run command: ethtool -S " + netdev);
            out.append("\n\nethtool -S ")
                    .append(netdev)
                    .append('\n')
                    .append("<td><a href=ethtool_S/ethtool_S_")
                    .append(filtered)
                    .append(">ethtool -S ")
                    .append(netdev)
                    .append("</a></td>")
                    .append("\n\n--------------------------------------------------");
        }
        sections.put("ethtool_all_interfaces", out.toString());
    }

    /**
     * show_irq_affinity_all: per interface (and the pseudo-names mlx4, mlx5) a file whose first line
     * is the command, then each IRQ of the interface's PCI function as {@code IRQ: MASK}.
     */
    private void showIrqAffinity() throws IOException {
        Optional<Capture> interrupts =
                from.capture(Source.of(SourceKind.PROC_INTERRUPTS), 0).filter(Capture::collected);
        if (interrupts.isEmpty()) {
            return;
        }
        InterruptCounts counts;
        try {
            counts = new ProcInterruptsParser().parse(from.read(interrupts.get()));
        } catch (ParseException e) {
            return;
        }
        StringBuilder links = new StringBuilder();
        List<String> names = new ArrayList<>(from.sources(SourceKind.ETHTOOL_DRIVER).stream()
                .map(Source::arg)
                .toList());
        names.addAll(List.of("mlx4", "mlx5"));
        for (String netdev : names) {
            StringBuilder out = new StringBuilder("show_irq_affinity.sh " + netdev + "\n");
            String pci = busInfo(netdev);
            StringBuilder lines = new StringBuilder();
            for (InterruptCounts.Row row : counts.rows()) {
                if (pci == null || row.irq() == null || !row.name().contains(pci)) {
                    continue;
                }
                Optional<Capture> affinity = from.capture(
                                Source.of(SourceKind.IRQ_AFFINITY, String.valueOf(row.irq())), 0)
                        .filter(Capture::collected);
                if (affinity.isPresent()) {
                    try {
                        lines.append(row.irq())
                                .append(": ")
                                .append(mask(
                                        new CpuListParser().parse(from.read(affinity.get())),
                                        counts.cpus().size()))
                                .append('\n');
                    } catch (ParseException e) {
                        // an unreadable affinity is left out, as the script would print what the kernel holds
                    }
                }
            }
            out.append(lines.isEmpty() ? "Interface " + netdev + " does not exist" : chomp(lines.toString()));
            file("show_irq_affinity_all/" + netdev, out.toString());
            links.append("&nbsp;&nbsp;&nbsp;&nbsp;<td><a href=show_irq_affinity_all/")
                    .append(netdev)
                    .append("> show_irq_affinity.sh ")
                    .append(netdev)
                    .append("</a></td>");
        }
        sections.put("show_irq_affinity_all", links.toString());
    }

    private String busInfo(String netdev) throws IOException {
        Optional<Capture> driver =
                from.capture(Source.of(SourceKind.ETHTOOL_DRIVER, netdev), 0).filter(Capture::collected);
        if (driver.isEmpty()) {
            return null;
        }
        try {
            return new EthtoolDriverInfoParser().parse(from.read(driver.get())).busInfo();
        } catch (ParseException e) {
            return null;
        }
    }

    /** The kernel's {@code smp_affinity}: 32-bit hex groups, comma-separated, the first only as wide as the CPUs need. */
    static String mask(CpuSet cpus, int cpuCount) {
        int groups = Math.max(1, (cpuCount + 31) / 32);
        StringBuilder out = new StringBuilder();
        for (int g = groups - 1; g >= 0; g--) {
            long bits = 0;
            for (int b = 0; b < 32; b++) {
                if (cpus.contains(g * 32 + b)) {
                    bits |= 1L << b;
                }
            }
            int width = g == groups - 1 ? Math.max(1, (cpuCount - 32 * g + 3) / 4) : 8;
            String hex = String.format("%0" + width + "x", bits);
            out.append(g == groups - 1 ? hex : "," + hex);
        }
        return out.toString();
    }

    /** ecn_configuration: per interface {@code ecn/config/IF}, each file of its ecn/ tree as {@code PATH= VALUE} and a blank line. */
    private void ecnConfiguration() throws IOException {
        Map<String, StringBuilder> byNetdev = new LinkedHashMap<>();
        for (SourceKind kind : List.of(SourceKind.ECN_NOTIFICATION_POINT, SourceKind.ECN_REACTION_POINT)) {
            for (Source s : from.sources(kind)) {
                byNetdev.computeIfAbsent(s.arg(), k -> new StringBuilder())
                        .append(s.display())
                        .append("= ")
                        .append(chomp(text(s)))
                        .append("\n\n");
            }
        }
        StringBuilder links = new StringBuilder();
        for (Map.Entry<String, StringBuilder> e : byNetdev.entrySet()) {
            String filtered = e.getKey().replace(":", "").replace(".", "");
            file("ecn/config/" + filtered, e.getValue().toString());
            links.append("&nbsp;&nbsp;&nbsp;&nbsp;<td><a href='ecn/config/")
                    .append(filtered)
                    .append("'> ")
                    .append(filtered)
                    .append(" </a></td>");
        }
        if (!links.isEmpty()) {
            sections.put("ecn_configuration", links.toString());
        }
    }

    /**
     * The main page as build_and_finalize_html writes it: the header, then each command a section,
     * {@code <h2>COMMAND</h2><p>OUTPUT</p>}; text outputs with tabs as four {@code &nbsp;}, {@code <}
     * {@code >} escaped and new lines as {@code <br/>}; list outputs (ethtool, links) as they are.
     */
    private void mainPage() throws IOException {
        String page = from.host() + "-" + DATE.format(at) + ".html";
        StringBuilder html = new StringBuilder("<html><head><title>")
                .append(folder.getFileName())
                .append('/')
                .append(page)
                .append(
                        "</title></head><body><pre><a name=\"index\"></a><h1>Mellanox Technologies</h1><br/><a name=\"index\"></a>")
                .append(
                        "<h2>Linux Ethernet Driver System Information Snapshot Utility</h2><br/><a name=\"index\"></a><h2>Version: ")
                .append(VERSION)
                .append("</h2><br/><hr/>")
                .append(
                        "<p><font color=\"orange\" size=\"3\">Alert: Firmware commands are NOT included. (-fw or --firmware flags were not provided)</font></p>")
                .append(
                        "<h2>1. Server Commands: </h2><table cols=\"1\" width=\"100%\" border=\"0\" bgcolor=\"#E0E0FF\"><tr><td></td></tr></table><p>");
        int sec = 1001;
        for (Map.Entry<String, String> s : sections.entrySet()) {
            html.append("<a name=\"sec")
                    .append(sec)
                    .append("\"></a><small><a href=\"#index\">[back to index]</a></small> ");
            html.append("<h2>").append(s.getKey()).append("</h2>");
            boolean list =
                    s.getKey().equals("ethtool_all_interfaces") || s.getValue().contains("<td><a href=");
            if (s.getKey().equals("ethtool_all_interfaces")) {
                html.append("<p>");
                for (String line : s.getValue().split("\n", -1)) {
                    html.append(
                                    line.contains("<td><a href=")
                                            ? line
                                            : line.replace("<", "&lt;").replace(">", "&gt;"))
                            .append('\n');
                }
                html.append("</p>");
            } else if (list) {
                html.append("<p>").append(s.getValue()).append("</p>");
            } else {
                html.append("<p>")
                        .append(s.getValue()
                                .replace("\t", "&nbsp;&nbsp;&nbsp;&nbsp;")
                                .replace("<", "&lt;")
                                .replace(">", "&gt;")
                                .replace("\n", "<br/>"))
                        .append("</p>");
            }
            sec++;
        }
        html.append("</p></pre></body></html>");
        file(page, html.toString());
    }

    private String text(Source s) throws IOException {
        Optional<Capture> c = from.capture(s, 0).filter(Capture::collected);
        return c.isPresent() ? from.read(c.get()) : "";
    }

    private static String chomp(String text) {
        return text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
    }

    private void file(String relative, String text) throws IOException {
        Path p = folder.resolve(relative);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text, StandardCharsets.UTF_8);
    }

    /** The script's {@code tar -czf NAME.tgz -C PATH NAME}: the folder inside, beside it. */
    private static void archive(Path folder, Instant at) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(folder)) {
            files = walk.filter(Files::isRegularFile).sorted().toList();
        }
        Path tgz = folder.resolveSibling(folder.getFileName() + ".tgz");
        try (BundleWriter w = new BundleWriter(tgz)) {
            for (Path f : files) {
                w.add(folder.relativize(f).toString().replace('\\', '/'), Files.readAllBytes(f), at);
            }
            w.finish();
        }
    }
}
