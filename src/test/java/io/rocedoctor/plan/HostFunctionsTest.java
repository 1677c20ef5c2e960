package io.rocedoctor.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The readers and writers of functions.sh for FEC, MaxReadReq and the RoCE ToS, run by bash with
 * stand-in tools on PATH and a stand-in root: the configured FEC is what rollback gets back, every
 * function of a NIC takes the MaxReadReq, and the ToS reaches rdma_cm and MLNX_OFED's traffic_class,
 * the rdma_cm folder made for it being removed again.
 */
class HostFunctionsTest {
    @TempDir
    Path tmp;

    private FunctionsShell shell;

    @BeforeEach
    void shell() {
        shell = new FunctionsShell(tmp);
    }

    @Test
    void fecReadsTheConfiguredEncodingsNotTheActiveOneInBothEthtoolSpellings() throws Exception {
        shell.tool("ethtool", """
                echo "FEC parameters for $2:"
                echo "Supported/Configured FEC encodings: Auto RS"
                echo "Active FEC encoding: Off"
                """);
        assertThat(shell.run("fec_read eth4")).isEqualTo("Auto RS\n");
        shell.tool("ethtool", """
                echo "FEC parameters for $2:"
                echo "Configured FEC encodings: Auto"
                echo "Active FEC encoding: Off"
                """);
        assertThat(shell.run("fec_read eth4")).isEqualTo("Auto\n");
        shell.run("fec_write eth4 'Auto RS'");
        assertThat(shell.calls()).contains("ethtool --set-fec eth4 encoding Auto RS");
    }

    /** setpci prints one Device Control word per function the slot selects: 0x2936 is 512 bytes, 0x5936 4096. */
    @Test
    void maxReadReqCoversEveryFunctionOfTheSlotAndChangesOnlyItsThreeBits() throws Exception {
        shell.tool("setpci", """
                case "$*" in
                    "-s 0000:5e:00 CAP_EXP+8.w") printf '2936\\n2936\\n' ;;
                esac
                """);
        assertThat(shell.run("mrrs_read 0000:5e:00")).isEqualTo("512\n");
        shell.run("mrrs_write 0000:5e:00 4096");
        assertThat(shell.calls()).contains("setpci -s 0000:5e:00 CAP_EXP+8.w=5000:7000");

        shell.tool("setpci", "printf '2936\\n5936\\n'\n");
        assertThat(shell.run("mrrs_read 0000:5e:00")).as("functions that differ show both").isEqualTo("512,4096\n");
    }

    /**
     * A stand-in configfs: mkdir of an rdma_cm device folder shows ports/1 with the driver's values,
     * rmdir keeps the values with the driver, as cma_configfs does.
     */
    private void rdmaCmConfigfs() throws IOException {
        shell.tool("mkdir", """
                /bin/mkdir "$@"
                d="${!#}"
                case "$d" in */config/rdma_cm/*)
                    store="${d%/sys/kernel/config/*}/driver/${d##*/}"
                    /bin/mkdir -p "$d/ports/1"
                    cat "$store/default_roce_tos" > "$d/ports/1/default_roce_tos"
                    cat "$store/default_roce_mode" > "$d/ports/1/default_roce_mode" ;;
                esac
                """);
        shell.tool("rmdir", """
                d="$1"
                store="${d%/sys/kernel/config/*}/driver/${d##*/}"
                cp "$d/ports/1/default_roce_tos" "$d/ports/1/default_roce_mode" "$store/"
                rm -r "$d"
                """);
        Path store = Files.createDirectories(tmp.resolve("root/driver/mlx5_0"));
        Files.writeString(store.resolve("default_roce_tos"), "0\n");
        Files.writeString(store.resolve("default_roce_mode"), "RoCE v2\n");
        Files.createDirectories(tmp.resolve("root/sys/kernel/config/rdma_cm"));
    }

    @Test
    void theTosGoesToRdmaCmAndItsFolderIsRemovedAgainWithoutTrafficClassUpstream() throws Exception {
        rdmaCmConfigfs();
        assertThat(shell.run("roce_tos_read mlx5_0 1")).isEqualTo("0\n");
        shell.run("roce_tos_write mlx5_0 1 106");
        assertThat(tmp.resolve("root/driver/mlx5_0/default_roce_tos")).content().isEqualTo("106\n");
        assertThat(tmp.resolve("root/sys/kernel/config/rdma_cm/mlx5_0")).as("the folder made for the change is gone").doesNotExist();
        assertThat(shell.run("roce_tos_read mlx5_0 1")).isEqualTo("106\n");
    }

    @Test
    void withMlnxOfedTheTrafficClassIsSetTooAndRollbackPutsItsUnsetStateBack() throws Exception {
        rdmaCmConfigfs();
        Path tclass = tmp.resolve("root/sys/class/infiniband/mlx5_0/tc/1/traffic_class");
        Files.createDirectories(tclass.getParent());
        Files.writeString(tclass, "");
        String before = shell.run("roce_tos_read mlx5_0 1");
        assertThat(before).isEqualTo("0 tclass=-1\n");

        shell.run("roce_tos_write mlx5_0 1 106");
        assertThat(tclass).content().isEqualTo("106\n");
        assertThat(shell.run("roce_tos_read mlx5_0 1")).isEqualTo("106\n");

        // MLNX_OFED reads it back as "Global tclass=N"; rollback writes the recorded pair.
        Files.writeString(tclass, "Global tclass=106\n");
        assertThat(shell.run("roce_tos_read mlx5_0 1")).isEqualTo("106\n");
        shell.run("roce_tos_write mlx5_0 1 '0 tclass=-1'");
        assertThat(tclass).content().isEqualTo("tclass=-1\n");
        assertThat(tmp.resolve("root/driver/mlx5_0/default_roce_tos")).content().isEqualTo("0\n");
    }

    @Test
    void aDryRunCannotReadAFolderThatIsNotThereAndMakesNone() throws Exception {
        rdmaCmConfigfs();
        assertThat(shell.run("EXECUTE=0; roce_tos_read mlx5_0 1 || echo unreadable")).isEqualTo("unreadable\n");
        assertThat(tmp.resolve("root/sys/kernel/config/rdma_cm")).isEmptyDirectory();
    }
}
