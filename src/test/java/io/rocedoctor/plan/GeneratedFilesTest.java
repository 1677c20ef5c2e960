package io.rocedoctor.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.engine.Diagnosis;
import io.rocedoctor.engine.Finding;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one rule for generated files (docs/security.md): every field a bundle can put into a plan
 * (the host name, the machine id, a finding's subject, an action id, every parameter of every
 * catalog action, a snapshot value) carries every hostile class, and no generated file (plan.yaml,
 * apply.sh, rollback.sh, switch/NAME.txt, every persist/ file) holds a raw control character or the
 * hostile text; every script is valid bash, and its dry runs in a scratch folder change nothing
 * outside the fake root (no {@code evil.txt} anywhere).
 */
class GeneratedFilesTest {
    /** Each class carries a command that must never run: an injection would make evil.txt in the working folder. */
    static final Map<String, String> HOSTILE = hostile();

    private static Map<String, String> hostile() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("newline", "dbx-r2-14\ntouch evil.txt\n#");
        m.put("CR", "dbx-r2-14\rtouch evil.txt\r#");
        m.put("NUL", "dbx-r2-14\u0000touch evil.txt");
        m.put("line separator", "dbx-r2-14\u2028touch evil.txt");
        m.put("paragraph separator", "dbx-r2-14\u2029touch evil.txt");
        m.put("bidi override", "dbx-r2-14\u202etxt.live hcuot");
        m.put("bidi isolate", "dbx\u2066-r2-14\u2069");
        m.put("command substitution", "dbx-$(touch evil.txt)");
        m.put("backticks", "dbx-`touch evil.txt`");
        m.put("single quote", "dbx-'; touch evil.txt; '");
        m.put("double quote", "dbx-\"; touch evil.txt; \"");
        m.put("300 characters", "dbx-" + "r".repeat(300));
        return m;
    }

    @TempDir
    Path tmp;

    /** Every field of a plan that comes from a bundle, as a way to put a hostile value into it. */
    private static Map<String, Function<String, Plan>> fields() throws IOException {
        Map<String, Function<String, Plan>> out = new LinkedHashMap<>();
        out.put("host name", v -> plan(new Snapshot(v, Map.of()), valid()));
        out.put("host name, redacted", v -> plan(new Snapshot(v, Map.of()).identified(null, true), valid()));
        out.put("machine id", v -> plan(new Snapshot("gpu-node-17", Map.of()).identified(v, true), valid()));
        out.put(
                "finding subject",
                v -> plan(
                        snapshot(),
                        List.of(Finding.of("BUSY_POLL_OFF", v)
                                .severity("low")
                                .action("sysctl-busy-poll", "key", "net.core.busy_poll", "value", "50")
                                .build())));
        out.put(
                "action id",
                v -> plan(
                        snapshot(),
                        List.of(Finding.of("BUSY_POLL_OFF", "host")
                                .severity("low")
                                .action(v)
                                .build())));
        out.put(
                "snapshot value",
                v -> plan(
                        new Snapshot("gpu-node-17", Map.of("/proc/irq/142/smp_affinity_list", v)),
                        List.of(Finding.of("IRQ_CROSS_NUMA", "0000:3b:00")
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
                                .build())));
        for (String id : CatalogSamples.ids()) {
            ActionSpec spec = CatalogSamples.read(id);
            for (String parameter : spec.parameters().keySet()) {
                out.put(
                        id + " " + parameter,
                        v -> plan(snapshot(), List.of(CatalogSamples.proposing("F_X", "high", spec, parameter, v))));
            }
        }
        return out;
    }

    private static Snapshot snapshot() {
        return new Snapshot("gpu-node-17", Map.of());
    }

    /** A proposal of every catalog action with valid values, so every file type is written around the hostile one. */
    private static List<Finding> valid() {
        try {
            List<Finding> out = new ArrayList<>();
            for (String id : CatalogSamples.ids()) {
                out.add(CatalogSamples.proposing(
                        "F_" + id.toUpperCase().replace('-', '_'), "high", CatalogSamples.read(id)));
            }
            return out;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static Plan plan(Snapshot snapshot, List<Finding> findings) {
        return new Planner(new ActionCatalog())
                .plan(new Diagnosis(findings, List.of(), List.of(), List.of()), snapshot);
    }

    @Test
    void noFieldCarriesAHostileValueIntoAnyGeneratedFile() throws IOException {
        int files = 0;
        for (Map.Entry<String, Function<String, Plan>> field : fields().entrySet()) {
            for (Map.Entry<String, String> h : HOSTILE.entrySet()) {
                Map<String, String> rendered = PlanFiles.render(field.getValue().apply(h.getValue()));
                for (Map.Entry<String, String> f : rendered.entrySet()) {
                    String where = f.getKey() + " with a " + h.getKey() + " in the " + field.getKey();
                    assertThat(f.getValue()).as(where).matches("[\\x20-\\x7e\\n]*");
                    if (f.getKey().equals("plan.yaml")) {
                        // Only a refusal names the value, escaped and cut (ParameterType.visible).
                        assertThat(f.getValue().lines().filter(l -> l.contains("evil.txt") || l.contains("hcuot")))
                                .as(where)
                                .allMatch(l -> l.contains("reason: ") || l.contains("action: "));
                        assertThat(f.getValue()).as(where).doesNotContain("r".repeat(41));
                    } else {
                        assertThat(f.getValue()).as(where).doesNotContain("evil.txt", "hcuot", "r".repeat(41));
                    }
                    files++;
                }
            }
        }
        assertThat(files).as("every field and class rendered").isGreaterThan(HOSTILE.size() * 100);
    }

    /**
     * The plan of a bundle whose host name carries each hostile class, with every catalog action:
     * each script is valid bash, and its dry runs (apply.sh, rollback.sh, persist.sh, persist.sh
     * --remove) in a scratch folder leave everything outside the fake root as it was.
     */
    @Test
    void theDryRunsOfAHostileHostsPlanChangeNothingOutsideTheirRoot() throws Exception {
        for (Map.Entry<String, String> h : HOSTILE.entrySet()) {
            Path scratch = Files.createDirectories(tmp.resolve(h.getKey().replace(' ', '-')));
            Path out = scratch.resolve("plan");
            Path root = Files.createDirectories(scratch.resolve("root/proc/sys/kernel"))
                    .getParent()
                    .getParent()
                    .getParent();
            Files.writeString(root.resolve("proc/sys/kernel/hostname"), "gpu-node-17\n");
            PlanFiles.write(plan(new Snapshot(h.getValue(), Map.of()), valid()), out);
            Map<String, byte[]> before = ShellScriptsTest.contents(scratch);
            List<Path> scripts;
            try (Stream<Path> all = Files.walk(out)) {
                scripts = all.filter(p -> p.toString().endsWith(".sh")).sorted().toList();
            }
            assertThat(scripts).hasSize(4);
            for (Path script : scripts) {
                Process check = new ProcessBuilder("bash", "-n", script.toString())
                        .redirectErrorStream(true)
                        .start();
                String said = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertThat(check.waitFor()).as(script + ": " + said).isZero();
            }
            // One bash runs every dry run; the boot script is not run: it acts by design, and only at boot.
            ProcessBuilder pb = new ProcessBuilder(
                            "bash",
                            "-c",
                            "bash plan/apply.sh; bash plan/rollback.sh;"
                                    + " bash plan/persist/persist.sh; bash plan/persist/persist.sh --remove; true")
                    .directory(scratch.toFile())
                    .redirectErrorStream(true);
            pb.environment().put("ROCE_DOCTOR_ROOT", root.toString());
            // No real systemctl, nmcli or udevadm is asked anything: a dry run only says what it would run.
            pb.environment().put("PATH", "/usr/bin:/bin");
            Process dry = pb.start();
            String said = new String(dry.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(dry.waitFor()).isZero();
            assertThat(said)
                    .as(h.getKey())
                    .contains(
                            "dry run: nothing was changed",
                            "dry run: nothing was installed",
                            "dry run: nothing was removed",
                            "the bundle records no host name to check this host against");
            Map<String, byte[]> after = ShellScriptsTest.contents(scratch);
            after.keySet().removeIf(k -> k.startsWith("root/"));
            before.keySet().removeIf(k -> k.startsWith("root/"));
            assertThat(after.keySet()).as(h.getKey()).containsExactlyElementsOf(before.keySet());
            assertThat(after.keySet()).noneMatch(k -> k.contains("evil"));
        }
    }
}
