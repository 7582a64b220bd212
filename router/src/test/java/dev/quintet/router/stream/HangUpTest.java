package dev.quintet.router.stream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.router.testing.RouterFixture;
import dev.quintet.router.testing.RouterSettings;
import dev.quintet.router.testing.RouterTest;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A caller hanging up on a started stream whose provider has gone silent: the upstream call ends within about a
 * second, however long the keep-alive interval (here far longer).
 */
@RouterSettings("--quintet.router.keep-alive-interval=10s")
class HangUpTest extends RouterTest {

    @Test
    void cancelsTheSilentUpstreamWithinAboutASecondOfTheHangUp() throws Exception {
        URI uri = URI.create(router.url());
        byte[] body = RouterFixture.streamBody("test/stall").getBytes(StandardCharsets.UTF_8);
        long hungUp;
        try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
            OutputStream out = socket.getOutputStream();
            out.write(("POST /api/v1/chat/completions HTTP/1.1\r\nHost: " + uri.getHost() + "\r\nAuthorization: Bearer "
                    + router.key() + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length
                    + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            out.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            String line;
            while ((line = in.readLine()) != null && !line.contains("\"Hel\"")) {
                assertThat(line).doesNotContain("[DONE]");
            }
            assertThat(line).contains("\"Hel\"");
            hungUp = System.nanoTime();
        }

        assertThat(router.fake().hungUp().await(2, TimeUnit.SECONDS)).as("upstream connection closed").isTrue();
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - hungUp)).isLessThan(1_600);
    }
}
