package dev.quintet.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.platform.testapp.EchoApplication;
import dev.quintet.platform.testing.TestPlatform;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** With a TLS keystore configured, apps answer over HTTPS with its certificate. */
class TlsTest {

    static final String PASSWORD = "changeit-test";

    @TempDir
    Path dir;

    @Test
    void servesHttpsWithTheConfiguredCertificate() throws Exception {
        Path keystore = dir.resolve("server.p12");
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", "quintet", "-keyalg", "EC", "-groupname", "secp256r1", "-validity", "2",
                "-dname", "CN=localhost", "-ext", "san=dns:localhost,ip:127.0.0.1",
                "-keystore", keystore.toString(), "-storetype", "PKCS12", "-storepass", PASSWORD)
                .redirectErrorStream(true).start();
        assertThat(keytool.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(keytool.exitValue()).isZero();

        try (TestPlatform platform = TestPlatform.start(null, "--quintet.tls-keystore=" + keystore,
                "--quintet.tls-keystore-password=" + PASSWORD)) {
            String base = platform.startApp(EchoApplication.class, "router");
            assertThat(base).startsWith("https://");
            HttpClient client = HttpClient.newBuilder().sslContext(trusting(keystore)).build();
            HttpResponse<String> health = client.send(HttpRequest.newBuilder(URI.create(base + "/health")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(health.statusCode()).isEqualTo(200);
            assertThat(health.sslSession()).isPresent();
        }
    }

    private static SSLContext trusting(Path keystore) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keystore)) {
            store.load(in, PASSWORD.toCharArray());
        }
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(store);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, trust.getTrustManagers(), null);
        return context;
    }
}
