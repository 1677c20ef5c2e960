package io.rocedoctor.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** What an operator reads of a running service: its metrics, and why an analysis that threw was failed. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ServiceOperationsTest {
    /** Static: JUnit fills an instance field only before each test, after {@code @BeforeAll}. */
    @TempDir
    static Path temp;

    private ServeHarness server;

    @BeforeAll
    void start() throws Exception {
        server = ServeHarness.start(temp.resolve("data"), null, 16L << 20, 1);
    }

    @AfterAll
    void stop() throws Exception {
        server.close();
    }

    @Test
    void theMetricsCountAnAnalysisInTheHistogramOfItsTimesAndShowTheLiveHeap() throws Exception {
        String engineer = server.token(Principal.Role.ENGINEER, null);
        HttpResponse<String> r =
                server.uploadRaw(engineer, "SR-OPS", ServeHarness.tarball("healthy", temp.resolve("healthy.tar.gz")));
        long id = ServeHarness.json(r).get("id").asLong();
        assertThat(server.awaitAnalysed(engineer, id).get("status").asText()).isEqualTo("done");

        String metrics = server.get(null, "/metrics").body();
        assertThat(metrics)
                .contains("roce_doctor_analysis_seconds_bucket{outcome=\"done\",le=\"+Inf\"} 1")
                .contains("roce_doctor_analysis_seconds_bucket{outcome=\"failed\",le=\"+Inf\"} 0")
                .contains("roce_doctor_analysis_seconds_count{outcome=\"done\"} 1")
                .contains("roce_doctor_queue_depth 0")
                .contains("jvm_gc_live_data_size_bytes")
                .contains("jvm_memory_max_bytes{area=\"heap\"");
    }

    @Test
    void anAnalysisOutOfMemoryIsFailedWithTheHeapItHadAndTheBundleKept() {
        assertThat(AnalysisQueue.whyFailed(new OutOfMemoryError("Java heap space"), 1L << 30))
                .contains("needs more memory")
                .contains("a heap of 1024 MB")
                .contains("the bundle is kept")
                .doesNotContain("OutOfMemoryError");
    }

    @Test
    void anotherErrorIsAnInternalErrorNamedByItsKind() {
        assertThat(AnalysisQueue.whyFailed(new IllegalStateException("x"), 1L << 30))
                .isEqualTo("internal error while analysing (IllegalStateException); the bundle is kept");
    }
}
