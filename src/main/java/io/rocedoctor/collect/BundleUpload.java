package io.rocedoctor.collect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Sends a written bundle to a {@code roce-doctor serve}: {@code POST BASE/api/v1/cases/CASE/bundles}
 * with the archive as the raw body and {@code Authorization: Bearer TOKEN} (docs/serve.md). The
 * service answers 201 (stored, queued) or 200 (the case already had this content) with
 * {@code {"id", "status", "statusUrl"}}; anything else is a refusal carrying the service's reason.
 */
public final class BundleUpload {
    private static final ObjectMapper JSON = new ObjectMapper();

    private BundleUpload() {}

    /** What the service acknowledged: the bundle's id, its state and where to follow it (absolute). */
    public record Acknowledged(long id, String status, URI statusUrl, boolean duplicate) {}

    /** The upload did not reach the service, or the service refused it; the message says which and why. */
    public static final class Failed extends Exception {
        public Failed(String message) {
            super(message);
        }
    }

    /** The upload address of a case under a service's base address ({@code http://host:8080}, with or without a path). */
    public static URI target(URI base, String caseName, String fileName) {
        String root = base.toString().replaceAll("/+$", "");
        return URI.create(root + "/api/v1/cases/" + URLEncoder.encode(caseName, StandardCharsets.UTF_8)
                + "/bundles?name=" + URLEncoder.encode(fileName, StandardCharsets.UTF_8));
    }

    public static Acknowledged send(URI base, String caseName, String token, Path bundle) throws Failed {
        URI target = target(base, caseName, bundle.getFileName().toString());
        HttpClient client =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();
        HttpResponse<String> answer;
        try {
            HttpRequest request = HttpRequest.newBuilder(target)
                    .timeout(Duration.ofMinutes(10))
                    .header("Authorization", "Bearer " + token)
                    .header("Content-Type", "application/octet-stream")
                    .POST(HttpRequest.BodyPublishers.ofFile(bundle))
                    .build();
            answer = client.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new Failed("cannot reach " + base + " ("
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Failed("the upload to " + base + " was interrupted");
        }
        JsonNode body = readJson(answer.body());
        if (answer.statusCode() != 201 && answer.statusCode() != 200
                || !body.path("id").canConvertToLong()) {
            String reason = body.path("error").isTextual() ? body.path("error").asText() : "no reason given";
            throw new Failed(base + " refused the upload with HTTP " + answer.statusCode() + ": " + reason);
        }
        return new Acknowledged(
                body.get("id").asLong(),
                body.path("status").asText(),
                target.resolve(body.path("statusUrl").asText()),
                answer.statusCode() == 200);
    }

    private static JsonNode readJson(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            return JSON.createObjectNode();
        }
    }
}
