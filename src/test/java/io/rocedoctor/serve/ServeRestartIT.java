package io.rocedoctor.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.rocedoctor.cli.Tarballs;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged jar's {@code serve}, killed with SIGKILL while it analyses and after one acknowledged
 * upload's commit was dropped: started again on the same data folder, it still has every upload
 * (the dropped one put back from its receipt under its id), finishes the interrupted analysis
 * (attempt 2) and the queued ones, and each bundle's result is there once.
 */
class ServeRestartIT {
    private final HttpClient http = HttpClient.newHttpClient();

    @TempDir
    Path temp;

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static String run(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(java(), "-jar", "target/roce-doctor.jar"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
        return out;
    }

    private Process serve(Path data, int port) throws IOException {
        return new ProcessBuilder(
                        java(),
                        "-jar",
                        "target/roce-doctor.jar",
                        "serve",
                        "--data",
                        data.toString(),
                        "--listen",
                        "127.0.0.1:" + port,
                        "--workers",
                        "1",
                        "--analysis-lease",
                        "2s")
                .redirectErrorStream(true)
                .redirectOutput(
                        temp.resolve("serve-" + System.nanoTime() + ".log").toFile())
                .start();
    }

    private void awaitReady(int port) throws Exception {
        long until = System.currentTimeMillis() + 180_000;
        while (System.currentTimeMillis() < until) {
            try {
                if (http.send(
                                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/readyz"))
                                                .build(),
                                        HttpResponse.BodyHandlers.ofString())
                                .statusCode()
                        == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        throw new AssertionError("serve did not become ready on port " + port);
    }

    private JsonNode get(int port, String token, String path) throws Exception {
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                        .header("Authorization", "Bearer " + token)
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        return ServeHarness.JSON.readTree(r.body());
    }

    /**
     * What a commit H2 never stored leaves after a kill -9 (MVStore skips a store while another runs):
     * not the bundle's row, nor its audit line, nor the identity's advance. Done through the running
     * server's own H2 (AUTO_SERVER), so that the loss does not hang on timing.
     */
    private static void dropTheCommitOf(Path data, long id) throws java.sql.SQLException {
        String url = "jdbc:h2:file:" + data.toAbsolutePath().resolve("db").resolve("roce-doctor") + ";AUTO_SERVER=TRUE";
        try (java.sql.Connection c = java.sql.DriverManager.getConnection(url);
                java.sql.Statement s = c.createStatement()) {
            s.executeUpdate("DELETE FROM audit WHERE bundle_id = " + id);
            s.executeUpdate("DELETE FROM bundles WHERE id = " + id);
            s.execute("ALTER TABLE bundles ALTER COLUMN id RESTART WITH " + id);
        }
    }

    @Test
    void aKilledServerLosesNothingAndAnalysesTheInterruptedBundleOnceMore() throws Exception {
        Path data = temp.resolve("data");
        String[] created = run("serve", "token", "create", "--data", data.toString(), "--role", "engineer")
                .trim()
                .split("\\s+");
        String token = created[created.length - 1];
        // Large hosts (16 NICs, 256 CPUs) take long enough to analyse to be caught in the act.
        run(
                "synth",
                "--out",
                temp.resolve("hosts").toString(),
                "--hosts",
                "3",
                "--nics",
                "16",
                "--ports",
                "2",
                "--cpus",
                "256",
                "--queues",
                "62",
                "--seed",
                "7");
        List<Path> tarballs = new ArrayList<>();
        try (Stream<Path> hosts = Files.list(temp.resolve("hosts"))) {
            for (Path h : hosts.filter(Files::isDirectory).sorted().toList()) {
                Path tgz = temp.resolve(h.getFileName() + ".tar.gz");
                Tarballs.write(h, tgz);
                tarballs.add(tgz);
            }
        }
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Process first = serve(data, port);
        List<Long> ids = new ArrayList<>();
        long killedDuring;
        long dropped;
        try {
            awaitReady(port);
            for (Path tgz : tarballs) {
                HttpResponse<String> r = http.send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/v1/cases/SR-KILL/bundles"))
                                .header("Authorization", "Bearer " + token)
                                .POST(HttpRequest.BodyPublishers.ofFile(tgz))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
                ids.add(ServeHarness.JSON.readTree(r.body()).get("id").asLong());
            }
            killedDuring = -1;
            long until = System.currentTimeMillis() + 120_000;
            while (killedDuring < 0 && System.currentTimeMillis() < until) {
                for (long id : ids) {
                    if (get(port, token, "/api/v1/bundles/" + id)
                            .get("status")
                            .asText()
                            .equals("analysing")) {
                        killedDuring = id;
                        break;
                    }
                }
            }
            assertThat(killedDuring).as("a bundle seen analysing").isPositive();
            long waiting = killedDuring;
            dropped =
                    ids.stream().filter(id -> id != waiting).reduce((a, b) -> b).orElseThrow();
            dropTheCommitOf(data, dropped);
            assertThat(get(port, token, "/api/v1/bundles/" + dropped).has("status"))
                    .as("bundle " + dropped + "'s row is gone before the kill")
                    .isFalse();
        } finally {
            first.destroyForcibly().waitFor();
        }

        Process second = serve(data, port);
        try {
            awaitReady(port);
            long until = System.currentTimeMillis() + 180_000;
            for (long id : ids) {
                JsonNode b = get(port, token, "/api/v1/bundles/" + id);
                assertThat(b.has("status"))
                        .as("bundle " + id + " after the restart: " + b)
                        .isTrue();
                while (!b.get("status").asText().equals("done") && System.currentTimeMillis() < until) {
                    Thread.sleep(200);
                    b = get(port, token, "/api/v1/bundles/" + id);
                }
                assertThat(b.get("status").asText()).as(b.toString()).isEqualTo("done");
                if (id == killedDuring) {
                    assertThat(b.get("attempts").asInt())
                            .as("claimed again after the kill")
                            .isEqualTo(2);
                }
                if (id == dropped) {
                    assertThat(b.get("attempts").asInt())
                            .as("put back from its receipt, queued")
                            .isEqualTo(1);
                }
                JsonNode report = get(port, token, "/api/v1/bundles/" + id + "/report?format=json");
                JsonNode indexed =
                        get(port, token, "/api/v1/bundles/" + id + "/findings").get("findings");
                assertThat(indexed.size())
                        .as("the index holds each finding once")
                        .isEqualTo(report.get("findings").size());
            }
            assertThat(get(port, token, "/api/v1/cases/SR-KILL").get("bundles").size())
                    .isEqualTo(tarballs.size());
        } finally {
            second.destroy();
            second.waitFor();
        }
    }
}
