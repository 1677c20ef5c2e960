package io.rocedoctor.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * {@code /api/v1/openapi.json} against the real service: every answer below has its status
 * documented for its path and method, and its JSON body fits the documented schema (types,
 * required fields, enums, nullability, items, references).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OpenApiDocumentTest {
    private ServeHarness server;
    private Path temp;
    private JsonNode doc;

    @BeforeAll
    void start() throws Exception {
        temp = Files.createTempDirectory("roce-openapi-test");
        server = ServeHarness.start(ServeHarness.Db.H2, temp.resolve("data"), 8L << 20);
        doc = ServeHarness.json(server.get(null, "/api/v1/openapi.json"));
    }

    @AfterAll
    void stop() {
        server.close();
        io.rocedoctor.bundle.ScratchFolder.delete(temp);
    }

    private record Call(
            String method, String template, String path, String token, HttpRequest.BodyPublisher body, String type) {}

    @Test
    void everyRealAnswerIsDocumentedAndFitsItsSchema() throws Exception {
        String admin = server.token(Principal.Role.ADMIN, null);
        String customer = server.token(Principal.Role.CUSTOMER, "SR-DOC");
        Path bundle = ServeHarness.tarball("cross-numa-irq", temp.resolve("b.tar.gz"));
        long id = ServeHarness.json(server.uploadRaw(admin, "SR-DOC", bundle))
                .get("id")
                .asLong();
        long other = ServeHarness.json(
                        server.uploadRaw(admin, "SR-OTHER", ServeHarness.tarball("healthy", temp.resolve("h.tar.gz"))))
                .get("id")
                .asLong();
        server.awaitAnalysed(admin, id);
        server.awaitAnalysed(admin, other);
        HttpRequest.BodyPublisher none = HttpRequest.BodyPublishers.noBody();
        List<Call> calls = List.of(
                new Call(
                        "POST",
                        "/api/v1/cases/{case}/bundles",
                        "/api/v1/cases/SR-DOC/bundles",
                        admin,
                        HttpRequest.BodyPublishers.ofFile(bundle),
                        "application/octet-stream"),
                new Call(
                        "POST",
                        "/api/v1/cases/{case}/bundles",
                        "/api/v1/cases/..x/bundles",
                        admin,
                        HttpRequest.BodyPublishers.ofFile(bundle),
                        "application/octet-stream"),
                new Call("GET", "/api/v1/cases", "/api/v1/cases", admin, none, null),
                new Call("GET", "/api/v1/cases", "/api/v1/cases", null, none, null),
                new Call("GET", "/api/v1/cases/{case}", "/api/v1/cases/SR-DOC", admin, none, null),
                new Call("GET", "/api/v1/cases/{case}", "/api/v1/cases/SR-OTHER", customer, none, null),
                new Call("GET", "/api/v1/bundles/{id}", "/api/v1/bundles/" + id, customer, none, null),
                new Call("GET", "/api/v1/bundles/{id}", "/api/v1/bundles/" + other, customer, none, null),
                new Call(
                        "GET",
                        "/api/v1/bundles/{id}/report",
                        "/api/v1/bundles/" + id + "/report?format=json",
                        admin,
                        none,
                        null),
                new Call(
                        "GET",
                        "/api/v1/bundles/{id}/report",
                        "/api/v1/bundles/" + id + "/report?format=doc",
                        admin,
                        none,
                        null),
                new Call(
                        "GET",
                        "/api/v1/bundles/{id}/findings",
                        "/api/v1/bundles/" + id + "/findings",
                        admin,
                        none,
                        null),
                new Call("GET", "/api/v1/cases/{case}/hosts", "/api/v1/cases/SR-DOC/hosts", admin, none, null),
                new Call("GET", "/api/v1/cases/{case}/hosts", "/api/v1/cases/SR-OTHER/hosts", customer, none, null),
                new Call(
                        "GET",
                        "/api/v1/cases/{case}/diff",
                        "/api/v1/cases/SR-DOC/diff?before=" + id + "&after=" + id,
                        admin,
                        none,
                        null),
                new Call("GET", "/api/v1/search", "/api/v1/search?finding=IRQ_CROSS_NUMA", customer, none, null),
                new Call("GET", "/api/v1/tokens", "/api/v1/tokens", admin, none, null),
                new Call("GET", "/api/v1/tokens", "/api/v1/tokens", customer, none, null),
                new Call(
                        "POST",
                        "/api/v1/tokens",
                        "/api/v1/tokens",
                        admin,
                        HttpRequest.BodyPublishers.ofString("{\"role\":\"customer\",\"case\":\"SR-9\"}"),
                        "application/json"),
                new Call(
                        "POST",
                        "/api/v1/tokens",
                        "/api/v1/tokens",
                        admin,
                        HttpRequest.BodyPublishers.ofString("{\"role\":\"root\"}"),
                        "application/json"),
                new Call("GET", "/api/v1/audit", "/api/v1/audit", admin, none, null),
                new Call("POST", "/api/v1/retention", "/api/v1/retention", admin, none, null),
                new Call("POST", "/api/v1/cases/{case}/close", "/api/v1/cases/SR-DOC/close", admin, none, null),
                new Call("DELETE", "/api/v1/tokens/{tokenId}", "/api/v1/tokens/nosuchtoken0", admin, none, null));
        List<String> wrong = new ArrayList<>();
        for (Call c : calls) {
            HttpResponse<String> r = server.send(c.token(), c.method(), c.path(), c.body(), c.type());
            JsonNode operation =
                    doc.path("paths").path(c.template()).path(c.method().toLowerCase(java.util.Locale.ROOT));
            assertThat(operation.isMissingNode())
                    .as(c.method() + " " + c.template() + " is documented")
                    .isFalse();
            JsonNode response = operation.path("responses").path(String.valueOf(r.statusCode()));
            if (response.isMissingNode()) {
                wrong.add(c.method() + " " + c.path() + ": status " + r.statusCode() + " not documented");
                continue;
            }
            JsonNode schema = response.path("content").path("application/json").path("schema");
            if (!schema.isMissingNode()) {
                check(
                        schema,
                        ServeHarness.JSON.readTree(r.body()),
                        c.method() + " " + c.path() + " " + r.statusCode() + " $",
                        wrong);
            }
        }
        assertThat(wrong).isEmpty();
    }

    @Test
    void theCheckerRefusesABodyThatDoesNotFit() throws Exception {
        List<String> wrong = new ArrayList<>();
        JsonNode schema = ServeHarness.JSON.readTree("{\"$ref\":\"#/components/schemas/Uploaded\"}");
        check(schema, ServeHarness.JSON.readTree("{\"id\":\"1\",\"status\":\"lost\"}"), "$", wrong);
        assertThat(wrong).hasSize(3);
    }

    private void check(JsonNode schema, JsonNode value, String at, List<String> wrong) {
        if (schema.has("$ref")) {
            String[] parts = schema.get("$ref").asText().substring(2).split("/");
            JsonNode target = doc;
            for (String p : parts) {
                target = target.path(p);
            }
            check(target, value, at, wrong);
            return;
        }
        if (value.isNull()) {
            if (!schema.path("nullable").asBoolean()) {
                wrong.add(at + ": null where not nullable");
            }
            return;
        }
        String type = schema.path("type").asText("");
        boolean fits = switch (type) {
            case "object" -> value.isObject();
            case "array" -> value.isArray();
            case "string" -> value.isTextual();
            case "integer" -> value.isIntegralNumber();
            case "boolean" -> value.isBoolean();
            default -> true;
        };
        if (!fits) {
            wrong.add(at + ": " + value.getNodeType() + " where " + type);
            return;
        }
        if (schema.has("enum")) {
            boolean listed = false;
            for (JsonNode e : schema.get("enum")) {
                listed |= e.equals(value);
            }
            if (!listed) {
                wrong.add(at + ": " + value + " not in " + schema.get("enum"));
            }
        }
        for (JsonNode required : schema.path("required")) {
            if (!value.has(required.asText())) {
                wrong.add(at + ": no " + required.asText());
            }
        }
        for (Iterator<Map.Entry<String, JsonNode>> it =
                        schema.path("properties").fields();
                it.hasNext(); ) {
            Map.Entry<String, JsonNode> p = it.next();
            if (value.has(p.getKey())) {
                check(p.getValue(), value.get(p.getKey()), at + "." + p.getKey(), wrong);
            }
        }
        if (schema.has("items")) {
            for (int i = 0; i < value.size(); i++) {
                check(schema.get("items"), value.get(i), at + "[" + i + "]", wrong);
            }
        }
    }
}
