package io.rocedoctor.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.engine.Diagnosis;
import io.rocedoctor.engine.Finding;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generated scripts, run for real by bash against a fake root (ROCE_DOCTOR_ROOT): apply
 * changes and verifies, rollback restores the exact prior bytes, a host that changed since the
 * snapshot stops the run, and every script of every catalog action is valid bash.
 */
class ShellScriptsTest {
    @TempDir
    Path tmp;

    private record Run(int exit, String out) {}

    private static Plan plan(Map<String, String> snapshot, Finding... findings) {
        return new Planner(new ActionCatalog())
                .plan(
                        new Diagnosis(List.of(findings), List.of(), List.of(), List.of()),
                        new Snapshot("gpu-node-17", snapshot));
    }

    private static Finding crossNuma(String irqs) {
        return Finding.of("IRQ_CROSS_NUMA", "0000:3b:00")
                .severity("high")
                .action(
                        "irq-affinity-local-numa",
                        "nic",
                        "0000:3b:00",
                        "device",
                        "ens1f0np0",
                        "irqs",
                        irqs,
                        "cpus",
                        "24-31")
                .build();
    }

    /** A fake root of the plans' host, gpu-node-17: apply.sh checks the host name it finds there. */
    private Path root(Map<String, String> files) throws IOException {
        Path root = tmp.resolve("root");
        Files.createDirectories(root.resolve("proc/sys/kernel"));
        Files.writeString(root.resolve("proc/sys/kernel/hostname"), "gpu-node-17\n");
        for (Map.Entry<String, String> e : files.entrySet()) {
            Path f = root.resolve(e.getKey());
            Files.createDirectories(f.getParent());
            Files.writeString(f, e.getValue());
        }
        return root;
    }

