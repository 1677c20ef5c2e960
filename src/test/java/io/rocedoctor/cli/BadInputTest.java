package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command that reads a bundle, given each kind of bad input, answers with one line on
 * stderr naming the file and the reason and no stack trace: exit 2 when nothing in the input can
 * be used, otherwise the malformed source is reported failed and the rest is analysed.
 */
class BadInputTest {
    private static final Path GOOD = Path.of("fixtures/bundles/dual-port-hash-concentration");
    private static final String MALFORMED = "commands/ethtool_-i_ens1f0np0";

    @TempDir
    static Path tmp;

    private record Input(String name, Path path, String reason) {}

    private static final List<Input> UNUSABLE = new ArrayList<>();
    private static Path oneMalformedSource;

    @BeforeAll
    static void inputs() throws IOException {
        Path empty = Files.createFile(tmp.resolve("empty.tar.gz"));
        byte[] noise = new byte[4096];
        new Random(7).nextBytes(noise);
        Path random = Files.write(tmp.resolve("random.tgz"), noise);
        Path notABundle = Files.createDirectories(tmp.resolve("photos"));
        Files.writeString(notABundle.resolve("holiday.txt"), "not a capture\n");
        Path tarball = tmp.resolve("photos.tar.gz");
        Tarballs.write(notABundle, tarball);
        UNUSABLE.add(new Input("an empty file", empty, "empty"));
        UNUSABLE.add(new Input("random bytes", random, "not a directory, tar"));
        UNUSABLE.add(new Input("a tarball that is not a bundle", tarball, "not a roce-doctor bundle"));
        UNUSABLE.add(new Input("a missing path", tmp.resolve("no/such/bundle"), "no such file"));
        Path onlyMalformed = Files.createDirectories(tmp.resolve("only-malformed/commands"));
        Files.writeString(onlyMalformed.resolve("ethtool_-i_eth0"), "garbage\n");
        UNUSABLE.add(new Input(
                "a bundle whose only capture is malformed",
                onlyMalformed.getParent(),
                "nothing usable: no capture could be parsed (commands/ethtool_-i_eth0:1: ethtool -i eth0: "));

        oneMalformedSource = tmp.resolve("malformed");
        try (Stream<Path> files = Files.walk(GOOD)) {
            for (Path p : files.toList()) {
                Path to = oneMalformedSource.resolve(GOOD.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(p, to);
                }
            }
        }
        Files.write(oneMalformedSource.resolve(MALFORMED), new byte[] {0, 1, 2, (byte) 0xff, '\n', ':', ':', '\n'});
    }

    /** The command line of each bundle-reading command for one bundle; {@code diff} gets it on either side. */
    private static List<String[]> invocations(Path bundle) throws IOException {
        String b = bundle.toString();
        String out = Files.createTempDirectory(tmp, "plan").toString();
        return List.of(
                new String[] {"analyze", b},
                new String[] {"analyze", b, "--format", "json"},
                new String[] {"facts", b},
                new String[] {"plan", b, "--out", out},
                new String[] {"diff", b, GOOD.toString()},
                new String[] {"diff", GOOD.toString(), b});
    }

    @TestFactory
    Stream<DynamicTest> anUnusableInputIsOneLineNamingTheFileAndExit2() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (Input input : UNUSABLE) {
            for (String[] args : invocations(input.path())) {
                tests.add(DynamicTest.dynamicTest(
                        args[0] + " on " + input.name() + " (" + String.join(" ", args) + ")", () -> {
                            Cli cli = Cli.run(args);
                            assertThat(cli.exit()).as(cli.err()).isEqualTo(Main.BAD_INPUT);
                            assertThat(cli.err().lines().toList())
                                    .as(cli.err())
                                    .singleElement()
                                    .satisfies(line -> assertThat(line)
                                            .startsWith("roce-doctor: ")
                                            .contains(input.path().toString(), input.reason()));
                            assertThat(cli.out()).isEmpty();
                        }));
            }
        }
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> oneMalformedSourceIsReportedFailedAndTheRestAnalysed() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (String[] args : invocations(oneMalformedSource)) {
            tests.add(DynamicTest.dynamicTest(String.join(" ", args), () -> {
                Cli cli = Cli.run(args);
                assertThat(cli.exit()).as(cli.err()).isZero();
                assertThat(cli.err().lines().toList())
                        .as(cli.err())
                        .singleElement()
                        .satisfies(
                                line -> assertThat(line)
                                        .startsWith(
                                                "roce-doctor: " + oneMalformedSource + ": " + MALFORMED
                                                        + ":1: ethtool -i ens1f0np0: no line could be read; the first: ethtool -i: expected 'name: value'"));
                assertThat(cli.err()).doesNotContain("Exception", "\tat ");
                // The rest is analysed: the facts of the other port, the bundle's finding and the step that fixes it.
                assertThat(cli.out())
                        .contains(args[0].equals("facts") ? "ens1f1np1" : "HASH_SINGLE_PATH_CONCENTRATION");
                if (args[0].equals("analyze") || args[0].equals("facts")) {
                    assertThat(cli.out()).contains(MALFORMED);
                }
            }));
        }
        return tests.stream();
    }
}
