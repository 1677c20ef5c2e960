package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command, every format and the options a user types most, through {@code ./roce-doctor}
 * as a separate process, the way a user runs it: what reaches a pipe before the process exits,
 * the exit code and what is on stderr. In-process tests cannot see a lost flush or a launcher
 * that chatters.
 */
class LauncherIT {
    private static final String HOST = "fixtures/bundles/cross-numa-irq";
    private static final String OTHER_HOST = "fixtures/bundles/healthy";

    @Test
    void analyzePrintsEachFormatToAPipeAndNothingOnStderr() throws Exception {
        Map<String, String> starts = Map.of(
                "text", "Analysed host hpc-node-112",
                "json", "{",
                "yaml", "---\ntool: \"roce-doctor\"",
                "markdown", "# RoCE diagnosis of hpc-node-112",
                "html", "<!DOCTYPE html>",
                "junit", "<?xml");
        for (var format : starts.entrySet()) {
            SeparateProcess r = launch("analyze", HOST, "-f", format.getKey());
            assertThat(r.exit()).as(format.getKey() + ": " + r.err()).isZero();
            assertThat(r.out())
                    .as(format.getKey())
                    .startsWith(format.getValue())
                    .contains("IRQ_CROSS_NUMA");
            assertThat(r.err()).as(format.getKey()).isEmpty();
        }
    }

    @Test
    void analyzeTakesTheFormatFromTheOutputNameAndFailsOnASeverity(@TempDir Path tmp) throws Exception {
        Path html = tmp.resolve("report.html");
        SeparateProcess written = launch("analyze", HOST, "-o", html.toString());
        assertThat(written.exit()).as(written.err()).isZero();
        assertThat(written.out()).isEmpty();
        assertThat(Files.readString(html)).startsWith("<!DOCTYPE html>");

        assertThat(launch("analyze", HOST, "--fail-on", "high").exit()).isEqualTo(Main.FINDINGS);
        assertThat(launch("analyze", OTHER_HOST, "--fail-on", "low").exit()).isZero();
        SeparateProcess full = launch("analyze", HOST, "--show-not-evaluated", "--no-color");
        assertThat(full.exit()).isZero();
        assertThat(full.out()).contains("IRQ_CROSS_NUMA");
    }

    @Test
    void aFleetGivesJunitWithOneTestsuitePerHost() throws Exception {
        SeparateProcess r = launch("analyze", HOST, OTHER_HOST, "-f", "junit", "--jobs", "2");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("hpc-node-112", "gpu-node-21");
    }

    @Test
    void rulesWrapToColumnsAndShowPrintsThePage() throws Exception {
        SeparateProcess rules = launch(Map.of("COLUMNS", "72"), "rules");
        assertThat(rules.exit()).isZero();
        assertThat(rules.out().lines())
                .allSatisfy(line -> assertThat(line.length()).as(line).isLessThanOrEqualTo(72));
        assertThat(launch("rules", "--layer", "irq").out()).contains("IRQ_CROSS_NUMA");
        SeparateProcess page = launch("rules", "show", "IRQ_CROSS_NUMA");
        assertThat(page.exit()).isZero();
        assertThat(page.out()).startsWith("# IRQ_CROSS_NUMA");
    }

    /** bash sets COLUMNS without exporting it; a user who exports it gets help that fits. */
    @Test
    void helpFitsColumnsAndEveryCommandHasHelp() throws Exception {
        SeparateProcess narrow = launch(Map.of("COLUMNS", "64"), "analyze", "--help");
        assertThat(narrow.exit()).isZero();
        assertThat(narrow.out().lines())
                .filteredOn(line -> !line.startsWith("  roce-doctor "))
                .allSatisfy(line -> assertThat(line.length()).as(line).isLessThanOrEqualTo(64));
        SeparateProcess wide = launch(Map.of("COLUMNS", "160"), "--help");
        assertThat(wide.out()).contains("  completion  Prints the shell completion script");
        for (String command : List.of("analyze", "rules", "facts", "plan", "diff", "synth", "collect", "serve")) {
            SeparateProcess help = launch("help", command);
            assertThat(help.exit()).as(command).isZero();
            assertThat(help.out()).as(command).startsWith("Usage: roce-doctor " + command);
        }
        assertThat(launch("--version").out()).startsWith("roce-doctor ");
    }

