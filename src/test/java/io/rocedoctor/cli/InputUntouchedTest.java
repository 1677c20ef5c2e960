package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bundle is evidence: no command may change it. Every command that reads a bundle runs here, in
 * every output format, against a directory bundle and its tarball, and the bytes (and the file
 * list) are the same afterwards. Determinism: the same bundle gives byte-identical output twice,
 * and a command writing a folder ({@code plan --out}) writes byte-identical files.
 */
class InputUntouchedTest {
    private static final Path BUNDLE = Path.of("fixtures/bundles/dual-port-hash-concentration");
    private static final Path AFTER = Path.of("fixtures/bundles/dual-port-hash-fixed");

    /**
     * Commands that do not read a bundle, or that write one (collect, synth), or read only the
     * uploads they stored themselves (serve: its contract test checks the stored bytes): checked elsewhere.
     */
    private static final Set<String> NOT_READERS = Set.of("help", "collect", "synth", "rules", "completion", "serve");

    @TempDir
    static Path tmp;

    /** The invocations of each bundle-reading command; {@code OUT} is replaced by a fresh folder. */
    private static List<String[]> invocations(String command, Path bundle) {
        String b = bundle.toString();
        return switch (command) {
            case "analyze" ->
                formats().stream()
                        .map(f -> new String[] {"analyze", b, "--format", f})
                        .toList();
            case "facts" -> List.of(new String[] {"facts", b}, new String[] {"facts", b, "--format", "json"});
            case "plan" -> List.<String[]>of(new String[] {"plan", b, "--out", "OUT"});
            case "diff" ->
                List.<String[]>of(
                        new String[] {"diff", b, AFTER.toString()},
                        new String[] {"diff", b, AFTER.toString(), "--format", "json"});
            default -> throw new AssertionError("command '" + command + "' reads a bundle? add its invocations here");
        };
    }

    private static List<String> formats() {
        return Arrays.stream(AnalyzeCommand.Format.values()).map(Enum::name).toList();
    }

    private static List<String> readers() {
        return Main.commandLine().getSubcommands().keySet().stream()
                .filter(c -> !NOT_READERS.contains(c))
                .sorted()
                .toList();
    }

    @TestFactory
    Stream<DynamicTest> noCommandChangesADirectoryOrTarballBundle() throws IOException {
        Path tgz = tmp.resolve("bundle.tar.gz");
        Tarballs.write(BUNDLE, tgz);
        List<DynamicTest> tests = new ArrayList<>();
        for (Path bundle : List.of(BUNDLE, tgz)) {
            for (String command : readers()) {
                for (String[] args : invocations(command, bundle)) {
                    tests.add(DynamicTest.dynamicTest(String.join(" ", args), () -> {
                        Map<String, String> before = checksums(bundle);
                        Cli cli = Cli.run(withOut(args));
                        assertThat(cli.exit()).as(cli.err()).isIn(0, 1);
                        assertThat(checksums(bundle)).isEqualTo(before);
                    }));
                }
            }
        }
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> theSameBundleGivesByteIdenticalOutput() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String command : readers()) {
            for (String[] args : invocations(command, BUNDLE)) {
                tests.add(DynamicTest.dynamicTest(String.join(" ", args), () -> {
                    String[] firstArgs = withOut(args);
                    String[] secondArgs = withOut(args);
                    Cli first = Cli.run(firstArgs);
                    Cli second = Cli.run(secondArgs);
                    assertThat(first.exit()).as(first.err()).isIn(0, 1);
                    String firstOut = first.out();
                    String secondOut = second.out();
                    for (int i = 0; i < args.length; i++) {
                        if (args[i].equals("OUT")) {
                            // A command writing a folder names it in its output; its files must match byte for byte.
                            firstOut = firstOut.replace(firstArgs[i], "OUT");
                            secondOut = secondOut.replace(secondArgs[i], "OUT");
                            Map<String, String> written = checksums(Path.of(firstArgs[i]));
                            assertThat(written).as("files written").isNotEmpty();
                            assertThat(checksums(Path.of(secondArgs[i]))).isEqualTo(written);
                        }
                    }
                    assertThat(secondOut).isEqualTo(firstOut);
                }));
            }
        }
        return tests.stream();
    }

    @Test
    void everyCommandIsCovered() {
        for (String command : readers()) {
            assertThat(invocations(command, BUNDLE)).as(command).isNotEmpty();
        }
    }

    private static String[] withOut(String[] args) throws IOException {
        String[] copy = args.clone();
        for (int i = 0; i < copy.length; i++) {
            if (copy[i].equals("OUT")) {
                copy[i] = Files.createTempDirectory(tmp, "out").toString();
            }
        }
        return copy;
    }

    /** Path -> SHA-256 of every file under a folder (or of the file itself). */
    static Map<String, String> checksums(Path root) throws IOException {
        Map<String, String> sums = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(Files::isRegularFile).forEach(p -> {
                try {
                    sums.put(
                            root.relativize(p).toString(),
                            HexFormat.of()
                                    .formatHex(
                                            MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p))));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                } catch (NoSuchAlgorithmException e) {
                    throw new IllegalStateException(e);
                }
            });
        }
        return sums;
    }
}
