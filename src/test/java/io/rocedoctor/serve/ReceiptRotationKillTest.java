package io.rocedoctor.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A receipt journal the running service rotated out and removed covered rows that were on disk: a
 * {@code kill -9} right after the removal loses none of them. The service runs in a JVM of its own
 * (RotatingServe) on H2 with WRITE_DELAY=60000, so that its commits stay in memory, as a commit H2
 * skipped storing does, until something stores them: the removal's proof must have had them stored
 * and fsynced, or they are gone at the kill.
 */
class ReceiptRotationKillTest {
    private final HttpClient http = HttpClient.newHttpClient();

    @TempDir
    Path temp;

    private static List<Path> journals(Path data) throws Exception {
        Path folder = data.resolve("receipts");
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(folder)) {
            return s.sorted().toList();
        }
    }

    /** Every journal with a receipt was rotated out and removed: the one left takes the next upload. */
    private static boolean onlyAnEmptyJournal(Path data) throws Exception {
        List<Path> left = journals(data);
        return left.size() == 1 && Files.size(left.get(0)) == 0;
    }

    private long upload(String base, String token, Path tarball) throws Exception {
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(
                                URI.create(base + "/api/v1/cases/SR-ROTATE/bundles?name=" + tarball.getFileName()))
                        .header("Authorization", "Bearer " + token)
                        .POST(HttpRequest.BodyPublishers.ofFile(tarball))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
        return ServeHarness.JSON.readTree(r.body()).get("id").asLong();
    }

    @Test
    void aKillRightAfterARotatedJournalWasRemovedLosesNoUpload() throws Exception {
        Path data = temp.resolve("data");
        String url = "jdbc:h2:file:" + data.toAbsolutePath().resolve("db").resolve("roce-doctor")
                + ";AUTO_SERVER=TRUE;WRITE_DELAY=60000";
        List<Path> tarballs = new ArrayList<>();
        for (String fixture : List.of("healthy", "cross-numa-irq", "bond-active-backup")) {
            tarballs.add(ServeHarness.tarball(fixture, temp.resolve(fixture + ".tar.gz")));
        }
        Process child = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        RotatingServe.class.getName(),
                        data.toString(),
                        url)
                .redirectError(temp.resolve("child.err").toFile())
                .start();
        Map<Long, String> uploaded = new LinkedHashMap<>();
        String token;
        try {
            String[] ready = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))
                    .readLine()
                    .split(" ");
            String base = "http://127.0.0.1:" + ready[0];
            token = ready[1];
            for (Path t : tarballs.subList(0, 2)) {
                uploaded.put(upload(base, token, t), t.getFileName().toString());
            }
            assertThat(journals(data)).as("a journal holds the first uploads").isNotEmpty();
            long until = System.currentTimeMillis() + 60_000;
            while (!onlyAnEmptyJournal(data) && System.currentTimeMillis() < until) {
                Thread.sleep(20);
            }
            assertThat(onlyAnEmptyJournal(data))
                    .as("the journals holding them rotated out and removed: " + journals(data))
                    .isTrue();
            // One more, into the journal after it, then the kill at once.
            Path last = tarballs.get(2);
            uploaded.put(upload(base, token, last), last.getFileName().toString());
        } finally {
            child.destroyForcibly().waitFor();
        }

        try (ServeHarness after = ServeHarness.start(data, null, 16L << 20, 0)) {
            for (Map.Entry<Long, String> u : uploaded.entrySet()) {
                JsonNode b = ServeHarness.json(after.get(token, "/api/v1/bundles/" + u.getKey()));
                assertThat(b.path("fileName").asText())
                        .as("bundle " + u.getKey() + " after the kill: " + b)
                        .isEqualTo(u.getValue());
            }
            List<String> restored = new ArrayList<>();
            for (Store.AuditRow a : after.service.store().auditLog(100)) {
                if (a.action().equals("restore-upload")) {
                    restored.add(a.detail());
                }
            }
            assertThat(restored)
                    .as("the first two came from the database (their journal was gone), not a receipt")
                    .noneMatch(d -> d.startsWith(tarballs.get(0).getFileName().toString())
                            || d.startsWith(tarballs.get(1).getFileName().toString()));
        }
    }
}
