package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.engine.RuleEngine;
import io.rocedoctor.report.ReportBuilder;
import org.junit.jupiter.api.Test;

/** {@code roce-doctor completion bash|zsh}: picocli's script, with the values a user would otherwise look up. */
class CompletionCommandTest {
    @Test
    void theScriptCompletesCommandsFormatsSeveritiesLayersAndRuleIds() {
        Cli cli = Cli.run("completion", "bash");
        assertThat(cli.exit()).as(cli.err()).isZero();
        String script = cli.out();
        assertThat(script)
                .startsWith("#!/usr/bin/env bash")
                .contains("local commands=\"analyze rules facts plan diff synth collect serve completion help\"")
                .contains("(\"text\" \"json\" \"yaml\" \"markdown\" \"html\" \"junit\") # --format values")
                .contains("\"" + String.join("\" \"", ReportBuilder.SEVERITIES) + "\"")
                .contains("\"host-qos\"");
        for (String id : RuleEngine.builtIn().catalog().keySet()) {
            assertThat(script).contains("\"" + id + "\"");
        }
    }

    /** bash matches the command word as typed: the checkout's ./roce-doctor needs its own line. */
    @Test
    void theScriptCompletesTheCommandOnPathAndTheCheckoutsLauncher() {
        String script = Cli.run("completion", "bash").out();
        assertThat(script)
                .contains("complete -F _complete_roce-doctor -o default roce-doctor ")
                .endsWith("complete -F _complete_roce-doctor -o default ./roce-doctor\n");
    }

    @Test
    void zshGetsTheSameScriptWhichLoadsBashcompinitItself() {
        String zsh = Cli.run("completion", "zsh").out();
        assertThat(zsh).isEqualTo(Cli.run("completion", "bash").out()).contains("bashcompinit");
    }

    @Test
    void anUnknownShellIsBadUsage() {
        Cli cli = Cli.run("completion", "fish");
        assertThat(cli.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(cli.err()).contains("bash, zsh");
    }
}
