package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shaded jar, run as a user runs it, fires a rule: proves the precompiled model, the
 * META-INF/services merge and the quiet logging survived packaging (pom.xml, the shade configuration).
 */
class PackagedJarIT {

    @Test
    void theJarFiresARuleAndPrintsOnlyTheReport() throws Exception {
        SeparateProcess r = jar("analyze", "fixtures/bundles/cross-numa-irq", "--format", "json");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("{").contains("\"IRQ_CROSS_NUMA\"");
        assertThat(r.err()).as("Drools must not chatter on stderr").isEmpty();
    }

    @Test
    void theJarAnswersANonBundleWithExitTwo() throws Exception {
        SeparateProcess r = jar("analyze", "pom.xml");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err().strip()).startsWith("roce-doctor: pom.xml:").doesNotContain("\n");
    }

    /** A rule page ends without a newline: it must still reach a pipe before the process exits. */
    @Test
    void theJarPrintsARulePageToAPipe() throws Exception {
        SeparateProcess r = jar("rules", "show", "IRQ_CROSS_NUMA");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("IRQ_CROSS_NUMA").contains("NUMA");
    }

    @Test
    void aMistypedOptionPointsAtTheSubcommandsHelp() throws Exception {
        SeparateProcess r = jar("analyze", "--no-such-option", "x");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("Try 'roce-doctor analyze --help'.");
    }

    /**
     * Two processes, same bundle, same bytes. Unordered collections ({@code Map.copyOf}) iterate
     * in an order salted per JVM start: only separate processes show it, never a test in one JVM.
     */
    @Test
    void twoProcessesGiveTheSameBytes() throws Exception {
        for (String[] args : new String[][] {
            {"facts", "fixtures/bundles/pfc-storm-ecn-off", "--format", "json"},
            {"analyze", "fixtures/bundles/pfc-storm-ecn-off", "--format", "json"},
            {"analyze", "fixtures/bundles/switch-ecn-above-xoff-sonic", "--format", "json"},
            {"facts", "fixtures/bundles/switch-pfc-priority-mismatch-nvue", "--format", "json"}
        }) {
            assertThat(run(args)).as(String.join(" ", args)).isEqualTo(run(args));
        }
    }

    /**
     * The same for a sosreport, in every format: a rule that says it could not judge two ports
     * (PAUSE_STORM) put its two notes in the session's order, which differed between processes. A
     * sosreport without RDMA inventory keeps the RoCE rules out, PAUSE_STORM included; the engine's
     * own "not judged on" lists are sorted, and the two processes must still agree byte for byte.
     */
    @Test
    void twoProcessesGiveTheSameBytesForASosreportInEveryFormat(@TempDir Path tmp) throws Exception {
        Path sos = SosReportShapeTest.sosShaped(
                Path.of("fixtures/bundles/pcie-ceiling-host-pause"), tmp.resolve("sosreport-h-2026-11-20-abcdefg"));
        for (AnalyzeCommand.Format format : AnalyzeCommand.Format.values()) {
            String[] args = {"analyze", sos.toString(), "--format", format.name(), "--no-color"};
            String first = run(args);
            assertThat(first).as(format.name()).contains("No RDMA device in the bundle of host train-node-9");
            assertThat(run(args)).as(String.join(" ", args)).isEqualTo(first);
        }
        String[] facts = {"facts", sos.toString(), "--format", "json"};
        assertThat(run(facts)).isEqualTo(run(facts));
    }

    /** A sysinfo-snapshot .tgz as NVIDIA's script names it, analysed by the jar: its faults, its layout, the same bytes twice. */
    @Test
    void theJarAnalysesASysinfoSnapshotTgz(@TempDir Path tmp) throws Exception {
        SeparateProcess synth = jar(
                "synth",
                "--out",
                tmp.toString(),
                "--layout",
                "sysinfo-snapshot",
                "--nics",
                "2",
                "--ports",
                "1",
                "--cpus",
                "32",
                "--prefix",
                "gpu-node",
                "--fault",
                "PFC_NOT_ON_ROCE_PRIO",
                "--fault",
                "IRQ_CROSS_NUMA");
        assertThat(synth.exit()).as(synth.err()).isZero();
        String tgz = tmp.resolve("gpu-node-000/sysinfo-snapshot-v3.7.9.9-gpu-node-000-20261120-101500.tgz")
                .toString();

        SeparateProcess r = jar("analyze", tgz, "--format", "json");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out())
                .contains(
                        "\"layout\" : \"sysinfo-snapshot\"",
                        "\"PFC_NOT_ON_ROCE_PRIO\"",
                        "\"IRQ_CROSS_NUMA\"",
                        "Read as NVIDIA sysinfo-snapshot 3.7.9.9");
        assertThat(r.err()).isEmpty();
        assertThat(run("analyze", tgz, "--format", "json")).isEqualTo(r.out());
    }

    private static String run(String... args) throws Exception {
        return jar(args).out();
    }

    /** The packaged jar as a separate process. */
    private static SeparateProcess jar(String... args) throws Exception {
        java.util.List<String> command = new java.util.ArrayList<>(java.util.List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", "target/roce-doctor.jar"));
        command.addAll(java.util.List.of(args));
        return SeparateProcess.run(command, java.util.Map.of());
    }
}
