package io.rocedoctor.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocedoctor.bundle.ArchiveLimits;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;

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
    final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private ServeHarness(Service service, Path data) {
        this.service = service;
        this.data = data;
        this.base = "http://127.0.0.1:" + service.port();
    }

    enum Db {
        H2,
        POSTGRESQL
    }

    static ServeHarness start(Db db, Path data, long maxUpload) throws Exception {
        return start(data, db == Db.H2 ? null : freshPostgresDatabase(), maxUpload, 2);
    }

    /** A service on this data folder and database (null: the embedded H2), with this many analysis workers. */
    static ServeHarness start(Path data, String url, long maxUpload, int workers) throws Exception {
        return new ServeHarness(Service.start(settings(data, url, maxUpload, workers)), data);
    }

    /** The same, with the service's periodic sweep (the journal's rotation among it) every {@code sweepEvery}. */
    static ServeHarness start(Path data, String url, long maxUpload, int workers, Duration sweepEvery)
            throws Exception {
        return new ServeHarness(Service.start(settings(data, url, maxUpload, workers), sweepEvery), data);
    }

    private static Service.Settings settings(Path data, String url, long maxUpload, int workers) {
        return new Service.Settings(
                "127.0.0.1",
                0,
                data,
                url,
                Duration.ofDays(1),
                null,
                null,
                maxUpload,
                workers,
                Duration.ofSeconds(30),
                Duration.ofSeconds(10),
                ArchiveLimits.DEFAULT);
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

    HttpResponse<String> send(
            String token, String method, String path, HttpRequest.BodyPublisher body, String contentType)
            throws IOException, InterruptedException {
        return send(http, token, method, path, body, contentType);
    }

    private HttpResponse<String> send(
            HttpClient client,
            String token,
            String method,
            String path,
            HttpRequest.BodyPublisher body,
            String contentType)
            throws IOException, InterruptedException {
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
        return send(
                uploadClient(),
                token,
                "POST",
                "/api/v1/cases/" + caseName + "/bundles?name=" + file.getFileName(),
                HttpRequest.BodyPublishers.ofFile(file),
                "application/octet-stream");
    }

    /** A multipart upload in field {@code field}, with the file name given (which may be hostile). */
    HttpResponse<String> uploadMultipart(String token, String caseName, String field, String fileName, byte[] content)
            throws IOException, InterruptedException {
        Multipart m = Multipart.of(Map.of(), field, fileName, content);
        return send(
                uploadClient(),
                token,
                "POST",
                "/api/v1/cases/" + caseName + "/bundles",
                HttpRequest.BodyPublishers.ofByteArray(m.body()),
                m.contentType());
    }

    /** A multipart/form-data body: text fields, then one file. */
    record Multipart(String contentType, byte[] body) {
        static Multipart of(Map<String, String> fields, String field, String fileName, byte[] content) {
            String boundary = "rdboundary" + UUID.randomUUID();
            StringBuilder head = new StringBuilder();
            fields.forEach((k, v) -> head.append("--")
                    .append(boundary)
                    .append("\r\nContent-Disposition: form-data; name=\"")
                    .append(k)
                    .append("\"\r\n\r\n")
                    .append(v)
                    .append("\r\n"));
            head.append("--")
                    .append(boundary)
                    .append("\r\nContent-Disposition: form-data; name=\"")
                    .append(field)
                    .append("\"; filename=\"")
                    .append(fileName)
                    .append("\"\r\nContent-Type: application/gzip\r\n\r\n");
            byte[] h = head.toString().getBytes(StandardCharsets.UTF_8);
            byte[] tail = ("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8);
            byte[] body = new byte[h.length + content.length + tail.length];
            System.arraycopy(h, 0, body, 0, h.length);
            System.arraycopy(content, 0, body, h.length, content.length);
            System.arraycopy(tail, 0, body, h.length + content.length, tail.length);
            return new Multipart("multipart/form-data; boundary=" + boundary, body);
        }
    }

    /** A browser's session for this token: logs in through the login form as a browser does; null for no token. */
    Session login(String token) throws IOException, InterruptedException {
        if (token == null) {
            return new Session(null, null);
        }
        HttpResponse<String> form = http.send(
                HttpRequest.newBuilder(URI.create(base + "/login")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        String loginCookie = cookie(form, "rd_login");
        String body = "csrf=" + loginCookie + "&token=" + java.net.URLEncoder.encode(token, StandardCharsets.UTF_8);
        HttpResponse<String> in = http.send(
                HttpRequest.newBuilder(URI.create(base + "/login"))
                        .header("Cookie", "rd_login=" + loginCookie)
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        String session = cookie(in, "rd_session");
        HttpResponse<String> home = http.send(
                HttpRequest.newBuilder(URI.create(base + "/"))
                        .header("Cookie", "rd_session=" + session)
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        java.util.regex.Matcher csrf = java.util.regex.Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"")
                .matcher(home.body());
        if (!csrf.find()) {
            throw new IllegalStateException("no CSRF token on the case list: " + home.body());
        }
        return new Session(session, csrf.group(1));
    }

    /** A logged-in browser: its session cookie and the CSRF token its forms carry (both null when not logged in). */
    record Session(String cookie, String csrf) {}

    private static String cookie(HttpResponse<String> r, String name) {
        return r.headers().allValues("Set-Cookie").stream()
                .filter(c -> c.startsWith(name + "="))
                .map(c -> c.substring(name.length() + 1, c.indexOf(';')))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no cookie " + name + " in " + r.headers()));
    }

    /** A page request as the session's browser sends it. */
    HttpResponse<String> page(
            Session session, String method, String path, HttpRequest.BodyPublisher body, String contentType)
            throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).method(method, body);
        if (session.cookie() != null) {
            b.header("Cookie", "rd_session=" + session.cookie());
        }
        if (contentType != null) {
            b.header("Content-Type", contentType);
        }
        return uploadClient().send(b.build(), HttpResponse.BodyHandlers.ofString());
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
