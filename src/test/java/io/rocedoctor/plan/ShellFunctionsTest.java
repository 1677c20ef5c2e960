package io.rocedoctor.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scripts' readers and writers of functions.sh, run by bash with stand-in tools on PATH and a
 * stand-in root: host QoS through mlnx_qos where MLNX_OFED is installed, else iproute2's dcb (trust
 * included), both speaking the plan's priority lists; bnxt_re's congestion control in its configfs
 * folder; the configured FEC, which rollback gets back; MaxReadReq on every function of a NIC; the
 * RoCE ToS in rdma_cm and MLNX_OFED's traffic_class, the rdma_cm folder made for it removed again.
 */
class ShellFunctionsTest {
    @TempDir
    Path tmp;

    private FunctionsShell shell;

    @BeforeEach
    void shell() {
        shell = new FunctionsShell(tmp);
    }

    @Test
    void withoutMlnxQosPfcAndBuffersGoThroughDcb() throws Exception {
        shell.printing(
                "dcb",
                "pfc-cap 8 macsec-bypass off delay 0 \nprio-pfc 0:off 1:off 2:off 3:on 4:on 5:off 6:off 7:off \n"
                        + "prio-buffer 0:0 1:0 2:0 3:1 4:0 5:0 6:0 7:0 \n");
        assertThat(shell.run("pfc_read eth4; prio2buffer_read eth4")).isEqualTo("3,4\n3\n");
        shell.run("pfc_write eth4 3; prio2buffer_write eth4 3,5");
        assertThat(shell.calls())
                .contains(
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
        assertThat(shell.calls())
                .contains("dcb -N app show dev eth4 dscp-prio", "dcb app flush dev eth4 dscp-prio")
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
        assertThat(shell.run("pfc_read eth4; prio2buffer_read eth4; trust_read eth4"))
                .isEqualTo("3\n3\ndscp\n");
        shell.run("pfc_write eth4 3,4; trust_write eth4 dscp");
        assertThat(shell.calls())
                .contains("mlnx_qos -i eth4 --pfc 0,0,0,1,1,0,0,0", "mlnx_qos -i eth4 --trust dscp")
                .doesNotContain("dcb");
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
        assertThat(driver.resolve("bnxt_re0"))
                .as("a folder that was there stays")
                .isDirectory();
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

    @Test
    void linkPauseReadsEachSettingOfEthtoolDashA() throws Exception {
        // ethtool netlink/pause.c: "Autonegotiate:\t%s", "RX:\t\t%s", "TX:\t\t%s", then the negotiated lines.
        shell.tool("ethtool", """
                printf 'Pause parameters for %s:\\nAutonegotiate:\\ton\\nRX:\\t\\toff\\nTX:\\t\\ton\\nRX negotiated: on\\nTX negotiated: on\\n' "$2"
                """);
        assertThat(shell.run("pause_read eth4 Autonegotiate; pause_read eth4 RX; pause_read eth4 TX"))
                .isEqualTo("on\noff\non\n");
        assertThat(shell.run("pause_read eth4 Speed || echo unknown")).isEqualTo("unknown\n");
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
        assertThat(shell.run("mrrs_read 0000:5e:00"))
                .as("functions that differ show both")
                .isEqualTo("512,4096\n");
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
        assertThat(tmp.resolve("root/sys/kernel/config/rdma_cm/mlx5_0"))
                .as("the folder made for the change is gone")
                .doesNotExist();
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

    /** This kernel has no VLAN devices: ip stands in, printing what iproute2's iplink_vlan.c prints. */
    @Test
    void aVlansPcpIsReadFromItsEgressMapAndUnlistedPrioritiesGetZero() throws Exception {
        shell.printing("ip", """
                7: p0.100@p0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 9000 qdisc noqueue state UP mode DEFAULT group default qlen 1000
                    link/ether 0c:42:a1:5e:77:10 brd ff:ff:ff:ff:ff:ff promiscuity 0 allmulti 0 minmtu 0 maxmtu 65535
                    vlan protocol 802.1Q id 100 <REORDER_HDR>
                      ingress-qos-map { 2:5 }
                      egress-qos-map { 0:1 2:3 } addrgenmode eui64 numtxqueues 1 numrxqueues 1
                """);
        assertThat(shell.run("vlan_egress_read p0.100 2; vlan_egress_read p0.100 4"))
                .isEqualTo("3\n0\n");
        assertThat(shell.calls()).contains("ip -d link show dev p0.100");
    }

    @Test
    void aDryRunCannotReadAFolderThatIsNotThereAndMakesNone() throws Exception {
        rdmaCmConfigfs();
        assertThat(shell.run("EXECUTE=0; roce_tos_read mlx5_0 1 || echo unreadable"))
                .isEqualTo("unreadable\n");
        assertThat(tmp.resolve("root/sys/kernel/config/rdma_cm")).isEmptyDirectory();
    }

    /**
     * A stand-in systemd running irqbalance: its command line in /proc/PID/cmdline, and a restart
     * that starts it again with the IRQBALANCE_ARGS of the drop-ins, as its unit's ExecStart does.
     */
    private void irqbalanceUnderSystemd(String... args) throws IOException {
        Path root = shell.root();
        Files.createDirectories(root.resolve("proc/100"));
        Files.writeString(
                root.resolve("proc/100/cmdline"),
                String.join("\0", List.of("/usr/sbin/irqbalance", "--foreground"))
                        + (args.length == 0 ? "" : "\0" + String.join("\0", args)) + "\0");
        Files.writeString(root.resolve("pid"), "100");
        shell.tool("systemctl", """
                root='%s'
                case "$*" in
                    "show -p MainPID --value irqbalance") cat "$root/pid" ;;
                    "restart irqbalance")
                        pid=$(( $(cat "$root/pid") + 1 )); mkdir -p "$root/proc/$pid"
                        args=$(sed -n 's/^Environment="IRQBALANCE_ARGS=\\(.*\\)"$/\\1/p' "$root"/run/systemd/system/irqbalance.service.d/*.conf 2>/dev/null || true)
                        printf '%%s\\0' /usr/sbin/irqbalance --foreground $args > "$root/proc/$pid/cmdline"
                        echo "$pid" > "$root/pid" ;;
                esac
                """.formatted(root));
    }

    @Test
    void irqbalanceRestartsWithTheNicsIrqsBannedAndRollbackRemovesTheBans() throws Exception {
        irqbalanceUnderSystemd();
        assertThat(shell.run("irqbalance_bans_read")).isEqualTo("none\n");
        assertThat(shell.run("irqbalance_bans_write 142,143; irqbalance_bans_read"))
                .isEqualTo("142,143\n");
        assertThat(shell.root().resolve("run/systemd/system/irqbalance.service.d/90-roce-doctor-banirq.conf"))
                .content()
                .isEqualTo("[Service]\nEnvironment=\"IRQBALANCE_ARGS=--banirq=142 --banirq=143\"\n");
        assertThat(shell.run("irqbalance_bans_write none; irqbalance_bans_read"))
                .isEqualTo("none\n");
        assertThat(shell.root().resolve("run/systemd/system/irqbalance.service.d"))
                .isEmptyDirectory();
        assertThat(shell.calls()).contains("systemctl daemon-reload", "systemctl restart irqbalance");
    }

    @Test
    void bansIrqbalanceWasStartedWithAreReadInBothSpellings() throws Exception {
        irqbalanceUnderSystemd("-i", "7", "--banirq=9");
        assertThat(shell.run("irqbalance_bans_read")).isEqualTo("7,9\n");
    }
}
