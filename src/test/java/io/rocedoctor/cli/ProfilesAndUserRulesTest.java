package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocedoctor.engine.Profile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Profiles (built-in and a user's file) and user rules (--rules DIR), end to end through the CLI. */
class ProfilesAndUserRulesTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String STORM = "fixtures/bundles/pfc-storm-ecn-off";

    @TempDir
    Path dir;

    private static JsonNode analyze(String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of("analyze", "--format", "json"));
        all.addAll(List.of(args));
        Cli cli = Cli.run(all.toArray(String[]::new));
        assertThat(cli.exit()).as(cli.err()).isZero();
        return JSON.readTree(cli.out());
    }

    private static List<String> findings(JsonNode report) {
        List<String> out = new ArrayList<>();
        report.path("findings")
                .forEach(f -> out.add(f.path("id").asText() + "@"
                        + f.path("subject").asText() + ":" + f.path("severity").asText()));
        return out;
    }

    @Test
    void aUsersProfileFileChangesThresholdsAndSeverities() throws Exception {
        Path file = dir.resolve("strict-ecn.yaml");
        Files.writeString(file, """
                name: strict-ecn
                description: pause storms only above 80%, PFC dominating ECN is critical here
                thresholds:
                  pause.stormShare: 0.80
                severities:
                  PFC_DOMINATES_ECN: critical
                """);
        List<String> ids = findings(analyze(STORM, "--profile", file.toString()));
        assertThat(ids)
                .contains("PFC_DOMINATES_ECN@ens1f0np0:critical", "ECN_DISABLED_ON_ROCE_PRIO@ens1f0np0:high")
                .noneMatch(f -> f.startsWith("PAUSE_STORM")); // 70% paused: under this profile's 80%
        assertThat(findings(analyze(STORM))).contains("PAUSE_STORM@ens1f0np0:critical");
    }

    @Test
    void anUnknownThresholdInAUsersProfileIsAClearError() throws Exception {
        Path file = dir.resolve("typo.yaml");
        Files.writeString(file, "thresholds:\n  pause.stromShare: 0.2\n");
        Cli cli = Cli.run("analyze", STORM, "--profile", file.toString());
        assertThat(cli.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(cli.err()).contains("unknown threshold 'pause.stromShare'").contains("pause.stormShare");
    }

    @Test
    void auditJudgesConfigurationOnlyAndListsCounterRulesAsNotEvaluated() throws Exception {
        JsonNode r = analyze(STORM, "--profile", "audit");
        assertThat(findings(r))
                .containsExactlyInAnyOrder(
                        "ECN_DISABLED_ON_ROCE_PRIO@ens1f0np0:high",
                        "ECN_DISABLED_ON_ROCE_PRIO@ens1f1np1:high",
                        "BASELINE_MISSING@storage-node-07:info");
        List<String> skipped = new ArrayList<>();
        r.path("notEvaluated").forEach(n -> {
            if (n.path("reason").asText().contains("configuration rules only")) {
                skipped.add(n.path("rule").asText());
            }
        });
        assertThat(skipped)
                .contains("PAUSE_STORM", "PFC_DOMINATES_ECN", "CNP_LOOP_BROKEN", "HOST_ORIGINATED_PAUSE")
                .doesNotContain("ECN_DISABLED_ON_ROCE_PRIO", "PFC_NOT_ON_ROCE_PRIO");
    }

    @Test
    void aHealthyBundleHasNoFindingAboveInfoUnderEveryProfile() throws Exception {
        for (String profile : Profile.BUILT_IN) {
            assertThat(analyze("fixtures/bundles/healthy", "--profile", profile).path("findings"))
                    .as(profile)
                    .allSatisfy(f -> assertThat(f.path("severity").asText()).isEqualTo("info"));
        }
    }

    @Test
    void aUserRuleFiresBesideTheBuiltInOnes() throws Exception {
        Path rules = Files.createDirectories(dir.resolve("rules"));
        Files.writeString(rules.resolve("site.drl"), """
                package site.rules;
                import io.rocedoctor.engine.Finding;
                import io.rocedoctor.facts.Port;

                rule "SITE_JUMBO_MTU_REQUIRED"
                when
                    $p : Port( mtu != null, mtu < 9000 )
                then
                    insertLogical(Finding.of("SITE_JUMBO_MTU_REQUIRED", $p.name()).confirmed()
                        .evidence("/sys/class/net/" + $p.name() + "/mtu", $p.mtu(), "site policy: jumbo frames").build());
                end
                """);
        Path bundle = dir.resolve("b");
        Cli.copyTree(Path.of(STORM), bundle);
        Files.writeString(bundle.resolve("fs/sys/class/net/ens1f1np1/mtu"), "1500\n");
        assertThat(findings(analyze(bundle.toString(), "--rules", rules.toString())))
                .contains(
                        "SITE_JUMBO_MTU_REQUIRED@ens1f1np1:info",
                        "PAUSE_STORM@ens1f0np0:critical",
                        "PFC_DOMINATES_ECN@ens1f0np0:high")
                .noneMatch(f -> f.startsWith("SITE_JUMBO_MTU_REQUIRED@ens1f0np0"));
    }

    @Test
    void aUserRuleNamedLikeABuiltInOneReplacesIt() throws Exception {
        Path rules = Files.createDirectories(dir.resolve("rules"));
        Files.writeString(rules.resolve("override.drl"), """
                package site.rules;
                import io.rocedoctor.engine.Finding;
                import io.rocedoctor.facts.PriorityPause;

                rule "PAUSE_STORM"
                    @layer("host-qos") @severity("medium") @summary("Site: any received pause is a storm") @sources("ETHTOOL_STATS")
                when
                    $p : PriorityPause( direction == "rx", frames > 0 )
                then
                    insertLogical(Finding.of("PAUSE_STORM", "site:" + $p.device()).likely()
                        .evidence("ethtool -S " + $p.device(), $p.frames(), "site rule").build());
                end
                """);
        List<String> ids = findings(analyze(STORM, "--rules", rules.toString()));
        assertThat(ids)
                .contains("PAUSE_STORM@site:ens1f0np0:medium", "PFC_DOMINATES_ECN@ens1f0np0:high")
                .doesNotContain("PAUSE_STORM@ens1f0np0:critical");
        // diff diagnoses with the same rules as analyze (it took none before).
        assertThat(Cli.run("diff", STORM, STORM, "--rules", rules.toString()).out())
                .contains("PAUSE_STORM site:ens1f0np0 (medium)")
                .doesNotContain("PAUSE_STORM ens1f0np0");
    }
}
