package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The dual-port hash and cross-NUMA fixtures through the real command line: plan files, rollback values from the bundle, plan in analyze's JSON. */
class PlanCommandTest {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path out;

    @Test
    void crossNumaPlanPinsInterruptsToTheLocalNodeAndRollsBackToTheBundlesValues() throws Exception {
        Cli cli = Cli.run("plan", "fixtures/bundles/cross-numa-irq", "--out", out.toString());
        assertThat(cli.exit()).as(cli.err()).isZero();
        // The two perftest baselines (one per RDMA device) come first, measured before anything changes.
        assertThat(cli.out()).contains("3 step(s)", "[baseline]", "[irq]", "IRQ_CROSS_NUMA");
        JsonNode step =
                YAML.readTree(out.resolve("plan.yaml").toFile()).path("steps").get(2);
        assertThat(step.path("id").asText()).isEqualTo("irq-affinity-local-numa");
        String bundled = Files.readString(Path.of("fixtures/bundles/cross-numa-irq/fs/proc/irq/142/smp_affinity_list"))
                .strip();
        List<String> rollback = new ArrayList<>();
        step.path("rollback").forEach(r -> rollback.add(r.asText()));
        assertThat(rollback).contains("echo " + bundled + " > /proc/irq/142/smp_affinity_list");
        assertThat(step.path("verify").size()).isPositive();
        assertThat(out.resolve("apply.sh")).isExecutable();
        assertThat(out.resolve("rollback.sh")).isExecutable();
    }

    @Test
    void dualPortPlanMovesTheBondToLayer34WithTheBundlesPolicyAsRollback() throws Exception {
        Cli cli = Cli.run("plan", "fixtures/bundles/dual-port-hash-concentration", "--out", out.toString());
        assertThat(cli.exit()).as(cli.err()).isZero();
        JsonNode steps = YAML.readTree(out.resolve("plan.yaml").toFile()).path("steps");
        assertThat(steps.size()).as("two perftest baselines, then the bond").isEqualTo(3);
        JsonNode bond = steps.get(2);
        assertThat(bond.path("layer").asText()).isEqualTo("transport");
        assertThat(bond.path("apply").get(0).asText())
                .isEqualTo("echo layer3+4 > /sys/class/net/bond0/bonding/xmit_hash_policy");
        assertThat(bond.path("rollback").get(0).asText())
                .isEqualTo("echo layer2+3 > /sys/class/net/bond0/bonding/xmit_hash_policy");
    }

    @Test
    void analyzeJsonCarriesThePlanSteps() throws Exception {
        Cli cli = Cli.run("analyze", "fixtures/bundles/cross-numa-irq", "--format", "json");
        assertThat(cli.exit()).as(cli.err()).isZero();
        JsonNode steps = JSON.readTree(cli.out()).path("plan").path("steps");
        assertThat(steps.size())
                .as("two perftest baselines, then the interrupts")
                .isEqualTo(3);
        JsonNode step = steps.get(2);
        for (String field :
                List.of("step", "id", "layer", "because", "apply", "verify", "rollback", "risk", "window", "manual")) {
            assertThat(step.has(field)).as(field).isTrue();
        }
        assertThat(step.has("changes"))
                .as("script internals stay out of the report")
                .isFalse();
    }

    @Test
    void aStateFolderWithRecordedChangesIsNeverOverwritten() throws Exception {
        Files.createDirectories(out.resolve("state"));
        Files.writeString(out.resolve("state/0001.key"), "s1_1\n");
        Cli cli = Cli.run("plan", "fixtures/bundles/cross-numa-irq", "--out", out.toString());
        assertThat(cli.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(cli.err()).contains("run its rollback.sh --execute first");
        assertThat(out.resolve("apply.sh")).doesNotExist();
    }

    @Test
    void outIsRefusedWhenItIsASymlinkAFileOrAFolderOfSomethingElse() throws Exception {
        Path target = Files.createDirectories(out.resolve("real"));
        Path link = Files.createSymbolicLink(out.resolve("link"), target);
        Cli viaLink = Cli.run("plan", "fixtures/bundles/cross-numa-irq", "--out", link.toString());
        assertThat(viaLink.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(viaLink.err()).contains(link + " is a symbolic link");
        assertThat(target).isEmptyDirectory();

        Path file = Files.writeString(out.resolve("file"), "x");
        Cli onFile = Cli.run("plan", "fixtures/bundles/cross-numa-irq", "--out", file.toString());
        assertThat(onFile.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(onFile.err()).contains(file + " is not a folder");

        Path foreign = Files.createDirectories(out.resolve("foreign"));
        Files.writeString(foreign.resolve("notes.txt"), "mine");
        Cli intoForeign = Cli.run("plan", "fixtures/bundles/cross-numa-irq", "--out", foreign.toString(), "--replace");
        assertThat(intoForeign.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(intoForeign.err()).contains("is not empty and holds no roce-doctor plan");
        assertThat(foreign.resolve("apply.sh")).doesNotExist();

        Cli unwritable = Cli.run("plan", "fixtures/bundles/cross-numa-irq", "--out", "/proc/roce-doctor-plan");
        assertThat(unwritable.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(unwritable.err()).startsWith("roce-doctor: ").contains("cannot write /proc/roce-doctor-plan");
    }

    /**
     * A previous plan of the same host is replaced only with --replace, which removes its files
     * (a switch/ file the new plan has not) and keeps state/; a file it did not write, or the plan
     * of another host, stops it.
     */
    @Test
    void replacingAPreviousPlanIsExplicitAndRemovesOnlyItsFiles() throws Exception {
        Path plan = out.resolve("plan");
        assertThat(Cli.run("plan", "fixtures/bundles/cross-numa-irq", "--out", plan.toString())
                        .exit())
                .isZero();
        Files.createDirectories(plan.resolve("switch"));
        Files.writeString(plan.resolve("switch/old.txt"), "of the previous plan");
        Files.writeString(
                plan.resolve(".roce-doctor-plan"), "switch/old.txt\n", java.nio.file.StandardOpenOption.APPEND);
        Files.createDirectories(plan.resolve("state"));
        Files.writeString(plan.resolve("state/sequence"), "0\n");

        Cli again = Cli.run("plan", "fixtures/bundles/cross-numa-irq", "--out", plan.toString());
        assertThat(again.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(again.err()).contains("holds a previous plan of this host: --replace replaces it");

        Cli replaced = Cli.run("plan", "fixtures/bundles/cross-numa-irq", "--out", plan.toString(), "--replace");
        assertThat(replaced.exit()).as(replaced.err()).isZero();
        assertThat(plan.resolve("switch")).doesNotExist();
        assertThat(plan.resolve("state/sequence")).as("state/ is kept").exists();
        assertThat(plan.resolve("apply.sh")).isExecutable();

        Files.writeString(plan.resolve("mine.txt"), "a person's notes");
        Cli withForeign = Cli.run("plan", "fixtures/bundles/cross-numa-irq", "--out", plan.toString(), "--replace");
        assertThat(withForeign.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(withForeign.err()).contains("holds files the previous plan did not write (mine.txt)");
        Files.delete(plan.resolve("mine.txt"));

        Cli otherHost =
                Cli.run("plan", "fixtures/bundles/dual-port-hash-concentration", "--out", plan.toString(), "--replace");
        assertThat(otherHost.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(otherHost.err()).contains("holds the plan of another host");
    }

    @Test
    void anUnreadableBundleIsBadInput() {
        Cli cli = Cli.run("plan", "no/such/bundle", "--out", out.toString());
        assertThat(cli.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(cli.err()).startsWith("roce-doctor: ");
    }
}
