package io.rocedoctor.collect;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.bundle.BundleException;
import io.rocedoctor.bundle.BundleReader;
import io.rocedoctor.bundle.Capture;
import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 19's sources, taken by both collectors ({@code collect} and scripts/roce-doctor-collect.sh)
 * on a host that has them, and recorded as not collected, with the reason, where it has not: the
 * tools (ethtool -a, lspci -tv, nvidia-smi topo -m, ip -d link show) and MLNX_OFED's sysfs files
 * (tc/1/traffic_class, the CNP marking, the DCQCN parameters). The host is a fake root (FakeHost, read
 * by the script through ROCE_DOCTOR_ROOT) and the tools stand-ins that print their own command line.
 */
class QosAndGpuSourcesCollectedTest {
    private static final Set<SourceKind> KINDS = EnumSet.of(
            SourceKind.ETHTOOL_PAUSE,
            SourceKind.LSPCI_TREE,
            SourceKind.NVIDIA_SMI_TOPO,
            SourceKind.IP_LINK_DETAILS,
            SourceKind.RDMA_TRAFFIC_CLASS,
            SourceKind.ECN_CNP_DSCP,
            SourceKind.ECN_CNP_PRIORITY,
            SourceKind.DCQCN_REACTION_POINT_PARAMETER,
            SourceKind.DCQCN_NOTIFICATION_POINT_PARAMETER);

    private static final List<String> TOOLS = List.of(
            "ethtool -a ens1f0np0", "ethtool -a ens1f1np1", "lspci -tv", "nvidia-smi topo -m", "ip -d link show");

    /** MLNX_OFED's files on the first port (the second has none: an upstream-driver port of the same host). */
    private static final Map<String, String> OFED_FILES = new TreeMap<>(Map.of(
            "/sys/class/infiniband/mlx5_0/tc/1/traffic_class", "Global tclass=106\n",
            "/sys/class/net/ens1f0np0/ecn/roce_np/cnp_dscp", "48\n",
            "/sys/class/net/ens1f0np0/ecn/roce_np/cnp_802p_prio", "6\n",
            "/sys/class/net/ens1f0np0/ecn/roce_np/min_time_between_cnps", "4\n"));

    @TempDir
    Path tmp;

    private static Map<String, String> ofedFiles() {
        Map<String, String> files = new TreeMap<>(OFED_FILES);
        CapturePlan.DCQCN_REACTION_POINT_PARAMETERS.forEach(
                p -> files.put("/sys/class/net/ens1f0np0/ecn/roce_rp/" + p, "300\n"));
        return files;
    }

    /** A fake host with MLNX_OFED's files when {@code ofed}, and a folder of stand-in tools (none when {@code tools} is false). */
    private Path host(String name, boolean ofed) throws IOException {
        Path root = FakeHost.create(Files.createDirectories(tmp.resolve(name)));
        if (ofed) {
            for (Map.Entry<String, String> f : ofedFiles().entrySet()) {
                FakeHost.write(root, f.getKey().substring(1), f.getValue());
            }
        }
        return root;
    }

