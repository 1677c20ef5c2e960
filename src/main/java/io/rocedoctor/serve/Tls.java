package io.rocedoctor.serve;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.List;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.ssl.SslContextFactory;

/**
 * The HTTPS connector from PEM files as certbot or openssl write them: the certificate chain and an
 * unencrypted PKCS#8 key ({@code BEGIN PRIVATE KEY}, RSA or EC; {@code openssl pkcs8 -topk8 -nocrypt}
 * converts an older {@code BEGIN RSA PRIVATE KEY}).
 */
final class Tls {
    private Tls() {}

    static Connector connector(Server server, HttpConfiguration http, Service.Settings settings) {
        SslContextFactory.Server ssl = new SslContextFactory.Server();
        ssl.setKeyStore(keyStore(settings));
        ssl.setKeyStorePassword("");
        http.addCustomizer(new SecureRequestCustomizer(false));
        ServerConnector connector =
                new ServerConnector(server, new SslConnectionFactory(ssl, "http/1.1"), new HttpConnectionFactory(http));
        connector.setHost(settings.host());
        connector.setPort(settings.port());
        return connector;
    }

    static KeyStore keyStore(Service.Settings settings) {
        try {
            List<? extends Certificate> chain;
            try (InputStream in = Files.newInputStream(settings.tlsCert())) {
                chain = List.copyOf(CertificateFactory.getInstance("X.509").generateCertificates(in));
            }
            String pem = Files.readString(settings.tlsKey());
            if (!pem.contains("-----BEGIN PRIVATE KEY-----")) {
                throw new IllegalArgumentException(
                        settings.tlsKey() + ": not an unencrypted PKCS#8 key (BEGIN PRIVATE KEY);"
                                + " convert it with: openssl pkcs8 -topk8 -nocrypt -in KEY -out key.pem");
            }
            byte[] der = Base64.getMimeDecoder()
                    .decode(pem.replaceAll("(?s).*-----BEGIN PRIVATE KEY-----|-----END PRIVATE KEY-----.*", ""));
            PrivateKey key = null;
            for (String algorithm : List.of("RSA", "EC", "Ed25519")) {
                try {
                    key = KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
                    break;
                } catch (GeneralSecurityException tryNext) {
                    // the key is of another algorithm
                }
            }
            if (key == null || chain.isEmpty()) {
                throw new IllegalArgumentException(settings.tlsKey() + ": no RSA, EC or Ed25519 key, or "
                        + settings.tlsCert() + ": no certificate");
            }
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry("roce-doctor", key, new char[0], chain.toArray(new Certificate[0]));
            return store;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException("--tls-cert/--tls-key cannot be read: " + e.getMessage(), e);
        }
    }
}
