package io.rocedoctor.collect;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each outcome of taking a source, with stand-in tools in a private folder instead of the host's. */
class SourceRunnerTest {

    @TempDir
    Path root;

    @TempDir
    Path tools;

    private SourceRunner runner() throws IOException {
        return new SourceRunner(root, Duration.ofSeconds(1), List.of(tools));
    }

    private void tool(String name, String script) throws IOException {
        Path file = tools.resolve(name);
        Files.writeString(file, "#!/bin/sh\n" + script + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @Test
    void aCommandsOutputIsKeptWithItsExitCodeAndArguments() throws IOException {
        tool("ethtool", "echo \"args: $*\"; echo note >&2");
        try (SourceRunner r = runner()) {
            SourceRunner.Outcome o = r.take(Source.of(SourceKind.ETHTOOL_STATS, "ens1f0np0"));

            assertThat(new String(o.output(), StandardCharsets.UTF_8)).isEqualTo("args: -S ens1f0np0\n");
            assertThat(new String(o.stderr(), StandardCharsets.UTF_8)).isEqualTo("note\n");
            assertThat(o.exit()).isZero();
            assertThat(o.error()).isNull();
        }
    }

    @Test
    void aMissingToolIsExit127NotAnException() throws IOException {
        try (SourceRunner r = runner()) {
            SourceRunner.Outcome o = r.take(Source.of(SourceKind.MLNX_QOS, "ens1f0np0"));

            assertThat(o.output()).isNull();
            assertThat(o.exit()).isEqualTo(127);
            assertThat(o.error()).isEqualTo("command not found");
        }
    }

    @Test
    void aFailureWithoutOutputIsExplainedByItsFirstStderrLine() throws IOException {
        tool("rdma", "echo 'Failed to open NETLINK_RDMA socket' >&2; echo more >&2; exit 1");
        try (SourceRunner r = runner()) {
            SourceRunner.Outcome o = r.take(Source.of(SourceKind.RDMA_LINK));

            assertThat(o.output()).isNull();
            assertThat(o.exit()).isEqualTo(1);
            assertThat(o.error()).isEqualTo("Failed to open NETLINK_RDMA socket");
        }
    }

    @Test
    void aFailingExitWithOutputKeepsTheOutput() throws IOException {
        tool("systemctl", "echo inactive; exit 3");
        try (SourceRunner r = runner()) {
            SourceRunner.Outcome o = r.take(Source.of(SourceKind.IRQBALANCE));

            assertThat(new String(o.output(), StandardCharsets.UTF_8)).isEqualTo("inactive\n");
            assertThat(o.exit()).isEqualTo(3);
        }
    }

    @Test
    void aCommandThatHangsIsStoppedAtTheTimeout() throws IOException {
        tool("lscpu", "exec sleep 60");
        try (SourceRunner r = runner()) {
            SourceRunner.Outcome o = r.take(Source.of(SourceKind.LSCPU));

            assertThat(o.output()).isNull();
            assertThat(o.exit()).isEqualTo(124);
            assertThat(o.error()).isEqualTo("timed out after 1 s");
        }
    }

    @Test
    void aFileIsReadUnderTheRootAndAnAbsentOneIsSaidSo() throws IOException {
        FakeHost.write(root, "proc/interrupts", "CPU0\n");
        try (SourceRunner r = runner()) {
            SourceRunner.Outcome present = r.take(Source.of(SourceKind.PROC_INTERRUPTS));
            SourceRunner.Outcome absent = r.take(Source.of(SourceKind.IRQ_AFFINITY, "99"));

            assertThat(new String(present.output(), StandardCharsets.UTF_8)).isEqualTo("CPU0\n");
            assertThat(present.exit()).isNull();
            assertThat(absent.output()).isNull();
            assertThat(absent.error()).isEqualTo("no such file");
        }
    }

    @Test
    void aFileThatBlocksIsGivenUpAtTheTimeout() throws IOException, InterruptedException {
        Files.createDirectories(root.resolve("proc"));
        Process mkfifo =
                new ProcessBuilder("mkfifo", root.resolve("proc/interrupts").toString()).start();
        assertThat(mkfifo.waitFor()).isZero();
        try (SourceRunner r = runner()) {
            SourceRunner.Outcome o = r.take(Source.of(SourceKind.PROC_INTERRUPTS));

            assertThat(o.output()).isNull();
            assertThat(o.error()).isEqualTo("timed out after 1 s");
        }
    }

    @Test
    void aBnxtReConfigfsFolderIsMadeForTheReadAndRemovedAfter() throws IOException {
        Files.createDirectories(root.resolve("sys/kernel/config/bnxt_re"));
        try (SourceRunner r = runner()) {
            // A plain folder stands in for configfs: making it creates no ports/1/cc, so the read fails.
            SourceRunner.Outcome o = r.take(Source.of(SourceKind.BNXT_RE_CC_ECN_ENABLE, "bnxt_re0", "1"));

            assertThat(o.error()).isEqualTo("no such file");
            assertThat(root.resolve("sys/kernel/config/bnxt_re")).isEmptyDirectory();
        }
    }

    @Test
    void aBnxtReConfigfsFolderSomeoneMadeIsReadAndLeftAlone() throws IOException {
        Path cc = Files.createDirectories(root.resolve("sys/kernel/config/bnxt_re/bnxt_re0/ports/1/cc"));
        Files.writeString(cc.resolve("ecn_enable"), "0x1\n");
        try (SourceRunner r = runner()) {
            SourceRunner.Outcome o = r.take(Source.of(SourceKind.BNXT_RE_CC_ECN_ENABLE, "bnxt_re0", "1"));

            assertThat(new String(o.output(), StandardCharsets.UTF_8)).isEqualTo("0x1\n");
            assertThat(cc.resolve("ecn_enable")).exists();
        }
    }

    @Test
    void withoutTheBnxtReDriverNoConfigfsFolderIsMade() throws IOException {
        try (SourceRunner r = runner()) {
            assertThat(r.take(Source.of(SourceKind.BNXT_RE_CC_ECN_ENABLE, "mlx5_0", "1"))
                            .error())
                    .isEqualTo("no such file");
            assertThat(root.resolve("sys/kernel/config")).doesNotExist();
        }
    }
}
