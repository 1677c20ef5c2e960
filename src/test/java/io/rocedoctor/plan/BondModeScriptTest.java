package io.rocedoctor.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.engine.Diagnosis;
import io.rocedoctor.engine.Finding;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bond-mode-8023ad step of a generated apply.sh and rollback.sh, run against a fake root whose
 * stand-in {@code ip} keeps the kernel's rules (this kernel has no bonding): a bond's mode is refused
 * while the bond has slaves or is up ({@code BOND_OPTFLAG_NOSLAVES | BOND_OPTFLAG_IFDOWN}), a port is
 * enslaved only while down, a released port goes down, and {@code xmit_hash_policy} is taken live.
 */
class BondModeScriptTest {
    /** The kernel's rules as the bonding driver and rtnetlink apply them, over files of the fake root. */
    private static final String FAKE_IP = """
            #!/bin/bash
            # ip link set dev DEV up|down | nomaster | master BOND | type bond mode MODE
            net="$ROCE_DOCTOR_ROOT/sys/class/net"
            echo "ip $*" >> "$ROCE_DOCTOR_ROOT/calls"
            [ "$1 $2 $3" = "link set dev" ] || { echo "fake ip: unsupported: $*" >&2; exit 2; }
            dev=$4; shift 4
            [ -d "$net/$dev" ] || { echo "Cannot find device \\"$dev\\"" >&2; exit 1; }
            case "$1" in
                up|down) echo "$1" > "$net/$dev/operstate" ;;
                nomaster)
                    bond=$(cat "$net/$dev/master")
                    sed -i "s/\\b$dev\\b//; s/  */ /g; s/^ //; s/ $//" "$net/$bond/bonding/slaves"
                    rm "$net/$dev/master"; echo down > "$net/$dev/operstate" ;;
                master)
                    if [ "$(cat "$net/$dev/operstate")" = up ]; then echo "Error: Device can not be enslaved while up." >&2; exit 2; fi
                    s=$(cat "$net/$2/bonding/slaves"); echo "${s:+$s }$dev" > "$net/$2/bonding/slaves"
                    echo "$2" > "$net/$dev/master"; echo up > "$net/$dev/operstate" ;;
                type)
                    if [ -n "$(cat "$net/$dev/bonding/slaves")" ]; then
                        echo "Error: option mode: unable to set because the bond device has slaves." >&2; exit 2; fi
                    if [ "$(cat "$net/$dev/operstate")" = up ]; then
                        echo "Error: option mode: unable to set because the bond device is up." >&2; exit 2; fi
                    case "$4" in balance-rr) n=0 ;; active-backup) n=1 ;; 802.3ad) n=4 ;; *) exit 2 ;; esac
                    echo "$4 $n" > "$net/$dev/bonding/mode" ;;
                *) echo "fake ip: unsupported: $*" >&2; exit 2 ;;
            esac
            """;

    @TempDir
    Path tmp;

    private Path root;

