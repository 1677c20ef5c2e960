package io.rocedoctor.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The channel reader and writer of functions.sh on a real kernel: a veth pair with four RX and TX
 * queues in a network namespace this test makes and deletes. veth has separate RX and TX channels,
 * no combined ones, so the writer must take that form. Skipped, saying why, when not root, without
 * {@code ip netns} or without ethtool (.ci/run installs Debian's ethtool).
 */
class HostFunctionsNamespaceTest {
    private static final String NS = "roce-doctor-fn-" + ProcessHandle.current().pid();

    @TempDir
    Path tmp;

    private record Run(int exit, String out) {}

    private static Run exec(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Run(p.waitFor(), out);
    }

    @BeforeEach
    void namespaceWithAVethPair() throws Exception {
        assumeTrue("0".equals(exec(List.of("id", "-u")).out().strip()), "not root: no network namespace can be made");
        assumeTrue(
                exec(List.of("bash", "-c", "command -v ethtool")).exit() == 0,
                "no ethtool on this machine: functions.sh reads and writes channels with it");
        Run add = exec(List.of("ip", "netns", "add", NS));
        assumeTrue(add.exit() == 0, "ip netns add failed: " + add.out());
        Run veth = exec(List.of(
                "ip",
                "-n",
                NS,
                "link",
                "add",
                "rd0",
                "numtxqueues",
                "4",
                "numrxqueues",
                "4",
                "type",
                "veth",
                "peer",
                "name",
                "rd1",
                "numtxqueues",
                "4",
                "numrxqueues",
                "4"));
        assertThat(veth.exit()).as(veth.out()).isZero();
    }

    @AfterEach
    void deleteTheNamespace() throws Exception {
        exec(List.of("ip", "netns", "del", NS));
    }

    private String inNamespace(String commands) throws IOException, InterruptedException {
        Path functions = tmp.resolve("functions.sh");
        try (InputStream in = ShellScripts.class.getResourceAsStream("functions.sh")) {
            Files.write(functions, in.readAllBytes());
        }
        Run r = exec(List.of(
                "ip",
                "netns",
                "exec",
                NS,
                "bash",
                "-c",
                "set -Eeuo pipefail; SCRIPT=test; ROOT=; EXECUTE=1; . '" + functions + "'; " + commands));
        assertThat(r.exit()).as(r.out()).isZero();
        return r.out();
    }

    @Test
    void channelsAreReadWrittenAndRestoredOnAVethWithSeparateRxAndTxQueues() throws Exception {
        assertThat(inNamespace("channels_read rd0")).isEqualTo("4\n");
        assertThat(inNamespace("channels_write rd0 2; channels_read rd0")).isEqualTo("2\n");
        assertThat(inNamespace("ethtool -l rd0 | sed -n '/^Current/,$p'")).contains("RX:\t\t2", "TX:\t\t2");
        assertThat(inNamespace("channels_write rd0 4; channels_read rd0"))
                .as("rollback's write")
                .isEqualTo("4\n");
    }

    @Test
    void aChannelCountAboveTheMaximumFailsAndChangesNothing() throws Exception {
        String out = inNamespace("channels_write rd0 9 && echo written || echo refused; channels_read rd0");
        assertThat(out).contains("refused").endsWith("4\n");
    }
}
