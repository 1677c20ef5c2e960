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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The roce-vlan-egress-map step of a generated apply.sh and rollback.sh against a fake root whose
 * stand-in {@code ip} keeps the kernel's rules for a VLAN's egress map (this kernel has no VLAN
 * devices: {@code ip link add ... type vlan} fails): {@code ip link set dev VLAN type vlan
 * egress-qos-map F:T} sets one socket priority's PCP (net/8021q/vlan_dev.c
 * vlan_dev_set_egress_priority), and {@code ip -d link show} lists only the mappings to a PCP other
 * than 0, no map at all without one (net/8021q/vlan_netlink.c vlan_fill_info), in iproute2's
 * iplink_vlan.c form.
 */
class VlanEgressMapScriptTest {
    private static final String FAKE_IP = """
            #!/bin/bash
            # The map lives in $ROOT/sys/class/net/VLAN/egress, a "SKPRIO PCP" line per mapping set.
            net="$ROCE_DOCTOR_ROOT/sys/class/net"
            echo "ip $*" >> "$ROCE_DOCTOR_ROOT/calls"
            if [ "$1 $2 $3 $4" = "-d link show dev" ]; then
                dev=$5
                [ -d "$net/$dev" ] || { echo "Device \\"$dev\\" does not exist." >&2; exit 1; }
                echo "9: $dev@ens1f0np0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 9000 qdisc noqueue state UP mode DEFAULT group default qlen 1000"
                echo "    link/ether 0c:42:a1:5e:77:10 brd ff:ff:ff:ff:ff:ff promiscuity 0 allmulti 0 minmtu 0 maxmtu 65535 "
                printf '    vlan protocol 802.1Q id 100 <REORDER_HDR> '
                map=$(sort -n "$net/$dev/egress" | awk '$2 != 0 {printf "%s:%s ", $1, $2}')
                [ -z "$map" ] || printf '\\n      egress-qos-map { %s} ' "$map"
                echo "addrgenmode eui64 numtxqueues 1 numrxqueues 1 gso_max_size 65536 gso_max_segs 65535 "
            elif [ "$1 $2 $3 $5 $6 $7" = "link set dev type vlan egress-qos-map" ]; then
                dev=$4 from=${8%%:*} to=${8#*:}
                [ -d "$net/$dev" ] || { echo "Cannot find device \\"$dev\\"" >&2; exit 1; }
                grep -v "^$from " "$net/$dev/egress" > "$net/$dev/egress.new"
                echo "$from $to" >> "$net/$dev/egress.new"
                mv "$net/$dev/egress.new" "$net/$dev/egress"
            else
                echo "fake ip: unsupported: $*" >&2; exit 2
            fi
            """;

    @TempDir
    Path tmp;

    private Path root;

    /** A VLAN over the first port whose map was written for socket priority 0 only (RoCE's ToS 106 is priority 2). */
    private void vlanWithMap(String map) throws IOException {
        root = tmp.resolve("root");
        write(root.resolve("proc/sys/kernel/hostname"), "gpu-node-21\n");
        write(root.resolve("sys/class/net/ens1f0np0.100/egress"), map);
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        write(bin.resolve("ip"), FAKE_IP);
        Files.setPosixFilePermissions(bin.resolve("ip"), PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private record Run(int exit, String out) {}

    private Run run(Path plan, String script, String... args) throws IOException, InterruptedException {
        List<String> command =
                new ArrayList<>(List.of("bash", plan.resolve(script).toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("ROCE_DOCTOR_ROOT", root.toString());
        pb.environment().put("PATH", tmp.resolve("bin") + ":/usr/bin:/bin");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Run(p.waitFor(), out);
    }

    private Path plan() throws Exception {
        Path out = tmp.resolve("plan");
        PlanFiles.write(
                new Planner(new ActionCatalog())
                        .plan(
                                new Diagnosis(
                                        List.of(Finding.of("ROCE_VLAN_PRIORITY_MISMATCH", "ens1f0np0.100")
                                                .severity("high")
                                                .action(
                                                        "roce-vlan-egress-map",
                                                        "vlan",
                                                        "ens1f0np0.100",
                                                        "skprio",
                                                        "2",
                                                        "pcp",
                                                        "3")
                                                .build()),
                                        List.of(),
                                        List.of(),
                                        List.of()),
                                new Snapshot("gpu-node-21", java.util.Map.of())),
                out);
        return out;
    }

    private String egressMap() throws Exception {
        ProcessBuilder pb =
                new ProcessBuilder(tmp.resolve("bin/ip").toString(), "-d", "link", "show", "dev", "ens1f0np0.100");
        pb.environment().put("ROCE_DOCTOR_ROOT", root.toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("egress-qos-map \\{ ([^}]*)}").matcher(out);
        return m.find() ? m.group(1).strip() : "none";
    }

    @Test
    void applyMapsRoceSocketPriorityToTheLosslessPcpAndRollbackLeavesItUnlistedAgain() throws Exception {
        vlanWithMap("0 3\n");
        Path plan = plan();

        Run apply = run(plan, "apply.sh", "--execute");
        assertThat(apply.exit()).as(apply.out()).isZero();
        assertThat(apply.out()).contains("'0' -> '3' (verified)");
        assertThat(egressMap()).isEqualTo("0:3 2:3");

        Run rollback = run(plan, "rollback.sh", "--execute");
        assertThat(rollback.exit()).as(rollback.out()).isZero();
        // The prior PCP was 0 (not listed): rollback writes 2:0, which the kernel keeps and does not print.
        assertThat(egressMap()).isEqualTo("0:3");
        assertThat(Files.readString(root.resolve("calls")))
                .contains("ip link set dev ens1f0np0.100 type vlan egress-qos-map 2:3")
                .contains("ip link set dev ens1f0np0.100 type vlan egress-qos-map 2:0");
    }

    /** A VLAN with no mapping at all prints no map; the step reads PCP 0 for it and maps it as well. */
    @Test
    void aVlanWithoutAnyMappingIsMappedAndRolledBackToNoMap() throws Exception {
        vlanWithMap("");
        Path plan = plan();
        assertThat(egressMap()).isEqualTo("none");

        Run apply = run(plan, "apply.sh", "--execute");
        assertThat(apply.exit()).as(apply.out()).isZero();
        assertThat(egressMap()).isEqualTo("2:3");

        assertThat(run(plan, "rollback.sh", "--execute").exit()).isZero();
        assertThat(egressMap()).isEqualTo("none");
    }
}