    private Run run(Path plan, Path root, String script, String... args) throws IOException, InterruptedException {
        List<String> command =
                new ArrayList<>(List.of("bash", plan.resolve(script).toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("ROCE_DOCTOR_ROOT", root.toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Run(p.waitFor(), out);
    }

    /** Every regular file under {@code root} by relative path, with its bytes. */
    static Map<String, byte[]> contents(Path root) throws IOException {
        Map<String, byte[]> out = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                out.put(root.relativize(f).toString(), Files.readAllBytes(f));
            }
        }
        return out;
    }

    /**
     * bnxt_re's device folder exists only once made: a dry run does not make it and goes on without
     * the live value; --execute writes ecn_enable and apply, and rollback writes the value it found back.
     */
    @Test
    void bnxtReCongestionControlDryRunMakesNoFolderAndRollbackRestoresTheValueFound() throws Exception {
        root(Map.of());
        Path driver = Files.createDirectories(tmp.resolve("root/sys/kernel/config/bnxt_re"));
        Path out = tmp.resolve("plan");
        PlanFiles.write(
                plan(
                        Map.of(),
                        Finding.of("ECN_DISABLED_ON_ROCE_PRIO", "bnxt_re0")
                                .severity("high")
                                .action("bnxt-re-ecn-enable", "ibdev", "bnxt_re0", "port", "1", "current", "0")
                                .build()),
                out);

        Run dry = run(out, tmp.resolve("root"), "apply.sh");
        assertThat(dry.exit()).as(dry.out()).isZero();
        assertThat(dry.out())
                .contains("cannot read the live value here; would set it to '0x1'", "dry run: nothing was changed");
        assertThat(driver).as("a dry run makes no configfs folder").isEmptyDirectory();

        // The driver makes ports/1/cc with the device folder; the stand-in root has them already.
        Path cc = Files.createDirectories(driver.resolve("bnxt_re0/ports/1/cc"));
        for (String file : List.of("cc_mode", "ecn_marking", "ecn_enable")) {
            Files.writeString(cc.resolve(file), "0\n");
        }
        Run apply = run(out, tmp.resolve("root"), "apply.sh", "--execute");
        assertThat(apply.exit()).as(apply.out()).isZero();
        for (String file : List.of("cc_mode", "ecn_marking", "ecn_enable", "apply")) {
            assertThat(Files.readString(cc.resolve(file))).as(file).isEqualTo("0x1");
        }

        Run rollback = run(out, tmp.resolve("root"), "rollback.sh", "--execute");
        assertThat(rollback.exit()).as(rollback.out()).isZero();
        for (String file : List.of("cc_mode", "ecn_marking", "ecn_enable")) {
            assertThat(Files.readString(cc.resolve(file))).as(file).isEqualTo("0");
        }
    }

    @Test
    void applyThenRollbackLeavesEveryFileByteIdentical() throws Exception {
        Path root = root(Map.of(
                "proc/irq/142/smp_affinity_list",
                "0-3\n",
                "proc/irq/143/smp_affinity_list",
                "2\n",
                "sys/class/net/bond0/bonding/xmit_hash_policy",
                "layer2+3\n"));
        Map<String, byte[]> before = contents(root);
        Path out = tmp.resolve("plan");
        PlanFiles.write(
                plan(
                        Map.of("/proc/irq/142/smp_affinity_list", "0-3", "/proc/irq/143/smp_affinity_list", "2"),
                        crossNuma("142,143"),
                        Finding.of("HASH_SINGLE_PATH_CONCENTRATION", "bond0")
                                .severity("critical")
                                .action("bond-xmit-hash-layer34", "bond", "bond0", "current", "layer2+3")
                                .build()),
                out);

        Run dry = run(out, root, "apply.sh");
        assertThat(dry.exit()).as(dry.out()).isZero();
        assertThat(dry.out()).contains("would set /proc/irq/142/smp_affinity_list: '0-3' -> '24'", "dry run");
        assertThat(contents(root)).as("a dry run changes nothing").containsExactlyEntriesOf(before);

        Run apply = run(out, root, "apply.sh", "--execute");
        assertThat(apply.exit()).as(apply.out()).isZero();
        assertThat(Files.readString(root.resolve("proc/irq/143/smp_affinity_list")))
                .as("one IRQ per CPU")
                .isEqualTo("25\n");
        assertThat(Files.readString(root.resolve("sys/class/net/bond0/bonding/xmit_hash_policy")))
                .isEqualTo("layer3+4\n");
        assertThat(apply.out()).contains("(verified)", "verify:", "measure:");

        Run rollback = run(out, root, "rollback.sh", "--execute");
        assertThat(rollback.exit()).as(rollback.out()).isZero();
        assertThat(rollback.out().indexOf("restored xmit_hash_policy of bond0"))
                .as("newest first")
                .isLessThan(rollback.out().indexOf("restored /proc/irq/142/smp_affinity_list"));
        assertThat(contents(root)).containsExactlyEntriesOf(before);
    }

    /** Without the handlers' names the step still runs, with one note for all its IRQs, not one per IRQ. */
    @Test
    void irqsTheSnapshotDoesNotNameAreNotedOnceForTheStep() {
        Plan unnamed = plan(Map.of(), crossNuma("142,143"));
        assertThat(unnamed.steps().get(0).notes())
                .filteredOn(n -> n.startsWith("the snapshot does not name"))
                .containsExactly("the snapshot does not name what 2 of this step's settings belong to"
                        + " (/proc/irq/142/smp_affinity_list, ...): apply.sh cannot check they are still the same,"
                        + " and persist/ leaves them out");
        Plan named = plan(
                Map.of(
                        "/proc/interrupts IRQ 142",
                        "mlx5_comp0@pci:0000:3b:00.0",
                        "/proc/interrupts IRQ 143",
                        "mlx5_comp1@pci:0000:3b:00.0"),
                crossNuma("142,143"));
        assertThat(named.steps().get(0).notes()).noneMatch(n -> n.startsWith("the snapshot does not name"));
    }

    @Test
    void rollbackSaysWhenPersistIsInstalledAndWouldSetItsStepsAgainAtBoot() throws Exception {
        Path root = root(Map.of("proc/irq/142/smp_affinity_list", "0-3\n", "etc/roce-doctor/steps", "1\n"));
        Path out = tmp.resolve("plan");
        PlanFiles.write(plan(Map.of("/proc/irq/142/smp_affinity_list", "0-3"), crossNuma("142")), out);
        assertThat(run(out, root, "apply.sh", "--execute").exit()).isZero();
        Run rollback = run(out, root, "rollback.sh", "--execute");
        assertThat(rollback.exit()).as(rollback.out()).isZero();
        assertThat(rollback.out())
                .contains("persist/ is installed on this host", "persist/persist.sh --remove --execute");

        Files.delete(root.resolve("etc/roce-doctor/steps"));
        assertThat(run(out, root, "rollback.sh", "--execute").out()).doesNotContain("persist/ is installed");
    }

    @Test
    void aLiveValueThatDiffersFromTheSnapshotStopsTheRunUnlessForced() throws Exception {
        Path root = root(Map.of("proc/irq/142/smp_affinity_list", "8-11\n"));
        Path out = tmp.resolve("plan");
        PlanFiles.write(plan(Map.of("/proc/irq/142/smp_affinity_list", "0-3"), crossNuma("142")), out);

        Run refused = run(out, root, "apply.sh", "--execute");
        assertThat(refused.exit()).isEqualTo(1);
        assertThat(refused.out()).contains("is '8-11' now but was '0-3' in the snapshot");
        assertThat(Files.readString(root.resolve("proc/irq/142/smp_affinity_list")))
                .isEqualTo("8-11\n");

        Run forced = run(out, root, "apply.sh", "--execute", "--force");
        assertThat(forced.exit()).as(forced.out()).isZero();
        assertThat(run(out, root, "rollback.sh", "--execute").exit()).isZero();
        assertThat(Files.readString(root.resolve("proc/irq/142/smp_affinity_list")))
                .as("the live value, not the snapshot's")
                .isEqualTo("8-11\n");
    }

    /**
     * An IRQ number belongs to whatever the kernel gave it at probe: when 142 is no longer the NIC's
     * handler (a reboot or driver reload since the capture), apply.sh refuses even with --force, and
     * rollback.sh leaves the number, another device's now, alone.
     */
    @Test
    void anIrqRenumberedSinceTheCaptureIsNeverWrittenEvenForced() throws Exception {
        Map<String, String> snapshot = Map.of(
                "/proc/irq/142/smp_affinity_list", "0-3", "/proc/interrupts IRQ 142", "mlx5_comp0@pci:0000:3b:00.0");
        Path root = root(Map.of("proc/irq/142/smp_affinity_list", "0-3\n"));
        Files.createDirectories(root.resolve("proc/irq/142/nvme0q3"));
        Path out = tmp.resolve("plan");
        PlanFiles.write(plan(snapshot, crossNuma("142")), out);

        Run dry = run(out, root, "apply.sh");
        assertThat(dry.exit()).as(dry.out()).isZero();
        assertThat(dry.out())
                .contains("/proc/irq/142/smp_affinity_list no longer belongs to what the bundle saw there")
                .doesNotContain("would set /proc/irq/142");
        Run forced = run(out, root, "apply.sh", "--execute", "--force");
        assertThat(forced.exit()).isEqualTo(1);
        assertThat(forced.out()).contains("(renumbered since the capture): collect a new bundle and plan again");
        assertThat(Files.readString(root.resolve("proc/irq/142/smp_affinity_list")))
                .isEqualTo("0-3\n");

        Files.delete(root.resolve("proc/irq/142/nvme0q3"));
        Files.createDirectories(root.resolve("proc/irq/142/mlx5_comp0@pci:0000:3b:00.0"));
        assertThat(run(out, root, "apply.sh", "--execute").exit()).isZero();
        assertThat(Files.readString(root.resolve("proc/irq/142/smp_affinity_list")))
                .isEqualTo("24\n");
        Files.delete(root.resolve("proc/irq/142/mlx5_comp0@pci:0000:3b:00.0"));
        Files.createDirectories(root.resolve("proc/irq/142/nvme0q3"));
        Run rollback = run(out, root, "rollback.sh", "--execute");
        assertThat(rollback.exit()).as(rollback.out()).isZero();
        assertThat(rollback.out()).contains("left /proc/irq/142/smp_affinity_list alone");
        assertThat(Files.readString(root.resolve("proc/irq/142/smp_affinity_list")))
                .isEqualTo("24\n");
    }

    @Test
    void stepRunsOneStepAndTheFirstFailureStopsTheRest() throws Exception {
        Path root = root(Map.of("proc/irq/142/smp_affinity_list", "0-3\n", "proc/sys/net/core/busy_poll", "0\n"));
        Path out = tmp.resolve("plan");
        Finding busyPoll = Finding.of("BUSY_POLL_OFF", "host")
                .severity("low")
                .action("sysctl-busy-poll", "key", "net.core.busy_poll", "value", "50", "current", "0")
                .build();
        Finding missingIrq = crossNuma("142,999");
        PlanFiles.write(plan(Map.of(), missingIrq, busyPoll), out);

        Run second = run(out, root, "apply.sh", "--execute", "--step", "2");
        assertThat(second.exit()).as(second.out()).isZero();
        assertThat(Files.readString(root.resolve("proc/sys/net/core/busy_poll")))
                .isEqualTo("50\n");
        assertThat(second.out()).doesNotContain("step 1 ");
        assertThat(run(out, root, "rollback.sh", "--execute").exit()).isZero();

        Run all = run(out, root, "apply.sh", "--execute");
        assertThat(all.exit()).isEqualTo(1);
        assertThat(all.out())
                .contains("cannot read /proc/irq/999/smp_affinity_list")
                .doesNotContain("step 2 ");
        assertThat(Files.readString(root.resolve("proc/sys/net/core/busy_poll")))
                .as("step 2 never ran")
                .isEqualTo("0\n");
        assertThat(run(out, root, "rollback.sh", "--execute").exit()).isZero();
        assertThat(Files.readString(root.resolve("proc/irq/142/smp_affinity_list")))
                .isEqualTo("0-3\n");
    }

    @Test
    void theScriptsOfEveryCatalogActionAreValidBash() throws Exception {
        List<Finding> findings = new ArrayList<>();
        for (String id : CatalogSamples.ids()) {
            ActionSpec spec = CatalogSamples.read(id);
            findings.add(CatalogSamples.proposing("F_" + id.toUpperCase().replace('-', '_'), "high", spec));
            if (spec.switchSnippets().containsKey("nvue")) {
                findings.add(CatalogSamples.proposing(
                        "F_" + id.toUpperCase().replace('-', '_'),
                        "high",
                        spec,
                        "platform",
                        "nvue",
                        "switch",
                        "spine-1"));
            }
        }
        Plan plan = plan(Map.of(), findings.toArray(Finding[]::new));
        assertThat(plan.refusals()).isEmpty();
        Path out = tmp.resolve("plan");
        PlanFiles.write(plan, out);
        for (String script : List.of("apply.sh", "rollback.sh")) {
            Process p = new ProcessBuilder("bash", "-n", out.resolve(script).toString())
                    .redirectErrorStream(true)
                    .start();
            String err = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor()).as(script + ": " + err).isZero();
        }
        assertThat(out.resolve("switch/leaf-1.txt")).content().contains("(sonic)", "# rollback");
        assertThat(out.resolve("switch/spine-1.txt")).content().contains("(nvue)", "nv config apply");
        Run dry = run(out, root(Map.of()), "apply.sh");
        assertThat(dry.exit()).as(dry.out()).isZero();
        assertThat(dry.out()).contains("dry run: nothing was changed");
    }

