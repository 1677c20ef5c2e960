package io.rocedoctor.collect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.Collection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.TrustManagerFactory;

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

    /**
     * The TLS trust of an upload: the JDK's default certificate authorities, or only those of a PEM
     * file (a team's private CA, or the service's self-signed certificate: serve's --tls-cert).
     */
    public static SSLContext trusting(Path caCertificates) throws Failed {
        Collection<? extends Certificate> certificates;
        try (InputStream in = Files.newInputStream(caCertificates)) {
            certificates = CertificateFactory.getInstance("X.509").generateCertificates(in);
        } catch (IOException e) {
            throw new Failed("cannot read the CA certificates in " + caCertificates + " ("
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")");
        } catch (CertificateException e) {
            throw new Failed(caCertificates + " is not a PEM file of CA certificates (" + e.getMessage() + ")");
        }
        if (certificates.isEmpty()) {
            throw new Failed(caCertificates + " holds no certificate: give the PEM file of the CA that signed"
                    + " the service's certificate (-----BEGIN CERTIFICATE-----)");
        }
        try {
            KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
            trust.load(null, null);
            int n = 0;
            for (Certificate c : certificates) {
                trust.setCertificateEntry("ca-" + n++, c);
            }
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(trust);
            SSLContext tls = SSLContext.getInstance("TLS");
            tls.init(null, tmf.getTrustManagers(), null);
            return tls;
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("the JDK cannot build a trust store", e);
        }
    }

    public static Acknowledged send(URI base, String caseName, String token, Path bundle) throws Failed {
        return send(base, caseName, token, bundle, null);
    }

    /** Sends with {@code tls} as the TLS trust when it is not null (see {@link #trusting}). */
    public static Acknowledged send(URI base, String caseName, String token, Path bundle, SSLContext tls)
            throws Failed {
        URI target = target(base, caseName, bundle.getFileName().toString());
        HttpClient.Builder builder = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20));
        if (tls != null) {
            builder.sslContext(tls);
        }
        HttpClient client = builder.build();
        HttpResponse<String> answer;
        try {
            HttpRequest request = HttpRequest.newBuilder(target)
                    .timeout(Duration.ofMinutes(10))
                    .header("Authorization", "Bearer " + token)
                    .header("Content-Type", "application/octet-stream")
                    .POST(HttpRequest.BodyPublishers.ofFile(bundle))
                    .build();
            answer = client.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (SSLHandshakeException e) {
            throw new Failed("cannot reach " + base + ": its TLS certificate is not trusted (" + e.getMessage()
                    + "); give the CA that signed it with --ca-cert FILE");
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