    @Test
    void factsSummarisesByDefaultAndDumpsWithFull() throws Exception {
        SeparateProcess summary = launch("facts", HOST);
        assertThat(summary.exit()).as(summary.err()).isZero();
        assertThat(summary.out()).startsWith("Host hpc-node-112:").contains("(not the NIC's node 1)");
        SeparateProcess full = launch("facts", HOST, "--full");
        assertThat(full.out()).contains("nics:", "usableGbps:");
        assertThat(launch("facts", HOST, "-f", "json").out()).startsWith("{");
    }

    @Test
    void planWritesItsFilesAndDiffNamesOrRefusesTwoHosts(@TempDir Path tmp) throws Exception {
        SeparateProcess plan = launch("plan", HOST, "-o", tmp.resolve("plan").toString());
        assertThat(plan.exit()).as(plan.err()).isZero();
        assertThat(tmp.resolve("plan/apply.sh")).isExecutable();

        SeparateProcess diff = launch(
                "diff", "fixtures/bundles/dual-port-hash-concentration", "fixtures/bundles/dual-port-hash-fixed");
        assertThat(diff.exit()).as(diff.err()).isZero();
        assertThat(diff.out()).contains("stor-node-07");
        SeparateProcess json = launch(
                "diff",
                "fixtures/bundles/dual-port-hash-concentration",
                "fixtures/bundles/dual-port-hash-fixed",
                "-f",
                "json");
        assertThat(json.out()).startsWith("{").contains("\"beforeHost\"");

        SeparateProcess refused = launch("diff", HOST, OTHER_HOST);
        assertThat(refused.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(refused.err().strip()).contains("hpc-node-112", "gpu-node-21", "--allow-different-hosts");
        assertThat(refused.out()).isEmpty();
        SeparateProcess allowed = launch("diff", HOST, OTHER_HOST, "--allow-different-hosts");
        assertThat(allowed.exit()).as(allowed.err()).isZero();
        assertThat(allowed.out()).contains("hpc-node-112", "gpu-node-21");
    }

    @Test
    void synthCollectAndCompletionRunAlone(@TempDir Path tmp) throws Exception {
        SeparateProcess synth = launch("synth", "-o", tmp.toString(), "--fault", "IRQ_CROSS_NUMA");
        assertThat(synth.exit()).as(synth.err()).isZero();
        assertThat(launch("synth", "--list").out()).contains("IRQ_CROSS_NUMA");
        assertThat(launch("collect", "--list-sources").out()).contains("ibdev2netdev");

        SeparateProcess bash = launch("completion", "bash");
        assertThat(bash.exit()).isZero();
        assertThat(bash.out()).contains("IRQ_CROSS_NUMA", "\"critical\"").endsWith("./roce-doctor\n");
        assertThat(launch("completion", "zsh").out()).contains("bashcompinit");
        SeparateProcess fish = launch("completion", "fish");
        assertThat(fish.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(fish.err()).contains("Try 'roce-doctor completion --help'.");
    }

    @Test
    void badInputIsOneLineAndExitTwo() throws Exception {
        SeparateProcess r = launch("analyze", "pom.xml");
        assertThat(r.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err().strip()).startsWith("roce-doctor: pom.xml:").doesNotContain("\n");
        assertThat(r.out()).isEmpty();
    }

    /**
     * A cold analysis of a {@code .tar.gz} finds its archive readers (commons-compress, the in-memory
     * tree) in the class-data archive the launcher trained, rather than parsing and verifying them
     * from the jar at every start; a JSON report loads no Jansi (only the text report asks the
     * terminal's width). {@code JDK_JAVA_OPTIONS} reaches the launcher's java, which notes it on stderr.
     */
    @Test
    void aTarGzIsReadWithArchivedClassesAndJsonLoadsNoTerminalLibrary(@TempDir Path tmp) throws Exception {
        Path tgz = tmp.resolve("bundle.tar.gz");
        Tarballs.write(Path.of(HOST), tgz);
        Path loaded = tmp.resolve("classes.log");
        SeparateProcess r = launch(
                Map.of("JDK_JAVA_OPTIONS", "-Xlog:class+load=info:file=" + loaded),
                "analyze",
                tgz.toString(),
                "-f",
                "json");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("{").contains("IRQ_CROSS_NUMA");
        List<String> log = Files.readAllLines(loaded);
        for (String reader : List.of(
                "org.apache.commons.compress.archivers.tar.TarArchiveInputStream",
                "org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream",
                "io.rocedoctor.bundle.MemoryFileSystem")) {
            assertThat(log).as(reader).anyMatch(line -> line.contains(" " + reader + " source: shared objects file"));
        }
        assertThat(log).noneMatch(line -> line.contains(" org.fusesource.jansi."));
    }

    /**
     * The launcher reads the JDK's version from the release file of its home, for the cache's name
     * and the choice of CDS or AOT cache: {@code java -version} was a JVM started before every
     * command. A {@code java} of our own in a home with the real JDK's release file logs each call.
     */
    @Test
    void theLauncherStartsNoJvmToLearnTheJdksVersion(@TempDir Path tmp) throws Exception {
        Path realHome = Path.of(System.getProperty("java.home"));
        Path home = tmp.resolve("jdk");
        Files.createDirectories(home.resolve("bin"));
        Files.copy(realHome.resolve("release"), home.resolve("release"));
        Path calls = tmp.resolve("calls.txt");
        Path java = home.resolve("bin/java");
        Files.writeString(
                java, "#!/bin/sh\necho \"$*\" >>'" + calls + "'\nexec '" + realHome.resolve("bin/java") + "' \"$@\"\n");
        assertThat(java.toFile().setExecutable(true)).isTrue();

        SeparateProcess r = launch(Map.of("JAVA_HOME", home.toString()), "--version");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("roce-doctor ");
        assertThat(Files.readAllLines(calls))
                .anyMatch(call -> call.endsWith("--version"))
                .noneMatch(call -> call.equals("-version"));
    }

    /**
     * One bundle (a bundle's folder or an archive, or diff's two) starts C1 at twice the calls, the
     * process ending before most compilations pay back; a folder of bundles or several bundles keep
     * C1's default for the code that runs once per bundle, as does every other command.
     */
    @Test
    void oneBundleRaisesTheCompileThresholdAndAFleetKeepsTheDefault(@TempDir Path tmp) throws Exception {
        Path tgz = tmp.resolve("bundle.tar.gz");
        Tarballs.write(Path.of(HOST), tgz);
        Map<String, List<String>> expected = new java.util.LinkedHashMap<>();
        expected.put("one folder", List.of("analyze", HOST, "-f", "json"));
        expected.put("one archive", List.of("facts", tgz.toString()));
        expected.put("diff's two", List.of("diff", HOST, OTHER_HOST, "--allow-different-hosts"));
        Map<String, List<String>> fleets = new java.util.LinkedHashMap<>();
        fleets.put("three bundles", List.of("analyze", HOST, OTHER_HOST, tgz.toString(), "-f", "json"));
        fleets.put("a folder of bundles", List.of("analyze", "fixtures/bundles", "-f", "json"));
        fleets.put("no bundle", List.of("rules"));
        for (var c : expected.entrySet()) {
            assertThat(javaCall(tmp, c.getValue())).as(c.getKey()).contains("-XX:CompileThresholdScaling=2 ");
        }
        for (var c : fleets.entrySet()) {
            assertThat(javaCall(tmp, c.getValue())).as(c.getKey()).doesNotContain("CompileThresholdScaling");
        }
    }

    /** The launcher's java command line for these arguments, seen by a {@code java} of our own that logs it. */
    private static String javaCall(Path tmp, List<String> args) throws Exception {
        Path realHome = Path.of(System.getProperty("java.home"));
        Path home = tmp.resolve("jdk");
        Path java = home.resolve("bin/java");
        Path calls = tmp.resolve("calls.txt");
        if (!Files.exists(java)) {
            Files.createDirectories(home.resolve("bin"));
            Files.copy(realHome.resolve("release"), home.resolve("release"));
            Files.writeString(
                    java,
                    "#!/bin/sh\necho \"$*\" >'" + calls + "'\nexec '" + realHome.resolve("bin/java") + "' \"$@\"\n");
            assertThat(java.toFile().setExecutable(true)).isTrue();
        }
        SeparateProcess r = launch(Map.of("JAVA_HOME", home.toString()), args.toArray(String[]::new));
        assertThat(r.exit()).as(args + ": " + r.err()).isIn(Main.OK, Main.FINDINGS);
        return Files.readString(calls);
    }

    private static SeparateProcess launch(String... args) throws Exception {
        return launch(Map.of(), args);
    }

    private static SeparateProcess launch(Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("./roce-doctor"));
        command.addAll(List.of(args));
        return SeparateProcess.run(command, env);
    }
}
