package io.rocedoctor.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rocedoctor.engine.Diagnosis;
import io.rocedoctor.engine.Finding;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * shellcheck finds nothing in functions.sh and in every script of a plan holding every catalog
 * action (apply.sh, rollback.sh, persist.sh, the boot script). Skipped where shellcheck is not
 * installed; .ci/run installs it.
 */
class ShellcheckTest {
    @TempDir
    Path tmp;

    @Test
    void functionsAndEveryGeneratedScriptPassShellcheck() throws Exception {
        assumeTrue(installed(), "shellcheck is not installed (apt-get install shellcheck)");
        List<Finding> findings = new ArrayList<>();
        for (String id : CatalogSamples.ids()) {
            ActionSpec spec = CatalogSamples.read(id);
            findings.add(CatalogSamples.proposing("F_" + id.toUpperCase().replace('-', '_'), "high", spec));
        }
        Plan plan = new Planner(new ActionCatalog())
                .plan(new Diagnosis(findings, List.of(), List.of(), List.of()), new Snapshot("gpu-node-17", Map.of()));
        Path out = tmp.resolve("plan");
        PlanFiles.write(plan, out);
        List<String> command = new ArrayList<>(List.of(
                "shellcheck",
                "-s",
                "bash",
                "-f",
                "gcc",
                Path.of("src/main/resources/io/rocedoctor/plan/functions.sh").toString()));
        try (Stream<Path> all = Files.walk(out)) {
            all.filter(p -> p.toString().endsWith(".sh")).sorted().forEach(p -> command.add(p.toString()));
        }
        assertThat(command).hasSize(6 + 4);
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String found = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(found).isZero();
    }

    private static boolean installed() {
        try {
            return new ProcessBuilder("shellcheck", "--version")
                            .redirectErrorStream(true)
                            .start()
                            .waitFor()
                    == 0;
        } catch (java.io.IOException | InterruptedException e) {
            return false;
        }
    }
}