    private static Finding lagHash() {
        return Finding.of("ROCE_LAG_QUEUE_AFFINITY", "mlx5_bond_0")
                .severity("medium")
                .action("roce-lag-hash", "ibdev", "mlx5_bond_0", "current", "queue_affinity")
                .build();
    }

    private Path lagRoot() throws IOException {
        Path root = root(Map.of("sys/class/net/ens1f0np0/compat/devlink/lag_port_select_mode", "queue_affinity\n"));
        Files.createDirectories(root.resolve("sys/class/infiniband/mlx5_bond_0/device/net/ens1f0np0"));
        return root;
    }

    /** A link-flap step breaks the QPs on the link: --execute refuses it, says why, and runs it only with --allow link-flap. */
    @Test
    void executeRefusesALinkFlapStepUnlessAllowedAndSaysWhy() throws Exception {
        Path root = lagRoot();
        Path mode = root.resolve("sys/class/net/ens1f0np0/compat/devlink/lag_port_select_mode");
        Path out = tmp.resolve("plan");
        PlanFiles.write(plan(Map.of(), lagHash()), out);
        assertThat(out.resolve("apply.sh")).content().contains("# --force goes on", "--allow RISK");

        Run dry = run(out, root, "apply.sh");
        assertThat(dry.exit()).as(dry.out()).isZero();
        assertThat(dry.out())
                .contains(
                        "risk: link-flap (maintenance window)",
                        "--execute refuses this step unless --allow link-flap: it takes the link down and up");

        Run refused = run(out, root, "apply.sh", "--execute");
        assertThat(refused.exit()).isEqualTo(1);
        assertThat(refused.out())
                .contains(
                        "step 1 is refused: its risk is link-flap",
                        "breaks the RDMA connections (QPs)",
                        "with --allow link-flap");
        assertThat(mode).content().isEqualTo("queue_affinity\n");

        Run otherRisk = run(out, root, "apply.sh", "--execute", "--allow", "outage,reboot");
        assertThat(otherRisk.exit())
                .as("allowing other risks is not allowing this one")
                .isEqualTo(1);
        assertThat(mode).content().isEqualTo("queue_affinity\n");

        Run allowed = run(out, root, "apply.sh", "--execute", "--allow", "reboot", "--allow", "link-flap");
        assertThat(allowed.exit()).as(allowed.out()).isZero();
        assertThat(mode).content().isEqualTo("hash\n");

        Run bad = run(out, root, "apply.sh", "--execute", "--allow", "everything");
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.out()).contains("--allow takes none, traffic-pause, link-flap, outage or reboot");
    }

    /** rollback.sh restores nothing without --execute: it lists what it would restore. */
    @Test
    void rollbackIsADryRunUnlessExecute() throws Exception {
        Path root = root(Map.of("proc/sys/net/core/busy_poll", "0\n"));
        Path out = tmp.resolve("plan");
        PlanFiles.write(plan(Map.of(), busyPoll()), out);
        assertThat(run(out, root, "apply.sh", "--execute").exit()).isZero();

        Run dry = run(out, root, "rollback.sh");
        assertThat(dry.exit()).as(dry.out()).isZero();
        assertThat(dry.out()).contains("would restore net.core.busy_poll to '0'", "dry run: nothing was restored");
        assertThat(root.resolve("proc/sys/net/core/busy_poll")).content().isEqualTo("50\n");

        assertThat(run(out, root, "rollback.sh", "--execute").exit()).isZero();
        assertThat(root.resolve("proc/sys/net/core/busy_poll")).content().isEqualTo("0\n");
    }

    private static Finding busyPoll() {
        return Finding.of("BUSY_POLL_OFF", "host")
                .severity("low")
                .action("sysctl-busy-poll", "key", "net.core.busy_poll", "value", "50", "current", "0")
                .build();
    }

    /** The plan is for the bundle's host: another host name stops --execute of both scripts unless --force-host. */
    @Test
    void anotherHostIsRefusedUnlessForceHost() throws Exception {
        Path root = root(Map.of("proc/sys/net/core/busy_poll", "0\n"));
        Files.writeString(root.resolve("proc/sys/kernel/hostname"), "gpu-node-18\n");
        Path out = tmp.resolve("plan");
        PlanFiles.write(plan(Map.of(), busyPoll()), out);

        Run dry = run(out, root, "apply.sh");
        assertThat(dry.exit()).isZero();
        assertThat(dry.out())
                .contains(
                        "this host's host name is 'gpu-node-18', the bundle's is 'gpu-node-17'",
                        "--execute stops here unless --force-host");
        Run refused = run(out, root, "apply.sh", "--execute");
        assertThat(refused.exit()).isEqualTo(1);
        assertThat(refused.out()).contains("the plan is for another host (--force-host to run it anyway)");
        assertThat(root.resolve("proc/sys/net/core/busy_poll")).content().isEqualTo("0\n");

        assertThat(run(out, root, "apply.sh", "--execute", "--force-host").exit())
                .isZero();
        assertThat(root.resolve("proc/sys/net/core/busy_poll")).content().isEqualTo("50\n");
        assertThat(run(out, root, "rollback.sh", "--execute").exit()).isEqualTo(1);
        assertThat(run(out, root, "rollback.sh", "--execute", "--force-host").exit())
                .isZero();
        assertThat(root.resolve("proc/sys/net/core/busy_poll")).content().isEqualTo("0\n");
    }

    /** A redacted bundle's host name is a token: the scripts compare the machine id hash the collector recorded. */
    @Test
    void aRedactedBundlesHostIsRecognisedByItsMachineId() throws Exception {
        Path root = root(
                Map.of("proc/sys/net/core/busy_poll", "0\n", "etc/machine-id", "4a7f0c2e9b1d4e8f8c3a6b5d2e1f0a9c\n"));
        Process hash = new ProcessBuilder(
                        "bash",
                        "-c",
                        "printf 'roce-doctor:%s' 4a7f0c2e9b1d4e8f8c3a6b5d2e1f0a9c | sha256sum | cut -c1-32")
                .start();
        String machine = new String(hash.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).strip();
        Diagnosis d = new Diagnosis(List.of(busyPoll()), List.of(), List.of(), List.of());
        Path out = tmp.resolve("plan");
        PlanFiles.write(
                new Planner(new ActionCatalog()).plan(d, new Snapshot("host-1", Map.of()).identified(machine, true)),
                out);
        Run same = run(out, root, "apply.sh", "--execute");
        assertThat(same.exit())
                .as("the host name gpu-node-17 is not the token host-1, and need not be: " + same.out())
                .isZero();
        assertThat(run(out, root, "rollback.sh", "--execute").exit()).isZero();

        Files.writeString(root.resolve("etc/machine-id"), "00000000000000000000000000000001\n");
        Run other = run(out, root, "apply.sh", "--execute");
        assertThat(other.exit()).isEqualTo(1);
        assertThat(other.out()).contains("machine id (the bundle was redacted", "the plan is for another host");
        assertThat(root.resolve("proc/sys/net/core/busy_poll")).content().isEqualTo("0\n");
    }

    /** A switch step changes nothing on the host: --execute says MANUAL and the summary lists it for a person. */
    @Test
    void switchStepsAreLeftForAPersonAndSaidSo() throws Exception {
        Path root = root(Map.of("proc/sys/net/core/busy_poll", "0\n"));
        Map<String, byte[]> before = contents(root);
        Path out = tmp.resolve("plan");
        PlanFiles.write(
                plan(
                        Map.of(),
                        busyPoll(),
                        Finding.of("MTU_MISMATCH", "leaf-1")
                                .severity("high")
                                .action(
                                        "switch-mtu",
                                        "switch",
                                        "leaf-1",
                                        "platform",
                                        "sonic",
                                        "switch_port",
                                        "Ethernet8",
                                        "mtu",
                                        "9216")
                                .build()),
                out);
        Run run = run(out, root, "apply.sh", "--execute", "--step", "2");
        assertThat(run.exit()).as(run.out()).isZero();
        assertThat(run.out())
                .contains(
                        "MANUAL: run on switch leaf-1 (sonic, see switch/leaf-1.txt):",
                        "    sudo config interface mtu Ethernet8 9216",
                        "left for a person (this script changed nothing for them):\n  step 2: on switch leaf-1 (switch/leaf-1.txt)");
        assertThat(contents(root)).as("a switch step changes nothing here").containsExactlyEntriesOf(before);
        assertThat(tmp.resolve("plan/state")).doesNotExist();
    }

    /** An empty plan says so, and neither the script nor the command suggests running a step. */
    @Test
    void anEmptyPlanSaysSoAndSuggestsNoStep() throws Exception {
        Path out = tmp.resolve("plan");
        PlanFiles.write(plan(Map.of()), out);
        Run dry = run(out, root(Map.of()), "apply.sh");
        assertThat(dry.exit()).isZero();
        assertThat(dry.out()).contains("nothing to do: the plan has no steps").doesNotContain("--execute", "--step");
        assertThat(out.resolve("persist")).as("nothing to persist").doesNotExist();
    }

    @Test
    void aHostileNameNeverReachesAScriptLine() throws Exception {
        List<String> hostile = List.of("eth0;reboot", "$(id)", "`id`", "eth0\nreboot", "\u0435th0");
        List<Finding> findings = new ArrayList<>();
        for (String h : hostile) {
            findings.add(Finding.of("HASH_SINGLE_PATH_CONCENTRATION", h)
                    .action("bond-xmit-hash-layer34", "bond", h, "current", "layer2+3")
                    .build());
            findings.add(Finding.of("TRUST_MODE_MISMATCH", "x")
                    .action("host-trust-dscp", "device", "ens1f0np0", "current", h)
                    .build());
        }
        findings.add(crossNuma("142"));
        Path out = tmp.resolve("plan");
        PlanFiles.write(
                plan(Map.of("/proc/irq/142/smp_affinity_list", "0-3;reboot"), findings.toArray(Finding[]::new)), out);
        for (String script : List.of("apply.sh", "rollback.sh")) {
            String text = Files.readString(out.resolve(script));
            for (String h : hostile) {
                assertThat(text).as(script).doesNotContain(h);
            }
            assertThat(text).doesNotContain(";reboot", "\nreboot");
        }
    }
}
