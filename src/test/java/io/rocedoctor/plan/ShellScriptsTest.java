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

    private record Run(int exit, String out) {
    }

    private static Plan plan(Map<String, String> snapshot, Finding... findings) {
        return new Planner(new ActionCatalog()).plan(new Diagnosis(List.of(findings), List.of(), List.of(), List.of()),
                new Snapshot("gpu-node-17", snapshot));
    }

    private static Finding crossNuma(String irqs) {
        return Finding.of("IRQ_CROSS_NUMA", "0000:3b:00").severity("high").action("irq-affinity-local-numa", "nic", "0000:3b:00",
                "device", "ens1f0np0", "irqs", irqs, "cpus", "24-31").build();
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
        List<String> command = new ArrayList<>(List.of("bash", plan.resolve(script).toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("ROCE_DOCTOR_ROOT", root.toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Run(p.waitFor(), out);
    }

    private static Map<String, byte[]> contents(Path root) throws IOException {
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
        PlanFiles.write(plan(Map.of(), Finding.of("ECN_DISABLED_ON_ROCE_PRIO", "bnxt_re0").severity("high")
                .action("bnxt-re-ecn-enable", "ibdev", "bnxt_re0", "port", "1", "current", "0").build()), out);

        Run dry = run(out, tmp.resolve("root"), "apply.sh");
        assertThat(dry.exit()).as(dry.out()).isZero();
        assertThat(dry.out()).contains("cannot read the live value here; would set it to '0x1'", "dry run: nothing was changed");
        assertThat(driver).as("a dry run makes no configfs folder").isEmptyDirectory();

        // The driver makes ports/1/cc with the device folder; the stand-in root has them already.
        Path cc = Files.createDirectories(driver.resolve("bnxt_re0/ports/1/cc"));
        Files.writeString(cc.resolve("ecn_enable"), "0\n");
        Run apply = run(out, tmp.resolve("root"), "apply.sh", "--execute");
        assertThat(apply.exit()).as(apply.out()).isZero();
        assertThat(Files.readString(cc.resolve("ecn_enable"))).isEqualTo("0x1");
        assertThat(Files.readString(cc.resolve("apply"))).isEqualTo("0x1");

        Run rollback = run(out, tmp.resolve("root"), "rollback.sh", "--execute");
        assertThat(rollback.exit()).as(rollback.out()).isZero();
        assertThat(Files.readString(cc.resolve("ecn_enable"))).isEqualTo("0");
    }

    @Test
    void applyThenRollbackLeavesEveryFileByteIdentical() throws Exception {
        Path root = root(Map.of("proc/irq/142/smp_affinity_list", "0-3\n", "proc/irq/143/smp_affinity_list", "2\n",
                "sys/class/net/bond0/bonding/xmit_hash_policy", "layer2+3\n"));
        Map<String, byte[]> before = contents(root);
        Path out = tmp.resolve("plan");
        PlanFiles.write(plan(Map.of("/proc/irq/142/smp_affinity_list", "0-3", "/proc/irq/143/smp_affinity_list", "2"),
                crossNuma("142,143"),
                Finding.of("HASH_SINGLE_PATH_CONCENTRATION", "bond0").severity("critical")
                        .action("bond-xmit-hash-layer34", "bond", "bond0", "current", "layer2+3").build()), out);

        Run dry = run(out, root, "apply.sh");
        assertThat(dry.exit()).as(dry.out()).isZero();
        assertThat(dry.out()).contains("would set /proc/irq/142/smp_affinity_list: '0-3' -> '24-31'", "dry run");
        assertThat(contents(root)).as("a dry run changes nothing").containsExactlyEntriesOf(before);

        Run apply = run(out, root, "apply.sh", "--execute");
        assertThat(apply.exit()).as(apply.out()).isZero();
        assertThat(Files.readString(root.resolve("proc/irq/143/smp_affinity_list"))).isEqualTo("24-31\n");
        assertThat(Files.readString(root.resolve("sys/class/net/bond0/bonding/xmit_hash_policy"))).isEqualTo("layer3+4\n");
        assertThat(apply.out()).contains("(verified)", "verify:", "measure:");

        Run rollback = run(out, root, "rollback.sh", "--execute");
        assertThat(rollback.exit()).as(rollback.out()).isZero();
        assertThat(rollback.out().indexOf("restored xmit_hash_policy of bond0"))
                .as("newest first").isLessThan(rollback.out().indexOf("restored /proc/irq/142/smp_affinity_list"));
        assertThat(contents(root)).containsExactlyEntriesOf(before);
    }

    @Test
    void aLiveValueThatDiffersFromTheSnapshotStopsTheRunUnlessForced() throws Exception {
        Path root = root(Map.of("proc/irq/142/smp_affinity_list", "8-11\n"));
        Path out = tmp.resolve("plan");
        PlanFiles.write(plan(Map.of("/proc/irq/142/smp_affinity_list", "0-3"), crossNuma("142")), out);

        Run refused = run(out, root, "apply.sh", "--execute");
        assertThat(refused.exit()).isEqualTo(1);
        assertThat(refused.out()).contains("is '8-11' now but was '0-3' in the snapshot");
        assertThat(Files.readString(root.resolve("proc/irq/142/smp_affinity_list"))).isEqualTo("8-11\n");

        Run forced = run(out, root, "apply.sh", "--execute", "--force");
        assertThat(forced.exit()).as(forced.out()).isZero();
        assertThat(run(out, root, "rollback.sh", "--execute").exit()).isZero();
        assertThat(Files.readString(root.resolve("proc/irq/142/smp_affinity_list"))).as("the live value, not the snapshot's")
                .isEqualTo("8-11\n");
    }

    @Test
    void stepRunsOneStepAndTheFirstFailureStopsTheRest() throws Exception {
        Path root = root(Map.of("proc/irq/142/smp_affinity_list", "0-3\n", "proc/sys/net/core/busy_poll", "0\n"));
        Path out = tmp.resolve("plan");
        Finding busyPoll = Finding.of("BUSY_POLL_OFF", "host").severity("low")
                .action("sysctl-busy-poll", "key", "net.core.busy_poll", "value", "50", "current", "0").build();
        Finding missingIrq = crossNuma("142,999");
        PlanFiles.write(plan(Map.of(), missingIrq, busyPoll), out);

        Run second = run(out, root, "apply.sh", "--execute", "--step", "2");
        assertThat(second.exit()).as(second.out()).isZero();
        assertThat(Files.readString(root.resolve("proc/sys/net/core/busy_poll"))).isEqualTo("50\n");
        assertThat(second.out()).doesNotContain("step 1 ");
        assertThat(run(out, root, "rollback.sh", "--execute").exit()).isZero();

        Run all = run(out, root, "apply.sh", "--execute");
        assertThat(all.exit()).isEqualTo(1);
        assertThat(all.out()).contains("cannot read /proc/irq/999/smp_affinity_list").doesNotContain("step 2 ");
        assertThat(Files.readString(root.resolve("proc/sys/net/core/busy_poll"))).as("step 2 never ran").isEqualTo("0\n");
        assertThat(run(out, root, "rollback.sh", "--execute").exit()).isZero();
        assertThat(Files.readString(root.resolve("proc/irq/142/smp_affinity_list"))).isEqualTo("0-3\n");
    }

    @Test
    void theScriptsOfEveryCatalogActionAreValidBash() throws Exception {
        List<Finding> findings = new ArrayList<>();
        for (String id : CatalogSamples.ids()) {
            ActionSpec spec = CatalogSamples.read(id);
            findings.add(CatalogSamples.proposing("F_" + id.toUpperCase().replace('-', '_'), "high", spec));
            if (spec.switchSide()) {
                findings.add(CatalogSamples.proposing("F_" + id.toUpperCase().replace('-', '_'), "high", spec,
                        "platform", "nvue", "switch", "spine-1"));
            }
        }
        Plan plan = plan(Map.of(), findings.toArray(Finding[]::new));
        assertThat(plan.refusals()).isEmpty();
        Path out = tmp.resolve("plan");
        PlanFiles.write(plan, out);
        for (String script : List.of("apply.sh", "rollback.sh")) {
            Process p = new ProcessBuilder("bash", "-n", out.resolve(script).toString()).redirectErrorStream(true).start();
            String err = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor()).as(script + ": " + err).isZero();
        }
        assertThat(out.resolve("switch/leaf-1.txt")).content().contains("(sonic)", "# rollback");
        assertThat(out.resolve("switch/spine-1.txt")).content().contains("(nvue)", "nv config apply");
        Run dry = run(out, root(Map.of()), "apply.sh");
        assertThat(dry.exit()).as(dry.out()).isZero();
        assertThat(dry.out()).contains("dry run: nothing was changed");
    }

    @Test
    void aHostileNameNeverReachesAScriptLine() throws Exception {
        List<String> hostile = List.of("eth0;reboot", "$(id)", "`id`", "eth0\nreboot", "\u0435th0");
        List<Finding> findings = new ArrayList<>();
        for (String h : hostile) {
            findings.add(Finding.of("HASH_SINGLE_PATH_CONCENTRATION", h).action("bond-xmit-hash-layer34", "bond", h,
                    "current", "layer2+3").build());
            findings.add(Finding.of("TRUST_MODE_MISMATCH", "x").action("host-trust-dscp", "device", "ens1f0np0", "current", h).build());
        }
        findings.add(crossNuma("142"));
        Path out = tmp.resolve("plan");
        PlanFiles.write(plan(Map.of("/proc/irq/142/smp_affinity_list", "0-3;reboot"), findings.toArray(Finding[]::new)), out);
        for (String script : List.of("apply.sh", "rollback.sh")) {
            String text = Files.readString(out.resolve(script));
            for (String h : hostile) {
                assertThat(text).as(script).doesNotContain(h);
            }
            assertThat(text).doesNotContain(";reboot", "\nreboot");
        }
    }
}
