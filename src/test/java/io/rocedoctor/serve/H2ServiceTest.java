package io.rocedoctor.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.rocedoctor.bundle.HostileArchives;
import io.rocedoctor.bundle.ScratchFolder;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The service's API on the embedded database, and the hostile corpus (once: it takes a while to expand). */
class H2ServiceTest extends ServiceApiContract {
    @Override
    ServeHarness.Db db() {
        return ServeHarness.Db.H2;
    }

    /** The hostile corpus of the reader's tests, uploaded: each a failed state with its reason; the service goes on. */
    @Test
    void hostileArchivesFailWithTheirReasonAndTheServiceGoesOn() throws Exception {
        Path base = temp.resolve("hostile");
        List<HostileArchives.Hostile> corpus = HostileArchives.generate(base);
        String before = System.getProperty(ScratchFolder.PROPERTY);
        Files.createDirectories(HostileArchives.scratchParent(base));
        System.setProperty(
                ScratchFolder.PROPERTY, HostileArchives.scratchParent(base).toString());
        try {
            for (HostileArchives.Hostile h : corpus) {
                if (Files.isDirectory(h.file()) || Files.size(h.file()) > MAX_UPLOAD) {
                    continue;
                }
                HttpResponse<String> r = server.uploadRaw(engineer, "SR-HOSTILE", h.file());
                if (Files.size(h.file()) == 0) {
                    assertThat(r.statusCode()).as(h.label()).isEqualTo(400);
                    assertThat(r.body()).contains("empty");
                    continue;
                }
                assertThat(r.statusCode()).as(h.label()).isIn(200, 201);
                JsonNode state = server.awaitAnalysed(
                        engineer, ServeHarness.json(r).get("id").asLong());
                String status = state.get("status").asText();
                assertThat(status).as(h.label()).isIn("done", "failed");
                if (status.equals("failed")) {
                    assertThat(state.get("reason").asText())
                            .as(h.label())
                            .isNotBlank()
                            .doesNotContain(server.data.toString());
                } else {
                    JsonNode report = ServeHarness.json(server.get(
                            engineer, "/api/v1/bundles/" + state.get("id").asLong() + "/report?format=json"));
                    assertThat(report.get("bundle").get("refused").toString())
                            .as(h.label())
                            .isNotEqualTo("[]");
                }
            }
        } finally {
            if (before == null) {
                System.clearProperty(ScratchFolder.PROPERTY);
            } else {
                System.setProperty(ScratchFolder.PROPERTY, before);
            }
        }
        try (Stream<Path> escaped = Files.walk(HostileArchives.outside(base))) {
            assertThat(escaped.filter(Files::isRegularFile)
                            .map(p -> p.getFileName().toString()))
                    .containsOnly("passwd");
        }
        assertThat(server.get(null, "/healthz").statusCode()).isEqualTo(200);
    }
}
