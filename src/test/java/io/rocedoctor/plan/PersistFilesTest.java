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
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * persist/: the files that keep a plan's host changes after a reboot, and persist.sh, run for real
 * against a fake root with nmcli, systemctl and udevadm stand-ins on the PATH that log their calls.
 */
class PersistFilesTest {
    @TempDir
    Path tmp;

    private Path root;
    private Path out;
    private Path calls;

    private record Run(int exit, String out) {}

    private Plan plan;

    private static final List<Finding> FINDINGS = List.of(
            Finding.of("BUSY_POLL_OFF", "host")
                    .severity("low")
                    .action("sysctl-busy-poll", "key", "net.core.busy_poll", "value", "50", "current", "0")
                    .build(),
            Finding.of("RX_BUFFER_EXHAUSTED", "ens1f0np0")
                    .severity("medium")
                    .action("rings-rx-size", "device", "ens1f0np0", "rx", "4096", "current", "1024")
                    .build(),
            Finding.of("RX_BUFFER_EXHAUSTED", "eth-1")
                    .severity("medium")
                    .action("rings-rx-size", "device", "eth-1", "rx", "2048", "current", "1024")
                    .build(),
            Finding.of("IRQ_CROSS_NUMA", "0000:3b:00")
                    .severity("high")
                    .action(
                            "irq-affinity-local-numa",
                            "nic",
                            "0000:3b:00",
                            "device",
                            "ens1f0np0",
                            "irqs",
                            "142",
                            "cpus",
                            "24-31")
                    .build(),
            Finding.of("ROCE_LAG_QUEUE_AFFINITY", "mlx5_bond_0")
                    .severity("medium")
                    .action("roce-lag-hash", "ibdev", "mlx5_bond_0", "current", "queue_affinity")
                    .build());

    @BeforeEach
    void planAndFakeTools() throws Exception {
        root = Files.createDirectories(tmp.resolve("root"));
        Files.createDirectories(root.resolve("proc/sys/kernel"));
        Files.writeString(root.resolve("proc/sys/kernel/hostname"), "gpu-node-17\n");
        out = tmp.resolve("plan");
        plan = new Planner(new ActionCatalog())
                .plan(
                        new Diagnosis(FINDINGS, List.of(), List.of(), List.of()),
                        new Snapshot(
                                "gpu-node-17",
                                Map.of(
                                        "/proc/irq/142/smp_affinity_list",
                                        "0-3",
                                        "/proc/interrupts IRQ 142",
                                        "mlx5_comp0@pci:0000:3b:00.0")));
        PlanFiles.write(plan, out);
        calls = tmp.resolve("calls");
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        // NetworkManager manages ens1f0np0 (connection "uplink", ring-rx 1024) and not eth-1.
        tool(bin, "nmcli", """
                printf 'nmcli %s\\n' "$*" >> "$CALLS"
                case "$*" in
                    "-g GENERAL.CONNECTION device show ens1f0np0") echo uplink ;;
                    "-g GENERAL.CONNECTION device show "*) echo "" ;;
                    "-g ethtool.ring-rx connection show uplink") echo 1024 ;;
                esac
                """);
        tool(bin, "systemctl", """
                printf 'systemctl %s\\n' "$*" >> "$CALLS"
                if [ "$1" = is-enabled ]; then echo enabled; fi
                """);
        tool(bin, "udevadm", "printf 'udevadm %s\\n' \"$*\" >> \"$CALLS\"\n");
    }

    /**
     * The state apply.sh --execute leaves after running {@code steps} (every step when none is given):
     * one record per change, under the plan's id; persist.sh keeps those steps only.
     */
    private void applied(int... steps) throws IOException {
        Path state = Files.createDirectories(out.resolve("state"));
        java.util.regex.Matcher id = java.util.regex.Pattern.compile("(?m)^PLAN='?([^'\n]+)'?$")
                .matcher(Files.readString(out.resolve("apply.sh")));
        assertThat(id.find()).isTrue();
        Files.writeString(state.resolve("plan"), id.group(1) + "\n");
        int seq = 0;
        for (Plan.Step step : plan.steps()) {
            if (steps.length > 0 && java.util.Arrays.stream(steps).noneMatch(n -> n == step.step())) {
                continue;
            }
            for (int i = 0; i < step.changes().size(); i++) {
                String base = String.format("%04d", ++seq);
                Files.writeString(state.resolve(base + ".key"), ShellScripts.key(step, i) + "\n");
                Files.writeString(
                        state.resolve(base + ".name"), step.changes().get(i).name() + "\n");
            }
        }
    }

