package io.rocedoctor.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scripts' host QoS readers and writers, run by bash with stand-in tools on PATH: mlnx_qos
 * where MLNX_OFED is installed, else iproute2's dcb, both speaking the plan's priority lists; and
 * bnxt_re's congestion control switch in its configfs folder under a stand-in root.
 */
class QosShellFunctionsTest {
    @TempDir
    Path tmp;

    /** A stand-in tool: prints its canned output for "show" and logs every call. */
    private void tool(String name, String output) throws IOException {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Files.writeString(tmp.resolve(name + ".out"), output);
        Path script = bin.resolve(name);
        Files.writeString(script, "#!/bin/sh\necho \"" + name + " $*\" >> '" + tmp.resolve("calls") + "'\ncat '"
                + tmp.resolve(name + ".out") + "'\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private String run(String commands) throws IOException, InterruptedException {
        Path functions = tmp.resolve("functions.sh");
        try (InputStream in = ShellScripts.class.getResourceAsStream("functions.sh")) {
            Files.write(functions, in.readAllBytes());
        }
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", ". '" + functions + "'; " + commands).redirectErrorStream(true);
        pb.environment().put("PATH", tmp.resolve("bin") + ":/usr/bin:/bin");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
        return out;
    }

    private String calls() throws IOException {
        return Files.readString(tmp.resolve("calls"));
    }

    @Test
    void withoutMlnxQosPfcAndBuffersGoThroughDcb() throws Exception {
        tool("dcb", "pfc-cap 8 macsec-bypass off delay 0 \nprio-pfc 0:off 1:off 2:off 3:on 4:on 5:off 6:off 7:off \n"
                + "prio-buffer 0:0 1:0 2:0 3:1 4:0 5:0 6:0 7:0 \n");
        assertThat(run("pfc_read eth4; prio2buffer_read eth4")).isEqualTo("3,4\n3\n");
        run("pfc_write eth4 3; prio2buffer_write eth4 3,5");
        assertThat(calls()).contains(
                "dcb pfc set dev eth4 prio-pfc 0:off 1:off 2:off 3:on 4:off 5:off 6:off 7:off",
                "dcb buffer set dev eth4 prio-buffer 0:0 1:0 2:0 3:1 4:0 5:1 6:0 7:0");
    }

    /** dcb has no trust setting: DSCP entries in the APP table make a DCBNL driver classify by DSCP. */
    @Test
    void withoutMlnxQosTrustIsTheDscpEntriesOfTheAppTable() throws Exception {
        tool("dcb", "dscp-prio 0:0 26:3 \n");
        assertThat(run("trust_read eth4")).isEqualTo("dscp\n");
        tool("dcb", "");
        assertThat(run("trust_read eth4")).isEqualTo("pcp\n");
        run("trust_write eth4 dscp; trust_write eth4 pcp");
        assertThat(calls()).contains("dcb -N app show dev eth4 dscp-prio", "dcb app flush dev eth4 dscp-prio")
                .contains("dcb app add dev eth4 dscp-prio 0:0 1:0 ", " 26:3 ", " 63:7");
    }

    @Test
    void mlnxQosIsUsedWhereItIsInstalled() throws Exception {
        tool("dcb", "prio-pfc 0:on 1:on 2:on 3:on 4:on 5:on 6:on 7:on \n");
        tool("mlnx_qos", """
                Priority trust state: dscp
                PFC configuration:
                	priority    0   1   2   3   4   5   6   7
                	enabled     0   0   0   1   0   0   0   0
                	buffer      0   0   0   1   0   0   0   0
                """);
        assertThat(run("pfc_read eth4; prio2buffer_read eth4; trust_read eth4")).isEqualTo("3\n3\ndscp\n");
        run("pfc_write eth4 3,4; trust_write eth4 dscp");
        assertThat(calls()).contains("mlnx_qos -i eth4 --pfc 0,0,0,1,1,0,0,0", "mlnx_qos -i eth4 --trust dscp").doesNotContain("dcb");
    }

    @Test
    void bnxtReCongestionControlIsSetInItsConfigfsFolderAndApplied() throws Exception {
        Path driver = Files.createDirectories(tmp.resolve("root/sys/kernel/config/bnxt_re"));
        Path cc = driver.resolve("bnxt_re0/ports/1/cc");
        // The driver makes ports/1/cc when the device folder is made; the stand-in root has it already.
        Files.createDirectories(cc);
        Files.writeString(cc.resolve("ecn_enable"), "0\n");
        String root = "ROOT='" + tmp.resolve("root") + "' EXECUTE=1; ";
        assertThat(run(root + "bnxt_cc_read bnxt_re0 1 ecn_enable")).isEqualTo("0\n");
        run(root + "bnxt_cc_write bnxt_re0 1 ecn_enable 0x1");
        assertThat(Files.readString(cc.resolve("ecn_enable"))).isEqualTo("0x1");
        assertThat(Files.readString(cc.resolve("apply"))).isEqualTo("0x1");
        assertThat(driver.resolve("bnxt_re0")).as("a folder that was there stays").isDirectory();
    }
}
