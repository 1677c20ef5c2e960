package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * An output path the system refuses is the user's problem, not a bug: exit 2 and one line on
 * stderr naming the path refused and why, never "internal error" (exit 3) or a stack trace.
 */
class OutputErrorTest {
    private static final String BUNDLE = "fixtures/bundles/healthy";
    private static final String OTHER = "fixtures/bundles/cross-numa-irq";

    @TempDir
    Path tmp;

    private record Case(String what, List<String> args, String path, String reason) {}

    private List<Case> cases() throws IOException {
        return List.of(
                new Case(
                        "--output in a missing folder",
                        List.of("analyze", BUNDLE, "--output", "/nonexistent/x.json"),
                        "/nonexistent/x.json",
                        "no such file or folder on the way"),
                new Case(
                        "--output in a folder nobody may write (sysfs)",
                        List.of("analyze", BUNDLE, "--output", "/sys/x.json"),
                        "/sys/x.json",
                        "permission denied"),
                new Case(
                        "--output on a full disk",
                        List.of("analyze", BUNDLE, "--format", "json", "--output", "/dev/full"),
                        "/dev/full",
                        "No space left on device"),
                new Case(
                        "a fleet's --output in a missing folder",
                        List.of("analyze", BUNDLE, OTHER, "--output", "/nonexistent/x.json"),
                        "/nonexistent/x.json",
                        "no such file or folder on the way"),
                new Case(
                        "a fleet's --output on a full disk",
                        List.of("analyze", BUNDLE, OTHER, "--output", "/dev/full"),
                        "/dev/full",
                        "No space left on device"),
                new Case(
                        "plan --out under /proc",
                        List.of("plan", BUNDLE, "--out", "/proc/roce-doctor-plan"),
                        "/proc/roce-doctor-plan",
                        "no such file or folder on the way"));
        // plan --out naming a regular file is a folder plan refuses, not a write error: PlanCommandTest.
    }

    @TestFactory
    Stream<DynamicTest> anOutputPathTheSystemRefusesIsOneLineAndExit2() throws IOException {
        return cases().stream()
                .map(c -> DynamicTest.dynamicTest(c.what(), () -> {
                    Cli cli = Cli.run(c.args().toArray(String[]::new));
                    assertThat(cli.exit()).as(cli.err()).isEqualTo(Main.BAD_INPUT);
                    assertThat(cli.err().lines().toList())
                            .as(cli.err())
                            .singleElement()
                            .isEqualTo("roce-doctor: cannot write " + c.path() + ": " + c.reason());
                }));
    }

    @Test
    void aWritableOutputIsWrittenAndExits0() throws IOException {
        Path report = tmp.resolve("report.json");
        Cli cli = Cli.run("analyze", BUNDLE, "--format", "json", "--output", report.toString());
        assertThat(cli.exit()).as(cli.err()).isZero();
        assertThat(Files.readString(report)).startsWith("{");
    }
}
