package io.rocedoctor.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * functions.sh sourced by bash as the scripts source it ({@code set -Eeuo pipefail}, {@code EXECUTE=1},
 * {@code ROOT} a stand-in root under the folder), with stand-in tools first on PATH that log each call.
 */
final class FunctionsShell {
    private final Path dir;

    FunctionsShell(Path dir) {
        this.dir = dir;
    }

    Path root() {
        return dir.resolve("root");
    }

    /** A stand-in tool: logs "NAME ARGS" to the calls file, then runs {@code script} (bash). */
    void tool(String name, String script) throws IOException {
        Path file = Files.createDirectories(dir.resolve("bin")).resolve(name);
        Files.writeString(file, "#!/bin/bash\necho \"" + name + " $*\" >> '" + dir.resolve("calls") + "'\n" + script);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** A stand-in tool that prints {@code output} whatever it is asked. */
    void printing(String name, String output) throws IOException {
        Files.writeString(dir.resolve(name + ".out"), output);
        tool(name, "cat '" + dir.resolve(name + ".out") + "'\n");
    }

    /** Runs {@code commands} after sourcing functions.sh; they must succeed. */
    String run(String commands) throws IOException, InterruptedException {
        Path functions = dir.resolve("functions.sh");
        try (InputStream in = ShellScripts.class.getResourceAsStream("functions.sh")) {
            Files.write(functions, in.readAllBytes());
        }
        ProcessBuilder pb = new ProcessBuilder(
                        "bash",
                        "-c",
                        "set -Eeuo pipefail; SCRIPT=test; ROOT='" + root() + "'; EXECUTE=1; . '" + functions + "'; "
                                + commands)
                .redirectErrorStream(true);
        pb.environment().put("PATH", dir.resolve("bin") + ":/usr/bin:/bin");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
        return out;
    }

    String calls() throws IOException {
        return Files.readString(dir.resolve("calls"));
    }
}