    /** What persist.sh --execute leaves for the boot script when it kept every step. */
    private void keptAtBoot() throws IOException {
        Files.createDirectories(root.resolve("etc/roce-doctor"));
        StringBuilder steps = new StringBuilder();
        plan.steps().forEach(st -> steps.append(st.step()).append('\n'));
        Files.writeString(root.resolve("etc/roce-doctor/steps"), steps);
    }

    /** IRQ {@code n} of the fake root, its handler's folder {@code handler} (as /proc/irq/N/ holds it), on CPUs 0-3. */
    private void irq(int n, String handler) throws IOException {
        Files.createDirectories(root.resolve("proc/irq/" + n + "/" + handler));
        Files.writeString(root.resolve("proc/irq/" + n + "/smp_affinity_list"), "0-3\n");
    }

    private int stepOf(String action) {
        return plan.steps().stream()
                .filter(st -> st.id().equals(action))
                .findFirst()
                .orElseThrow()
                .step();
    }

    private static void tool(Path bin, String name, String body) throws IOException {
        Path f = bin.resolve(name);
        Files.writeString(f, "#!/usr/bin/env bash\n" + body);
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private Run run(String script, String... args) throws IOException, InterruptedException {
        List<String> command =
                new ArrayList<>(List.of("bash", out.resolve(script).toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb =
                new ProcessBuilder(command).redirectErrorStream(true).directory(tmp.toFile());
        pb.environment().put("ROCE_DOCTOR_ROOT", root.toString());
        pb.environment().put("CALLS", calls.toString());
        pb.environment().put("PATH", tmp.resolve("bin") + ":" + System.getenv("PATH"));
        Process p = pb.start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Run(p.waitFor(), text);
    }

    private List<String> installed() throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(Files::isRegularFile)
                    .map(f -> "/" + root.relativize(f))
                    .filter(f -> !f.startsWith("/proc/"))
                    .sorted()
                    .toList();
        }
    }

    private String calls() throws IOException {
        return Files.exists(calls) ? Files.readString(calls) : "";
    }

    @Test
    void eachSettingPersistsInTheFormTheHostUses() throws IOException {
        assertThat(out.resolve("persist/sysctl.d/90-roce-doctor.conf"))
                .content()
                .endsWith("\nnet.core.busy_poll = 50\n");
        // A device name with '-' is escaped in the unit instance as systemd-escape does.
        assertThat(out.resolve("persist/udev/90-roce-doctor.rules"))
                .content()
                .contains(
                        "ACTION==\"add\", SUBSYSTEM==\"net\", KERNEL==\"ens1f0np0\", TAG+=\"systemd\","
                                + " ENV{SYSTEMD_WANTS}+=\"roce-doctor-persist@ens1f0np0.service\"",
                        "KERNEL==\"eth-1\", TAG+=\"systemd\", ENV{SYSTEMD_WANTS}+=\"roce-doctor-persist@eth\\x2d1.service\"");
        assertThat(out.resolve("persist/systemd/roce-doctor-persist@.service"))
                .content()
                .contains("Type=oneshot", "ExecStart=/usr/local/libexec/roce-doctor/boot.sh %I");
        assertThat(out.resolve("persist/systemd/roce-doctor-persist.service"))
                .as("no host-wide boot setting")
                .doesNotExist();
        String yaml = Files.readString(out.resolve("plan.yaml"));
        assertThat(yaml)
                .contains(
                        "/etc/sysctl.d/90-roce-doctor.conf: net.core.busy_poll = 50 (persist/persist.sh --execute installs it)",
                        "where NetworkManager manages ens1f0np0: conn=$(nmcli -g GENERAL.CONNECTION device show ens1f0np0); nmcli connection modify \\\"$conn\\\" ethtool.ring-rx 4096",
                        "nothing is installed: the LAG port selection mode is read when the LAG forms");
        assertThat(PersistFiles.instance("ib0:1")).isEqualTo("ib0:1");
        assertThat(PersistFiles.instance(".x@y")).isEqualTo("\\x2ex\\x40y");
    }

    @Test
    void theDryRunListsEachFileAndWhereAndInstallsNothing() throws Exception {
        applied();
        Run dry = run("persist/persist.sh");
        assertThat(dry.exit()).as(dry.out()).isZero();
        assertThat(dry.out())
                .contains(
                        "would install persist/sysctl.d/90-roce-doctor.conf as " + root
                                + "/etc/sysctl.d/90-roce-doctor.conf",
                        "would install persist/roce-doctor-boot.sh as " + root
                                + "/usr/local/libexec/roce-doctor/boot.sh",
                        "would install persist/systemd/roce-doctor-persist@.service as " + root
                                + "/etc/systemd/system/roce-doctor-persist@.service",
                        "would install persist/udev/90-roce-doctor.rules as " + root
                                + "/etc/udev/rules.d/90-roce-doctor.rules",
                        "would run: nmcli connection modify 'uplink' ethtool.ring-rx 4096",
                        "eth-1: no NetworkManager connection: the boot unit sets it",
                        "dry run: nothing was installed");
        assertThat(installed()).isEmpty();
        assertThat(calls())
                .as("a dry run only asks nmcli which connection manages a device")
                .doesNotContain("modify", "systemctl", "udevadm");
    }

    @Test
    void executeInstallsAndRemoveUndoesItAll() throws Exception {
        applied();
        Run install = run("persist/persist.sh", "--execute");
        assertThat(install.exit()).as(install.out()).isZero();
        assertThat(installed())
                .containsExactly(
                        "/etc/roce-doctor/nm-devices",
                        "/etc/roce-doctor/nmcli/ens1f0np0.ethtool.ring-rx",
                        "/etc/roce-doctor/steps",
                        "/etc/sysctl.d/90-roce-doctor.conf",
                        "/etc/systemd/system/roce-doctor-persist@.service",
                        "/etc/udev/rules.d/90-roce-doctor.rules",
                        "/usr/local/libexec/roce-doctor/boot.sh");
        assertThat(root.resolve("etc/roce-doctor/nmcli/ens1f0np0.ethtool.ring-rx"))
                .content()
                .isEqualTo("1024\n");
        assertThat(calls())
                .contains(
                        "nmcli connection modify uplink ethtool.ring-rx 4096",
                        "systemctl daemon-reload",
                        "udevadm control --reload");
        assertThat(Files.isExecutable(root.resolve("usr/local/libexec/roce-doctor/boot.sh")))
                .isTrue();

        Run remove = run("persist/persist.sh", "--remove", "--execute");
        assertThat(remove.exit()).as(remove.out()).isZero();
        assertThat(installed()).isEmpty();
        assertThat(calls()).contains("nmcli connection modify uplink ethtool.ring-rx 1024");
    }

    /**
     * The boot script repeats a device's writes with apply.sh's writers; a setting NetworkManager
     * keeps (persist.sh listed the device) is left to it, so the ring goes unset here while the IRQ is set.
     */
    @Test
    void theBootScriptSetsOneDevicesSettingsAndLeavesNetworkManagersToIt() throws Exception {
        keptAtBoot();
        irq(142, "mlx5_comp0@pci:0000:3b:00.0");
        Files.writeString(root.resolve("etc/roce-doctor/nm-devices"), "ens1f0np0\n");
        tool(tmp.resolve("bin"), "ethtool", "printf 'ethtool %s\\n' \"$*\" >> \"$CALLS\"\n");
        Run boot = run("persist/roce-doctor-boot.sh", "ens1f0np0");
        assertThat(boot.exit()).as(boot.out()).isZero();
        // One IRQ to one CPU of the node: the step spreads the listed IRQs over the listed CPUs.
        assertThat(root.resolve("proc/irq/142/smp_affinity_list")).content().isEqualTo("24\n");
        assertThat(calls()).as("NetworkManager keeps the ring of ens1f0np0").doesNotContain("ethtool");

        Run other = run("persist/roce-doctor-boot.sh", "eth-1");
        assertThat(other.exit()).as(other.out()).isZero();
        assertThat(calls()).contains("ethtool -G eth-1 rx 2048");
        assertThat(root.resolve("proc/irq/142/smp_affinity_list"))
                .as("another device's settings")
                .content()
                .isEqualTo("24\n");
    }

    /** What is persisted is what was applied: a step apply.sh did not run, or rollback.sh undid, stays out of every file. */
    @Test
    void onlyTheStepsAppliedAndNotRolledBackAreKept() throws Exception {
        applied(stepOf("sysctl-busy-poll"));
        Run install = run("persist/persist.sh", "--execute");
        assertThat(install.exit()).as(install.out()).isZero();
        assertThat(root.resolve("etc/sysctl.d/90-roce-doctor.conf")).content().contains("net.core.busy_poll = 50");
        assertThat(calls()).as("the ring step was not applied").doesNotContain("modify");
        assertThat(install.out()).contains("not applied here (apply.sh --execute --step " + stepOf("rings-rx-size"));
        assertThat(root.resolve("etc/roce-doctor/steps")).content().isEqualTo(stepOf("sysctl-busy-poll") + "\n");

        irq(142, "mlx5_comp0@pci:0000:3b:00.0");
        Run boot = run("persist/roce-doctor-boot.sh", "ens1f0np0");
        assertThat(boot.exit()).as(boot.out()).isZero();
        assertThat(root.resolve("proc/irq/142/smp_affinity_list"))
                .as("the IRQ step was not applied")
                .content()
                .isEqualTo("0-3\n");
    }

    @Test
    void withNothingAppliedExecuteInstallsNothingAndSaysWhy() throws Exception {
        Run install = run("persist/persist.sh", "--execute");
        assertThat(install.exit()).as(install.out()).isZero();
        assertThat(install.out()).contains("no step of this plan is applied here", "run apply.sh --execute first");
        assertThat(installed()).isEmpty();
    }

    @Test
    void theStateOfAnotherPlanKeepsNothing() throws Exception {
        applied();
        Files.writeString(out.resolve("state/plan"), "another-plan\n");
        Run install = run("persist/persist.sh", "--execute");
        assertThat(install.out()).contains("no step of this plan is applied here");
        assertThat(installed()).isEmpty();
    }

    /** IRQ numbers are given at driver probe: after a reboot the boot script finds the NIC's IRQ by its handler's name. */
    @Test
    void theBootScriptFindsARenumberedIrqByItsHandlerAndLeavesTheOldNumberAlone() throws Exception {
        keptAtBoot();
        irq(142, "nvme0q3");
        irq(97, "mlx5_comp0@pci:0000:3b:00.0");
        Files.writeString(root.resolve("etc/roce-doctor/nm-devices"), "ens1f0np0\n");
        Run boot = run("persist/roce-doctor-boot.sh", "ens1f0np0");
        assertThat(boot.exit()).as(boot.out()).isZero();
        assertThat(root.resolve("proc/irq/97/smp_affinity_list")).content().isEqualTo("24\n");
        assertThat(root.resolve("proc/irq/142/smp_affinity_list"))
                .as("now another device's IRQ")
                .content()
                .isEqualTo("0-3\n");
    }

    @Test
    void theBootScriptSaysSoWhenTheIrqsHandlerIsGone() throws Exception {
        keptAtBoot();
        irq(142, "nvme0q3");
        Files.writeString(root.resolve("etc/roce-doctor/nm-devices"), "ens1f0np0\n");
        Run boot = run("persist/roce-doctor-boot.sh", "ens1f0np0");
        assertThat(boot.exit()).as(boot.out()).isEqualTo(1);
        assertThat(boot.out()).contains("not found by name now, left alone");
        assertThat(root.resolve("proc/irq/142/smp_affinity_list")).content().isEqualTo("0-3\n");
    }

    @Test
    void aPersistEntryThatCannotBeInstalledIsACatalogError() {
        Map<String, String> params = Map.of("device", "interface", "key", "sysctl-key", "rx", "integer");
        assertThat(new Persist("sysctl", "key", null, null, null, null, null).problems(params))
                .isEmpty();
        assertThat(new Persist("sysctl", null, null, null, null, null, null).problems(params))
                .anyMatch(p -> p.contains("key (the sysctl-key parameter)"));
        assertThat(new Persist("sysctl", "rx", null, null, null, null, null).problems(params))
                .anyMatch(p -> p.contains("key must name a parameter of type sysctl-key"));
        assertThat(new Persist("nmcli", null, "device", null, "ethtool.ring-rx", null, null).problems(params))
                .isEmpty();
        assertThat(new Persist("nmcli", null, "device", null, "ethtool.ring-rx; reboot", null, null).problems(params))
                .anyMatch(p -> p.contains("property"));
        assertThat(new Persist("nmcli", null, null, null, "ethtool.ring-rx", null, null).problems(params))
                .anyMatch(p -> p.contains("needs the device"));
        assertThat(new Persist("udev", null, null, null, null, null, null).problems(params))
                .anyMatch(p -> p.contains("how udev is not one of"));
        assertThat(new Persist("none", null, null, null, null, null, null).problems(params))
                .anyMatch(p -> p.contains("needs why"));
    }
}