    private Path tools(String name, boolean present) throws IOException {
        Path bin = Files.createDirectories(tmp.resolve(name));
        if (present) {
            for (String tool : List.of("ethtool", "lspci", "nvidia-smi", "ip")) {
                Path script = bin.resolve(tool);
                Files.writeString(script, "#!/bin/sh\necho \"$(basename \"$0\") $*\"\n");
                Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        }
        return bin;
    }

    private Path collectWithJava(Path root, Path bin) throws IOException {
        Collector.Settings settings = new Collector.Settings(
                Duration.ofSeconds(1), 1, false, KINDS, Duration.ofSeconds(20), "roce-doctor test");
        Path bundle = Files.createDirectories(tmp.resolve("java-" + root.getFileName()))
                .resolve("host.tar.gz");
        Collector.Progress quiet = new Collector.Progress() {
            @Override
            public void phase(String line) {}

            @Override
            public void tick(String line) {}
        };
        new Collector(root, settings, quiet, List.of(bin)).collect(bundle);
        return bundle;
    }

    /** The script with the fake root and the stand-ins first in PATH (it appends the system folders itself). */
    private Path collectWithShell(Path root, Path bin) throws IOException, InterruptedException {
        Path bundle = Files.createDirectories(tmp.resolve("shell-" + root.getFileName()))
                .resolve("host.tar.gz");
        String only = KINDS.stream()
                .map(k -> k.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'))
                .collect(Collectors.joining(","));
        ProcessBuilder pb = new ProcessBuilder(
                        shell(),
                        "scripts/roce-doctor-collect.sh",
                        "--out",
                        bundle.toString(),
                        "--samples",
                        "1",
                        "--only",
                        only)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("ROCE_DOCTOR_ROOT", root.toString());
        pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        Process p = pb.start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(err).isZero();
        return bundle;
    }

    private static String shell() {
        return Files.isExecutable(Path.of("/bin/dash")) ? "/bin/dash" : "/bin/sh";
    }

    /** Each capture of sample 0 by the source's display: its text, or "not collected: EXIT ERROR". */
    private static Map<String, String> captures(Path archive) throws IOException, BundleException {
        Map<String, String> out = new TreeMap<>();
        try (Bundle b = new BundleReader().read(archive)) {
            for (Source s : b.allSources()) {
                Capture c = b.capture(s, 0).orElseThrow();
                out.put(s.display(), c.collected() ? b.read(c) : "not collected: " + c.exitCode() + " " + c.error());
            }
        }
        return out;
    }

    private static void assertPresent(Map<String, String> captured) {
        for (String tool : TOOLS) {
            assertThat(captured).as(tool).containsEntry(tool, tool + "\n");
        }
        ofedFiles().forEach((file, text) -> assertThat(captured).as(file).containsEntry(file, text));
    }

    /** The second port has no MLNX_OFED files: each is recorded as not collected, never as an empty capture. */
    private static void assertSecondPortLacksTheOfedFiles(Map<String, String> captured) {
        List<String> files = new ArrayList<>(List.of(
                "/sys/class/infiniband/mlx5_1/tc/1/traffic_class",
                "/sys/class/net/ens1f1np1/ecn/roce_np/cnp_dscp",
                "/sys/class/net/ens1f1np1/ecn/roce_np/cnp_802p_prio",
                "/sys/class/net/ens1f1np1/ecn/roce_np/min_time_between_cnps"));
        CapturePlan.DCQCN_REACTION_POINT_PARAMETERS.forEach(
                p -> files.add("/sys/class/net/ens1f1np1/ecn/roce_rp/" + p));
        for (String file : files) {
            assertThat(captured).as(file).containsEntry(file, "not collected: null no such file");
        }
    }

    @Test
    void theJavaCollectorTakesEachSourceTheHostHasAndRecordsWhyTheOthersAreMissing()
            throws IOException, BundleException {
        Map<String, String> present = captures(collectWithJava(host("ofed", true), tools("bin", true)));
        assertPresent(present);
        assertSecondPortLacksTheOfedFiles(present);

        Map<String, String> absent = captures(collectWithJava(host("upstream", false), tools("empty", false)));
        for (String tool : TOOLS) {
            assertThat(absent).as(tool).containsEntry(tool, "not collected: 127 command not found");
        }
        ofedFiles()
                .keySet()
                .forEach(f -> assertThat(absent).as(f).containsEntry(f, "not collected: null no such file"));
    }

    @Test
    void theScriptTakesEachSourceTheHostHasAndRecordsWhyTheOthersAreMissing()
            throws IOException, BundleException, InterruptedException {
        Map<String, String> present = captures(collectWithShell(host("ofed", true), tools("bin", true)));
        assertPresent(present);
        assertSecondPortLacksTheOfedFiles(present);

        // The script looks tools up in the system folders too: only a tool this machine lacks shows as absent.
        Assumptions.assumeFalse(Files.isExecutable(Path.of("/usr/bin/nvidia-smi")), "this machine has nvidia-smi");
        Map<String, String> absent = captures(collectWithShell(host("upstream", false), tools("empty", false)));
        assertThat(absent).containsEntry("nvidia-smi topo -m", "not collected: 127 command not found");
        ofedFiles()
                .keySet()
                .forEach(f -> assertThat(absent).as(f).containsEntry(f, "not collected: null no such file"));
    }
}
