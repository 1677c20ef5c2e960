package io.rocedoctor.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.BeforeEach;
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

    private FunctionsShell shell;

    @BeforeEach
    void shell() {
        shell = new FunctionsShell(tmp);
    }

    @Test
    void withoutMlnxQosPfcAndBuffersGoThroughDcb() throws Exception {
        shell.printing("dcb", "pfc-cap 8 macsec-bypass off delay 0 \nprio-pfc 0:off 1:off 2:off 3:on 4:on 5:off 6:off 7:off \n"
                + "prio-buffer 0:0 1:0 2:0 3:1 4:0 5:0 6:0 7:0 \n");
        assertThat(shell.run("pfc_read eth4; prio2buffer_read eth4")).isEqualTo("3,4\n3\n");
        shell.run("pfc_write eth4 3; prio2buffer_write eth4 3,5");
        assertThat(shell.calls()).contains(
                "dcb pfc set dev eth4 prio-pfc 0:off 1:off 2:off 3:on 4:off 5:off 6:off 7:off",
                "dcb buffer set dev eth4 prio-buffer 0:0 1:0 2:0 3:1 4:0 5:1 6:0 7:0");
    }

    /** dcb has no trust setting: DSCP entries in the APP table make a DCBNL driver classify by DSCP. */
    @Test
    void withoutMlnxQosTrustIsTheDscpEntriesOfTheAppTable() throws Exception {
        shell.printing("dcb", "dscp-prio 0:0 26:3 \n");
        assertThat(shell.run("trust_read eth4")).isEqualTo("dscp\n");
        shell.printing("dcb", "");
        assertThat(shell.run("trust_read eth4")).isEqualTo("pcp\n");
        shell.run("trust_write eth4 dscp; trust_write eth4 pcp");
        assertThat(shell.calls()).contains("dcb -N app show dev eth4 dscp-prio", "dcb app flush dev eth4 dscp-prio")
                .contains("dcb app add dev eth4 dscp-prio 0:0 1:0 ", " 26:3 ", " 63:7");
    }

    @Test
    void mlnxQosIsUsedWhereItIsInstalled() throws Exception {
        shell.printing("dcb", "prio-pfc 0:on 1:on 2:on 3:on 4:on 5:on 6:on 7:on \n");
        shell.printing("mlnx_qos", """
                Priority trust state: dscp
                PFC configuration:
                	priority    0   1   2   3   4   5   6   7
                	enabled     0   0   0   1   0   0   0   0
                	buffer      0   0   0   1   0   0   0   0
                """);
        assertThat(shell.run("pfc_read eth4; prio2buffer_read eth4; trust_read eth4")).isEqualTo("3\n3\ndscp\n");
        shell.run("pfc_write eth4 3,4; trust_write eth4 dscp");
        assertThat(shell.calls()).contains("mlnx_qos -i eth4 --pfc 0,0,0,1,1,0,0,0", "mlnx_qos -i eth4 --trust dscp").doesNotContain("dcb");
    }

    @Test
    void bnxtReCongestionControlIsSetInItsConfigfsFolderAndApplied() throws Exception {
        Path driver = Files.createDirectories(tmp.resolve("root/sys/kernel/config/bnxt_re"));
        Path cc = driver.resolve("bnxt_re0/ports/1/cc");
        // The driver makes ports/1/cc when the device folder is made; the stand-in root has it already.
        Files.createDirectories(cc);
        Files.writeString(cc.resolve("ecn_enable"), "0\n");
        assertThat(shell.run("bnxt_cc_read bnxt_re0 1 ecn_enable")).isEqualTo("0\n");
        shell.run("bnxt_cc_write bnxt_re0 1 ecn_enable 0x1");
        assertThat(Files.readString(cc.resolve("ecn_enable"))).isEqualTo("0x1");
        assertThat(Files.readString(cc.resolve("apply"))).isEqualTo("0x1");
        assertThat(driver.resolve("bnxt_re0")).as("a folder that was there stays").isDirectory();
    }
}
