package io.rocedoctor.serve;

import io.rocedoctor.bundle.ArchiveLimits;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.UUID;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A real service for a test class: H2 in a temporary data folder, or a fresh database on the
 * PostgreSQL of {@value #PG_ENV} (the cluster .ci/run starts), on a free loopback port.
 */
final class ServeHarness implements AutoCloseable {
    /** A JDBC URL of a PostgreSQL superuser connection, such as jdbc:postgresql://127.0.0.1:5433/postgres?user=rd. */
    static final String PG_ENV = "ROCE_DOCTOR_TEST_PG_URL";
    static final ObjectMapper JSON = new ObjectMapper();

    final Service service;
    final Path data;
    final String base;
    final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private ServeHarness(Service service, Path data) {
        this.service = service;
        this.data = data;
        this.base = "http://127.0.0.1:" + service.port();
    }

    enum Db { H2, POSTGRESQL }

    static ServeHarness start(Db db, Path data, long maxUpload) throws Exception {
        String url = db == Db.H2 ? null : freshPostgresDatabase();
        Service.Settings settings = new Service.Settings("127.0.0.1", 0, data, url, Duration.ofDays(1), null, null, maxUpload,
                2, Duration.ofSeconds(30), Duration.ofSeconds(10), ArchiveLimits.DEFAULT);
        return new ServeHarness(Service.start(settings), data);
    }

    /** A new database on the test cluster, so that each test class starts empty. */
    static String freshPostgresDatabase() throws SQLException {
        String admin = System.getenv(PG_ENV);
        String name = "rd_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (Connection c = DriverManager.getConnection(admin)) {
            c.createStatement().execute("CREATE DATABASE " + name);
        }
        return admin.replaceFirst("/[A-Za-z0-9_]+(\\?|$)", "/" + name + "$1");
    }

    static boolean postgresAvailable() {
        return System.getenv(PG_ENV) != null && !System.getenv(PG_ENV).isBlank();
    }

    String token(Principal.Role role, String caseName) throws SQLException {
        return service.tokens().create(role, caseName, "test").token();
    }

    HttpResponse<String> get(String token, String path) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).GET();
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> send(String token, String method, String path, HttpRequest.BodyPublisher body, String contentType)
            throws IOException, InterruptedException {
        return send(http, token, method, path, body, contentType);
    }

    private HttpResponse<String> send(HttpClient client, String token, String method, String path, HttpRequest.BodyPublisher body,
                                      String contentType) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).method(method, body);
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        if (contentType != null) {
            b.header("Content-Type", contentType);
        }
        return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }


    /**
     * Uploads go on a client of their own: the server closes a connection under an upload over the
     * limit, and a shared client could hand that dead connection to the next request.
     */
    private static HttpClient uploadClient() {
        return HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    }

    HttpResponse<String> uploadRaw(String token, String caseName, Path file) throws IOException, InterruptedException {
        return send(uploadClient(), token, "POST", "/api/v1/cases/" + caseName + "/bundles?name=" + file.getFileName(),
                HttpRequest.BodyPublishers.ofFile(file), "application/octet-stream");
    }

    /** A multipart upload in field {@code field}, with the file name given (which may be hostile). */
    HttpResponse<String> uploadMultipart(String token, String caseName, String field, String fileName, byte[] content)
            throws IOException, InterruptedException {
        String boundary = "rdboundary" + UUID.randomUUID();
        byte[] head = ("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + field + "\"; filename=\"" + fileName
                + "\"\r\nContent-Type: application/gzip\r\n\r\n").getBytes(StandardCharsets.UTF_8);
        byte[] tail = ("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8);
        byte[] body = new byte[head.length + content.length + tail.length];
        System.arraycopy(head, 0, body, 0, head.length);
        System.arraycopy(content, 0, body, head.length, content.length);
        System.arraycopy(tail, 0, body, head.length + content.length, tail.length);
        return send(uploadClient(), token, "POST", "/api/v1/cases/" + caseName + "/bundles", HttpRequest.BodyPublishers.ofByteArray(body),
                "multipart/form-data; boundary=" + boundary);
    }

    static JsonNode json(HttpResponse<String> r) throws IOException {
        return JSON.readTree(r.body());
    }

    /** Waits until the bundle is done or failed; returns its state JSON. */
    JsonNode awaitAnalysed(String token, long id) throws Exception {
        long until = System.currentTimeMillis() + 60_000;
        while (true) {
            JsonNode b = json(get(token, "/api/v1/bundles/" + id));
            String s = b.path("status").asText();
            if (s.equals("done") || s.equals("failed") || System.currentTimeMillis() > until) {
                return b;
            }
            Thread.sleep(50);
        }
    }

    /** A fixture bundle packed as a customer would send it (the CLI tests' tar.gz). */
    static Path tarball(String fixture, Path out) throws IOException {
        io.rocedoctor.cli.Tarballs.write(Path.of("fixtures/bundles").resolve(fixture), out);
        return out;
    }

    @Override
    public void close() {
        service.close();
    }
}
