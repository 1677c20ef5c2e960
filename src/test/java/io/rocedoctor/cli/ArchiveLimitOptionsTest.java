package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The archive limits are the user's to tighten from the command line, and a bad value is a clear error. */
class ArchiveLimitOptionsTest {
    private static final Path BUNDLE = Path.of("fixtures/bundles/cross-numa-irq");

    @TempDir
    Path tmp;

    private Path tarball() throws IOException {
        Path tgz = tmp.resolve("b.tar.gz");
        Tarballs.write(BUNDLE, tgz);
        return tgz;
    }

    @Test
    void theDefaultsReadATypicalBundle() throws IOException {
        assertThat(Cli.run("analyze", tarball().toString()).exit()).isIn(0, 1);
    }

    @Test
    void aTightenedEntrySizeRefusesTheLargeEntriesAndSaysSo() throws IOException {
        Cli cli = Cli.run("analyze", tarball().toString(), "--max-entry-bytes", "1k", "--format", "json");
        assertThat(cli.err()).contains("1024");
        assertThat(cli.out() + cli.err()).contains("refused");
    }

    @Test
    void aBadLimitValueExitsTwoNamingTheOption() throws IOException {
        Cli cli = Cli.run("analyze", tarball().toString(), "--max-entries", "lots");
        assertThat(cli.exit()).isEqualTo(2);
        assertThat(cli.err()).contains("max-entries").contains("lots").doesNotContain("Exception");
    }

    @Test
    void everyCommandThatReadsABundleTakesTheLimitsAndDebugAlike() throws IOException {
        String b = tarball().toString();
        String out = tmp.resolve("plan").toString();
        for (String[] command : List.of(
                new String[] {"analyze", b},
                new String[] {"facts", b},
                new String[] {"plan", b, "--out", out},
                new String[] {"diff", b, b})) {
            String[] args = Stream.concat(Arrays.stream(command), Stream.of("--max-entries", "lots", "--debug"))
                    .toArray(String[]::new);
            Cli cli = Cli.run(args);
            assertThat(cli.exit()).as(command[0]).isEqualTo(Main.BAD_INPUT);
            assertThat(cli.err().lines().toList())
                    .as(command[0])
                    .singleElement()
                    .satisfies(
                            line -> assertThat(line).startsWith("roce-doctor: ").contains("max-entries", "lots"));
        }
    }
}