    @BeforeEach
    void activeBackupBondWithTwoSlaves() throws IOException {
        root = tmp.resolve("root");
        write(root.resolve("proc/sys/kernel/hostname"), "gpu-node-17\n");
        Path net = Files.createDirectories(root.resolve("sys/class/net"));
        write(net.resolve("bond0/bonding/mode"), "active-backup 1\n");
        write(net.resolve("bond0/bonding/slaves"), "ens1f0np0 ens1f1np1\n");
        write(net.resolve("bond0/bonding/xmit_hash_policy"), "layer2 0\n");
        write(net.resolve("bond0/operstate"), "up\n");
        for (String port : List.of("ens1f0np0", "ens1f1np1")) {
            write(net.resolve(port + "/operstate"), "up\n");
            write(net.resolve(port + "/master"), "bond0\n");
        }
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        write(bin.resolve("ip"), FAKE_IP);
        Files.setPosixFilePermissions(bin.resolve("ip"), PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private String read(String path) throws IOException {
        return Files.readString(root.resolve("sys/class/net").resolve(path)).strip();
    }

    private record Run(int exit, String out) {}

    private Run run(Path plan, String script, String... args) throws IOException, InterruptedException {
        List<String> command =
                new ArrayList<>(List.of("bash", plan.resolve(script).toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("ROCE_DOCTOR_ROOT", root.toString());
        // No nmcli here: the bond is not NetworkManager's, the script goes through ip.
        pb.environment().put("PATH", tmp.resolve("bin") + ":/usr/bin:/bin");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Run(p.waitFor(), out);
    }

    private Path plan(Finding... findings) throws Exception {
        Path out = tmp.resolve("plan");
        PlanFiles.write(
                new Planner(new ActionCatalog())
                        .plan(
                                new Diagnosis(List.of(findings), List.of(), List.of(), List.of()),
                                new Snapshot("gpu-node-17", java.util.Map.of())),
                out);
        return out;
    }

    private void assertBondUpWithBothSlaves() throws IOException {
        assertThat(read("bond0/operstate")).isEqualTo("up");
        assertThat(read("bond0/bonding/slaves")).isEqualTo("ens1f0np0 ens1f1np1");
        assertThat(read("ens1f0np0/operstate")).isEqualTo("up");
        assertThat(read("ens1f1np1/operstate")).isEqualTo("up");
    }

    @Test
    void theModeStepOnAnActiveBackupBondEndsUpWithBothSlavesAfterApplyAndAfterRollback() throws Exception {
        Path plan = plan(Finding.of("BOND_MODE_NOT_MULTIPATH", "bond0")
                .severity("high")
                .action("bond-mode-8023ad", "bond", "bond0", "current", "active-backup")
                .build());
        assertThat(Files.readString(plan.resolve("plan.yaml")))
                .contains("risk: outage", "window: true", "every RDMA connection (QP)");

        Run apply = run(plan, "apply.sh", "--execute", "--allow", "outage");
        assertThat(apply.exit()).as(apply.out()).isZero();
        assertThat(apply.out()).contains("mode of bond0: 'active-backup' -> '802.3ad' (verified)");
        assertThat(read("bond0/bonding/mode")).isEqualTo("802.3ad 4");
        assertBondUpWithBothSlaves();

        Run rollback = run(plan, "rollback.sh", "--execute");
        assertThat(rollback.exit()).as(rollback.out()).isZero();
        assertThat(read("bond0/bonding/mode")).isEqualTo("active-backup 1");
        assertBondUpWithBothSlaves();
    }

    /** A mode the kernel refuses (here: a fake ip that knows no balance-xor) fails the step and still leaves the bond up and whole. */
    @Test
    void aRefusedModeFailsTheStepButLeavesTheBondUpWithItsSlaves() throws Exception {
        Path ip = tmp.resolve("bin/ip");
        Files.writeString(ip, Files.readString(ip).replace("802.3ad) n=4 ;;", ""));
        Path plan = plan(Finding.of("BOND_MODE_NOT_MULTIPATH", "bond0")
                .severity("high")
                .action("bond-mode-8023ad", "bond", "bond0", "current", "active-backup")
                .build());

        Run apply = run(plan, "apply.sh", "--execute", "--allow", "outage");
        assertThat(apply.exit()).isEqualTo(1);
        assertThat(apply.out()).contains("stopped at the first failure");
        assertThat(read("bond0/bonding/mode")).isEqualTo("active-backup 1");
        assertBondUpWithBothSlaves();
    }

    /** The transmit hash is taken live: no down, no release. */
    @Test
    void theHashStepWritesLiveWithoutTouchingTheLink() throws Exception {
        Path plan = plan(Finding.of("HASH_SINGLE_PATH_CONCENTRATION", "bond0")
                .severity("high")
                .action("bond-xmit-hash-layer34", "bond", "bond0", "current", "layer2")
                .build());
        Run apply = run(plan, "apply.sh", "--execute", "--allow", "outage");
        assertThat(apply.exit()).as(apply.out()).isZero();
        assertThat(read("bond0/bonding/xmit_hash_policy")).isEqualTo("layer3+4");
        assertThat(root.resolve("calls")).doesNotExist();
        assertBondUpWithBothSlaves();
    }

    /** Where NetworkManager holds the bond, its profile takes the mode and NetworkManager rebuilds the bond. */
    @Test
    void aNetworkManagerBondChangesItsProfileNotTheKernelDirectly() throws Exception {
        Path nmcli = tmp.resolve("bin/nmcli");
        write(nmcli, """
                #!/bin/bash
                echo "nmcli $*" >> "$ROCE_DOCTOR_ROOT/calls"
                case "$*" in
                    "-g GENERAL.CONNECTION device show bond0") echo bond-bond0 ;;
                    "-g bond.options connection show bond-bond0") echo "mode=active-backup,miimon=100" ;;
                    "connection up bond-bond0") echo "802.3ad 4" > "$ROCE_DOCTOR_ROOT/sys/class/net/bond0/bonding/mode" ;;
                esac
                """);
        Files.setPosixFilePermissions(nmcli, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path plan = plan(Finding.of("BOND_MODE_NOT_MULTIPATH", "bond0")
                .severity("high")
                .action("bond-mode-8023ad", "bond", "bond0", "current", "active-backup")
                .build());

        Run apply = run(plan, "apply.sh", "--execute", "--allow", "outage");
        assertThat(apply.exit()).as(apply.out()).isZero();
        assertThat(Files.readString(root.resolve("calls")))
                .contains(
                        "nmcli connection modify bond-bond0 bond.options mode=802.3ad,miimon=100",
                        "nmcli connection up bond-bond0")
                .doesNotContain("ip link");
    }
}
