package io.rocedoctor.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An acknowledged upload whose commit the database dropped (H2 2.5's MVStore skips storing a commit
 * while another store runs; such a commit is gone at a kill -9) is back after the next start,
 * queued under the id its uploader was given, and analysed: the loss is provoked deterministically
 * by removing what that commit wrote (the bundle's row, its case and audit line, and on H2 the
 * identity's advance) behind the service's back, on H2 and on PostgreSQL.
 */
class AcknowledgedUploadRecoveryTest {
    @ParameterizedTest
    @EnumSource(ServeHarness.Db.class)
    void anUploadWhoseCommitWasLostIsPutBackUnderItsIdAndAnalysed(ServeHarness.Db db) throws Exception {
        if (db == ServeHarness.Db.POSTGRESQL) {
            Assumptions.assumeTrue(
                    ServeHarness.postgresAvailable(),
                    "skipped: no PostgreSQL for the tests (.ci/run starts one and sets " + ServeHarness.PG_ENV + ")");
        }
        Path temp = Files.createTempDirectory("roce-serve-lost");
        try {
            Path data = temp.resolve("data");
            String url = db == ServeHarness.Db.H2 ? null : ServeHarness.freshPostgresDatabase();
            Path bundle = ServeHarness.tarball("healthy", temp.resolve("healthy.tar.gz"));
            String token;
            long id;
            String sha;
            // No worker: nothing touches the bundle between its acknowledgement and the loss.
            try (ServeHarness first = ServeHarness.start(data, url, 16L << 20, 0)) {
                token = first.token(Principal.Role.ENGINEER, null);
                HttpResponse<String> ack = first.uploadRaw(token, "SR-LOST", bundle);
                assertThat(ack.statusCode()).as(ack.body()).isEqualTo(201);
                id = ServeHarness.json(ack).get("id").asLong();
                sha = ServeHarness.json(first.get(token, "/api/v1/bundles/" + id))
                        .get("sha256")
                        .asText();
                dropTheUploadsCommit(first, id);
                assertThat(first.get(token, "/api/v1/bundles/" + id).statusCode())
                        .as("the row is gone")
                        .isEqualTo(404);
            }

            try (ServeHarness second = ServeHarness.start(data, url, 16L << 20, 2)) {
                JsonNode back = ServeHarness.json(second.get(token, "/api/v1/bundles/" + id + "?wait=20"));
                assertThat(back.get("status").asText()).as(back.toString()).isEqualTo("done");
                assertThat(back.get("case").asText()).isEqualTo("SR-LOST");
                assertThat(back.get("sha256").asText()).isEqualTo(sha);
                assertThat(back.get("fileName").asText()).isEqualTo("healthy.tar.gz");

                HttpResponse<String> next = second.uploadRaw(
                        token, "SR-LOST", ServeHarness.tarball("cross-numa-irq", temp.resolve("x.tar.gz")));
                assertThat(ServeHarness.json(next).get("id").asLong())
                        .as("a new upload takes a new id, not the one put back")
                        .isGreaterThan(id);
                assertThat(ServeHarness.json(second.get(token, "/api/v1/cases/SR-LOST"))
                                .get("bundles")
                                .size())
                        .isEqualTo(2);
            }

            try (ServeHarness third = ServeHarness.start(data, url, 16L << 20, 0)) {
                String admin = third.token(Principal.Role.ADMIN, null);
                JsonNode audit =
                        ServeHarness.json(third.get(admin, "/api/v1/audit")).get("entries");
                assertThat(Stream.of(audit)
                                .flatMap(a -> java.util.stream.StreamSupport.stream(a.spliterator(), false))
                                .filter(e -> e.get("action").asText().equals("restore-upload")))
                        .as("put back once: the rows of every receipt were found at the next start")
                        .hasSize(1);
                try (Stream<Path> journals = Files.list(data.resolve("receipts"))) {
                    assertThat(journals)
                            .as("only the running instance's journal")
                            .hasSize(1);
                }
            }
        } finally {
            io.rocedoctor.bundle.ScratchFolder.delete(temp);
        }
    }

    /** What a commit that never reached the disk leaves: none of its rows, and on H2 not its identity's advance. */
    private static void dropTheUploadsCommit(ServeHarness server, long id) throws Exception {
        try (Connection c = server.service.store().db().connection()) {
            for (String sql : new String[] {
                "DELETE FROM audit WHERE bundle_id = ?",
                "DELETE FROM bundles WHERE id = ?",
                "DELETE FROM cases WHERE name = 'SR-LOST' AND ? > 0"
            }) {
                try (PreparedStatement s = c.prepareStatement(sql)) {
                    s.setLong(1, id);
                    s.executeUpdate();
                }
            }
            if (!server.service.store().db().postgres()) {
                try (Statement s = c.createStatement()) {
                    s.execute("ALTER TABLE bundles ALTER COLUMN id RESTART WITH " + id);
                }
            }
        }
    }
}
