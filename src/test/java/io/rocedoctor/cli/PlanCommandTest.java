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

/** The seed's two cases through the real command line: plan files, rollback values from the bundle, plan in analyze's JSON. */
class PlanCommandTest {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path out;

    @Test
    void crossNumaPlanPinsInterruptsToTheLocalNodeAndRollsBackToTheBundlesValues() throws Exception {
        Cli cli = Cli.run("plan", "fixtures/bundles/cross-numa-irq", "--out", out.toString());
        assertThat(cli.exit()).as(cli.err()).isZero();
        assertThat(cli.out()).contains("1 step(s)", "[irq]", "IRQ_CROSS_NUMA");
        JsonNode step = YAML.readTree(out.resolve("plan.yaml").toFile()).path("steps").get(0);
        assertThat(step.path("id").asText()).isEqualTo("irq-affinity-local-numa");
        String bundled = Files.readString(Path.of("fixtures/bundles/cross-numa-irq/fs/proc/irq/142/smp_affinity_list")).strip();
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
        assertThat(steps.size()).isEqualTo(1);
        assertThat(steps.get(0).path("layer").asText()).isEqualTo("transport");
        assertThat(steps.get(0).path("apply").get(0).asText())
                .isEqualTo("echo layer3+4 > /sys/class/net/bond0/bonding/xmit_hash_policy");
        assertThat(steps.get(0).path("rollback").get(0).asText())
                .isEqualTo("echo layer2+3 > /sys/class/net/bond0/bonding/xmit_hash_policy");
    }

    @Test
    void analyzeJsonCarriesThePlanSteps() throws Exception {
        Cli cli = Cli.run("analyze", "fixtures/bundles/cross-numa-irq", "--format", "json");
        assertThat(cli.exit()).as(cli.err()).isZero();
        JsonNode steps = JSON.readTree(cli.out()).path("plan").path("steps");
        assertThat(steps.size()).isEqualTo(1);
        JsonNode step = steps.get(0);
        for (String field : List.of("step", "id", "layer", "because", "apply", "verify", "rollback", "risk", "window", "manual")) {
            assertThat(step.has(field)).as(field).isTrue();
        }
        assertThat(step.has("changes")).as("script internals stay out of the report").isFalse();
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
    void anUnreadableBundleIsBadInput() {
        Cli cli = Cli.run("plan", "no/such/bundle", "--out", out.toString());
        assertThat(cli.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(cli.err()).startsWith("roce-doctor: ");
    }
}
