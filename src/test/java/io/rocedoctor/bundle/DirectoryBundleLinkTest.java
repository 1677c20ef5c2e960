package io.rocedoctor.bundle;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A directory bundle whose links point outside it is read without reading outside. */
class DirectoryBundleLinkTest {

    @TempDir
    Path tmp;

    @Test
    void aListedLinkLeavingADirectoryBundleIsListedAndNeverReadAndAnUnlistedOneIsNotFollowed() throws Exception {
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Path passwd = Files.writeString(outside.resolve("passwd"), "root:x:0:0:secret:/root:/bin/sh\n");
        Path foreignNic = Files.createDirectories(outside.resolve("net/enp7s0/device"));
        Files.writeString(foreignNic.resolve("numa_node"), "3\n");
        Files.writeString(outside.resolve("manifest.yaml"), "format: 1\nhost: stolen-host\n");

        Path bundle = Files.createDirectories(tmp.resolve("bundle"));
        Files.writeString(bundle.resolve("manifest.yaml"), """
                format: 1
                host: dirlab-02
                captures:
                  - {source: "/proc/interrupts", sample: 0, path: fs/proc/interrupts}
                """);
        Files.createDirectories(bundle.resolve("fs/proc"));
        Files.createSymbolicLink(bundle.resolve("fs/proc/interrupts"), passwd);
        Files.createDirectories(bundle.resolve("fs/sys/class/net"));
        Files.createSymbolicLink(bundle.resolve("fs/sys/class/net/enp7s0"), outside.resolve("net/enp7s0"));

        try (Bundle read = new BundleReader().read(bundle)) {
            assertThat(read.refusals())
                    .as("the captures list says what the bundle holds: an unlisted link is not opened")
                    .containsExactly("fs/proc/interrupts: link leaving the bundle: not read");
            Capture interrupts =
                    read.capture(Source.of(SourceKind.PROC_INTERRUPTS), 0).orElseThrow();
            assertThat(interrupts.collected())
                    .as("the manifest's path is a link leaving the bundle")
                    .isFalse();
            assertThat(read.capture(Source.of(SourceKind.NETDEV_NUMA_NODE, "enp7s0"), 0))
                    .isEmpty();
            for (Path file : captureFiles(read)) {
                assertThat(file.toRealPath()).startsWith(bundle.toRealPath());
            }
        }
    }

    @Test
    void withoutACapturesListTheWalkNamesEveryLinkLeavingTheBundle() throws Exception {
        Path outside = Files.createDirectories(tmp.resolve("outside/net/enp7s0/device"));
        Files.writeString(outside.resolve("numa_node"), "3\n");
        Path passwd = Files.writeString(tmp.resolve("outside/passwd"), "root:x:0:0:secret:/root:/bin/sh\n");
        Path bundle = Files.createDirectories(tmp.resolve("bundle/fs/sys/class/net"))
                .getParent()
                .getParent()
                .getParent()
                .getParent();
        Files.writeString(bundle.resolve("manifest.yaml"), "format: 1\nhost: dirlab-04\n");
        Files.createDirectories(bundle.resolve("fs/proc"));
        Files.createSymbolicLink(bundle.resolve("fs/proc/interrupts"), passwd);
        Files.createSymbolicLink(bundle.resolve("fs/sys/class/net/enp7s0"), outside.getParent());

        try (Bundle read = new BundleReader().read(bundle)) {
            assertThat(read.refusals())
                    .containsExactlyInAnyOrder(
                            "fs/proc/interrupts: link leaving the bundle: not read",
                            "fs/sys/class/net/enp7s0: link leaving the bundle: not followed");
            assertThat(read.allSources()).isEmpty();
        }
    }

