package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A command run as its own process, the way a user runs it, and what it left: the exit code, stdout
 * and stderr. Both streams go to files, so neither can fill and block it; stdin is empty.
 */
record SeparateProcess(int exit, String out, String err) {
    static SeparateProcess run(java.util.List<String> command, Map<String, String> env) throws Exception {
        Path out = Files.createTempFile("roce-doctor-out", ".txt");
        Path err = Files.createTempFile("roce-doctor-err", ".txt");
        try {
            ProcessBuilder pb = new ProcessBuilder(command)
                    .redirectOutput(out.toFile())
                    .redirectError(err.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
            // Only what the test sets: a COLUMNS exported by the shell running Maven would change widths.
            pb.environment().remove("COLUMNS");
            pb.environment().putAll(env);
            java.lang.Process p = pb.start();
            assertThat(p.waitFor(120, TimeUnit.SECONDS))
                    .as(String.join(" ", command))
                    .isTrue();
            return new SeparateProcess(
                    p.exitValue(),
                    Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
