package io.rocedoctor.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.rocedoctor.cli.Main;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import picocli.CommandLine;

/**
 * Both collectors capture this machine and upload what they wrote to a real service: the Java
 * {@code collect --upload} and the POSIX script with curl. A refused upload (a bad token, another
 * customer's case) exits 2 with the service's reason and keeps the bundle where it says.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CollectUploadTest {
    private static final Path SCRIPT = Path.of("scripts/roce-doctor-collect.sh");
    private static final Pattern KEPT = Pattern.compile("the bundle is kept in (\\S+) \\(");
    private Path temp;
    private ServeHarness server;
    private String customer;
    private String engineer;

    @BeforeAll
    void start() throws Exception {
        temp = Files.createTempDirectory("roce-collect-upload");
        server = ServeHarness.start(ServeHarness.Db.H2, temp.resolve("data"), 16L << 20);
        customer = server.token(Principal.Role.CUSTOMER, "SR-COLLECT");
        engineer = server.token(Principal.Role.ENGINEER, null);
    }

    @AfterAll
    void stop() throws IOException {
        if (server != null) {
            server.close();
        }
        if (temp != null) {
            io.rocedoctor.bundle.ScratchFolder.delete(temp);
        }
    }

    /** How a collector run ended: its exit code and what it said on stderr. */
    record Run(int exit, String err) {}

    /** Runs the Java collector in this process, as {@code roce-doctor ARGS}. */
    static Run java(String... args) {
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(new StringWriter(), true));
        cl.setErr(new PrintWriter(err, true));
        return new Run(cl.execute(args), err.toString());
    }

    /** Runs the POSIX collector with dash (or sh), as a customer's host would. */
    static Run shell(Map<String, String> env, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(
                List.of(Files.isExecutable(Path.of("/bin/dash")) ? "/bin/dash" : "/bin/sh", SCRIPT.toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().remove("ROCE_DOCTOR_TOKEN");
        pb.environment().putAll(env);
        Process p = pb.start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Run(p.exitValue(), err);
    }

    private static Set<Path> temporaryBundleFolders() throws IOException {
        try (Stream<Path> s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return s.filter(p -> p.getFileName().toString().startsWith("roce-doctor-collect"))
                    .collect(Collectors.toSet());
        }
    }

    /** The bundle id the success line names, after checking the service has it analysed in the case. */
    private JsonNode uploadedBundle(String err) throws Exception {
        Matcher m = Pattern.compile("uploaded to case SR-COLLECT as bundle ([0-9]+)[^\\n]*; its state: (\\S+)")
                .matcher(err);
        assertThat(m.find()).as(err).isTrue();
        assertThat(m.group(2)).isEqualTo(server.base + "/api/v1/bundles/" + m.group(1));
        JsonNode state = server.awaitAnalysed(engineer, Long.parseLong(m.group(1)));
        assertThat(state.get("case").asText()).isEqualTo("SR-COLLECT");
        assertThat(state.get("status").asText()).as(state.toString()).isEqualTo("done");
        return state;
    }

    @Test
    void javaCollectUploadsWhatItCapturedAndRemovesItsTemporaryCopy() throws Exception {
        Set<Path> before = temporaryBundleFolders();
        Run run = java(
                "collect",
                "--only",
                "lscpu,proc-interrupts",
                "--samples",
                "1",
                "--upload",
                server.base + "/",
                "--case",
                "SR-COLLECT",
                "--token",
                customer);

        assertThat(run.exit()).as(run.err()).isZero();
        JsonNode state = uploadedBundle(run.err());
        assertThat(state.get("fileName").asText()).matches("roce-bundle-[0-9]{8}-[0-9]{6}\\.tar\\.gz");
        assertThat(temporaryBundleFolders()).isEqualTo(before);
    }

    @Test
    void javaCollectKeepsTheBundleAndSaysWhyWhenTheServiceRefusesIt() throws Exception {
        Path out = temp.resolve("refused.tar.gz");
        String otherCustomer = server.token(Principal.Role.CUSTOMER, "SR-ELSE");
        Run badToken = java(
                "collect",
                "--only",
                "lscpu",
                "--samples",
                "1",
                "--out",
                out.toString(),
                "--upload",
                server.base,
                "--case",
                "SR-COLLECT",
                "--token",
                "rdt_AAAAAAAAAAAA_" + "A".repeat(43));
        assertThat(badToken.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(badToken.err())
                .contains("refused the upload with HTTP 401: a valid token is needed", "the bundle is kept in " + out);
        assertThat(out).isRegularFile();

        Run notItsCase = java(
                "collect",
                "--only",
                "lscpu",
                "--samples",
                "1",
                "--upload",
                server.base,
                "--case",
                "SR-COLLECT",
                "--token",
                otherCustomer);
        assertThat(notItsCase.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(notItsCase.err()).contains("refused the upload with HTTP 404: no case SR-COLLECT");
        Matcher kept = KEPT.matcher(notItsCase.err());
        assertThat(kept.find()).as(notItsCase.err()).isTrue();
        assertThat(Path.of(kept.group(1))).isRegularFile();
        io.rocedoctor.bundle.ScratchFolder.delete(Path.of(kept.group(1)).getParent());

        Run nobody = java(
                "collect",
                "--only",
                "lscpu",
                "--samples",
                "1",
                "--upload",
                "http://127.0.0.1:1",
                "--case",
                "SR-COLLECT",
                "--token",
                customer,
                "--out",
                temp.resolve("unreachable.tar.gz").toString());
        assertThat(nobody.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(nobody.err())
                .contains("cannot reach http://127.0.0.1:1", "kept in " + temp.resolve("unreachable.tar.gz"));
    }

    @Test
    void javaCollectChecksTheUploadOptionsBeforeCapturing() {
        Path out = temp.resolve("never.tar.gz");
        for (List<String> wrong : List.of(
                List.of("--upload", server.base, "--case", "../etc", "--token", customer),
                List.of("--upload", server.base, "--token", customer),
                List.of("--upload", "ftp://host/", "--case", "SR-COLLECT", "--token", customer),
                List.of("--case", "SR-COLLECT"))) {
            List<String> args =
                    new ArrayList<>(List.of("collect", "--only", "lscpu", "--samples", "1", "--out", out.toString()));
            args.addAll(wrong);
            Run run = java(args.toArray(String[]::new));
            assertThat(run.exit()).as(wrong.toString()).isEqualTo(Main.BAD_INPUT);
            assertThat(run.err())
                    .as(wrong.toString())
                    .containsAnyOf("--case CASE", "--upload must be", "go with --upload")
                    .doesNotContain("wrote");
        }
        assertThat(out).doesNotExist();
    }

    @Test
    void theShellCollectorUploadsWithCurlTakingTheTokenFromTheEnvironment() throws Exception {
        Run run = shell(
                Map.of("ROCE_DOCTOR_TOKEN", customer),
                "--only",
                "lscpu,proc-interrupts",
                "--samples",
                "1",
                "--upload",
                server.base,
                "--case",
                "SR-COLLECT");

        assertThat(run.exit()).as(run.err()).isZero();
        JsonNode state = uploadedBundle(run.err());
        assertThat(state.get("fileName").asText()).matches("roce-bundle-[0-9]{8}-[0-9]{6}\\.tar\\.gz");
        assertThat(state.get("host").asText()).isNotBlank();
    }

    @Test
    void theShellCollectorKeepsTheBundleAndSaysWhyWhenTheServiceRefusesIt() throws Exception {
        Path out = temp.resolve("shell-refused.tar.gz");
        Run run = shell(
                Map.of(),
                "--only",
                "lscpu",
                "--samples",
                "1",
                "--out",
                out.toString(),
                "--upload",
                server.base,
                "--case",
                "SR-COLLECT",
                "--token",
                "rdt_AAAAAAAAAAAA_" + "A".repeat(43));

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err())
                .contains("refused the upload with HTTP 401: a valid token is needed", "the bundle is kept in " + out);
        assertThat(out).isRegularFile();

        Run badCase = shell(
                Map.of("ROCE_DOCTOR_TOKEN", customer),
                "--only",
                "lscpu",
                "--samples",
                "1",
                "--upload",
                server.base,
                "--case",
                "a/../b");
        assertThat(badCase.exit()).isEqualTo(2);
        assertThat(badCase.err()).contains("--upload needs --case CASE").doesNotContain("sample 1");
    }
}
