package io.rocedoctor.serve;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import gg.jte.ContentType;
import gg.jte.TemplateEngine;
import io.javalin.Javalin;
import io.javalin.config.SizeUnit;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import io.javalin.http.UploadedFile;
import io.micrometer.core.instrument.Counter;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.rocedoctor.bundle.BundleException;
import io.rocedoctor.plan.BundleDiff;
import io.rocedoctor.report.JsonRenderer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP side: the REST API under {@code /api/v1} (Bearer token on every call), the people's
 * pages (session cookie from a token login, CSRF token on every form), health and metrics.
 * Another case's things answer 404 to a customer, as if they did not exist; an action the caller's
 * role never allows answers 403.
 */
final class Web {
    private static final Logger ACCESS = LoggerFactory.getLogger("io.rocedoctor.serve.access");
    private static final ObjectMapper JSON = new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);
    private static final String PRINCIPAL = "principal";
    /** The longest wait for a bundle's result: within Jetty's idle timeout of 30 s. */
    static final int MOST_WAIT_S = 20;

    private static final Map<String, String> MEDIA = Map.of(
            "json",
            "application/json",
            "yaml",
            "application/yaml",
            "markdown",
            "text/markdown; charset=utf-8",
            "html",
            "text/html; charset=utf-8",
            "junit",
            "application/xml",
            "text",
            "text/plain; charset=utf-8");

    private final Service.Settings settings;
    private final Store store;
    private final Tokens tokens;
    private final BlobStore blobs;
    private final Receipts receipts;
    private final BundleAnalyzer analyzer;
    private final AnalysisQueue queue;
    private final PrometheusMeterRegistry metrics;
    private final BooleanSupplier ready;
    private final Sessions sessions;
    private final TemplateEngine pages = TemplateEngine.createPrecompiled(
            null, ContentType.Html, Web.class.getClassLoader(), "io.rocedoctor.serve.pages");

    Web(
            Service.Settings settings,
            Store store,
            Tokens tokens,
            BlobStore blobs,
            Receipts receipts,
            BundleAnalyzer analyzer,
            AnalysisQueue queue,
            PrometheusMeterRegistry metrics,
            BooleanSupplier ready) {
        this.settings = settings;
        this.store = store;
        this.tokens = tokens;
        this.blobs = blobs;
        this.receipts = receipts;
        this.analyzer = analyzer;
        this.queue = queue;
        this.metrics = metrics;
        this.ready = ready;
        this.sessions = new Sessions(store.db());
    }

    /** A request refused with a status and a sentence for the caller. */
    static final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;

        final int status;

        Refused(int status, String message) {
            super(message);
            this.status = status;
        }
    }

    Javalin create() {
        return Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            config.http.maxRequestSize = 64 * 1024;
            config.jetty.multipartConfig.cacheDirectory(
                    settings.data().resolve("incoming").toString());
            config.jetty.multipartConfig.maxFileSize(settings.maxUploadBytes(), SizeUnit.BYTES);
            config.jetty.multipartConfig.maxTotalRequestSize(settings.maxUploadBytes() + 64 * 1024, SizeUnit.BYTES);
            config.jetty.multipartConfig.maxInMemoryFileSize(1, SizeUnit.MB);
            if (settings.tls()) {
                config.jetty.addConnector((server, http) -> Tls.connector(server, http, settings));
            }
            config.requestLogger.http(this::access);
            config.routes.exception(Refused.class, (e, ctx) -> refuse(ctx, e.status, e.getMessage()));
            config.routes.exception(SQLException.class, (e, ctx) -> {
                LoggerFactory.getLogger(Web.class).error("database", e);
                refuse(ctx, 503, "the database is not reachable right now; try again");
            });
            config.routes.exception(BlobStore.TooLarge.class, (e, ctx) -> refuse(ctx, 413, e.getMessage()));

            config.routes.get("/healthz", ctx -> ctx.result("ok"));
            config.routes.get("/readyz", this::readyz);
            config.routes.get(
                    "/metrics",
                    ctx -> ctx.contentType("text/plain; version=0.0.4; charset=utf-8")
                            .result(metrics.scrape()));
            config.routes.get("/api/v1/openapi.json", this::openapi);

            config.routes.before("/api/v1/*", this::bearer);
            config.routes.get("/api/v1/cases", ctx -> json(ctx, 200, Map.of("cases", store.cases(who(ctx)))));
            config.routes.get("/api/v1/cases/{case}", this::caseJson);
            config.routes.post("/api/v1/cases/{case}/bundles", ctx -> {
                Store.Recorded r = upload(ctx, ctx.pathParam("case"));
                json(ctx, r.created() ? 201 : 200, uploaded(r));
            });
            config.routes.post("/api/v1/cases/{case}/close", this::closeCase);
            config.routes.get(
                    "/api/v1/cases/{case}/hosts",
                    ctx -> json(ctx, 200, Map.of("hosts", hosts(ctx, ctx.pathParam("case")))));
            config.routes.get("/api/v1/cases/{case}/diff", ctx -> json(ctx, 200, diff(ctx, ctx.pathParam("case"))));
            config.routes.get(
                    "/api/v1/bundles/{id}", ctx -> json(ctx, 200, bundleJson(awaitSettled(ctx, openBundle(ctx)))));
            config.routes.get("/api/v1/bundles/{id}/report", this::report);
            config.routes.get(
                    "/api/v1/bundles/{id}/findings",
                    ctx -> json(
                            ctx,
                            200,
                            Map.of("findings", store.findings(openBundle(ctx).id()))));
            config.routes.get("/api/v1/bundles/{id}/archive", this::archive);
            config.routes.get(
                    "/api/v1/search", ctx -> json(ctx, 200, Map.of("results", store.search(search(ctx), who(ctx)))));
            config.routes.get("/api/v1/tokens", ctx -> {
                admin(ctx);
                json(ctx, 200, Map.of("tokens", tokens.list()));
            });
            config.routes.post("/api/v1/tokens", this::createToken);
            config.routes.delete("/api/v1/tokens/{tokenId}", this::revokeToken);
            config.routes.get("/api/v1/audit", ctx -> {
                admin(ctx);
                json(ctx, 200, Map.of("entries", store.auditLog(500)));
            });
            config.routes.post("/api/v1/retention", ctx -> {
                admin(ctx);
                if (settings.retain() == null) {
                    throw new Refused(409, "retention is off: start serve with --retain (such as 90d)");
                }
                json(ctx, 200, Map.of("deletedFiles", expire(store, blobs, settings.retain())));
            });

            new Pages(this, pages, store, sessions, tokens, settings).routes(config.routes);
        });
    }

    private void readyz(Context ctx) {
        boolean up;
        try {
            store.queueDepth();
            up = ready.getAsBoolean();
        } catch (SQLException e) {
            up = false;
        }
        ctx.status(up ? 200 : 503).result(up ? "ready" : "not ready");
    }

    private void openapi(Context ctx) throws IOException {
        try (InputStream in = Web.class.getResourceAsStream("openapi.json")) {
            ctx.contentType("application/json").result(in.readAllBytes());
        }
    }

    private void bearer(Context ctx) throws SQLException {
        if (ctx.path().equals("/api/v1/openapi.json")) {
            return;
        }
        String header = ctx.header("Authorization");
        Optional<Principal> who = header != null && header.startsWith("Bearer ")
                ? tokens.verify(header.substring(7).trim())
                : Optional.empty();
        if (who.isEmpty()) {
            ctx.header("WWW-Authenticate", "Bearer realm=\"roce-doctor\"");
            throw new Refused(401, "a valid token is needed: Authorization: Bearer TOKEN");
        }
        ctx.attribute(PRINCIPAL, who.get());
    }

    static Principal who(Context ctx) {
        Principal p = ctx.attribute(PRINCIPAL);
        if (p == null) {
            throw new Refused(401, "not logged in");
        }
        return p;
    }

    static void setWho(Context ctx, Principal p) {
        ctx.attribute(PRINCIPAL, p);
    }

    static void admin(Context ctx) {
        if (who(ctx).role() != Principal.Role.ADMIN) {
            throw new Refused(403, "only an admin token may do this");
        }
    }

    static void staff(Context ctx) {
        if (!who(ctx).staff()) {
            throw new Refused(403, "a customer token may not do this");
        }
    }

    /** The case name of the path, when well formed and visible to the caller (else 400 or 404). */
    static String openCase(Context ctx, String name) {
        if (!CaseNames.valid(name)) {
            throw new Refused(400, CaseNames.RULE);
        }
        if (!who(ctx).mayOpen(name)) {
            throw new Refused(404, "no case " + name);
        }
        return name;
    }

    /** The bundle of the path's id, when it is in a case the caller may see (else 404, as if absent). */
    Store.BundleRow openBundle(Context ctx) throws SQLException {
        return openBundle(ctx, ctx.pathParam("id"));
    }

    Store.BundleRow openBundle(Context ctx, String idText) throws SQLException {
        long id;
        try {
            id = Long.parseLong(idText);
        } catch (NumberFormatException e) {
            throw new Refused(404, "no bundle " + idText);
        }
        Optional<Store.BundleRow> b = store.bundle(id);
        if (b.isEmpty() || !who(ctx).mayOpen(b.get().caseName())) {
            throw new Refused(404, "no bundle " + id);
        }
        return b.get();
    }

    /**
     * With {@code ?wait=S} (at most {@value #MOST_WAIT_S}), a bundle still queued or analysing is
     * answered once its result is stored or S seconds have passed: a client waits for its report
     * without polling. The row is read again at least every second, for a result stored by another
     * instance.
     */
    private Store.BundleRow awaitSettled(Context ctx, Store.BundleRow bundle)
            throws SQLException, InterruptedException, ExecutionException {
        String wait = ctx.queryParam("wait");
        if (wait == null) {
            return bundle;
        }
        long seconds;
        try {
            seconds = Long.parseLong(wait);
        } catch (NumberFormatException e) {
            seconds = -1;
        }
        if (seconds < 0 || seconds > MOST_WAIT_S) {
            throw new Refused(400, "wait must be a number of seconds from 0 to " + MOST_WAIT_S);
        }
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        AnalysisQueue.Waiting waiting = queue.await(bundle.id());
        try {
            Store.BundleRow now = bundle;
            while (unsettled(now) && System.nanoTime() < until) {
                now = store.bundle(bundle.id()).orElse(now);
                if (!unsettled(now)) {
                    break;
                }
                if (waiting.stored.isDone()) {
                    // This instance's worker kept no result (its claim was taken over): wait anew, read again.
                    queue.leave(bundle.id(), waiting);
                    waiting = queue.await(bundle.id());
                    continue;
                }
                try {
                    waiting.stored.get(Math.min(1_000_000_000L, until - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (TimeoutException readAgain) {
                    // another instance may have stored it: the loop reads the row again
                }
            }
            return now;
        } finally {
            queue.leave(bundle.id(), waiting);
        }
    }

    private static boolean unsettled(Store.BundleRow b) {
        return b.state().equals("queued") || b.state().equals("analysing");
    }

    private void caseJson(Context ctx) throws SQLException {
        String name = openCase(ctx, ctx.pathParam("case"));
        Store.CaseRow row = store.caseRow(who(ctx), name).orElseThrow(() -> new Refused(404, "no case " + name));
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("case", row);
        body.put("bundles", store.bundlesOf(name).stream().map(this::bundleJson).toList());
        json(ctx, 200, body);
    }

    /** The fleet view of a visible case (404 for a case without bundles, as for an absent one). */
    List<Store.HostRow> hosts(Context ctx, String caseName) throws SQLException {
        String name = openCase(ctx, caseName);
        if (store.caseRow(who(ctx), name).isEmpty()) {
            throw new Refused(404, "no case " + name);
        }
        return store.hosts(name);
    }

    private void closeCase(Context ctx) throws SQLException {
        staff(ctx);
        String name = openCase(ctx, ctx.pathParam("case"));
        if (store.caseRow(who(ctx), name).isEmpty()) {
            throw new Refused(404, "no case " + name);
        }
        store.closeCase(name);
        store.audit(who(ctx), "close-case", name, null, null);
        json(ctx, 200, store.caseRow(who(ctx), name).orElseThrow());
    }

    /**
     * Stores the body (multipart field {@code bundle}, else the raw body) and queues it; the answer
     * comes after the file is fsynced, its row committed and its receipt fsynced (the row may be lost
     * with a commit the database had not stored; the receipt puts it back at the next start).
     */
    Store.Recorded upload(Context ctx, String caseName) throws IOException, SQLException {
        openCase(ctx, caseName);
        String type = ctx.contentType() == null ? "" : ctx.contentType();
        BlobStore.Received received;
        String fileName;
        if (type.startsWith("multipart/form-data")) {
            UploadedFile file;
            try {
                file = ctx.uploadedFile("bundle");
            } catch (Exception e) {
                throw multipartRefusal(e);
            }
            if (file == null) {
                throw new Refused(400, "a multipart upload needs its archive in the field 'bundle'");
            }
            fileName = file.filename();
            try (InputStream in = file.content()) {
                received = blobs.put(in, settings.maxUploadBytes());
            }
        } else {
            long length = ctx.req().getContentLengthLong();
            if (length > settings.maxUploadBytes()) {
                throw new BlobStore.TooLarge(settings.maxUploadBytes());
            }
            fileName = ctx.queryParam("name");
            received = blobs.put(ctx.req().getInputStream(), settings.maxUploadBytes());
        }
        Store.Recorded r;
        try (received) {
            if (received.blob().size() == 0) {
                throw new Refused(400, "the upload is empty");
            }
            r = store.recordUpload(caseName, received.blob(), FileNames.display(fileName), who(ctx));
            blobs.settle(received);
        }
        if (r.created()) {
            Store.BundleRow b = r.bundle();
            receipts.record(new Receipts.Receipt(
                    b.id(), caseName, b.sha256(), b.size(), b.fileName(), who(ctx).tokenId(), b.uploadedAt()));
        }
        metrics.counter("roce_doctor_uploads", "outcome", r.created() ? "accepted" : "duplicate")
                .increment();
        if (r.created()) {
            queue.wake();
        }
        return r;
    }

    private Map<String, Object> uploaded(Store.Recorded r) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("id", r.bundle().id());
        body.put("status", r.bundle().state());
        body.put("statusUrl", "/api/v1/bundles/" + r.bundle().id());
        body.put("duplicate", !r.created());
        return body;
    }

    Map<String, Object> bundleJson(Store.BundleRow b) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", b.id());
        m.put("case", b.caseName());
        m.put("status", b.state());
        m.put("reason", b.reason());
        m.put("fileName", b.fileName());
        m.put("sha256", b.sha256());
        m.put("size", b.size());
        m.put("uploadedAt", Instant.ofEpochMilli(b.uploadedAt()).toString());
        m.put(
                "analysedAt",
                b.analysedAt() == null
                        ? null
                        : Instant.ofEpochMilli(b.analysedAt()).toString());
        m.put("analysisMs", b.analysisMs());
        m.put("attempts", b.attempts());
        m.put("host", b.host());
        m.put("worstSeverity", b.worstSeverity());
        m.put("statusUrl", "/api/v1/bundles/" + b.id());
        m.put("reportUrl", "/api/v1/bundles/" + b.id() + "/report?format=json");
        return m;
    }

    private void report(Context ctx) throws SQLException {
        Store.BundleRow b = openBundle(ctx);
        String format = ctx.queryParam("format") == null ? "json" : ctx.queryParam("format");
        sendReport(ctx, b, format);
    }

    /**
     * A report in one of the CLI's formats, rendered from its stored JSON (a database of an earlier
     * version also holds the other five renderings made at analysis: they are left unread); HTML under
     * a policy that runs no script.
     */
    void sendReport(Context ctx, Store.BundleRow b, String format) throws SQLException {
        if (!BundleAnalyzer.FORMATS.contains(format)) {
            throw new Refused(400, "format must be one of " + String.join(", ", BundleAnalyzer.FORMATS));
        }
        if (!b.state().equals("done")) {
            throw new Refused(
                    409,
                    "bundle " + b.id() + " has no report: it is " + b.state()
                            + (b.reason() == null ? "" : " (" + b.reason() + ")"));
        }
        String json = store.report(b.id(), StoredReport.STORED)
                .orElseThrow(() -> new Refused(404, "no report of bundle " + b.id()));
        String body = StoredReport.render(json, format);
        store.audit(who(ctx), "read-report", b.caseName(), b.id(), format);
        if (format.equals("html")) {
            ctx.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:");
        }
        ctx.contentType(MEDIA.get(format)).result(body.getBytes(StandardCharsets.UTF_8));
    }

    private void archive(Context ctx) throws SQLException, IOException {
        Store.BundleRow b = openBundle(ctx);
        Path file = blobs.path(b.sha256());
        if (!Files.isRegularFile(file)) {
            throw new Refused(410, "the bundle's file was removed by retention");
        }
        store.audit(who(ctx), "download-bundle", b.caseName(), b.id(), b.fileName());
        ctx.contentType("application/octet-stream");
        ctx.header("Content-Disposition", "attachment; filename=\"bundle-" + b.id() + "\"");
        ctx.result(Files.newInputStream(file));
    }

    /** The CLI's diff of two analysed bundles of one case ({@code before} and {@code after} ids). */
    BundleDiff diff(Context ctx, String caseName) throws SQLException, BundleException {
        openCase(ctx, caseName);
        Store.BundleRow before = openBundle(ctx, String.valueOf(ctx.queryParam("before")));
        Store.BundleRow after = openBundle(ctx, String.valueOf(ctx.queryParam("after")));
        if (!before.caseName().equals(caseName) || !after.caseName().equals(caseName)) {
            throw new Refused(404, "both bundles must be of case " + caseName);
        }
        store.audit(who(ctx), "diff", caseName, after.id(), "bundle " + before.id() + " -> " + after.id());
        return analyzer.diff(
                "bundle " + before.id(),
                blobs.path(before.sha256()),
                "bundle " + after.id(),
                blobs.path(after.sha256()));
    }

    static Store.Search search(Context ctx) {
        return new Store.Search(
                ctx.queryParam("finding"),
                ctx.queryParam("severity"),
                ctx.queryParam("host"),
                ctx.queryParam("nic"),
                ctx.queryParam("firmware"),
                ctx.queryParam("driver"));
    }

    private void createToken(Context ctx) throws SQLException, IOException {
        admin(ctx);
        Map<?, ?> body = ctx.body().isBlank() ? Map.of() : JSON.readValue(ctx.body(), Map.class);
        Principal.Role role;
        try {
            role = Principal.Role.of(String.valueOf(body.get("role")));
            Tokens.Created created = tokens.create(role, (String) body.get("case"), (String) body.get("label"));
            store.audit(who(ctx), "create-token", (String) body.get("case"), null, created.id() + " " + role.label());
            json(ctx, 201, Map.of("id", created.id(), "token", created.token()));
        } catch (IllegalArgumentException | ClassCastException e) {
            throw new Refused(400, e.getMessage());
        }
    }

    private void revokeToken(Context ctx) throws SQLException {
        admin(ctx);
        String id = ctx.pathParam("tokenId");
        if (!tokens.revoke(id)) {
            throw new Refused(404, "no token " + id);
        }
        store.audit(who(ctx), "revoke-token", null, null, id);
        ctx.status(204);
    }

    /** Retention: bundles and reports of cases closed longer than {@code retain} ago; returns the files removed. */
    static int expire(Store store, BlobStore blobs, Duration retain) throws SQLException, IOException {
        int removed = 0;
        for (String sha : store.expire(System.currentTimeMillis() - retain.toMillis())) {
            if (blobs.expire(sha, store::unreferenced)) {
                removed++;
            }
        }
        if (removed > 0) {
            store.audit(null, "retention", null, null, removed + " files removed");
        }
        return removed;
    }

    static void json(Context ctx, int status, Object body) {
        try {
            ctx.status(status).contentType("application/json").result(JSON.writeValueAsBytes(body));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static String jsonText(Object body) {
        return new JsonRenderer().write(body);
    }

    /** Jetty's multipart parser refuses with an HTTP status (400), or, over the size limit, an IllegalStateException. */
    private Refused multipartRefusal(Exception e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof IllegalStateException
                    && String.valueOf(t.getMessage()).startsWith("max ")) {
                return new Refused(413, "larger than the upload limit of " + settings.maxUploadBytes() + " bytes");
            }
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof org.eclipse.jetty.http.HttpException h && h.getCode() >= 400 && h.getCode() < 500) {
                return new Refused(h.getCode(), "the multipart upload cannot be read (" + h.getReason() + ")");
            }
        }
        return new Refused(400, "the multipart upload cannot be read");
    }

    /** API callers get JSON, people a page. */
    private void refuse(Context ctx, int status, String message) {
        if (ctx.path().startsWith("/api/")) {
            ctx.status(status).contentType("application/json").result(jsonText(Map.of("error", message)));
        } else if (status == 401) {
            ctx.redirect("/login", HttpStatus.SEE_OTHER);
        } else {
            ctx.status(status)
                    .html(Pages.render(
                            pages, "error.jte", new LinkedHashMap<>(Map.of("status", status, "message", message))));
        }
    }

    /** One JSON line per request; client errors are also counted as refusals by outcome. */
    private void access(Context ctx, Float ms) {
        int status = ctx.statusCode();
        if (status >= 400 && status < 500) {
            String outcome = switch (status) {
                case 401 -> "unauthenticated";
                case 403 -> "forbidden";
                case 404 -> "not_found";
                case 413 -> "too_large";
                default -> "bad_request";
            };
            Counter.builder("roce_doctor_refusals")
                    .tag("outcome", outcome)
                    .register(metrics)
                    .increment();
        }
        Principal p = ctx.attribute(PRINCIPAL);
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("ts", Instant.now().toString());
        line.put("method", ctx.method().name());
        line.put("path", ctx.path());
        line.put("status", status);
        line.put("ms", Math.round(ms * 10) / 10.0);
        line.put("ip", ctx.ip());
        line.put("token", p == null ? null : p.tokenId());
        try {
            ACCESS.info(JSON.writeValueAsString(line));
        } catch (IOException e) {
            ACCESS.info("{}", line);
        }
    }
}
