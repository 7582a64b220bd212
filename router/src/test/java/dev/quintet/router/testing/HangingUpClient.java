package dev.quintet.router.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/** A caller that streams a chat completion over a raw connection and hangs up once the first content arrives. */
public final class HangingUpClient {

    private HangingUpClient() {
    }

    /**
     * Streams {@code model} from {@code router} with {@code key}, reads until the first content ({@code "Hel"}, what
     * the fake's {@code stall} and {@code drop} models send first), then closes the connection; the generation id.
     */
    public static String hangUpAfterFirstContent(RouterFixture router, String key, String model) throws IOException {
        URI uri = URI.create(router.url());
        byte[] body = RouterFixture.streamBody(model).getBytes(StandardCharsets.UTF_8);
        String id = null;
        try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
            OutputStream out = socket.getOutputStream();
            out.write(("POST /api/v1/chat/completions HTTP/1.1\r\nHost: " + uri.getHost() + "\r\nAuthorization: Bearer "
                    + key + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length
                    + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            out.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            String line;
            while ((line = in.readLine()) != null && !line.contains("\"Hel\"")) {
                assertThat(line).doesNotContain("[DONE]");
                if (line.toLowerCase().startsWith("x-generation-id:")) {
                    id = line.substring(line.indexOf(':') + 1).trim();
                }
            }
            assertThat(line).contains("\"Hel\"");
        }
        return id;
    }
}
