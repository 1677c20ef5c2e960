package io.rocedoctor.serve;

import gg.jte.TemplateEngine;
import gg.jte.output.StringOutput;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The people's pages, rendered on the server from the jte templates in {@code src/main/jte} (escaped
 * by default; no script). A token logs in once; the session cookie is HttpOnly, SameSite=Strict,
 * and Secure under TLS; every form carries the session's CSRF token (the login form a cookie-bound one).
 */
final class Pages {
    private static final String SESSION = "rd_session";
    private static final String LOGIN = "rd_login";
    private static final String CSRF = "csrf";
    private static final long SESSION_MS = 12 * 3600_000L;

    private final Web web;
    private final TemplateEngine templates;
    private final Store store;
    private final Sessions sessions;
    private final Tokens tokens;
    private final Service.Settings settings;

    Pages(Web web, TemplateEngine templates, Store store, Sessions sessions, Tokens tokens, Service.Settings settings) {
        this.web = web;
        this.templates = templates;
        this.store = store;
        this.sessions = sessions;
        this.tokens = tokens;
        this.settings = settings;
    }

    void routes(RoutesConfig routes) {
        routes.get("/login", ctx -> loginPage(ctx, null));
        routes.post("/login", this::login);
        routes.before(this::session);
        routes.post("/logout", ctx -> {
            csrf(ctx);
            sessions.close(ctx.cookie(SESSION));
            cookie(ctx, SESSION, "", 0);
            ctx.redirect("/login", HttpStatus.SEE_OTHER);
        });
        routes.get("/", ctx -> page(ctx, "cases.jte", "cases", store.cases(Web.who(ctx)), "who", Web.who(ctx)));
        routes.get("/cases/{case}", ctx -> {
            String name = Web.openCase(ctx, ctx.pathParam("case"));
            page(ctx, "case.jte", "name", name, "bundles", store.bundlesOf(name));
        });
        routes.get("/cases/{case}/hosts", ctx -> {
            String name = ctx.pathParam("case");
            List<Store.HostRow> hosts = web.hosts(ctx, name);
            page(ctx, "hosts.jte", "name", name, "hosts", hosts, "mixed", View.mixedFirmware(hosts));
        });
        routes.post("/upload", ctx -> {
            csrf(ctx);
            Store.Recorded r = web.upload(ctx, String.valueOf(ctx.formParam("case")));
            ctx.redirect("/bundles/" + r.bundle().id(), HttpStatus.SEE_OTHER);
        });
        routes.get("/bundles/{id}", ctx -> {
            Store.BundleRow b = web.openBundle(ctx);
            page(ctx, "bundle.jte", "bundle", b, "findings", store.findings(b.id()), "formats", BundleAnalyzer.FORMATS);
        });
        routes.get(
                "/bundles/{id}/report",
                ctx -> web.sendReport(
                        ctx,
                        web.openBundle(ctx),
                        ctx.queryParam("format") == null ? "html" : ctx.queryParam("format")));
        routes.get("/cases/{case}/diff", ctx -> {
            String name = ctx.pathParam("case");
            page(ctx, "diff.jte", "name", name, "diff", web.diff(ctx, name));
        });
        routes.get("/search", ctx -> {
            Store.Search q = Web.search(ctx);
            page(ctx, "search.jte", "q", q, "results", store.search(q, Web.who(ctx)));
        });
        routes.get("/audit", ctx -> {
            Web.admin(ctx);
            page(ctx, "audit.jte", "entries", store.auditLog(500));
        });
    }

    private static boolean open(String path) {
        return path.startsWith("/api/")
                || path.equals("/login")
                || path.equals("/healthz")
                || path.equals("/readyz")
                || path.equals("/metrics");
    }

    /** Pages need a session; without one they lead to the login page. */
    private void session(Context ctx) throws SQLException {
        if (open(ctx.path())) {
            return;
        }
        Optional<Sessions.Session> s = sessions.find(ctx.cookie(SESSION));
        Optional<Principal> who = s.isPresent() ? tokens.byId(s.get().tokenId()) : Optional.empty();
        if (who.isEmpty()) {
            throw new Web.Refused(401, "log in first");
        }
        Web.setWho(ctx, who.get());
        ctx.attribute(CSRF, s.get().csrf());
    }

    private void csrf(Context ctx) {
        String expected = ctx.attribute(CSRF);
        if (expected == null || !expected.equals(ctx.formParam(CSRF))) {
            throw new Web.Refused(
                    403, "this form is stale or came from another site: reload the page and send it again");
        }
    }

    /**
     * The login form's CSRF token is bound to a cookie. A browser that already holds one keeps it: its
     * side requests (a favicon, a second tab) lead here too, and a fresh cookie each time would make
     * the form already shown stale.
     */
    private void loginPage(Context ctx, String error) {
        String held = ctx.cookie(LOGIN);
        String csrf = held != null && held.matches("[A-Za-z0-9_-]{32}") ? held : Tokens.random(24);
        cookie(ctx, LOGIN, csrf, 600);
        Map<String, Object> model = new LinkedHashMap<>();
        model.put(CSRF, csrf);
        model.put("error", error);
        ctx.status(error == null ? 200 : 401).html(render(templates, "login.jte", model));
    }

    private void login(Context ctx) throws SQLException {
        String expected = ctx.cookie(LOGIN);
        if (expected == null || !expected.equals(ctx.formParam(CSRF))) {
            loginPage(ctx, "The login form was stale: please log in again.");
            return;
        }
        Optional<Principal> who =
                tokens.verify(String.valueOf(ctx.formParam("token")).trim());
        if (who.isEmpty()) {
            loginPage(ctx, "That token is not valid.");
            return;
        }
        cookie(ctx, SESSION, sessions.open(who.get().tokenId(), SESSION_MS), SESSION_MS / 1000);
        cookie(ctx, LOGIN, "", 0);
        store.audit(who.get(), "login", who.get().caseName(), null, null);
        ctx.redirect(who.get().staff() ? "/" : "/cases/" + who.get().caseName(), HttpStatus.SEE_OTHER);
    }

    private void cookie(Context ctx, String name, String value, long maxAgeSeconds) {
        ctx.res()
                .addHeader(
                        "Set-Cookie",
                        name + "=" + value + "; Path=/; Max-Age=" + maxAgeSeconds + "; HttpOnly; SameSite=Strict"
                                + (settings.tls() ? "; Secure" : ""));
    }

    private void page(Context ctx, String template, Object... params) {
        Map<String, Object> model = new LinkedHashMap<>();
        for (int i = 0; i < params.length; i += 2) {
            model.put((String) params[i], params[i + 1]);
        }
        model.put(CSRF, ctx.attribute(CSRF));
        ctx.html(render(templates, template, model));
    }

    static String render(TemplateEngine templates, String template, Map<String, Object> model) {
        StringOutput out = new StringOutput();
        templates.render(template, model, out);
        return out.toString();
    }
}
