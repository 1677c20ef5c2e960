package io.rocedoctor.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * What the service's API promises, run against one real server per database (H2 and PostgreSQL
 * subclasses): uploads committed and analysed by the CLI's pipeline, reports in every format,
 * content stored once, and who may see what.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ServiceApiContract {
    static final long MAX_UPLOAD = 16L << 20;

    Path temp;

    ServeHarness server;
    String engineer;
    String admin;
    String customerA;
    String customerB;
    Path crossNuma;
    Path healthy;

    abstract ServeHarness.Db db();

    @BeforeAll
    void start() throws Exception {
        if (db() == ServeHarness.Db.POSTGRESQL) {
            Assumptions.assumeTrue(
                    ServeHarness.postgresAvailable(),
                    "skipped: no PostgreSQL for the tests (.ci/run starts one and sets " + ServeHarness.PG_ENV + ")");
        }
        temp = Files.createTempDirectory("roce-serve-test");
        server = ServeHarness.start(db(), temp.resolve("data"), MAX_UPLOAD);
        engineer = server.token(Principal.Role.ENGINEER, null);
        admin = server.token(Principal.Role.ADMIN, null);
        customerA = server.token(Principal.Role.CUSTOMER, "SR-A");
        customerB = server.token(Principal.Role.CUSTOMER, "SR-B");
        crossNuma = ServeHarness.tarball("cross-numa-irq", temp.resolve("cross-numa-irq.tar.gz"));
        healthy = ServeHarness.tarball("healthy", temp.resolve("healthy.tar.gz"));
    }

    @AfterAll
    void stop() throws java.io.IOException {
        if (server != null) {
            server.close();
        }
        if (temp != null) {
            io.rocedoctor.bundle.ScratchFolder.delete(temp);
        }
    }

    private long uploaded(String token, String caseName, Path file) throws Exception {
        HttpResponse<String> r = server.uploadRaw(token, caseName, file);
        assertThat(r.statusCode()).as(r.body()).isIn(200, 201);
        return ServeHarness.json(r).get("id").asLong();
    }

    @Test
    void anUploadIsAcknowledgedCommittedThenAnalysedAndItsReportServedInEveryFormat() throws Exception {
        HttpResponse<String> r = server.uploadRaw(engineer, "SR-A", crossNuma);
        assertThat(r.statusCode()).isEqualTo(201);
        JsonNode ack = ServeHarness.json(r);
        long id = ack.get("id").asLong();
        assertThat(ack.get("status").asText()).isIn("queued", "analysing", "done");
        assertThat(ack.get("statusUrl").asText()).isEqualTo("/api/v1/bundles/" + id);

        JsonNode state = server.awaitAnalysed(engineer, id);
        assertThat(state.get("status").asText()).as(state.toString()).isEqualTo("done");
        assertThat(state.get("host").asText()).isEqualTo("hpc-node-112");
        assertThat(state.get("worstSeverity").asText()).isEqualTo("critical");

        JsonNode report = ServeHarness.json(server.get(engineer, "/api/v1/bundles/" + id + "/report?format=json"));
        assertThat(report.get("findings")).extracting(f -> f.get("id").asText()).contains("IRQ_CROSS_NUMA");
        Map<String, String> media = Map.of(
                "yaml",
                "application/yaml",
                "markdown",
                "text/markdown",
                "html",
                "text/html",
                "junit",
                "application/xml",
                "text",
                "text/plain");
        for (Map.Entry<String, String> m : media.entrySet()) {
            HttpResponse<String> f = server.get(engineer, "/api/v1/bundles/" + id + "/report?format=" + m.getKey());
            assertThat(f.statusCode()).isEqualTo(200);
            assertThat(f.headers().firstValue("Content-Type").orElse("")).startsWith(m.getValue());
            assertThat(f.body()).contains("IRQ_CROSS_NUMA");
        }
        assertThat(server.get(engineer, "/api/v1/bundles/" + id + "/report?format=pdf")
                        .statusCode())
                .isEqualTo(400);
    }

    @Test
    void aClientWaitingForABundleIsAnsweredOnceItsResultIsStored() throws Exception {
        long id = uploaded(engineer, "SR-WAIT", crossNuma);
        HttpResponse<String> waited = server.get(engineer, "/api/v1/bundles/" + id + "?wait=20");
        assertThat(waited.statusCode()).isEqualTo(200);
        assertThat(ServeHarness.json(waited).get("status").asText())
                .as(waited.body())
                .isEqualTo("done");
        assertThat(ServeHarness.json(server.get(engineer, "/api/v1/bundles/" + id + "?wait=0"))
                        .get("status")
                        .asText())
                .isEqualTo("done");

        assertThat(server.get(engineer, "/api/v1/bundles/" + id + "?wait=21").statusCode())
                .isEqualTo(400);
        assertThat(server.get(engineer, "/api/v1/bundles/" + id + "?wait=soon").statusCode())
                .isEqualTo(400);
        assertThat(server.get(customerB, "/api/v1/bundles/" + id + "?wait=1").statusCode())
                .isEqualTo(404);
    }

    @Test
    void theSameContentTwiceIsStoredOnceAndIsOneBundlePerCase() throws Exception {
        long first = uploaded(engineer, "SR-DUP", healthy);
        HttpResponse<String> again =
                server.uploadMultipart(engineer, "SR-DUP", "bundle", "again.tar.gz", Files.readAllBytes(healthy));
        assertThat(again.statusCode()).isEqualTo(200);
        assertThat(ServeHarness.json(again).get("id").asLong()).isEqualTo(first);
        long other = uploaded(engineer, "SR-DUP2", healthy);
        assertThat(other).isNotEqualTo(first);
        String sha = ServeHarness.json(server.get(engineer, "/api/v1/bundles/" + first))
                .get("sha256")
                .asText();
        try (Stream<Path> files = Files.walk(server.data.resolve("bundles"))) {
            assertThat(files.filter(p -> p.getFileName().toString().equals(sha)))
                    .hasSize(1);
        }
        assertThat(Files.isWritable(server.data
                                .resolve("bundles")
                                .resolve(sha.substring(0, 2))
                                .resolve(sha))
                        && !"root".equals(System.getProperty("user.name")))
                .isFalse();
    }

    @Test
    void aCustomerSeesItsOwnCaseOnlyAndAnotherCaseIsAsIfAbsent() throws Exception {
        long ownId = uploaded(customerA, "SR-A", healthy);
        long otherId = uploaded(customerB, "SR-B", crossNuma);
        server.awaitAnalysed(engineer, otherId);
        server.awaitAnalysed(engineer, ownId);
        assertThat(server.get(customerA, "/api/v1/bundles/" + ownId).statusCode())
                .isEqualTo(200);
        for (String path : List.of(
                "/api/v1/bundles/" + otherId,
                "/api/v1/bundles/" + otherId + "/report?format=html",
                "/api/v1/bundles/" + otherId + "/findings",
                "/api/v1/bundles/" + otherId + "/archive",
                "/api/v1/cases/SR-B",
                "/api/v1/cases/SR-NEVER",
                "/api/v1/bundles/999999")) {
            HttpResponse<String> r = server.get(customerA, path);
            assertThat(r.statusCode()).as(path).isEqualTo(404);
            assertThat(r.body()).doesNotContain("hpc-node-112");
        }
        assertThat(server.uploadRaw(customerA, "SR-B", healthy).statusCode()).isEqualTo(404);
        JsonNode cases =
                ServeHarness.json(server.get(customerA, "/api/v1/cases")).get("cases");
        assertThat(cases).extracting(c -> c.get("name").asText()).containsOnly("SR-A");
        JsonNode found = ServeHarness.json(server.get(customerA, "/api/v1/search?finding=IRQ_CROSS_NUMA"))
                .get("results");
        assertThat(found).extracting(f -> f.get("caseName").asText()).doesNotContain("SR-B");
        JsonNode staffFound = ServeHarness.json(
                        server.get(engineer, "/api/v1/search?finding=irq_cross_numa&driver=mlx5"))
                .get("results");
        assertThat(staffFound).extracting(f -> f.get("caseName").asText()).contains("SR-B");
    }

    /** Every endpoint for every caller: the status each must get. */
    @Test
    void theAuthorisationMatrixHoldsOnEveryEndpoint() throws Exception {
        long own = uploaded(customerA, "SR-A", crossNuma);
        long other = uploaded(engineer, "SR-M", healthy);
        server.awaitAnalysed(engineer, own);
        server.awaitAnalysed(engineer, other);
        record Call(String method, String path) {}
        // expected statuses: no token, customer of SR-A, engineer, admin
        Map<Call, int[]> matrix = new LinkedHashMap<>();
        matrix.put(new Call("GET", "/api/v1/cases"), new int[] {401, 200, 200, 200});
        matrix.put(new Call("GET", "/api/v1/cases/SR-A"), new int[] {401, 200, 200, 200});
        matrix.put(new Call("GET", "/api/v1/cases/SR-M"), new int[] {401, 404, 200, 200});
        matrix.put(new Call("POST", "/api/v1/cases/SR-M/close"), new int[] {401, 403, 200, 200});
        matrix.put(new Call("POST", "/api/v1/cases/SR-NEVER/close"), new int[] {401, 403, 404, 404});
        // An upload with no body: refused as empty where the caller may upload, as absent where not.
        matrix.put(new Call("POST", "/api/v1/cases/SR-M/bundles"), new int[] {401, 404, 400, 400});
        matrix.put(new Call("POST", "/api/v1/cases/SR-A/bundles"), new int[] {401, 400, 400, 400});
        matrix.put(new Call("GET", "/api/v1/bundles/" + own), new int[] {401, 200, 200, 200});
        matrix.put(new Call("GET", "/api/v1/bundles/" + other), new int[] {401, 404, 200, 200});
        matrix.put(new Call("GET", "/api/v1/bundles/" + other + "/report?format=json"), new int[] {401, 404, 200, 200});
        matrix.put(new Call("GET", "/api/v1/bundles/" + other + "/findings"), new int[] {401, 404, 200, 200});
        matrix.put(new Call("GET", "/api/v1/bundles/" + other + "/archive"), new int[] {401, 404, 200, 200});
        matrix.put(new Call("GET", "/api/v1/bundles/" + own + "/archive"), new int[] {401, 200, 200, 200});
        matrix.put(
                new Call("GET", "/api/v1/cases/SR-M/diff?before=" + other + "&after=" + other),
                new int[] {401, 404, 200, 200});
        matrix.put(
                new Call("GET", "/api/v1/cases/SR-A/diff?before=" + own + "&after=" + other),
                new int[] {401, 404, 404, 404});
        matrix.put(new Call("GET", "/api/v1/search?severity=critical"), new int[] {401, 200, 200, 200});
        matrix.put(new Call("GET", "/api/v1/tokens"), new int[] {401, 403, 403, 200});
        matrix.put(new Call("POST", "/api/v1/tokens"), new int[] {401, 403, 403, 400});
        matrix.put(new Call("GET", "/api/v1/audit"), new int[] {401, 403, 403, 200});
        matrix.put(new Call("POST", "/api/v1/retention"), new int[] {401, 403, 403, 200});
        matrix.put(new Call("DELETE", "/api/v1/tokens/nosuchtoken0"), new int[] {401, 403, 403, 404});
        matrix.put(new Call("GET", "/api/v1/cases/..%2F..%2Fetc"), new int[] {401, 400, 400, 400});
        matrix.put(new Call("GET", "/api/v1/cases/.."), new int[] {401, 400, 400, 400});
        // Jetty refuses a NUL in the path before anything else runs.
        matrix.put(new Call("GET", "/api/v1/cases/SR-A%00x"), new int[] {400, 400, 400, 400});
        matrix.put(new Call("GET", "/api/v1/bundles/1%20OR%201=1"), new int[] {401, 404, 404, 404});
        matrix.put(new Call("GET", "/api/v1/bundles/-1"), new int[] {401, 404, 404, 404});
        matrix.put(new Call("GET", "/api/v1/cases/SR-A%2F..%2F..%2Fetc%2Fpasswd"), new int[] {401, 400, 400, 400});
        matrix.put(new Call("GET", "/api/v1/cases/SR-A/diff?before=x&after=" + own), new int[] {401, 404, 404, 404});
        matrix.put(
                new Call("GET", "/api/v1/cases/SR-M/diff?before=" + own + "&after=" + other),
                new int[] {401, 404, 404, 404});
        List<String> wrong = new ArrayList<>();
        String[] callers = {null, customerA, engineer, admin};
        String[] names = {"no token", "customer", "engineer", "admin"};
        for (Map.Entry<Call, int[]> e : matrix.entrySet()) {
            for (int i = 0; i < callers.length; i++) {
                HttpResponse<String> r = server.send(
                        callers[i], e.getKey().method(), e.getKey().path(), HttpRequest.BodyPublishers.noBody(), null);
                if (r.statusCode() != e.getValue()[i]) {
                    wrong.add(e.getKey() + " as " + names[i] + ": " + r.statusCode() + " (expected " + e.getValue()[i]
                            + ") " + r.body());
                }
            }
        }
        for (String path : List.of("SR-A", "..%2Fx", "a%2Fb", ".hidden", "x".repeat(65))) {
            int expected = path.equals("SR-A") ? 201 : 400;
            int got = server.uploadRaw(customerA, path, temp.resolve("healthy.tar.gz"))
                    .statusCode();
            if (got != expected && !(expected == 201 && got == 200)) {
                wrong.add("upload to case " + path + ": " + got + " (expected " + expected + ")");
            }
        }
        assertThat(wrong).isEmpty();
        assertThat(server.get("rdt_AAAAAAAAAAAA_" + "A".repeat(43), "/api/v1/cases")
                        .statusCode())
                .isEqualTo(401);
    }

    /**
     * The pages for every caller, logged in through the login form: no session leads to the login
     * page (303), another case's pages are absent (404), the audit log is the admin's, and a form
     * without the session's CSRF token is refused (403) whoever sends it.
     */
    @Test
    void theAuthorisationMatrixHoldsOnEveryPage() throws Exception {
        long own = uploaded(customerA, "SR-A", crossNuma);
        long other = uploaded(engineer, "SR-P", healthy);
        server.awaitAnalysed(engineer, own);
        server.awaitAnalysed(engineer, other);
        ServeHarness.Session[] callers = {
            server.login(null), server.login(customerA), server.login(engineer), server.login(admin)
        };
        String[] names = {"no session", "customer", "engineer", "admin"};
        byte[] archive = Files.readAllBytes(healthy);
        record Page(String method, String path, String csrf, String caseName) {}
        // expected statuses: no session, customer of SR-A, engineer, admin
        Map<Page, int[]> matrix = new LinkedHashMap<>();
        matrix.put(new Page("GET", "/", null, null), new int[] {303, 200, 200, 200});
        matrix.put(new Page("GET", "/cases/SR-A", null, null), new int[] {303, 200, 200, 200});
        matrix.put(new Page("GET", "/cases/SR-P", null, null), new int[] {303, 404, 200, 200});
        matrix.put(new Page("GET", "/cases/SR-NEVER", null, null), new int[] {303, 404, 200, 200});
        matrix.put(new Page("GET", "/bundles/" + own, null, null), new int[] {303, 200, 200, 200});
        matrix.put(new Page("GET", "/bundles/" + other, null, null), new int[] {303, 404, 200, 200});
        matrix.put(
                new Page("GET", "/bundles/" + other + "/report?format=html", null, null),
                new int[] {303, 404, 200, 200});
        matrix.put(
                new Page("GET", "/bundles/" + own + "/report?format=text", null, null), new int[] {303, 200, 200, 200});
        matrix.put(
                new Page("GET", "/cases/SR-P/diff?before=" + other + "&after=" + other, null, null),
                new int[] {303, 404, 200, 200});
        matrix.put(
                new Page("GET", "/cases/SR-A/diff?before=" + own + "&after=" + other, null, null),
                new int[] {303, 404, 404, 404});
        matrix.put(new Page("GET", "/search?severity=critical", null, null), new int[] {303, 200, 200, 200});
        matrix.put(new Page("GET", "/audit", null, null), new int[] {303, 403, 403, 200});
        matrix.put(new Page("GET", "/cases/..%2F..%2Fetc", null, null), new int[] {303, 400, 400, 400});
        matrix.put(new Page("GET", "/cases/" + "x".repeat(65), null, null), new int[] {303, 400, 400, 400});
        matrix.put(new Page("POST", "/upload", "the session's", "SR-A"), new int[] {303, 303, 303, 303});
        matrix.put(new Page("POST", "/upload", "the session's", "SR-P"), new int[] {303, 404, 303, 303});
        matrix.put(new Page("POST", "/upload", "the session's", "../SR-A"), new int[] {303, 400, 400, 400});
        matrix.put(new Page("POST", "/upload", "forged", "SR-A"), new int[] {303, 403, 403, 403});
        matrix.put(new Page("POST", "/upload", null, "SR-A"), new int[] {303, 403, 403, 403});
        matrix.put(new Page("POST", "/logout", null, null), new int[] {303, 403, 403, 403});
        List<String> wrong = new ArrayList<>();
        for (Map.Entry<Page, int[]> e : matrix.entrySet()) {
            Page page = e.getKey();
            for (int i = 0; i < callers.length; i++) {
                HttpResponse<String> r;
                if (page.caseName() != null) {
                    Map<String, String> fields = new LinkedHashMap<>();
                    fields.put("case", page.caseName());
                    if (page.csrf() != null) {
                        fields.put(
                                "csrf",
                                page.csrf().equals("forged") ? "forged-" + i : String.valueOf(callers[i].csrf()));
                    }
                    ServeHarness.Multipart m = ServeHarness.Multipart.of(fields, "bundle", "page.tar.gz", archive);
                    r = server.page(
                            callers[i],
                            "POST",
                            page.path(),
                            HttpRequest.BodyPublishers.ofByteArray(m.body()),
                            m.contentType());
                } else {
                    r = server.page(callers[i], page.method(), page.path(), HttpRequest.BodyPublishers.noBody(), null);
                }
                if (r.statusCode() != e.getValue()[i]) {
                    wrong.add(page + " as " + names[i] + ": " + r.statusCode() + " (expected " + e.getValue()[i] + ")");
                }
                if (e.getValue()[i] == 404) {
                    assertThat(r.body()).as(page + " as " + names[i]).doesNotContain("gpu-node-21", "hpc-node-112");
                }
                if (i == 0) {
                    assertThat(r.headers().firstValue("Location"))
                            .as(page.path())
                            .hasValue("/login");
                }
            }
        }
        assertThat(wrong).isEmpty();
        String customerSearch = server.page(
                        callers[1], "GET", "/search?driver=mlx5", HttpRequest.BodyPublishers.noBody(), null)
                .body();
        assertThat(customerSearch).contains("SR-A").doesNotContain("SR-P");
    }

    /**
     * Retention deletes the bundles, reports, index rows and files of cases closed longer ago than
     * --retain; a file another case still holds stays, open cases and recently closed ones are untouched.
     */
    @Test
    void retentionDeletesWhatClosedCasesHeldOnceTheyAreOldEnoughAndNothingElse() throws Exception {
        Path unique = ServeHarness.tarball("high-ber-one-port", temp.resolve("high-ber-one-port.tar.gz"));
        long kept = uploaded(engineer, "SR-KEEP", crossNuma);
        long shared = uploaded(engineer, "SR-GONE", crossNuma);
        long only = uploaded(engineer, "SR-GONE", unique);
        for (long id : List.of(kept, shared, only)) {
            assertThat(server.awaitAnalysed(engineer, id).get("status").asText())
                    .isEqualTo("done");
        }
        String uniqueSha = ServeHarness.json(server.get(engineer, "/api/v1/bundles/" + only))
                .get("sha256")
                .asText();
        String sharedSha = ServeHarness.json(server.get(engineer, "/api/v1/bundles/" + shared))
                .get("sha256")
                .asText();
        BlobStore blobs = new BlobStore(server.data);
        assertThat(server.send(
                                engineer,
                                "POST",
                                "/api/v1/cases/SR-GONE/close",
                                HttpRequest.BodyPublishers.noBody(),
                                null)
                        .statusCode())
                .isEqualTo(200);

        // The service's --retain here is a day: a case closed just now is kept.
        HttpResponse<String> notYet =
                server.send(admin, "POST", "/api/v1/retention", HttpRequest.BodyPublishers.noBody(), null);
        assertThat(ServeHarness.json(notYet).get("deletedFiles").asInt()).isZero();
        assertThat(server.get(engineer, "/api/v1/bundles/" + only).statusCode()).isEqualTo(200);

        Thread.sleep(5);
        assertThat(Web.expire(server.service.store(), blobs, Duration.ZERO)).isEqualTo(1);
        assertThat(blobs.path(uniqueSha)).doesNotExist();
        assertThat(blobs.path(sharedSha)).exists();
        for (long id : List.of(shared, only)) {
            assertThat(server.get(engineer, "/api/v1/bundles/" + id).statusCode())
                    .isEqualTo(404);
            assertThat(server.get(engineer, "/api/v1/bundles/" + id + "/report?format=json")
                            .statusCode())
                    .isEqualTo(404);
        }
        assertThat(ServeHarness.json(server.get(engineer, "/api/v1/search?host=hpc-node-112"))
                        .get("results"))
                .extracting(f -> f.get("caseName").asText())
                .contains("SR-KEEP")
                .doesNotContain("SR-GONE");
        assertThat(server.get(engineer, "/api/v1/bundles/" + kept + "/report?format=html")
                        .statusCode())
                .isEqualTo(200);
        JsonNode gone =
                ServeHarness.json(server.get(engineer, "/api/v1/cases/SR-GONE")).get("case");
        assertThat(gone.get("bundles").asInt()).isZero();
        assertThat(ServeHarness.json(server.get(admin, "/api/v1/audit")).get("entries"))
                .anySatisfy(e -> assertThat(
                                e.get("action").asText() + " " + e.get("detail").asText())
                        .isEqualTo("retention 1 files removed"));
    }

    /** Who read, downloaded, uploaded or changed what: each such call leaves a line naming the token and its role. */
    @Test
    void theAuditLogNamesWhoUploadedReadDownloadedAndDiffedWhat() throws Exception {
        String reader = server.token(Principal.Role.CUSTOMER, "SR-AUD");
        String readerId = reader.substring(4, 16);
        long first = uploaded(reader, "SR-AUD", crossNuma);
        long second = uploaded(reader, "SR-AUD", healthy);
        server.awaitAnalysed(engineer, first);
        server.awaitAnalysed(engineer, second);
        server.get(reader, "/api/v1/bundles/" + first + "/report?format=markdown");
        server.get(reader, "/api/v1/bundles/" + first + "/archive");
        server.get(reader, "/api/v1/cases/SR-AUD/diff?before=" + first + "&after=" + second);
        server.get(reader, "/api/v1/bundles/" + first + "/report?format=nonsense");

        List<String> lines = new ArrayList<>();
        for (JsonNode e : ServeHarness.json(server.get(admin, "/api/v1/audit")).get("entries")) {
            if (readerId.equals(e.path("tokenId").asText())) {
                lines.add(e.get("role").asText() + " " + e.get("action").asText() + " "
                        + e.get("caseName").asText() + " " + e.path("bundleId").asText() + " "
                        + e.path("detail").asText());
            }
        }
        assertThat(lines)
                .containsExactly(
                        "customer diff SR-AUD " + second + " bundle " + first + " -> " + second,
                        "customer download-bundle SR-AUD " + first + " cross-numa-irq.tar.gz",
                        "customer read-report SR-AUD " + first + " markdown",
                        "customer upload SR-AUD " + second + " healthy.tar.gz",
                        "customer upload SR-AUD " + first + " cross-numa-irq.tar.gz");
    }

    /** The fleet view: each host of a case once, by its latest analysed bundle, with its NICs; hidden like the case. */
    @Test
    void theFleetViewShowsEachHostOfACaseByItsLatestBundle() throws Exception {
        Path later = ServeHarness.tarball("rings-inflated-latency", temp.resolve("rings-inflated-latency.tar.gz"));
        long first = uploaded(engineer, "SR-FLEET", crossNuma);
        server.awaitAnalysed(engineer, first);
        long latest = uploaded(engineer, "SR-FLEET", later);
        long other = uploaded(engineer, "SR-FLEET", healthy);
        server.awaitAnalysed(engineer, latest);
        server.awaitAnalysed(engineer, other);

        JsonNode hosts = ServeHarness.json(server.get(engineer, "/api/v1/cases/SR-FLEET/hosts"))
                .get("hosts");
        assertThat(hosts).extracting(h -> h.get("host").asText()).containsExactly("gpu-node-21", "hpc-node-112");
        JsonNode hpc = hosts.get(1);
        assertThat(hpc.get("bundleId").asLong()).isEqualTo(latest);
        assertThat(hpc.get("bundles").asInt()).isEqualTo(2);
        assertThat(hpc.get("nics"))
                .isNotEmpty()
                .allSatisfy(n -> assertThat(n.get("driver").asText()).isNotBlank());
        assertThat(hosts.get(0).get("bundleId").asLong()).isEqualTo(other);

        assertThat(server.get(customerA, "/api/v1/cases/SR-FLEET/hosts").statusCode())
                .isEqualTo(404);
        assertThat(server.get(engineer, "/api/v1/cases/SR-NOBODY/hosts").statusCode())
                .isEqualTo(404);
        String page = server.page(
                        server.login(engineer),
                        "GET",
                        "/cases/SR-FLEET/hosts",
                        HttpRequest.BodyPublishers.noBody(),
                        null)
                .body();
        assertThat(page)
                .contains("Hosts of case", "gpu-node-21", "hpc-node-112", "/bundles/" + latest)
                .doesNotContain("/bundles/" + first + "\"");
    }

    /** Search by each criterion, a part of the text for host, NIC model, firmware and driver; each with a near miss. */
    @Test
    void searchFindsFindingsByIdSeverityHostNicModelFirmwareAndDriver() throws Exception {
        long id = uploaded(engineer, "SR-SEARCH", crossNuma);
        server.awaitAnalysed(engineer, id);
        JsonNode nic = ServeHarness.json(server.get(engineer, "/api/v1/cases/SR-SEARCH/hosts"))
                .get("hosts")
                .get(0)
                .get("nics")
                .get(0);
        String model = nic.get("model").asText();
        String firmware = nic.get("firmware").asText();
        Map<String, String> hits = new LinkedHashMap<>();
        hits.put("finding=irq_cross_numa", "finding=IRQ_CROSS_NUM");
        hits.put("severity=critical", "severity=critica");
        hits.put("host=node-11", "host=node-113");
        hits.put(
                "nic=" + enc(model.substring(0, model.length() - 1).toLowerCase(java.util.Locale.ROOT)),
                "nic=" + enc(model + "x"));
        hits.put("firmware=" + enc(firmware.substring(1)), "firmware=" + enc(firmware + ".9"));
        hits.put("driver=mlx5", "driver=mlx4");
        for (Map.Entry<String, String> q : hits.entrySet()) {
            JsonNode found = ServeHarness.json(
                            server.get(engineer, "/api/v1/search?" + q.getKey() + "&host=hpc-node-112"))
                    .get("results");
            assertThat(found).as(q.getKey()).anySatisfy(f -> {
                assertThat(f.get("bundleId").asLong()).isEqualTo(id);
                assertThat(f.get("ruleId").asText()).isEqualTo("IRQ_CROSS_NUMA");
            });
            JsonNode missed = ServeHarness.json(
                            server.get(engineer, "/api/v1/search?" + q.getValue() + "&host=hpc-node-112"))
                    .get("results");
            assertThat(missed)
                    .as(q.getValue())
                    .noneSatisfy(f -> assertThat(f.get("bundleId").asLong()).isEqualTo(id));
        }
        // LIKE's wildcards are the searcher's text, not patterns.
        assertThat(ServeHarness.json(server.get(engineer, "/api/v1/search?host=%25"))
                        .get("results"))
                .isEmpty();
        // "x_" would match mlx5_core's "x5" as a pattern; as text it matches nothing.
        assertThat(ServeHarness.json(server.get(engineer, "/api/v1/search?driver=x_"))
                        .get("results"))
                .isEmpty();
    }

    private static String enc(String s) {
        return java.net.URLEncoder.encode(s, java.nio.charset.StandardCharsets.UTF_8);
    }

    @Test
    void hostileFileNamesAreShownDefangedAndNeverBecomePaths() throws Exception {
        Path outside = temp.resolve("data").getParent().resolve("escaped");
        for (String name : List.of(
                "../../escaped/passwd",
                "..\\..\\escaped\\x.tgz",
                "<script>alert(1)</script>.tgz",
                "a\u202Eb\u200Bc.tgz",
                "")) {
            HttpResponse<String> r =
                    server.uploadMultipart(engineer, "SR-NAMES", "bundle", name, Files.readAllBytes(healthy));
            assertThat(r.statusCode()).as(name).isIn(200, 201);
            String shown = ServeHarness.json(server.get(
                            engineer,
                            "/api/v1/bundles/" + ServeHarness.json(r).get("id").asLong()))
                    .get("fileName")
                    .asText();
            assertThat(shown).doesNotContain("/", "\\", "\u202E", "\u200B");
        }
        // A control character in a part's header is refused by Jetty's parser: 400, not a crash.
        assertThat(server.uploadMultipart(engineer, "SR-NAMES", "bundle", "a\u0007b.tgz", Files.readAllBytes(healthy))
                        .statusCode())
                .isEqualTo(400);
        assertThat(outside).doesNotExist();
        assertThat(server.uploadMultipart(engineer, "SR-NAMES", "file", "x.tgz", Files.readAllBytes(healthy))
                        .statusCode())
                .isEqualTo(400);
    }

    @Test
    void anUploadOverTheLimitIsRefusedAndNothingIsKept() throws Exception {
        Path big = temp.resolve("big.bin");
        Files.write(big, new byte[(int) MAX_UPLOAD + 1]);
        // An upload over the limit is refused before it is stored: the answer is 413, or, when the client
        // is still sending, the connection closes under it (curl shows the 413). Raw body and multipart alike.
        assertRefusedAsTooLarge(() -> server.uploadRaw(engineer, "SR-BIG", big));
        assertRefusedAsTooLarge(
                () -> server.uploadMultipart(engineer, "SR-BIG", "bundle", "big.bin", Files.readAllBytes(big)));
        assertThat(server.send(
                                engineer,
                                "POST",
                                "/api/v1/cases/SR-BIG/bundles",
                                HttpRequest.BodyPublishers.noBody(),
                                null)
                        .statusCode())
                .isEqualTo(400);
        try (Stream<Path> left = Files.list(server.data.resolve("incoming"))) {
            assertThat(left.filter(p -> p.getFileName().toString().startsWith("upload-")))
                    .isEmpty();
        }
        assertThat(ServeHarness.json(server.get(engineer, "/api/v1/cases")).get("cases"))
                .extracting(c -> c.get("name").asText())
                .doesNotContain("SR-BIG");
    }

    private interface Upload {
        HttpResponse<String> send() throws Exception;
    }

    private static void assertRefusedAsTooLarge(Upload upload) throws Exception {
        try {
            HttpResponse<String> answer = upload.send();
            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(413);
        } catch (java.io.IOException closedWhileSending) {
            assertThat(closedWhileSending).hasMessageContaining("HTTP/1.1 header parser");
        }
    }
}