    @Test
    void aListedFileThroughTwoFolderLinksIsRefusedAtTheFirstThatLeavesOnce() throws Exception {
        Path outside = Files.createDirectories(tmp.resolve("outside/irq/120"));
        Files.writeString(outside.resolve("smp_affinity_list"), "0-3\n");
        Files.createDirectories(tmp.resolve("outside/irq/121"));
        Files.writeString(tmp.resolve("outside/irq/121/smp_affinity_list"), "4-7\n");
        Path bundle = Files.createDirectories(tmp.resolve("bundle/fs/proc"))
                .getParent()
                .getParent();
        Files.writeString(bundle.resolve("manifest.yaml"), """
                format: 1
                captures:
                  - {source: "/proc/irq/120/smp_affinity_list", path: fs/proc/irq/120/smp_affinity_list}
                  - {source: "/proc/irq/121/smp_affinity_list", path: fs/proc/irq/121/smp_affinity_list}
                  - {source: "/proc/irq/122/smp_affinity_list", path: fs/proc/irq/122/smp_affinity_list}
                """);
        Files.createSymbolicLink(bundle.resolve("fs/proc/irq"), tmp.resolve("outside/irq"));

        try (Bundle read = new BundleReader().read(bundle)) {
            assertThat(read.refusals()).containsExactly("fs/proc/irq: link leaving the bundle: not followed");
            assertThat(read.failedCaptures())
                    .extracting(Capture::error)
                    .containsOnly("listed in the manifest but absent from the bundle")
                    .hasSize(3);
        }
    }

    @Test
    void aManifestLinkedFromOutsideIsNotRead() throws Exception {
        Path foreign = Files.writeString(tmp.resolve("manifest.yaml"), "format: 1\nhost: stolen-host\n");
        Path bundle = Files.createDirectories(tmp.resolve("bundle/fs/proc"))
                .getParent()
                .getParent();
        Files.writeString(
                bundle.resolve("fs/proc/interrupts"),
                "           CPU0\n  0:         42   IO-APIC   2-edge      timer\n");
        Files.createSymbolicLink(bundle.resolve("manifest.yaml"), foreign);

        try (Bundle read = new BundleReader().read(bundle)) {
            assertThat(read.host()).isEqualTo("bundle");
            assertThat(read.refusals()).contains("manifest.yaml: link leaving the bundle: not read");
            assertThat(read.capture(Source.of(SourceKind.PROC_INTERRUPTS), 0)
                            .orElseThrow()
                            .collected())
                    .isTrue();
        }
    }

    @Test
    void aManifestPathThroughAFolderLinkIsJudgedByWhereItReallyIs() throws Exception {
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Files.writeString(
                outside.resolve("interrupts"), "           CPU0\n  0:         42   IO-APIC   2-edge      stolen\n");
        Path bundle = Files.createDirectories(tmp.resolve("bundle"));
        Files.writeString(bundle.resolve("manifest.yaml"), """
                format: 1
                host: dirlab-03
                captures:
                  - {source: "/proc/interrupts", sample: 0, path: fs/out/interrupts}
                  - {source: "lscpu", sample: 0, path: commands/alias/lscpu}
                """);
        Path real = Files.createDirectories(bundle.resolve("commands/real"));
        Files.writeString(real.resolve("lscpu"), "CPU(s): 2\n");
        Files.createSymbolicLink(bundle.resolve("commands/alias"), real);
        Files.createDirectories(bundle.resolve("fs"));
        Files.createSymbolicLink(bundle.resolve("fs/out"), outside);

        try (Bundle read = new BundleReader().read(bundle)) {
            assertThat(read.capture(Source.of(SourceKind.PROC_INTERRUPTS), 0)
                            .orElseThrow()
                            .collected())
                    .as("a plain file in a folder link leaving the bundle")
                    .isFalse();
            assertThat(read.capture(Source.of(SourceKind.LSCPU), 0)
                            .orElseThrow()
                            .collected())
                    .as("a plain file in a folder link staying inside")
                    .isTrue();
            assertThat(read.refusals()).contains("fs/out: link leaving the bundle: not followed");
        }
    }

    private static List<Path> captureFiles(Bundle bundle) throws IOException {
        List<Path> files = new ArrayList<>();
        for (Source s : bundle.allSources()) {
            for (Capture c : bundle.samplesOf(s)) {
                if (c.file() != null) {
                    files.add(c.file());
                }
            }
        }
        return files;
    }
}
