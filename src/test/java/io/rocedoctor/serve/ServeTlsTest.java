package io.rocedoctor.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocedoctor.bundle.ArchiveLimits;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * serve under TLS: a key and a self-signed certificate made here (the JDK's keytool, written out as
 * the PEM files --tls-cert and --tls-key take), a client trusting that certificate only, the session
 * cookie marked Secure, and plain HTTP refused on the port. And the warning for clear text beyond loopback.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ServeTlsTest {
    private Path temp;
    private Service service;
    private HttpClient https;
    private String base;
    private Path certPem;

    @BeforeAll
    void start() throws Exception {
        temp = Files.createTempDirectory("roce-serve-tls");
        Path store = temp.resolve("made.p12");
        Process keytool = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "keytool")
                                .toString(),
                        "-genkeypair",
                        "-keyalg",
                        "EC",
                        "-groupname",
                        "secp256r1",
                        "-alias",
                        "serve",
                        "-dname",
                        "CN=localhost",
                        "-ext",
                        "san=ip:127.0.0.1,dns:localhost",
                        "-validity",
                        "2",
                        "-storetype",
                        "PKCS12",
                        "-keystore",
                        store.toString(),
                        "-storepass",
                        "changeit")
                .redirectErrorStream(true)
                .start();
        String said = new String(keytool.getInputStream().readAllBytes());
        assertThat(keytool.waitFor(60, TimeUnit.SECONDS) && keytool.exitValue() == 0)
                .as(said)
                .isTrue();
        KeyStore made = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            made.load(in, "changeit".toCharArray());
        }
        Certificate cert = made.getCertificate("serve");
        certPem = Files.writeString(temp.resolve("cert.pem"), pem("CERTIFICATE", cert.getEncoded()));
        Path keyPem = Files.writeString(
                temp.resolve("key.pem"),
                pem(
                        "PRIVATE KEY",
                        made.getKey("serve", "changeit".toCharArray()).getEncoded()));

        service = Service.start(new Service.Settings(
                "127.0.0.1",
                0,
                temp.resolve("data"),
                null,
                null,
                certPem,
                keyPem,
                1 << 20,
                1,
                Duration.ofSeconds(30),
                Duration.ofSeconds(1),
                ArchiveLimits.DEFAULT));
        base = "https://127.0.0.1:" + service.port();
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("serve", cert);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(null, tmf.getTrustManagers(), null);
        https = HttpClient.newBuilder()
                .sslContext(tls)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
    }

    @AfterAll
    void stop() throws IOException {
        if (service != null) {
            service.close();
        }
        if (temp != null) {
            io.rocedoctor.bundle.ScratchFolder.delete(temp);
        }
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(der) + "\n-----END " + type + "-----\n";
    }

    @Test
    void theServiceAnswersOverTlsWithItsCertificateAndMarksTheSessionCookieSecure() throws Exception {
        HttpResponse<String> health = https.send(
                HttpRequest.newBuilder(URI.create(base + "/healthz")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(health.sslSession()).isPresent();
        assertThat(health.sslSession()
                        .get()
                        .getPeerCertificates()[0]
                        .getPublicKey()
                        .getAlgorithm())
                .isEqualTo("EC");

        String token =
                service.tokens().create(Principal.Role.ENGINEER, null, "tls").token();
        HttpResponse<String> api = https.send(
                HttpRequest.newBuilder(URI.create(base + "/api/v1/cases"))
                        .header("Authorization", "Bearer " + token)
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(api.statusCode()).isEqualTo(200);

        HttpResponse<String> form = https.send(
                HttpRequest.newBuilder(URI.create(base + "/login")).build(), HttpResponse.BodyHandlers.ofString());
        String loginCookie = form.headers().firstValue("Set-Cookie").orElseThrow();
        assertThat(loginCookie).contains("HttpOnly", "SameSite=Strict", "Secure");
        String csrf = loginCookie.substring("rd_login=".length(), loginCookie.indexOf(';'));
        HttpResponse<String> in = https.send(
                HttpRequest.newBuilder(URI.create(base + "/login"))
                        .header("Cookie", "rd_login=" + csrf)
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString("csrf=" + csrf + "&token=" + token))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(in.statusCode()).isEqualTo(303);
        assertThat(in.headers().allValues("Set-Cookie"))
                .filteredOn(c -> c.startsWith("rd_session="))
                .singleElement()
                .asString()
                .contains("HttpOnly", "SameSite=Strict", "; Secure");
    }

    @Test
    void bothCollectorsUploadOverTlsTrustingTheCertificateTheyAreGivenAndKeepTheBundleWhenTheyDoNotTrustIt()
            throws Exception {
        String customer = service.tokens()
                .create(Principal.Role.CUSTOMER, "SR-TLS", "tls")
                .token();
        List<String> upload =
                List.of("--only", "lscpu", "--samples", "1", "--upload", base, "--case", "SR-TLS", "--token", customer);

        CollectUploadTest.Run trusted = CollectUploadTest.java(javaCollect(upload, "--ca-cert", certPem.toString()));
        assertThat(trusted.exit()).as(trusted.err()).isZero();
        assertThat(trusted.err()).containsPattern("uploaded to case SR-TLS as bundle [0-9]+");

        Path kept = temp.resolve("untrusted.tar.gz");
        CollectUploadTest.Run untrusted = CollectUploadTest.java(javaCollect(upload, "--out", kept.toString()));
        assertThat(untrusted.exit()).isEqualTo(2);
        assertThat(untrusted.err())
                .contains("its TLS certificate is not trusted", "--ca-cert FILE", "the bundle is kept in " + kept);
        assertThat(kept).isRegularFile();

        CollectUploadTest.Run shell =
                CollectUploadTest.shell(java.util.Map.of(), concat(upload, "--ca-cert", certPem.toString()));
        assertThat(shell.exit()).as(shell.err()).isZero();
        assertThat(shell.err()).containsPattern("uploaded to case SR-TLS as bundle [0-9]+");

        Path keptByShell = temp.resolve("untrusted-shell.tar.gz");
        CollectUploadTest.Run shellUntrusted =
                CollectUploadTest.shell(java.util.Map.of(), concat(upload, "--out", keptByShell.toString()));
        assertThat(shellUntrusted.exit()).isEqualTo(2);
        assertThat(shellUntrusted.err())
                .contains(
                        "its TLS certificate is not trusted", "--ca-cert FILE", "the bundle is kept in " + keptByShell);
    }

    @Test
    void aCaCertificateFileThatHoldsNoCertificateIsRefusedBeforeAnythingIsCaptured() throws Exception {
        Path notPem = Files.writeString(temp.resolve("not-a-ca.pem"), "this is the key, not the certificate\n");
        Path out = temp.resolve("never.tar.gz");
        List<String> args = List.of(
                "--only",
                "lscpu",
                "--samples",
                "1",
                "--out",
                out.toString(),
                "--upload",
                base,
                "--case",
                "SR-TLS",
                "--token",
                "rdt_x",
                "--ca-cert",
                notPem.toString());
        for (CollectUploadTest.Run run : List.of(
                CollectUploadTest.java(javaCollect(args)), CollectUploadTest.shell(java.util.Map.of(), concat(args)))) {
            assertThat(run.exit()).isEqualTo(2);
            assertThat(run.err()).contains(notPem.toString(), "certificate").doesNotContain("wrote");
        }
        assertThat(out).doesNotExist();

        CollectUploadTest.Run clearText = CollectUploadTest.java(
                "collect",
                "--only",
                "lscpu",
                "--upload",
                "http://127.0.0.1:9",
                "--case",
                "SR-TLS",
                "--token",
                "rdt_x",
                "--ca-cert",
                certPem.toString());
        assertThat(clearText.exit()).isEqualTo(2);
        assertThat(clearText.err()).contains("--ca-cert goes with an https:// --upload");
    }

    /** The shell collector's arguments: {@code args} then {@code more}. */
    private static String[] concat(List<String> args, String... more) {
        return java.util.stream.Stream.concat(args.stream(), java.util.Arrays.stream(more))
                .toArray(String[]::new);
    }

    /** The same arguments for the Java collector, which is the {@code collect} command of roce-doctor. */
    private static String[] javaCollect(List<String> args, String... more) {
        return concat(List.of("collect"), concat(args, more));
    }

    @Test
    void plainHttpOnTheTlsPortGetsNoAnswerOfTheService() {
        HttpClient plain =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        String url = base.replace("https://", "http://") + "/api/v1/cases";
        try {
            HttpResponse<String> r = plain.send(
                    HttpRequest.newBuilder(URI.create(url))
                            .timeout(Duration.ofSeconds(10))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            // Jetty may answer a clear-text request on a TLS port with a bare 400 of its own, never the service's.
            assertThat(r.statusCode()).isEqualTo(400);
            assertThat(r.body()).doesNotContain("cases", "token");
        } catch (IOException | InterruptedException refused) {
            assertThat(refused).isInstanceOf(IOException.class);
        }
    }

    @Test
    void aClientThatDoesNotTrustTheCertificateIsRefused() {
        HttpClient stranger =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        assertThatThrownBy(() -> stranger.send(
                        HttpRequest.newBuilder(URI.create(base + "/healthz")).build(),
                        HttpResponse.BodyHandlers.ofString()))
                .isInstanceOf(javax.net.ssl.SSLHandshakeException.class);
    }

    @Test
    void listeningBeyondLoopbackWithoutTlsIsWarnedAboutAndLoopbackOrTlsIsNot() {
        assertThat(ServeCommand.clearTextWarning("0.0.0.0:8080", "0.0.0.0", false))
                .hasValueSatisfying(
                        w -> assertThat(w).contains("warning: listening on 0.0.0.0:8080 without TLS", "--tls-cert"));
        assertThat(ServeCommand.clearTextWarning("192.0.2.10:8080", "192.0.2.10", false))
                .isPresent();
        for (List<String> quiet : List.of(
                List.of("127.0.0.1:8080", "127.0.0.1"),
                List.of("[::1]:8080", "::1"),
                List.of("localhost:8080", "localhost"))) {
            assertThat(ServeCommand.clearTextWarning(quiet.get(0), quiet.get(1), false))
                    .as(quiet.get(0))
                    .isEmpty();
        }
        assertThat(ServeCommand.clearTextWarning("0.0.0.0:8443", "0.0.0.0", true))
                .isEmpty();
    }
}
