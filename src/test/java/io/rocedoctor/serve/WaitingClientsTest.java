package io.rocedoctor.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client waiting for a bundle ({@code GET /api/v1/bundles/ID?wait=S}) leaves nothing behind in the
 * service, whether its wait ran out or the result was stored by another instance: a service with no
 * worker of its own plays that instance's neighbour.
 */
class WaitingClientsTest {
    @TempDir
    Path temp;

    private ServeHarness server;
    private String engineer;
    private long id;

    @BeforeEach
    void upload() throws Exception {
        server = ServeHarness.start(temp.resolve("data"), null, 16L << 20, 0);
        engineer = server.token(Principal.Role.ENGINEER, null);
        Path bundle = ServeHarness.tarball("healthy", temp.resolve("healthy.tar.gz"));
        HttpResponse<String> r = server.uploadRaw(engineer, "SR-WAIT", bundle);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
        id = ServeHarness.json(r).get("id").asLong();
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
    }

    @Test
    void aWaitThatRunsOutLeavesNoWaiterBehind() throws Exception {
        HttpResponse<String> waited = server.get(engineer, "/api/v1/bundles/" + id + "?wait=1");
        assertThat(ServeHarness.json(waited).get("status").asText()).isEqualTo("queued");
        assertThat(server.service.queue().awaited()).isZero();
    }

    @Test
    void aResultStoredByAnotherInstanceAnswersTheWaitAndLeavesNoWaiterBehind() throws Exception {
        Thread neighbour = new Thread(() -> {
            try {
                Thread.sleep(300);
                try (Connection c = server.service.store().db().connection();
                        PreparedStatement s = c.prepareStatement(
                                "UPDATE bundles SET state = 'failed', reason = 'test' WHERE id = ?")) {
                    s.setLong(1, id);
                    s.executeUpdate();
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        neighbour.start();
        long start = System.nanoTime();
        HttpResponse<String> waited = server.get(engineer, "/api/v1/bundles/" + id + "?wait=10");
        neighbour.join();
        assertThat(ServeHarness.json(waited).get("status").asText()).isEqualTo("failed");
        assertThat(System.nanoTime() - start)
                .as("answered within the second it reads the row again")
                .isLessThan(5_000_000_000L);
        assertThat(server.service.queue().awaited()).isZero();
    }

    @Test
    void twoClientsWaitingForOneBundleShareAnEntryThatGoesWithTheLastOfThem() {
        AnalysisQueue queue = server.service.queue();
        AnalysisQueue.Waiting first = queue.await(id);
        AnalysisQueue.Waiting second = queue.await(id);
        assertThat(second).isSameAs(first);
        queue.leave(id, first);
        assertThat(queue.awaited()).isEqualTo(1);
        queue.leave(id, second);
        assertThat(queue.awaited()).isZero();
    }
}
